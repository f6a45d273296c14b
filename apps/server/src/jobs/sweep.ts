import {
  type CalcKind,
  type FieldPathSegment,
  type JobStatus,
  localizeCheckMessage,
  parseFieldPath,
  readFieldNumber,
  SWEEP_MAX_COMBINATIONS,
  SWEEP_MAX_VALUES,
  type SweepParameter,
  type SweepResult,
  type SweepRow,
  writeFieldNumber,
} from '@pvforge/contracts';
import type { Clock } from '../clock.js';
import type { CalculationRecord, CalculationsRepository } from '../db/repositories/calculations.js';
import { checkCalculationInput } from './validate.js';

/**
 * Parameter sweeps (issue 6): one DeviceSpec with one or two numeric fields varied. The route
 * plans the sweep here (every child input checked exactly like a single submission, before
 * anything is queued), the queue runs the children like any other job, and SweepAggregator turns
 * the ended children into the parent's result.
 */

/** A refusal with its message in both languages: the answer is given in the request's language. */
export interface SweepInvalid {
  ok: false;
  field: string;
  en: string;
  zh: string;
}

export interface SweepPlan {
  ok: true;
  /** Parameter values of each combination, in child order: [i] for one parameter, [i, j] for two. */
  combinations: number[][];
  /** The checked child inputs, same order. */
  inputs: unknown[];
}

/** What the parent's input holds: the sweep request as checked. */
export interface SweepInput {
  sweep: true;
  kind: 'opt' | 'elec';
  device: unknown;
  parameters: { path: string; label: string; values: number[] }[];
}

/** All combinations, first parameter outermost: [i][j] order, which the map's indices follow. */
function combine(lists: number[][]): number[][] {
  let out: number[][] = [[]];
  for (const values of lists) out = out.flatMap((c) => values.map((v) => [...c, v]));
  return out;
}

/**
 * Checks a sweep and builds its child inputs. `device` is the DeviceSpec as checked for a single
 * submission (checkCalculationInput), so paths address the same object a single job would run.
 */
export function planSweep(
  kind: 'opt' | 'elec',
  device: unknown,
  parameters: SweepParameter[],
): SweepPlan | SweepInvalid {
  const bad = (field: string, en: string, zh: string): SweepInvalid => ({ ok: false, field, en, zh });
  if (parameters.length < 1 || parameters.length > 2)
    return bad('parameters', 'give one or two parameters', '请给出一个或两个扫描参数');
  const paths: FieldPathSegment[][] = [];
  for (const [k, p] of parameters.entries()) {
    const field = `parameters[${k}]`;
    const segs = parseFieldPath(p.path);
    if (!segs)
      return bad(
        `${field}.path`,
        `${field}.path "${p.path}" is not a field path (names separated by dots, [n] for list items)`,
        `${field}.path「${p.path}」不是有效的字段路径（字段名以点分隔，列表项用 [n]）`,
      );
    if (readFieldNumber(device, segs) === undefined)
      return bad(
        `${field}.path`,
        `${field}.path "${p.path}" is not a numeric field of the device`,
        `${field}.path「${p.path}」不是器件中存在的数值字段`,
      );
    if (parameters.findIndex((q) => q.path === p.path) !== k)
      return bad(`${field}.path`, `${field}.path "${p.path}" is given twice`, `${field}.path「${p.path}」重复`);
    if (p.values.length < 1 || p.values.length > SWEEP_MAX_VALUES)
      return bad(
        `${field}.values`,
        `${field}.values: give 1 to ${SWEEP_MAX_VALUES} values (got ${p.values.length})`,
        `${field}.values：取值个数应为 1 到 ${SWEEP_MAX_VALUES} 个（实际 ${p.values.length} 个）`,
      );
    if (!p.values.every((v) => Number.isFinite(v)))
      return bad(
        `${field}.values`,
        `${field}.values: every value must be a finite number`,
        `${field}.values：取值必须是有限数值`,
      );
    paths.push(segs);
  }
  const count = parameters.reduce((n, p) => n * p.values.length, 1);
  if (count > SWEEP_MAX_COMBINATIONS)
    return bad(
      'parameters',
      `${count} combinations; a sweep may have at most ${SWEEP_MAX_COMBINATIONS}`,
      `共 ${count} 个参数组合，一次扫描最多 ${SWEEP_MAX_COMBINATIONS} 个`,
    );
  const combinations = combine(parameters.map((p) => p.values));
  const inputs: unknown[] = [];
  for (const combo of combinations) {
    const child = structuredClone(device);
    for (const [k, v] of combo.entries()) writeFieldNumber(child, paths[k] as FieldPathSegment[], v);
    // The same check as a single submission: no child that would be refused alone reaches the queue.
    const checked = checkCalculationInput(kind, child);
    const what = combo.map((v, k) => `${parameters[k]?.path}=${v}`).join(', ');
    if (!checked.ok) {
      const issue = checked.issues?.[0];
      const first = (lang: 'en' | 'zh-CN') =>
        issue ? localizeCheckMessage(issue, lang) : (checked.errors[0] ?? checked.field);
      return bad(checked.field, `${what}: ${first('en')}`, `参数组合 ${what} 生成的器件无效：${first('zh-CN')}`);
    }
    inputs.push(checked.input);
  }
  return { ok: true, combinations, inputs };
}

export type { SweepResult, SweepRow } from '@pvforge/contracts';

/**
 * The key figures a sweep tabulates: the light J-V figures (elec) and, when the device runs a
 * transient protocol, its hysteresis index and the PCE of the two scans it compares (a sweep of
 * `electrical.transient.rateVPerS` gives HI against the scan rate); the photocurrents (opt).
 */
const ELEC_FIGURES = ['Jsc_mA_cm2', 'Voc_V', 'FF', 'PCE_percent'];
const TRANSIENT_FIGURES = ['hysteresisIndex', 'PCE_reverse_percent', 'PCE_forward_percent'];

export type FiguresOf = (kind: CalcKind, result: unknown) => Record<string, number>;

export function isSweepInput(input: unknown): input is SweepInput {
  return typeof input === 'object' && input !== null && (input as { sweep?: unknown }).sweep === true;
}

/** Combination values of each child, from the parent's input: children are created in combination order. */
export function childValues(input: SweepInput, index: number): number[] {
  return combine(input.parameters.map((p) => p.values))[index] ?? [];
}

/** A value as a name shows it: six significant digits, no float noise (23.333333333333332 -> 23.3333). */
const valueText = (v: number) => String(Number(v.toPrecision(6)));

/**
 * A child's name: the sweep's name and its combination, "name · PTAA › 厚度 d = 10 nm, ...". A
 * label ending in "(unit)" (the forms' "PTAA › 厚度 d (nm)") puts the unit after the value. The
 * values always fit in `max` characters (the sweep's name is shortened first): children that
 * differ only in them must keep different names.
 */
export function childName(sweepName: string, labels: string[], values: number[], max = 100): string {
  const what = values
    .map((v, k) => {
      const label = labels[k] ?? '';
      const unit = /^(.*\S)\s*\(([^()]+)\)$/.exec(label);
      return unit ? `${unit[1]} = ${valueText(v)} ${unit[2]}` : `${label} = ${valueText(v)}`;
    })
    .join(', ');
  const room = max - what.length - 3;
  if (room < 8) return what.slice(0, max);
  const name = sweepName.length <= room ? sweepName : `${sweepName.slice(0, room - 1)}…`;
  return `${name} · ${what}`;
}

const FINAL = new Set<string>(['succeeded', 'failed', 'nonconvergent', 'cancelled']);

/**
 * Turns a sweep's ended children into its result. Called on every child's 'finished' event, at
 * start-up and when a running sweep is read (a restart between the last child's end and its
 * event loses nothing). The parent's final state is written with a conditional update (running ->
 * final), so two instances seeing the same event aggregate once.
 */
export interface SettledSweep {
  id: number;
  userId: number;
  kind: 'opt' | 'elec';
  status: 'succeeded' | 'failed';
  reason?: string;
}

export class SweepAggregator {
  constructor(
    private readonly repo: CalculationsRepository,
    private readonly clock: Clock,
    private readonly figuresOf: FiguresOf,
    /** Told once, by the instance that wrote the final state, when a sweep ends (to notify its owner). */
    private readonly onSettled?: (sweep: SettledSweep) => void,
  ) {}

  /** A job ended: when it is a sweep's child, maybe its sweep is complete. */
  async childFinished(jobId: number): Promise<void> {
    const rec = await this.repo.record(jobId);
    if (rec?.parent_id != null) await this.aggregate(rec.parent_id);
  }

  /** Every running sweep whose children have all ended (start-up). */
  async aggregatePending(): Promise<void> {
    for (const id of await this.repo.runningParents()) await this.aggregate(id);
  }

  /** Aggregates the sweep when it is running and all its children are final; true when it did. */
  async aggregate(parentId: number): Promise<boolean> {
    const parent = await this.repo.record(parentId);
    if (parent?.status !== 'running') return false;
    const input = await this.repo.input(parentId);
    if (!isSweepInput(input)) return false;
    const children = await this.repo.children(parentId);
    if (children.length === 0 || children.some((c) => !FINAL.has(c.status))) return false;
    const result = await this.build(input, children);
    const ok = result.table.some((r) => r.status === 'succeeded');
    const failedReason = ok ? undefined : `no combination succeeded (${summary(result.table)})`;
    const status = ok ? 'succeeded' : 'failed';
    const wrote = await this.repo.finish(parentId, status, this.clock.now(), { result, reason: failedReason });
    if (wrote) {
      this.onSettled?.({
        id: parentId,
        userId: parent.user_id,
        kind: parent.kind as SettledSweep['kind'],
        status,
        ...(failedReason ? { reason: failedReason } : {}),
      });
    }
    return wrote;
  }

  private async build(input: SweepInput, children: CalculationRecord[]): Promise<SweepResult> {
    const raw: Record<string, number>[] = [];
    for (const c of children) {
      const result = c.status === 'succeeded' ? await this.repo.result(c.id) : null;
      raw.push(result ? this.figuresOf(input.kind, result) : {});
    }
    let names = ELEC_FIGURES;
    if (input.kind === 'elec') {
      const device = input.device as { electrical?: { transient?: unknown } } | null;
      if (device?.electrical?.transient !== undefined) names = [...ELEC_FIGURES, ...TRANSIENT_FIGURES];
      // the PCE on the simulated window's power (as SCAPS divides) beside the full spectrum's, when
      // the runs give it: results of engines before it existed keep their columns as they were
      if (raw.some((f) => typeof f['pceWindowPercent'] === 'number')) {
        const at = names.indexOf('PCE_percent') + 1;
        names = [...names.slice(0, at), 'pceWindowPercent', ...names.slice(at)];
      }
    }
    if (input.kind === 'opt') {
      // Photocurrents only: the absorbers' total, reflected and transmitted, and each layer's.
      const seen = new Set<string>();
      for (const f of raw) for (const k of Object.keys(f)) if (k.startsWith('j')) seen.add(k);
      names = [...seen];
    }
    const table: SweepRow[] = children.map((c, i) => ({
      id: c.id,
      values: childValues(input, i),
      status: c.status as JobStatus,
      reason: c.reason,
      figures: Object.fromEntries(names.map((n) => [n, c.status === 'succeeded' ? (raw[i]?.[n] ?? null) : null])),
    }));
    const out: SweepResult = {
      sweep: true,
      kind: input.kind,
      parameters: input.parameters,
      figureNames: names,
      table,
    };
    const [p, q] = input.parameters;
    if (p && q) {
      const at = (i: number, j: number) => table[i * q.values.length + j];
      out.map = Object.fromEntries(
        names.map((n) => [n, p.values.map((_, i) => q.values.map((_, j) => at(i, j)?.figures[n] ?? null))]),
      );
      out.statusMap = p.values.map((_, i) => q.values.map((_, j) => at(i, j)?.status ?? 'failed'));
    }
    return out;
  }
}

function summary(rows: SweepRow[]): string {
  const n: Record<string, number> = {};
  for (const r of rows) n[r.status] = (n[r.status] ?? 0) + 1;
  return Object.entries(n)
    .map(([s, k]) => `${k} ${s}`)
    .join(', ');
}

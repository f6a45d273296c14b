import { SWEEP_MAX_COMBINATIONS, SWEEP_MAX_VALUES, type SweepParameter } from '@pvforge/contracts';
import type { TFunction } from 'i18next';
import type { DeviceInput } from '../../lib/device-inputs';
import { inputLabel } from '../../lib/device-inputs';

/**
 * The general parameter sweep of the calculation forms (issue 19): one or two numeric fields of
 * the device, each from a start to a stop value in a number of points, linearly or
 * logarithmically spaced; checked here, in the UI language, before anything is submitted (the
 * server checks the same limits again, SWEEP_MAX_VALUES and SWEEP_MAX_COMBINATIONS). Pure;
 * unit-tested in apps/web/test/sweep-model.test.ts.
 */

export type Spacing = 'lin' | 'log';

export interface SweepAxisForm {
  /** The chosen field's path (DeviceInput.path); '' until one is chosen. */
  path: string;
  spacing: Spacing;
  /** As typed: numbers in any notation (1e-7). */
  start: string;
  stop: string;
  points: string;
}

/**
 * `points` values from `start` to `stop` inclusive: equal steps (lin) or equal ratios (log, both
 * ends > 0). Rounded to 12 significant digits so that 0.1 + 0.2 reads as 0.3 on axes and in names.
 */
export function sweepValues(start: number, stop: number, points: number, spacing: Spacing): number[] {
  if (points === 1) return [start];
  const out: number[] = [];
  for (let i = 0; i < points; i++) {
    const f = i / (points - 1);
    const v =
      spacing === 'log'
        ? Math.exp(Math.log(start) + f * (Math.log(stop) - Math.log(start)))
        : start + f * (stop - start);
    out.push(i === 0 ? start : i === points - 1 ? stop : Number(v.toPrecision(12)));
  }
  return out;
}

/** A number as typed (decimal or scientific notation), else undefined. */
export function parseNumber(s: string): number | undefined {
  const x = s.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(x)) return undefined;
  const n = Number(x);
  return Number.isFinite(n) ? n : undefined;
}

export interface SweepIssue {
  /** Which axis (0, 1) and field ('path', 'start', 'stop', 'points'), or 'all' for the combination count. */
  axis: 0 | 1 | 'all';
  field: 'path' | 'start' | 'stop' | 'points' | 'count';
  message: string;
}

/**
 * The checked sweep: the API's parameters, or what is wrong, each message naming the field in the
 * user's words. `fields` are the device's sweepable inputs (their paths and labels).
 */
export function checkSweep(
  axes: SweepAxisForm[],
  fields: DeviceInput[],
  t: TFunction,
): { ok: true; parameters: SweepParameter[]; count: number } | { ok: false; issues: SweepIssue[]; count?: number } {
  const issues: SweepIssue[] = [];
  const parameters: SweepParameter[] = [];
  axes.forEach((a, k) => {
    const axis = k as 0 | 1;
    const which = t('sweep.axisName', { n: k + 1 });
    const bad = (field: SweepIssue['field'], key: string, vars: Record<string, unknown> = {}) =>
      issues.push({ axis, field, message: t(key, { which, ...vars }) });
    const field = fields.find((f) => f.path === a.path);
    if (!field) bad('path', 'sweep.err.noField');
    else if (axes.findIndex((b) => b.path === a.path) !== k) bad('path', 'sweep.err.sameField');
    const start = parseNumber(a.start);
    const stop = parseNumber(a.stop);
    const points = parseNumber(a.points);
    if (start === undefined) bad('start', 'sweep.err.number', { what: t('sweep.start') });
    if (stop === undefined) bad('stop', 'sweep.err.number', { what: t('sweep.stop') });
    if (points === undefined || !Number.isInteger(points) || points < 2 || points > SWEEP_MAX_VALUES)
      bad('points', 'sweep.err.points', { max: SWEEP_MAX_VALUES });
    if (start !== undefined && stop !== undefined) {
      if (start === stop) bad('stop', 'sweep.err.sameEnds');
      if (a.spacing === 'log' && (start <= 0 || stop <= 0)) bad('start', 'sweep.err.logPositive');
    }
    if (field && start !== undefined && stop !== undefined && points !== undefined && Number.isInteger(points))
      parameters.push({
        path: field.path,
        label: inputLabel(field).slice(0, 100),
        values: sweepValues(start, stop, Math.max(2, Math.min(points, SWEEP_MAX_VALUES)), a.spacing),
      });
  });
  const counts = axes.map((a) => parseNumber(a.points));
  const count = counts.every((n) => n !== undefined && Number.isInteger(n) && n > 0)
    ? counts.reduce<number>((p, n) => p * n!, 1)
    : undefined;
  if (count !== undefined && count > SWEEP_MAX_COMBINATIONS)
    issues.push({
      axis: 'all',
      field: 'count',
      message: t('sweep.err.tooMany', { count, max: SWEEP_MAX_COMBINATIONS }),
    });
  if (issues.length) return { ok: false, issues, ...(count !== undefined ? { count } : {}) };
  return { ok: true, parameters, count: count ?? 0 };
}

/**
 * Whether values were spaced logarithmically (the sweep result keeps only the values): all > 0,
 * at least three, equal ratios (not equal steps) - the plots then use a log axis.
 */
export function looksLogarithmic(values: readonly number[]): boolean {
  if (values.length < 3 || values.some((v) => !(v > 0))) return false;
  const r = values[1]! / values[0]!;
  if (Math.abs(r - 1) < 1e-9) return false;
  return values.every((v, i) => i === 0 || Math.abs(v / values[i - 1]! / r - 1) < 1e-6);
}

/** A sensible default range for a field: its value / 10 ... × 10 (log) or 0.5 ... 1.5 × (lin). */
export function defaultRange(value: number): { spacing: Spacing; start: number; stop: number } {
  if (value > 0 && (value >= 1e4 || value < 1e-2))
    return { spacing: 'log', start: Number((value / 10).toPrecision(6)), stop: Number((value * 10).toPrecision(6)) };
  if (value === 0) return { spacing: 'lin', start: 0, stop: 1 };
  return {
    spacing: 'lin',
    start: Number((value * 0.5).toPrecision(6)),
    stop: Number((value * 1.5).toPrecision(6)),
  };
}

/**
 * The free parameters of a device fit: each a numeric DeviceSpec field, described by its registry
 * entry (packages/params: unit, hard limits, plausible range, log scale), with the bounds the fit
 * may explore and the variable it is fitted in: u = log10(p) on a log scale (densities, lifetimes,
 * mobilities span decades, and the J-V responds to their logarithm), u = p otherwise. A tied path
 * (mu_n = mu_p) is no variable of its own: it takes its target's value.
 */

import { formatValue, type Param, paramAt, type Words } from '@pvforge/params';
import {
  type FieldPathSegment,
  fieldPathHolderExists,
  parseFieldPath,
  readFieldNumber,
  writeFieldNumber,
} from '../device/field-path.js';
import type { DeviceFitFree } from './job.js';

/** A problem of the fit's input: the field it concerns and why, in both languages. */
export interface FitProblem {
  field: string;
  words: Words;
}

export interface FitVariable {
  /** The free path (the first, when others are tied to it). */
  path: string;
  /** Every path that takes this variable's value: the free path, then the ones tied to it. */
  paths: string[];
  segments: FieldPathSegment[][];
  param: Param;
  /** Bounds in the field's unit. */
  min: number;
  max: number;
  log: boolean;
  /** The device's value (clipped into the bounds), in the field's unit. */
  start: number;
}

/** u of a value. */
export function toVariable(v: FitVariable, p: number): number {
  return v.log ? Math.log10(p) : p;
}

/** Value of a u. */
export function fromVariable(v: FitVariable, u: number): number {
  return v.log ? 10 ** u : u;
}

/**
 * Resolves the free list against the device and the registry. Problems (a path the registry does
 * not know or the device does not hold, bounds outside the hard limits, a log scale through zero,
 * a tie to a path that is not free) are all listed; variables come back only without problems.
 */
export function resolveFreeParameters(
  device: unknown,
  free: readonly DeviceFitFree[],
): { variables: FitVariable[]; problems: FitProblem[] } {
  const problems: FitProblem[] = [];
  const say = (field: string, zh: string, en: string) => problems.push({ field, words: { zh, en } });
  const variables: FitVariable[] = [];
  const byPath = new Map<string, FitVariable>();
  const ties: { k: number; path: string; tie: string; segs: FieldPathSegment[]; param: Param }[] = [];
  const seen = new Set<string>();
  free.forEach((f, k) => {
    const field = `free[${k}]`;
    const segs = parseFieldPath(f.path);
    if (!segs) {
      say(
        `${field}.path`,
        `「${f.path}」不是字段路径（字段名以点分隔，列表项用 [n]）`,
        `"${f.path}" is not a field path (names separated by dots, [n] for list items)`,
      );
      return;
    }
    if (seen.has(f.path)) {
      say(`${field}.path`, `「${f.path}」出现了两次`, `"${f.path}" is given twice`);
      return;
    }
    seen.add(f.path);
    const param = paramAt(f.path);
    if (!param || param.place === 'material' || param.hard.integer) {
      say(
        `${field}.path`,
        `「${f.path}」不是可拟合的器件参数（参数表中没有这个连续数值字段）`,
        `"${f.path}" is not a device parameter that can be fitted (the parameter registry has no continuous numeric field there)`,
      );
      return;
    }
    const value = readFieldNumber(device, segs);
    if (value === undefined && !(param.defaultValue !== undefined && fieldPathHolderExists(device, segs))) {
      say(
        `${field}.path`,
        `器件中没有「${f.path}」这个数值（层、缺陷或接触不存在，或该字段为空）`,
        `the device has no number at "${f.path}" (the layer, defect or contact is not there, or the field is empty)`,
      );
      return;
    }
    if (f.tie !== undefined) {
      if (f.min !== undefined || f.max !== undefined || f.scale !== undefined)
        say(
          `${field}.tie`,
          '绑定的参数取目标参数的值，不能另给范围或标度',
          'a tied parameter takes its target’s value: give it no bounds or scale of its own',
        );
      ties.push({ k, path: f.path, tie: f.tie, segs, param });
      return;
    }
    const hardMin = param.hard.min;
    const hardMax = param.hard.max;
    const pl = param.plausible;
    const log = f.scale ? f.scale === 'log' : param.log;
    let min = f.min ?? pl?.min ?? hardMin;
    let max = f.max ?? pl?.max ?? hardMax;
    // the plausible range may sit outside a user's own bound on the other side
    if (f.min === undefined && f.max !== undefined && min !== undefined && min >= f.max) min = hardMin;
    if (f.max === undefined && f.min !== undefined && max !== undefined && max <= f.min) max = hardMax;
    const unit = param.unit ? ` ${param.unit}` : '';
    if (min === undefined || max === undefined) {
      say(
        `${field}.min`,
        '该参数没有默认范围：请给出 min 和 max',
        'this parameter has no default range: give min and max',
      );
      return;
    }
    const below = (x: number) => hardMin !== undefined && (param.hard.minExclusive ? !(x > hardMin) : x < hardMin);
    const above = (x: number) => hardMax !== undefined && (param.hard.maxExclusive ? !(x < hardMax) : x > hardMax);
    if (below(min) || above(min)) {
      say(
        `${field}.min`,
        `下限 ${formatValue(min)}${unit} 超出该参数的物理界限`,
        `the lower bound ${formatValue(min)}${unit} is outside what this parameter can be`,
      );
      return;
    }
    if (below(max) || above(max)) {
      say(
        `${field}.max`,
        `上限 ${formatValue(max)}${unit} 超出该参数的物理界限`,
        `the upper bound ${formatValue(max)}${unit} is outside what this parameter can be`,
      );
      return;
    }
    if (!(max > min)) {
      say(
        `${field}.max`,
        `上限 ${formatValue(max)} 必须大于下限 ${formatValue(min)}`,
        `the upper bound ${formatValue(max)} must be above the lower bound ${formatValue(min)}`,
      );
      return;
    }
    if (log && !(min > 0)) {
      say(`${field}.scale`, '对数标度要求下限大于 0', 'a log scale needs a lower bound above 0');
      return;
    }
    const current = value ?? param.defaultValue!;
    const start = Math.min(max, Math.max(min, log && current <= 0 ? Math.sqrt(min * max) : current));
    const v: FitVariable = { path: f.path, paths: [f.path], segments: [segs], param, min, max, log, start };
    variables.push(v);
    byPath.set(f.path, v);
  });
  for (const t of ties) {
    const target = byPath.get(t.tie);
    if (!target) {
      say(
        `free[${t.k}].tie`,
        `「${t.tie}」不是自由参数，不能绑定到它`,
        `"${t.tie}" is not a free parameter, so nothing can be tied to it`,
      );
      continue;
    }
    if (target.param.unit !== t.param.unit) {
      say(
        `free[${t.k}].tie`,
        `「${t.path}」与「${t.tie}」的单位不同，不能绑定`,
        `"${t.path}" and "${t.tie}" have different units and cannot be tied`,
      );
      continue;
    }
    target.paths.push(t.path);
    target.segments.push(t.segs);
  }
  return problems.length ? { variables: [], problems } : { variables, problems };
}

/** A copy of the device with the variables' values written at their paths (and their ties). */
export function deviceWith(device: unknown, variables: readonly FitVariable[], u: ArrayLike<number>): unknown {
  // a DeviceSpec is plain JSON
  const copy: unknown = JSON.parse(JSON.stringify(device));
  variables.forEach((v, a) => {
    const p = fromVariable(v, u[a]!);
    for (const segs of v.segments) writeFieldNumber(copy, segs, p);
  });
  return copy;
}

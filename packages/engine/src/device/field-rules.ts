/**
 * The field rules of a DeviceSpec: every value of a registered parameter (@pvforge/params) judged
 * against its entry, on the DeviceSpec's own names and units. This is the one place a DeviceSpec's
 * field values are judged (hard limits refused, implausible values warned, in the registry's
 * words); device/check.ts calls it before the physics rules that couple fields (a defect level
 * inside the gap, contacts that suit their layers, Boltzmann statistics, tandems), and drops any
 * per-field verdict a later rule gives again on a field judged here.
 */
import { judge, PARAMS, type Param } from '@pvforge/params';
import { GRADABLE_KEYS } from '../electrical/fields.js';
import { type CheckIssue, type CheckMessageCode, paramMessage } from '../messages/device-check.js';

export interface FieldVerdicts {
  readonly errors: CheckIssue[];
  readonly warnings: CheckIssue[];
  /** Every field judged, as fieldKey() writes it (whatever the verdict). */
  readonly judged: ReadonlySet<string>;
}

/**
 * A field's path without the layer's name (`layers[2] "MAPbI3".electrical.x` -> `layers[2].electrical.x`),
 * so the paths of the check's several parts compare whichever way they name the layer.
 */
export function fieldKey(path: string): string {
  return path.replace(/^layers\[(\d+)\](?: "(?:[^"\\]|\\.)*")?/, 'layers[$1]');
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The concrete places of a registry pattern in a value: `layers[].electrical.epsR` ->
 * [`layers[0] "ITO".electrical.epsR`, 1.9e1], ... Only values that are present: absence is the
 * business of the rules that know which fields are required.
 */
function places(root: unknown, pattern: string): { path: string; value: unknown }[] {
  const segs = pattern.split('.');
  const out: { path: string; value: unknown }[] = [];
  const walk = (v: unknown, i: number, path: string) => {
    if (i === segs.length) {
      if (v !== undefined) out.push({ path, value: v });
      return;
    }
    if (!isObj(v)) return;
    const seg = segs[i]!;
    const join = (k: string) => (path ? `${path}.${k}` : k);
    if (seg === '*') {
      for (const [k, sub] of Object.entries(v)) walk(sub, i + 1, join(k));
      return;
    }
    if (seg.endsWith('[]')) {
      const key = seg.slice(0, -2);
      const list = v[key];
      if (!Array.isArray(list)) return;
      list.forEach((item, j) => {
        const name = key === 'layers' && isObj(item) && typeof item['name'] === 'string' ? ` "${item['name']}"` : '';
        walk(item, i + 1, `${join(key)}[${j}]${name}`);
      });
      return;
    }
    walk(v[seg], i + 1, join(seg));
  };
  walk(root, 0, '');
  return out;
}

/**
 * Judges every registered field of a DeviceSpec. A device without an `electrical` block is optical
 * only: its layers' `electrical` objects and the `electrical` paths are not judged (they do not run).
 * Arrays and objects where the entry is a number belong to another branch of the schema (a
 * tabulated spectrum's wavelengths) and are left to it.
 */
export function judgeSpecFields(spec: unknown): FieldVerdicts {
  const errors: CheckIssue[] = [];
  const warnings: CheckIssue[] = [];
  const judged = new Set<string>();
  const electrical = isObj(spec) && spec['electrical'] !== undefined;
  for (const p of PARAMS) {
    if (p.place === 'material') continue;
    if (!electrical && (p.path.startsWith('electrical.') || p.path.startsWith('layers[].electrical.'))) continue;
    for (const { path, value } of [...places(spec, p.path), ...gradedPlaces(spec, p)]) {
      if (typeof value === 'object' && value !== null) continue;
      judged.add(fieldKey(path));
      const issue = paramIssue(p, path, value);
      if (issue) (issue.message.code === 'check.param-limit' ? errors : warnings).push(issue);
    }
  }
  return { errors, warnings, judged };
}

const GRADABLE: ReadonlySet<string> = new Set(GRADABLE_KEYS.map((k) => `layers[].electrical.${k}`));

/**
 * A graded layer's back-face values of a parameter (`layers[2] "CIGS".electrical.grading.back.egEV`),
 * judged by the same entry as the layer's own value: both are values of the one parameter.
 */
function gradedPlaces(spec: unknown, p: Param): { path: string; value: unknown }[] {
  return GRADABLE.has(p.path) ? places(spec, `layers[].electrical.grading.back.${p.key}`) : [];
}

/** The issue of one value against its entry, or undefined when the value is fine. */
export function paramIssue(p: Param, path: string, value: unknown): CheckIssue | undefined {
  const v = judge(p, value);
  return v ? { path, message: paramMessage(p, v, value) } : undefined;
}

/**
 * The codes of the rules that judge one field's value alone (finite, > 0, within bounds): on a field
 * the registry judged, what they say is the registry's business, so their issues are dropped there.
 * Rules that couple fields (a level inside the gap, stopHz above startHz, a step that is not 0)
 * keep their own codes and are never dropped.
 */
export const FIELD_VALUE_CODES: ReadonlySet<string> = new Set<CheckMessageCode>([
  'check.param-limit',
  'check.param-implausible',
  'check.not-finite',
  'check.not-finite-voltage',
  'check.not-positive',
  'check.not-positive-in-layer',
  'check.not-positive-temperature',
  'check.negative',
  'check.thickness-not-positive',
  'check.above-zero-at-most',
  'check.between',
  'check.integer-range',
  'check.integer-min',
  'check.density-impossible',
  'check.defect-density-impossible',
  'check.capture-coefficient',
  'check.oxide-thickness',
  'check.schema',
]);

import {
  type CalcKind,
  checkCircuitJob,
  checkDeviceSpec,
  DeviceFitCfCurve,
  DeviceFitCurve,
  DeviceFitCvCurve,
  DeviceFitEqeCurve,
  DeviceFitJob,
  DeviceFitJvCurve,
  type Lang,
} from '@pvforge/contracts';
import {
  type CheckIssue,
  checkCircuitJobInput,
  checkDeviceElectricalCoded,
  checkDeviceFitInput,
  checkIssue,
  checkLine,
  checkTableCoverage,
  deviceToOpticsSpec,
  kRadFromAbsorptionIssues,
  OpticsInputError,
} from '@pvforge/engine';
import type { Words } from '@pvforge/params';
import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { problemFromAjv, problemMessage } from '../http/validation.js';
import { fileAssets } from './assets.js';

/** One problem of an input, its field and its words in both languages. */
export interface WordedProblem {
  field: string;
  words: Words;
}

/**
 * errors: every problem as an English line (the API's `errors`, logs); issues, when the device
 * check found them: the same problems with their codes, which the server and the UI word;
 * problems, when the check words its own (the JSON text, a device fit's curves and free
 * parameters): each with its field, in both languages.
 */
export type Invalid = { ok: false; field: string; errors: string[]; issues?: CheckIssue[]; problems?: WordedProblem[] };

/** A problem's words in a request's language. */
export const wordsIn = (w: Words, lang: Lang): string => (lang === 'zh-CN' ? w.zh : w.en);

/** An Invalid made of worded problems: the first names the field, every one is in `errors`. */
function invalidOf(problems: WordedProblem[]): Invalid {
  return {
    ok: false,
    field: problems[0]!.field,
    errors: problems.map((p) => `${p.field}: ${p.words.en}`),
    problems,
  };
}
/**
 * `warnings`: what the device check found runs but may mislead (an implausible value, in the
 * parameter registry's words; Boltzmann statistics where they fail), answered with the submission.
 */
export type Checked = { ok: true; input: unknown; warnings?: CheckIssue[] } | Invalid;

/** Form posts carry the DeviceSpec or circuit job as JSON text; JSON posts may send either. */
export function parseJsonField(field: string, value: unknown): { ok: true; value: unknown } | Invalid {
  if (typeof value !== 'string') return { ok: true, value };
  try {
    return { ok: true, value: JSON.parse(value) as unknown };
  } catch {
    return invalidOf([{ field, words: { zh: '不是有效的 JSON 文本', en: 'not valid JSON text' } }]);
  }
}

/**
 * Everything that can be checked before a job is queued: the shared schema (checkDeviceSpec /
 * the circuit job schemas: which kinds a form may send, and the shape) and the engine's own input
 * checks (materials in the library, spectra, electrical parameters, the physics of every circuit
 * job field: the same check runCircuitJob makes in the worker), so that invalid parameters never
 * reach the queue.
 */
export function checkCalculationInput(kind: CalcKind, raw: unknown): Checked {
  if (kind === 'fit') return checkDeviceFitJob(raw);
  if (kind === 'circle' || kind === 'circle2') {
    const c = checkCircuitJob(kind, raw);
    if (!c.ok) return { ok: false, field: 'job', errors: c.errors };
    const problems = checkCircuitJobInput(c.job);
    return problems.length ? { ok: false, field: 'job', errors: problems } : { ok: true, input: c.job };
  }
  const c = checkDeviceSpec(raw);
  if (!c.ok) return { ok: false, field: 'device', errors: c.errors, issues: c.issues };
  const spec = c.spec;
  const warnings = [...c.warningIssues];
  if (kind === 'elec') {
    if (!spec.electrical) {
      const missing = checkIssue(
        'electrical',
        'check.needs-electrical',
        {},
        'an electrical calculation needs the "electrical" block',
      );
      return { ok: false, field: 'device', errors: [checkLine(missing)], issues: [missing] };
    }
    const e = checkDeviceElectricalCoded(spec).errors;
    if (e.length) return { ok: false, field: 'device', errors: e.map(checkLine), issues: e };
    // k_rad from a library table's absorption: the check has no tables, the server has
    const k = kRadFromAbsorptionIssues(spec, fileAssets());
    if (k.errors.length) return { ok: false, field: 'device', errors: k.errors.map(checkLine), issues: k.errors };
    // the check warned already of the values it could compute (every model but a library table)
    const said = new Set(c.warningIssues.map(checkLine));
    warnings.push(...k.warnings.filter((w) => !said.has(checkLine(w))));
  }
  if (kind === 'opt' || spec.illumination) {
    try {
      const os = deviceToOpticsSpec(spec, fileAssets());
      // the optics runs for an optical calculation and for optical or Beer-Lambert generation
      const gen = spec.electrical?.generation?.kind ?? 'optical';
      if (kind === 'opt' || gen === 'optical' || gen === 'beer-lambert') checkTableCoverage(os);
    } catch (err) {
      const field = err instanceof OpticsInputError ? `device.${err.field}` : 'device';
      return { ok: false, field, errors: [err instanceof Error ? err.message : String(err)] };
    }
  }
  return { ok: true, input: spec, warnings };
}

/** A number's or a list's limit that the schema states, said after the generic words of its rule. */
function schemaLimit(e: { keyword: string; params: Record<string, unknown> }): Words | undefined {
  const limit = e.params['limit'];
  if (typeof limit !== 'number') return undefined;
  switch (e.keyword) {
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum': {
      const c = typeof e.params['comparison'] === 'string' ? e.params['comparison'] : '';
      return { zh: `（须 ${c} ${limit}）`, en: ` (must be ${c} ${limit})` };
    }
    case 'minItems':
      return { zh: `（至少 ${limit} 项）`, en: ` (at least ${limit} items)` };
    case 'maxItems':
      return { zh: `（至多 ${limit} 项）`, en: ` (at most ${limit} items)` };
    default:
      return undefined;
  }
}

/**
 * A device fit job (issue 27), before it is queued: its shape (DeviceFitJob), its device exactly as
 * an electrical submission's (checkDeviceSpec, the engine's electrical rules, the optics tables),
 * then the fit's own check (checkDeviceFitInput: curves, free paths and their bounds, the light of
 * the device against the curves'). Fields are named inside the request (`job.curves[0].voltageV`);
 * the device's issues keep their DeviceSpec paths under the field `job.device`.
 */
export function checkDeviceFitJob(raw: unknown): Checked {
  if (!Value.Check(DeviceFitJob, raw)) {
    // a curve is a J-V, an EQE, a C-V or a C-f by its kind: it is checked against that shape alone,
    // so that the refusal names its own field (job.curves[1].eqePercent) rather than "matches no kind"
    const curves = (raw as { curves?: unknown } | null)?.curves;
    const bad = Array.isArray(curves) ? curves.findIndex((c) => !Value.Check(DeviceFitCurve, c)) : -1;
    if (bad >= 0) {
      const c = (curves as unknown[])[bad] as { kind?: unknown } | null;
      const at = `job.curves[${bad}]`;
      const kind = String(c?.kind);
      const schema = Object.hasOwn(CURVE_SCHEMAS, kind) ? CURVE_SCHEMAS[kind] : undefined;
      if (!schema)
        return invalidOf([
          {
            field: `${at}.kind`,
            words: {
              zh: `${at}.kind 须为 "jv"（J-V 曲线）、"eqe"（EQE 谱）、"cv"（C-V 曲线）或 "cf"（C-f 曲线）`,
              en: `${at}.kind must be "jv" (a J-V curve), "eqe" (an EQE spectrum), "cv" (a C-V curve) or "cf" (a C-f curve)`,
            },
          },
        ]);
      return shapeRefusal(schema, c, at);
    }
    return shapeRefusal(DeviceFitJob, raw, 'job');
  }
  const device = checkCalculationInput('elec', raw.device);
  if (!device.ok) return { ...device, field: device.field.replace(/^device/, 'job.device') };
  const job: DeviceFitJob = { ...raw, device: device.input as DeviceFitJob['device'] };
  const problems = checkDeviceFitInput(job);
  if (problems.length) return invalidOf(problems.map((p) => ({ field: `job.${p.field}`, words: p.words })));
  return { ok: true, input: job, ...(device.warnings ? { warnings: device.warnings } : {}) };
}

/** The shape of each kind of fitted curve. */
const CURVE_SCHEMAS: Record<string, TSchema> = {
  jv: DeviceFitJvCurve,
  eqe: DeviceFitEqeCurve,
  cv: DeviceFitCvCurve,
  cf: DeviceFitCfCurve,
};

/** The first shape problem of value against schema, its field named under `at` (job, job.curves[1]). */
function shapeRefusal(schema: TSchema, value: unknown, at: string): Checked {
  const errors = [...Value.Errors(schema, value)];
  const problem = problemFromAjv(errors);
  const field = problem.field ? `${at}.${problem.field}` : at;
  const first = errors.find((e) => e.instancePath.replace(/^\//, '').replaceAll('/', '.') === problem.field);
  const limit = first && problem.rule !== 'required' ? schemaLimit(first) : undefined;
  const words = {
    zh: problemMessage({ ...problem, field }, undefined, 'zh-CN') + (limit?.zh ?? ''),
    en: problemMessage({ ...problem, field }, undefined, 'en') + (limit?.en ?? ''),
  };
  return invalidOf([{ field, words }]);
}

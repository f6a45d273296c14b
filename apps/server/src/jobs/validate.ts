import { type CalcKind, checkCircuitJob, checkDeviceSpec } from '@pvforge/contracts';
import {
  type CheckIssue,
  checkCircuitJobInput,
  checkDeviceElectricalCoded,
  checkIssue,
  checkLine,
  checkTableCoverage,
  deviceToOpticsSpec,
  OpticsInputError,
} from '@pvforge/engine';
import { fileAssets } from './assets.js';

/**
 * errors: every problem as an English line (the API's `errors`, logs); issues, when the device
 * check found them: the same problems with their codes, which the server and the UI word.
 */
export type Invalid = { ok: false; field: string; errors: string[]; issues?: CheckIssue[] };
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
    return { ok: false, field, errors: [`${field}: not valid JSON`] };
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
  if (kind === 'circle' || kind === 'circle2') {
    const c = checkCircuitJob(kind, raw);
    if (!c.ok) return { ok: false, field: 'job', errors: c.errors };
    const problems = checkCircuitJobInput(c.job);
    return problems.length ? { ok: false, field: 'job', errors: problems } : { ok: true, input: c.job };
  }
  const c = checkDeviceSpec(raw);
  if (!c.ok) return { ok: false, field: 'device', errors: c.errors, issues: c.issues };
  const spec = c.spec;
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
  return { ok: true, input: spec, warnings: c.warningIssues };
}

import { impedanceSpectrum } from '../electrical/solvers/impedance.js';
import { type PvBenchDdInput, pvBenchToDevice, UnsupportedCaseError, unsupportedCaseFields } from './dd-case.js';
import { VALIDATION_NODES } from './dd-jv.js';
import type { BenchCase, CaseCheck, CasePlot, CaseResult, ValidateContext } from './types.js';

/**
 * Validator of kind "dd-impedance" (FORMAT-dd-notes.md "Impedance"): the small-signal impedance
 * of a drift-diffusion device (with or without mobile ions) about its steady state at V_dc,
 * computed in the frequency domain (electrical/solvers/impedance.ts). Each frequency passes when
 * |Z - Z_ref| <= Z_rel |Z_ref| + Z_abs (complex modulus), J_dc when |J - J_ref| <= J_dc_abs +
 * J_dc_rel |J_ref|. C_F_cm2 is informational (a function of Z that amplifies errors where Im(1/Z)
 * is small), as are the reference's own variants.
 */

interface ImpedanceProtocol {
  initial: string;
  V_dc: number;
  small_signal?: { waveform?: string; amplitude_V?: number };
  frequency_Hz: number[];
}

const CHECKED = new Set(['J_dc_mA_cm2', 'frequency_Hz', 'Z_re_ohm_cm2', 'Z_im_ohm_cm2']);
const INFORMATIONAL = new Set(['C_F_cm2']);

function num(x: unknown): number | undefined {
  return typeof x === 'number' && Number.isFinite(x) ? x : undefined;
}

export function validateDdImpedanceCase(c: BenchCase, ctx: ValidateContext): CaseResult {
  const fail = (error: string): CaseResult => ({ id: c.id, kind: c.kind, pass: false, checks: [], error });
  const { protocol, ...rest } = c.input as unknown as PvBenchDdInput & { protocol?: ImpedanceProtocol };
  if (!protocol || !Array.isArray(protocol.frequency_Hz) || num(protocol.V_dc) === undefined)
    return fail('input.protocol: needs V_dc and frequency_Hz');
  if (protocol.initial !== 'steady-state') return fail(`input.protocol.initial: only "steady-state" is defined`);
  const unsupported = unsupportedCaseFields(rest as unknown as Record<string, unknown>);
  if (unsupported.length > 0) return fail(new UnsupportedCaseError(unsupported).message);
  const device = pvBenchToDevice({ ...rest, voltage_V: [protocol.V_dc] }, { nodes: ctx.ddNodes ?? VALIDATION_NODES });
  const r = impedanceSpectrum(device, protocol.V_dc, protocol.frequency_Hz);
  if (!r.converged) return fail(r.error?.text ?? 'did not converge');
  const exp = c.expected;
  const tol = c.tolerance;
  const checks: CaseCheck[] = [];
  const Jref = num(exp['J_dc_mA_cm2']);
  if (Jref !== undefined) {
    const allowed = (num(tol['J_dc_abs_mA_cm2']) ?? 0) + (num(tol['J_dc_rel']) ?? 0) * Math.abs(Jref);
    checks.push({
      name: 'J_dc_mA_cm2',
      pass: Math.abs(r.J_dc_mA_cm2 - Jref) <= allowed,
      actual: r.J_dc_mA_cm2,
      expected: Jref,
      tolerance: `abs ${tol['J_dc_abs_mA_cm2']} + rel ${tol['J_dc_rel']}`,
      allowed,
    });
  }
  const re = exp['Z_re_ohm_cm2'] as number[] | undefined;
  const im = exp['Z_im_ohm_cm2'] as number[] | undefined;
  const zrel = num(tol['Z_rel']) ?? 0;
  const zabs = num(tol['Z_abs_ohm_cm2']) ?? 0;
  if (!Array.isArray(re) || !Array.isArray(im) || re.length !== r.points.length || im.length !== r.points.length)
    return fail('expected.Z_re_ohm_cm2 / Z_im_ohm_cm2: need one value per input frequency');
  r.points.forEach((p, i) => {
    const mod = Math.hypot(re[i]!, im[i]!);
    const dev = Math.hypot(p.Z_re_ohm_cm2 - re[i]!, p.Z_im_ohm_cm2 - im[i]!);
    const allowed = zrel * mod + zabs;
    checks.push({
      name: `|Z - Z_ref| at ${p.frequency_Hz} Hz`,
      pass: dev <= allowed,
      actual: dev,
      expected: 0,
      tolerance: `rel ${zrel} of |Z_ref| + abs ${zabs}`,
      allowed,
    });
  });
  for (const key of Object.keys(exp)) {
    if (!CHECKED.has(key) && !INFORMATIONAL.has(key))
      checks.push({ name: `expected.${key}: not checked by this engine version`, pass: false });
  }
  // Nyquist overlay: x = Re Z, y = -Im Z (capacitive arcs above the axis), engine and reference
  const plot: CasePlot = {
    kind: 'nyquist',
    series: [
      {
        quantity: 'Z',
        origin: 'engine',
        x: r.points.map((p) => p.Z_re_ohm_cm2),
        y: r.points.map((p) => -p.Z_im_ohm_cm2),
      },
      { quantity: 'Z', origin: 'reference', x: [...re], y: im.map((v) => -v) },
    ],
  };
  return { id: c.id, kind: c.kind, pass: checks.length > 0 && checks.every((k) => k.pass), checks, plot };
}

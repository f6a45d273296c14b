import { simulateJV } from '../electrical/jv.js';
import { type PvBenchDdInput, pvBenchHasIons, pvBenchToDevice } from '../electrical/pvbench.js';
import type { BenchCase, CaseCheck, CaseResult, ValidateContext } from './types.js';

/**
 * Validator of kind "dd-jv" (FORMAT.md, FORMAT-dd-notes.md): runs the drift-diffusion solver on
 * the case input and compares every expected J point (|J - J_ref| <= J_abs + J_rel |J_ref|),
 * Jsc (relative), Voc (absolute) and FF (absolute) at the case's tolerances. The figures come from
 * a monotone cubic (PCHIP) interpolant through a J-V at most 5 mV apart (the listed voltages plus a 5 mV grid), as the
 * references were made. Cases with mobile ions fail with "ions not supported yet".
 */

/** Mesh used for the cases: fine enough that the answer is within a small fraction of the tolerances. */
const VALIDATION_NODES = 600;

function num(x: unknown): number | undefined {
  return typeof x === 'number' && Number.isFinite(x) ? x : undefined;
}

export function validateDdJvCase(c: BenchCase, _ctx: ValidateContext): CaseResult {
  const input = c.input as unknown as PvBenchDdInput;
  const fail = (error: string): CaseResult => ({
    id: c.id,
    kind: c.kind,
    pass: false,
    checks: [],
    error,
  });
  if (pvBenchHasIons(input)) return fail('ions not supported yet');
  if (!Array.isArray(input.voltage_V) || input.voltage_V.length === 0) return fail('input.voltage_V is missing');
  const tol = c.tolerance;
  const exp = c.expected;
  const Jref = Array.isArray(exp['J_mA_cm2']) ? (exp['J_mA_cm2'] as number[]) : [];
  const wantsFigures = ['Jsc_mA_cm2', 'Voc_V', 'FF'].some((k) => num(exp[k]) !== undefined);
  // listed voltages plus a 5 mV grid for the figures
  const listed = input.voltage_V;
  let voltages = listed;
  if (wantsFigures) {
    const lo = Math.min(...listed);
    const hi = Math.max(...listed);
    const set = new Set(listed.map((v) => Math.round(v * 1e9) / 1e9));
    for (let k = Math.ceil(lo / 0.005); k * 0.005 <= hi + 1e-12; k++) set.add(Math.round(k * 0.005 * 1e9) / 1e9);
    voltages = [...set].sort((a, b) => a - b);
  }
  const device = pvBenchToDevice(
    { ...input, voltage_V: voltages },
    { nodes: VALIDATION_NODES, standardProfiles: false },
  );
  const r = simulateJV(device);
  if (!r.converged) return fail(r.error ?? 'did not converge');
  const checks: CaseCheck[] = [];
  const Jabs = num(tol['J_abs_mA_cm2']) ?? 0;
  const Jrel = num(tol['J_rel']) ?? 0;
  const byV = new Map<number, number>();
  r.V.forEach((v, i) => {
    byV.set(Math.round(v * 1e9) / 1e9, r.J_mA_cm2[i]!);
  });
  listed.forEach((v, i) => {
    const ref = Jref[i];
    if (ref === undefined) return;
    const actual = byV.get(Math.round(v * 1e9) / 1e9) ?? Number.NaN;
    const allowed = Jabs + Jrel * Math.abs(ref);
    checks.push({
      name: `J_mA_cm2[${i}] (V = ${v})`,
      pass: Math.abs(actual - ref) <= allowed,
      actual,
      expected: ref,
      tolerance: `abs ${Jabs} + rel ${Jrel}`,
      allowed,
    });
  });
  if (wantsFigures) {
    const f = r.figures;
    const fig = (name: string, actual: number | undefined, key: string, kind: 'rel' | 'abs') => {
      const ref = num(exp[name]);
      const t = num(tol[key]);
      if (ref === undefined || t === undefined) return;
      const a = actual ?? Number.NaN;
      const dev = kind === 'rel' ? Math.abs(a - ref) / Math.abs(ref) : Math.abs(a - ref);
      const allowed = kind === 'rel' ? t * Math.abs(ref) : t;
      checks.push({ name, pass: dev <= t, actual: a, expected: ref, tolerance: `${kind} ${t}`, allowed });
    };
    fig('Jsc_mA_cm2', f?.Jsc_mA_cm2, 'Jsc_rel', 'rel');
    fig('Voc_V', f?.Voc_V, 'Voc_abs_V', 'abs');
    fig('FF', f?.FF, 'FF_abs', 'abs');
  }
  return {
    id: c.id,
    kind: c.kind,
    pass: checks.length > 0 && checks.every((k) => k.pass),
    checks,
  };
}

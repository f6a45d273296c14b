/**
 * Validator for the circuit kinds of pv-bench/1 (assets/validation/FORMAT.md and
 * FORMAT-extensions.md): circuit-sdm (single-diode, Lambert W), circuit-2dm (two-diode) and
 * circuit-fit (single-diode fit of a J-V curve). Every expected value is compared at the case's
 * tolerance: abs tolerances |x - x_ref| <= abs, rel tolerances |x - x_ref| <= rel |x_ref|.
 */
import { fitCurve } from '../circuit/fit.js';
import type { KeyFigures } from '../circuit/key-figures.js';
import { type SimulatedCurve, simulateSdm, simulateTwoDiode } from '../circuit/models.js';
import type { BenchCase, CaseCheck, CaseResult, ValidateContext } from './types.js';

function num(o: Record<string, unknown>, key: string): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`field "${key}" must be a finite number`);
  return v;
}

function numOr(o: Record<string, unknown>, key: string, fallback: number): number {
  return o[key] === undefined ? fallback : num(o, key);
}

function numArray(o: Record<string, unknown>, key: string): number[] {
  const v = o[key];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'number' || !Number.isFinite(x))) {
    throw new Error(`field "${key}" must be an array of finite numbers`);
  }
  return v as number[];
}

function absCheck(name: string, actual: number, expected: number, tol: number): CaseCheck {
  return { name, actual, expected, pass: Math.abs(actual - expected) <= tol, tolerance: `abs ${tol}`, allowed: tol };
}

function relCheck(name: string, actual: number, expected: number, tol: number): CaseCheck {
  return {
    name,
    actual,
    expected,
    pass: Math.abs(actual - expected) <= tol * Math.abs(expected),
    tolerance: `rel ${tol}`,
    allowed: tol * Math.abs(expected),
  };
}

/** Checks of a forward simulation (sdm or 2dm) against expected values. */
function forwardChecks(sim: SimulatedCurve, exp: Record<string, unknown>, tol: Record<string, unknown>): CaseCheck[] {
  const checks: CaseCheck[] = [];
  const jRef = numArray(exp, 'J_mA_cm2');
  if (jRef.length !== sim.jMaCm2.length) throw new Error('expected J_mA_cm2 and voltage_V differ in length');
  const jAbs = num(tol, 'J_abs_mA_cm2');
  jRef.forEach((jr, i) => {
    checks.push(absCheck(`J_mA_cm2[${i}]`, sim.jMaCm2[i]!, jr, jAbs));
  });
  const k: KeyFigures = sim.keyFigures;
  checks.push(relCheck('Jsc_mA_cm2', k.jscMaCm2, num(exp, 'Jsc_mA_cm2'), num(tol, 'Jsc_rel')));
  checks.push(absCheck('Voc_V', k.vocV, num(exp, 'Voc_V'), num(tol, 'Voc_abs_V')));
  checks.push(absCheck('Vmp_V', k.vmpV, num(exp, 'Vmp_V'), num(tol, 'Vmp_abs_V')));
  checks.push(relCheck('Jmp_mA_cm2', k.jmpMaCm2, num(exp, 'Jmp_mA_cm2'), num(tol, 'Jmp_rel')));
  checks.push(relCheck('Pmax_mW_cm2', k.pmaxMwCm2, num(exp, 'Pmax_mW_cm2'), num(tol, 'Pmax_rel')));
  checks.push(absCheck('FF', k.ff, num(exp, 'FF'), num(tol, 'FF_abs')));
  return checks;
}

const FIT_PARAM_KEYS = {
  Jph_mA_cm2: 'jphMaCm2',
  J0_mA_cm2: 'j0MaCm2',
  n: 'n',
  Rs_ohm_cm2: 'rsOhmCm2',
  Rsh_ohm_cm2: 'rshOhmCm2',
} as const;

function fitChecks(c: BenchCase): CaseCheck[] {
  const inp = c.input;
  const model = inp['model'] ?? 'sdm';
  if (model !== 'sdm') throw new Error(`circuit-fit: model "${String(model)}" is not supported (only "sdm")`);
  const v = numArray(inp, 'voltage_V');
  const j = numArray(inp, 'J_mA_cm2');
  const fit = fitCurve({ model: 'sdm', voltageV: v, jMaCm2: j, tK: num(inp, 'T_K') });
  const tol = c.tolerance;
  const expRmse = num(c.expected, 'rmse_mA_cm2');
  const factor = num(tol, 'rmse_factor');
  const floor = numOr(tol, 'rmse_abs_floor_mA_cm2', 0);
  const limit = factor * expRmse + floor;
  const checks: CaseCheck[] = [
    {
      name: 'rmse_mA_cm2',
      actual: fit.rmseMaCm2,
      expected: expRmse,
      pass: fit.rmseMaCm2 <= limit,
      tolerance: `<= ${factor} x expected + ${floor}`,
    },
  ];
  const params = (c.expected['params'] ?? {}) as Record<string, unknown>;
  const bands = (tol['params'] ?? {}) as Record<string, unknown>;
  for (const [name, band] of Object.entries(bands)) {
    const key = FIT_PARAM_KEYS[name as keyof typeof FIT_PARAM_KEYS];
    if (!key) throw new Error(`circuit-fit: unknown parameter "${name}" in tolerance.params`);
    if (typeof band !== 'number') throw new Error(`circuit-fit: band of "${name}" must be a number`);
    const got = fit.params[key];
    if (got === undefined) throw new Error(`circuit-fit: fit did not return "${name}"`);
    checks.push(relCheck(`params.${name}`, got, num(params, name), band));
  }
  return checks;
}

export function validateCircuitCase(c: BenchCase, _ctx: ValidateContext): CaseResult {
  const inp = c.input;
  let checks: CaseCheck[];
  if (c.kind === 'circuit-sdm') {
    const sim = simulateSdm(
      {
        jphMaCm2: num(inp, 'Jph_mA_cm2'),
        j0MaCm2: num(inp, 'J0_mA_cm2'),
        n: num(inp, 'n'),
        rsOhmCm2: num(inp, 'Rs_ohm_cm2'),
        rshOhmCm2: num(inp, 'Rsh_ohm_cm2'),
        tK: num(inp, 'T_K'),
      },
      numArray(inp, 'voltage_V'),
    );
    checks = forwardChecks(sim, c.expected, c.tolerance);
  } else if (c.kind === 'circuit-2dm') {
    const sim = simulateTwoDiode(
      {
        jphMaCm2: num(inp, 'Jph_mA_cm2'),
        j01MaCm2: num(inp, 'J01_mA_cm2'),
        n1: numOr(inp, 'n1', 1),
        j02MaCm2: num(inp, 'J02_mA_cm2'),
        n2: numOr(inp, 'n2', 2),
        rsOhmCm2: num(inp, 'Rs_ohm_cm2'),
        rshOhmCm2: num(inp, 'Rsh_ohm_cm2'),
        tK: num(inp, 'T_K'),
      },
      numArray(inp, 'voltage_V'),
    );
    checks = forwardChecks(sim, c.expected, c.tolerance);
  } else if (c.kind === 'circuit-fit') {
    checks = fitChecks(c);
  } else {
    return { id: c.id, kind: c.kind, pass: false, checks: [], error: `kind ${c.kind} is not a circuit kind` };
  }
  return { id: c.id, kind: c.kind, pass: checks.length > 0 && checks.every((x) => x.pass), checks };
}

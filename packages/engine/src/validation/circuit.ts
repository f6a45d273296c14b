/**
 * Validator for the circuit kinds of pv-bench/1 (assets/validation/FORMAT.md and
 * FORMAT-extensions.md): circuit-sdm (single-diode, Lambert W), circuit-2dm (two-diode) and
 * circuit-fit (single-diode fit of a J-V curve). Every expected value is compared at the case's
 * tolerance: abs tolerances |x - x_ref| <= abs, rel tolerances |x - x_ref| <= rel |x_ref|.
 * Cases run as circuit jobs (jobs/circuit-job.ts), through the same input check and code as a
 * calculation on the platform; a figure the model does not have (null) fails its check.
 */
import { type CircuitJob, type CircuitJobResult, runCircuitJob } from '../jobs/circuit-job.js';
import type { BenchCase, CaseCheck, CasePlot, CaseResult, ValidateContext } from './types.js';

type Curve = Extract<CircuitJobResult, { kind: 'simulate-sdm' | 'simulate-2dm' }>['curve'];

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

function absCheck(name: string, actual: number | null, expected: number, tol: number): CaseCheck {
  const x = actual ?? Number.NaN;
  return { name, actual: x, expected, pass: Math.abs(x - expected) <= tol, tolerance: `abs ${tol}`, allowed: tol };
}

function relCheck(name: string, actual: number | null, expected: number, tol: number): CaseCheck {
  const x = actual ?? Number.NaN;
  return {
    name,
    actual: x,
    expected,
    pass: Math.abs(x - expected) <= tol * Math.abs(expected),
    tolerance: `rel ${tol}`,
    allowed: tol * Math.abs(expected),
  };
}

/** Checks of a forward simulation (sdm or 2dm) against expected values. */
function forwardChecks(sim: Curve, exp: Record<string, unknown>, tol: Record<string, unknown>): CaseCheck[] {
  const checks: CaseCheck[] = [];
  const jRef = numArray(exp, 'J_mA_cm2');
  if (jRef.length !== sim.jMaCm2.length) throw new Error('expected J_mA_cm2 and voltage_V differ in length');
  const jAbs = num(tol, 'J_abs_mA_cm2');
  jRef.forEach((jr, i) => {
    checks.push(absCheck(`J_mA_cm2[${i}]`, sim.jMaCm2[i]!, jr, jAbs));
  });
  const k = sim.keyFigures;
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

/** Engine J-V against the reference points (a forward case's expected curve, a fit case's data). */
function jvPlot(vEngine: number[], jEngine: number[], vRef: number[], jRef: number[]): CasePlot {
  return {
    kind: 'jv',
    series: [
      { quantity: 'J', origin: 'engine', x: vEngine, y: jEngine },
      { quantity: 'J', origin: 'reference', x: vRef, y: jRef },
    ],
  };
}

function fitChecks(c: BenchCase): { checks: CaseCheck[]; plot: CasePlot } {
  const inp = c.input;
  const model = inp['model'] ?? 'sdm';
  if (model !== 'sdm') throw new Error(`circuit-fit: model "${String(model)}" is not supported (only "sdm")`);
  const v = numArray(inp, 'voltage_V');
  const j = numArray(inp, 'J_mA_cm2');
  const r = runCircuitJob({ kind: 'fit', model: 'sdm', tK: num(inp, 'T_K'), curve: { voltageV: v, jMaCm2: j } });
  if (r.kind !== 'fit') throw new Error(`circuit-fit: the job returned a ${r.kind} result`);
  const fit = r.fit;
  const rmse = fit.rmseMaCm2 ?? Number.NaN;
  const tol = c.tolerance;
  const expRmse = num(c.expected, 'rmse_mA_cm2');
  const factor = num(tol, 'rmse_factor');
  const floor = numOr(tol, 'rmse_abs_floor_mA_cm2', 0);
  const limit = factor * expRmse + floor;
  const checks: CaseCheck[] = [
    {
      name: 'rmse_mA_cm2',
      actual: rmse,
      expected: expRmse,
      pass: rmse <= limit,
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
  return { checks, plot: jvPlot(Array.from(fit.voltageV), Array.from(fit.fittedJMaCm2), v, j) };
}

/** The circuit job of a forward case (circuit-sdm or circuit-2dm). */
function forwardJob(c: BenchCase): CircuitJob {
  const inp = c.input;
  const common = {
    jphMaCm2: num(inp, 'Jph_mA_cm2'),
    rsOhmCm2: num(inp, 'Rs_ohm_cm2'),
    rshOhmCm2: num(inp, 'Rsh_ohm_cm2'),
    tK: num(inp, 'T_K'),
  };
  const voltageV = numArray(inp, 'voltage_V');
  if (c.kind === 'circuit-sdm')
    return { kind: 'simulate-sdm', params: { ...common, j0MaCm2: num(inp, 'J0_mA_cm2'), n: num(inp, 'n') }, voltageV };
  return {
    kind: 'simulate-2dm',
    params: {
      ...common,
      j01MaCm2: num(inp, 'J01_mA_cm2'),
      n1: numOr(inp, 'n1', 1),
      j02MaCm2: num(inp, 'J02_mA_cm2'),
      n2: numOr(inp, 'n2', 2),
    },
    voltageV,
  };
}

export function validateCircuitCase(c: BenchCase, _ctx: ValidateContext): CaseResult {
  let checks: CaseCheck[];
  let plot: CasePlot;
  if (c.kind === 'circuit-sdm' || c.kind === 'circuit-2dm') {
    const r = runCircuitJob(forwardJob(c));
    if (r.kind !== 'simulate-sdm' && r.kind !== 'simulate-2dm') throw new Error(`the job returned a ${r.kind} result`);
    checks = forwardChecks(r.curve, c.expected, c.tolerance);
    const v = numArray(c.input, 'voltage_V');
    plot = jvPlot(v, Array.from(r.curve.jMaCm2), v, numArray(c.expected, 'J_mA_cm2'));
  } else if (c.kind === 'circuit-fit') {
    ({ checks, plot } = fitChecks(c));
  } else {
    return { id: c.id, kind: c.kind, pass: false, checks: [], error: `kind ${c.kind} is not a circuit kind` };
  }
  return { id: c.id, kind: c.kind, pass: checks.length > 0 && checks.every((x) => x.pass), checks, plot };
}

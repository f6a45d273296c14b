/**
 * Least-squares fitting of circuit models (single-diode "sdm", two-diode "2dm", modified diode
 * model "modified"; models.ts) to one J-V curve, or to several curves of one device together
 * (fitCurves: parameters shared by every curve, the photocurrent, and any other parameter named in
 * `perCurve`, fitted per curve).
 *
 * Objective: S(p) = sum_i (J_model(V_i; p) - J_i)^2 (unweighted, mA/cm^2), RMSE = sqrt(S/N),
 * R^2 = 1 - S / sum_i (J_i - mean J)^2. For dark curves spanning decades, weighting "relative"
 * minimises sum_i ((J_model - J_i) / max(|J_i|, 1e-6 max|J|))^2 instead (RMSE and R^2 still
 * unweighted). Several curves: every curve's residuals are made relative (an unweighted curve's
 * divided by its largest |J|), so a 50-sun curve does not outweigh a 1-sun or a dark one, and
 * each curve is weighted by its own noise level (the RMS relative residual of its fit alone).
 *
 * Variables: parameters spanning decades (J0, J01, J02, Rsh, y_bulk, U_if, y_Aug) are fitted as
 * u = log10(p), the others (Jph, n, Rs) linearly. A lower bound of 0 on a log variable is replaced
 * by a floor at which the term no longer changes the curve (J0 of the single-diode model:
 * 1e-30 mA/cm^2; fixed-ideality diodes: the smaller of 1e-30 mA/cm^2 (2dm) or 1e-10 (modified,
 * in the parameter's unit) and the value at which the term carries 1e-12 of the largest current at
 * the highest voltage); a result at that floor is reported as "at lower bound" (= 0).
 * Default ranges are those of spec section 9 (editable through options.bounds); the photocurrent's
 * is J(first point) +/- max(5 mA/cm^2, 5 % of it), the spec's +/- 5 mA/cm^2 at one sun and wide
 * enough for a curve at many suns.
 *
 * Method: (1) global start: analytic estimates from the curve (Jsc, Voc, end slopes) for several
 * ideality factors or sets of recombination mechanisms sharing the current at Voc, all refined by
 * a short Levenberg-Marquardt run on a 60-point subsample, plus 200 seeded random points in the
 * variable box (prng.ts) of which the best-scoring 2 (single-diode) or 4 (others) are refined too;
 * (2) bounded Levenberg-Marquardt (least-squares.ts) on all points from the best refined start (and
 * from a distinct runner-up of comparable cost). Several curves: each curve is first fitted alone
 * this way, and the joint fit starts from each of these fits.
 *
 * Uncertainty (fit-statistics.ts): linearised intervals from the covariance, with the noise level
 * corrected for resampling and for serially correlated residuals; the correlation matrix; and,
 * by default for the modified model, profile-likelihood intervals. Each fitted parameter is
 * "determined" when its interval is closed inside its range, otherwise determined on one side
 * only ("upper-limit": compatible with 0 or the lower end of its range, "lower-limit": with the
 * upper end, e.g. no shunt) or "not-determined".
 *
 * Input: fitInputProblems / fitOptionProblems hold the rules of the points, ranges, fixed values
 * and settings (a range must be non-empty and inside the parameter's physical domain: J0, rates,
 * Rs >= 0, Rsh > 0, n > 0); fitCurve and the circuit job check (jobs/circuit-job.ts) both use them.
 */
import { thermalVoltageV } from '../constants.js';
import type { EngineMessage } from '../messages/index.js';
import { resultMessage } from '../messages/results.js';
import { CircuitEvaluator, type DiodeCircuit } from './diode-circuit.js';
import {
  correlationMatrix,
  fQuantile,
  profileInterval,
  residualAutocorrelation,
  serialCorrelationFactor,
  studentTQuantile,
  unscaledCovariance,
} from './fit-statistics.js';
import { absorberProblems, check, type Problems, shown } from './input-check.js';
import { circuitKeyFigures, type KeyFigures, sampledKeyFigures } from './key-figures.js';
import {
  type CurveData,
  type FitModelName,
  type LmResult,
  levenbergMarquardt,
  type ParamDef,
  Problem,
  type Role,
  type Slot,
} from './least-squares.js';
import type { MeasuredCurve } from './measured-curve.js';
import { type AbsorberProps, modifiedCircuit } from './models.js';
import { Prng } from './prng.js';

export { fQuantile, normalQuantile, studentTQuantile } from './fit-statistics.js';
export type { FitModelName } from './least-squares.js';

/** One curve of a fit. */
export interface FitCurveData {
  voltageV: ArrayLike<number>;
  /** Measured current density, mA/cm^2, generation positive. */
  jMaCm2: ArrayLike<number>;
  /** Name shown with the curve's results (e.g. "1 sun", "dark"). */
  label?: string;
  /** "uniform" (default) or "relative" (dark curves spanning decades), as FitOptions.weighting. */
  weighting?: 'uniform' | 'relative';
  /** Number of measured points the curve was resampled from (scales the covariance). */
  measuredPointCount?: number;
  /** The measured points themselves: the serial correlation of the residuals is measured on them. */
  measured?: { voltageV: ArrayLike<number>; jMaCm2: ArrayLike<number> };
  /** Incident power for this curve's PCE, mW/cm^2 (default 100). */
  pinMwCm2?: number;
  /** Ranges and held values of this curve's own parameters (e.g. jphMaCm2: 0 for a dark curve). */
  bounds?: Record<string, [number, number]>;
  fixed?: Record<string, number>;
}

export interface FitOptions {
  model: FitModelName;
  voltageV: ArrayLike<number>;
  /** Measured current density, mA/cm^2, generation positive. */
  jMaCm2: ArrayLike<number>;
  tK: number;
  /** Absorber data, required for the modified model. */
  absorber?: AbsorberProps;
  /** Ranges [lo, hi] overriding the defaults of spec section 9, by parameter key. */
  bounds?: Record<string, [number, number]>;
  /** Parameters held at a value (not fitted), by key. */
  fixed?: Record<string, number>;
  /** Seed of the global start (default 1). */
  seed?: number;
  /** Number of random start points (default 200). */
  randomStarts?: number;
  /** Confidence level of the intervals (default 0.95). */
  confidenceLevel?: number;
  /**
   * "simultaneous" (default): projections of the joint confidence region (Scheffe), so that all
   * fitted parameters lie in their intervals together with the stated probability;
   * "individual": one-at-a-time Student-t intervals.
   */
  intervals?: 'simultaneous' | 'individual';
  /** Number of measured points the curve was resampled from (scales the covariance). */
  measuredPointCount?: number;
  /** The measured points the curve was resampled from (serial correlation of the residuals). */
  measured?: { voltageV: ArrayLike<number>; jMaCm2: ArrayLike<number> };
  /** Incident power for the PCE of the fitted model, mW/cm^2 (default 100). */
  pinMwCm2?: number;
  /**
   * "uniform" (default): plain least squares in mA/cm^2 (the RMSE definition of the benchmark
   * cases). "relative": residuals divided by max(|J_i|, 1e-6 max|J|), i.e. least squares in
   * ln|J| for small errors, for dark curves spanning decades. RMSE and R^2 are always reported
   * unweighted.
   */
  weighting?: 'uniform' | 'relative';
  /** Modified model: fit the interface ideality n_if in [1, 2] (default: held at absorber.nIf or 1). */
  fitInterfaceIdeality?: boolean;
  /**
   * Two-diode and modified models: also start from a single-diode fit of the same curve, its
   * recombination current at Voc split between the n = 1 and n = 2 diodes in several proportions
   * (slower; for curves where the default starts end in a poor local minimum).
   */
  singleDiodeStart?: boolean;
  /** Profile-likelihood intervals (default: on for the modified model, off for the others). */
  profile?: boolean;
}

/** Several curves of one device (light intensities, light and dark) fitted together. */
export interface FitCurvesOptions
  extends Omit<FitOptions, 'voltageV' | 'jMaCm2' | 'measuredPointCount' | 'measured' | 'weighting' | 'pinMwCm2'> {
  curves: FitCurveData[];
  /**
   * Parameters fitted separately for each curve (default: the photocurrent only); all others are
   * shared by every curve.
   */
  perCurve?: string[];
}

/** How far the data pin a fitted parameter down (see the header). */
export type Identifiability = 'determined' | 'upper-limit' | 'lower-limit' | 'not-determined';

export interface FittedParameter {
  key: string;
  unit: string;
  description: string;
  /** The curve (index) of a per-curve parameter; null for one shared by every curve. */
  curve: number | null;
  value: number;
  /** Confidence interval (options.intervals, clipped to the bounds); NaN when the Jacobian is singular. */
  ciLow: number;
  ciHigh: number;
  /** One-at-a-time (individual) Student-t interval at the same level, clipped to the bounds. */
  ciLowIndividual: number;
  ciHighIndividual: number;
  /** Profile-likelihood interval at the same level (NaN when not computed); an open end is the range's end. */
  profileLow: number;
  profileHigh: number;
  /** From the profile likelihood when computed, else from the linearised interval; null when fixed. */
  identifiability: Identifiability | null;
  /** Standard error of the fit variable (of log10(p) for log-scale parameters). */
  stdErrorVariable: number;
  logScale: boolean;
  lo: number;
  hi: number;
  fixed: boolean;
  atBound: 'lower' | 'upper' | null;
}

/** The fit of one curve. */
export interface CurveFit {
  label: string;
  /** Every parameter value of this curve's circuit, by key. */
  params: Record<string, number>;
  rmseMaCm2: number;
  r2: number;
  voltageV: number[];
  fittedJMaCm2: number[];
  residualsMaCm2: number[];
  /** Key figures of the fitted model (null if it has no power quadrant) and of the data. */
  modelKeyFigures: KeyFigures | null;
  dataKeyFigures: KeyFigures;
  pinMwCm2: number;
}

/**
 * A fit. The curve fields (points, fit, residuals, key figures) are the first curve's, the only
 * one of a single-curve fit; RMSE and R^2 are over every point of every curve.
 */
export interface FitResult
  extends Pick<
    CurveFit,
    'rmseMaCm2' | 'r2' | 'voltageV' | 'fittedJMaCm2' | 'residualsMaCm2' | 'modelKeyFigures' | 'dataKeyFigures'
  > {
  model: FitModelName;
  /** Parameter values by key (jphMaCm2, j0MaCm2, n, rsOhmCm2, rshOhmCm2, ...), of the first curve. */
  params: Record<string, number>;
  /** Shared parameters once, per-curve parameters once per curve. */
  parameters: FittedParameter[];
  /** Every curve's fit, in the order given. */
  curves: CurveFit[];
  confidenceLevel: number;
  intervals: 'simultaneous' | 'individual';
  /** Correlations of the fitted variables (log10 for log-scale parameters); names as in `parameters` (per-curve ones with [curve]). */
  correlation: { keys: string[]; matrix: number[][] };
  /** Lag-1 autocorrelation of the residuals (0 for white noise; near 1 when the model misses a pattern). */
  residualAutocorrelation: number;
  /** Factor applied to s^2 for resampling and serial correlation (1 for independent residuals). */
  noiseInflation: number;
  iterations: number;
  /** What the user should know, e.g. a parameter at a bound (messages/results.ts). */
  warnings: EngineMessage[];
}

/**
 * Default photocurrent range around the first data point: +/- max(5 mA/cm^2, 5 % of |J|) (spec
 * section 9 gives +/- 5 mA/cm^2 for a one-sun curve).
 */
export function defaultPhotocurrentRange(jFirstMaCm2: number): [number, number] {
  const half = Math.max(5, 0.05 * Math.abs(jFirstMaCm2));
  return [jFirstMaCm2 - half, jFirstMaCm2 + half];
}

/**
 * Default parameter definitions (spec section 9). Without the absorber, the modified model's rate
 * prefactors are left at 1: enough to know its parameters and their domains, not to fit.
 */
function paramDefs(model: FitModelName, jFirst: number, absorber: AbsorberProps | undefined): ParamDef[] {
  // fitted linearly / as log10 (spanning decades; a lower bound of 0 becomes `floor`)
  const linear = (key: string, unit: string, description: string, role: Role, lo: number, hi: number): ParamDef => ({
    key,
    unit,
    description,
    role,
    log: false,
    lo,
    hi,
  });
  const logarithmic = (
    key: string,
    unit: string,
    description: string,
    role: Role,
    lo: number,
    hi: number,
    floor?: number,
  ): ParamDef => ({ key, unit, description, role, log: true, lo, hi, ...(floor === undefined ? {} : { floor }) });
  const [jphLo, jphHi] = defaultPhotocurrentRange(jFirst);
  const jph = linear('jphMaCm2', 'mA/cm^2', 'photocurrent density', { kind: 'jph' }, jphLo, jphHi);
  const rs = linear('rsOhmCm2', 'Ohm cm^2', 'series resistance', { kind: 'rs' }, 0, 100);
  const rsh = (hi: number) => logarithmic('rshOhmCm2', 'Ohm cm^2', 'shunt resistance', { kind: 'rsh' }, 10, hi);
  const j0 = (key: string, diode: number, description: string) =>
    logarithmic(key, 'mA/cm^2', description, { kind: 'j0', diode, scale: 1 }, 0, 1e-3, 1e-30);
  if (model === 'sdm') {
    return [
      jph,
      j0('j0MaCm2', 0, 'saturation current density'),
      linear('n', '1', 'ideality factor', { kind: 'n', diode: 0 }, 0, 20),
      rs,
      rsh(1e5),
    ];
  }
  if (model === '2dm') {
    return [
      jph,
      j0('j01MaCm2', 0, 'saturation current density of the n = 1 diode'),
      j0('j02MaCm2', 1, 'saturation current density of the n = 2 diode'),
      rs,
      rsh(1e5),
    ];
  }
  const k = absorber ? modifiedCircuitScales(absorber) : { bulk: 1, interface: 1, auger: 1 };
  const rate = (key: string, diode: number, unit: string, description: string, scale: number) =>
    logarithmic(key, unit, description, { kind: 'j0', diode, scale }, 0, 1e10, 1e-10);
  return [
    jph,
    rate('yBulkPerS', 1, 's^-1', 'bulk SRH recombination rate coefficient y_bulk', k.bulk),
    rate('uIfPerCm2S', 2, 'cm^-2 s^-1', 'interface recombination rate prefactor U_if', k.interface),
    rate('yAugerPerS', 3, 's^-1', 'Auger rate coefficient y_Aug', k.auger),
    rs,
    rsh(1e10),
    linear('nIf', '1', 'ideality factor of interface recombination n_if', { kind: 'n', diode: 2 }, 1, 2),
  ];
}

function modifiedCircuitScales(a: AbsorberProps): { bulk: number; interface: number; auger: number } {
  const c = modifiedCircuit({ jphMaCm2: 0, yBulkPerS: 1, uIfPerCm2S: 1, yAugerPerS: 1, rsOhmCm2: 0, rshOhmCm2: 1 }, a);
  return { bulk: c.diodes[1]!.j0MaCm2, interface: c.diodes[2]!.j0MaCm2, auger: c.diodes[3]!.j0MaCm2 };
}

function templateCircuit(model: FitModelName, tK: number, absorber: AbsorberProps | undefined): DiodeCircuit {
  const vtV = thermalVoltageV(tK);
  if (model === 'sdm') return { jphMaCm2: 0, diodes: [{ j0MaCm2: 0, n: 1 }], rsOhmCm2: 0, rshOhmCm2: 1, vtV };
  if (model === '2dm') {
    return {
      jphMaCm2: 0,
      diodes: [
        { j0MaCm2: 0, n: 1 },
        { j0MaCm2: 0, n: 2 },
      ],
      rsOhmCm2: 0,
      rshOhmCm2: 1,
      vtV,
    };
  }
  const a = absorber!;
  return modifiedCircuit(
    { jphMaCm2: 0, yBulkPerS: 0, uIfPerCm2S: 0, yAugerPerS: 0, rsOhmCm2: 0, rshOhmCm2: 1 },
    { ...a, tK },
  );
}

/** Everything a fit computes with, built once from the options. */
interface Setup {
  opts: FitCurvesOptions;
  pr: Problem;
  defs: ParamDef[];
  slots: Slot[];
  curves: CurveData[];
  labels: string[];
}

/**
 * The problem of a fit. Several curves: every residual relative (see the header), each curve's
 * weights divided by `noise[c]` (its own fit's RMS relative residual), so that every curve counts
 * by its own precision: a dark curve whose currents near 0 V are all noise in relative terms does
 * not drown the light curves, nor a noisy curve a clean one.
 */
function buildSetup(opts: FitCurvesOptions, noise?: number[]): Setup {
  const absorber = opts.absorber ? { ...opts.absorber, tK: opts.tK } : undefined;
  const curves: CurveData[] = [];
  const multi = opts.curves.length > 1;
  for (const [ci, c] of opts.curves.entries()) {
    const v = Float64Array.from(c.voltageV);
    const j = Float64Array.from(c.jMaCm2);
    let jMax = 0;
    for (let i = 0; i < j.length; i++) jMax = Math.max(jMax, Math.abs(j[i]!));
    let w: Float64Array | null = null;
    if (c.weighting === 'relative') {
      const floor = Math.max(1e-6 * jMax, 1e-300);
      w = Float64Array.from(j, (x) => 1 / Math.max(Math.abs(x), floor));
    } else if (multi) {
      w = new Float64Array(j.length).fill(1 / Math.max(jMax, 1e-300));
    }
    const scale = noise?.[ci];
    if (w && scale !== undefined) for (let i = 0; i < w.length; i++) w[i] = w[i]! / scale;
    curves.push({ v, j, w, relative: c.weighting === 'relative' });
  }
  const defs = paramDefs(opts.model, curves[0]!.j[0]!, absorber);
  for (const d of defs) {
    const b = opts.bounds?.[d.key];
    if (b) {
      d.lo = b[0];
      d.hi = b[1];
    }
    if (d.key === 'n' && d.lo < 0.1) d.lo = Math.min(0.1, d.hi);
  }
  // A lower bound of 0 on a recombination prefactor becomes a floor at which the term carries
  // less than 1e-12 of the largest measured current even at the highest voltage (the Auger term,
  // ideality 2/3, needs floors far below the nominal 1e-10).
  const template = templateCircuit(opts.model, opts.tK, absorber);
  let vMax = 0;
  let jMax = 0;
  for (const c of curves) {
    for (let i = 0; i < c.v.length; i++) {
      vMax = Math.max(vMax, c.v[i]!);
      jMax = Math.max(jMax, Math.abs(c.j[i]!));
    }
  }
  for (const d of defs) {
    if (d.role.kind !== 'j0' || !d.log || d.lo > 0 || opts.model === 'sdm') continue;
    const nDiode = template.diodes[d.role.diode]!.n;
    const lnNeg = Math.log((1e-12 * Math.max(jMax, 1e-6)) / d.role.scale) - vMax / (nDiode * template.vtV);
    const floor = Math.exp(Math.max(lnNeg, -690));
    d.floor = Math.min(d.floor ?? 1e-30, floor);
  }
  const fixedIn: Record<string, number> = { ...opts.fixed };
  if (opts.model === 'modified' && fixedIn['nIf'] === undefined && !opts.fitInterfaceIdeality) {
    fixedIn['nIf'] = absorber?.nIf ?? 1;
  }
  // one slot per parameter, or per parameter and curve for those fitted per curve (in the
  // parameters' order, so that a single curve's fit is the same problem as ever)
  const perCurve = new Set(multi ? (opts.perCurve ?? ['jphMaCm2']) : []);
  const slots: Slot[] = [];
  const fixedValues: number[] = [];
  defs.forEach((d, k) => {
    if (!perCurve.has(d.key)) {
      slots.push({ def: k, curve: null, lo: d.lo, hi: d.hi });
      fixedValues.push(fixedIn[d.key] ?? Number.NaN);
      return;
    }
    opts.curves.forEach((c, ci) => {
      let [lo, hi] = [d.lo, d.hi];
      if (d.role.kind === 'jph' && !opts.bounds?.[d.key]) [lo, hi] = defaultPhotocurrentRange(curves[ci]!.j[0]!);
      const own = c.bounds?.[d.key];
      if (own) [lo, hi] = own;
      slots.push({ def: k, curve: ci, lo, hi });
      fixedValues.push(c.fixed?.[d.key] ?? fixedIn[d.key] ?? Number.NaN);
    });
  });
  // a single curve's own bounds and held values apply to its (shared) slots
  if (!multi) {
    const c = opts.curves[0]!;
    slots.forEach((s, k) => {
      const key = defs[s.def]!.key;
      const own = c.bounds?.[key];
      if (own) [s.lo, s.hi] = own;
      const held = c.fixed?.[key];
      if (held !== undefined) fixedValues[k] = held;
    });
  }
  const free = slots.map((_, k) => k).filter((k) => !Number.isFinite(fixedValues[k]!));
  const pr = new Problem(opts.model, defs, slots, free, Float64Array.from(fixedValues), curves, template, opts.tK);
  const labels = opts.curves.map((c, i) => c.label ?? (multi ? `curve ${i + 1}` : 'curve'));
  return { opts, pr, defs, slots, curves, labels };
}

/** Global start and polish of one curve (the method of the header). */
function solveSingle(s: Setup): LmResult {
  const { opts, pr, defs } = s;
  const { v, j } = s.curves[0]!;
  const m = pr.m;
  const rng = new Prng(opts.seed ?? 1);
  const sub = pr.subsample(60);
  const bufSub = new Float64Array(sub.n);
  const starts: Float64Array[] = analyticStarts(opts.model, pr, v, j, defs, opts.tK);
  if (opts.model !== 'sdm' && opts.singleDiodeStart)
    starts.unshift(...startFromSingleDiode(opts, opts.curves[0]!, pr, defs));
  const nAnalytic = starts.length;
  const nRandom = opts.randomStarts ?? 200;
  for (let k = 0; k < nRandom; k++) {
    const u = new Float64Array(m);
    for (let a = 0; a < m; a++) {
      const lo = pr.ul[a]!;
      const hi = pr.uh[a]!;
      // a linear variable from 0 (Rs) is drawn log-uniformly over its top four decades
      u[a] = !pr.defOf(a).log && lo === 0 && hi > 0 ? hi * 10 ** rng.uniform(-4, 0) : rng.uniform(lo, hi);
    }
    starts.push(u);
  }
  // every analytic start is refined; random starts only when they score among the best
  const scoredRandom = starts
    .slice(nAnalytic)
    .map((u) => ({ u, c: sub.cost(u, bufSub) }))
    .filter((x) => Number.isFinite(x.c))
    .sort((a, b) => a.c - b.c);
  const nRandomRefine = opts.model === 'sdm' ? 2 : 4;
  const toRefine = [...starts.slice(0, nAnalytic), ...scoredRandom.slice(0, nRandomRefine).map((x) => x.u)];
  if (toRefine.length === 0) throw new Error('fit: the model could not be evaluated at any start point');
  const refined = toRefine.map((u) => levenbergMarquardt(sub, u, 40, 1e-6, 8));
  refined.sort((a, b) => a.cost - b.cost);
  // full-curve LM from the best refined start, and from the runner-up when it sits in a
  // different basin with a comparable cost
  const first = refined[0]!;
  const candidates = [first];
  const second = refined.find((x) => {
    if (x === first || !(x.cost < 2 * first.cost + 1e-30)) return false;
    let d = 0;
    for (let a = 0; a < m; a++) d = Math.max(d, Math.abs(x.u[a]! - first.u[a]!) / (pr.uh[a]! - pr.ul[a]! || 1));
    return d > 1e-3;
  });
  if (second) candidates.push(second);
  let best: LmResult | null = null;
  for (const st of candidates) {
    const res = levenbergMarquardt(pr, st.u, 300);
    if (!best || res.cost < best.cost) best = res;
  }
  return best!;
}

/**
 * Several curves: each curve fitted alone (same model, ranges and held values), which gives each
 * curve's noise level (RMS of its relative residuals, floored at 1e-9 for noise-free curves), then
 * the joint fit, with every curve weighted by it, from each of those solutions (its shared
 * parameters, every curve's own ones).
 */
function solveJoint(opts: FitCurvesOptions): { setup: Setup; fin: LmResult } {
  const alone = opts.curves.map((c) =>
    fitCurves({ ...opts, curves: [{ ...c, fixed: { ...c.fixed } }], profile: false, perCurve: [] }),
  );
  const unscaled = buildSetup(opts);
  const noise = alone.map((f, ci) => {
    const w = unscaled.curves[ci]!.w!;
    const r = f.residualsMaCm2;
    let s = 0;
    for (let i = 0; i < r.length; i++) s += (w[i]! * r[i]!) ** 2;
    return Math.max(Math.sqrt(s / r.length), 1e-9);
  });
  const setup = buildSetup(opts, noise);
  const pr = setup.pr;
  const perCurve = alone.map((f) => f.params);
  let best: LmResult | null = null;
  for (const f of alone) {
    const res = levenbergMarquardt(pr, pr.variablesFrom(f.params, perCurve), 300);
    if (!best || res.cost < best.cost) best = res;
  }
  return { setup, fin: best! };
}

export function fitCurve(opts: FitOptions): FitResult {
  check((out) => {
    fitInputProblems({ ...opts, voltageV: Array.from(opts.voltageV), jMaCm2: Array.from(opts.jMaCm2) }, '', out);
    fitOptionProblems(opts.model, opts as unknown as Record<string, unknown>, '', out);
  });
  const { voltageV, jMaCm2, measuredPointCount, measured, weighting, pinMwCm2, ...rest } = opts;
  const curve: FitCurveData = { voltageV, jMaCm2 };
  if (measuredPointCount !== undefined) curve.measuredPointCount = measuredPointCount;
  if (measured) curve.measured = measured;
  if (weighting) curve.weighting = weighting;
  if (pinMwCm2 !== undefined) curve.pinMwCm2 = pinMwCm2;
  return fitCurves({ ...rest, curves: [curve] });
}

/** Fits several curves of one device together (see FitCurvesOptions); one curve is fitCurve. */
export function fitCurves(opts: FitCurvesOptions): FitResult {
  check((out) => {
    const curves = opts.curves.map((c) => ({ ...c, voltageV: Array.from(c.voltageV), jMaCm2: Array.from(c.jMaCm2) }));
    fitCurvesProblems({ ...opts, curves } as unknown as Record<string, unknown>, '', out);
  });
  let s: Setup;
  let fin: LmResult;
  if (opts.curves.length === 1) {
    s = buildSetup(opts);
    fin = solveSingle(s);
  } else ({ setup: s, fin } = solveJoint(opts));
  const first = summarise(s, fin);
  if (!first.better) return first.result;
  // the profile met a lower sum of squares: the optimum was local; polish from there once
  fin = levenbergMarquardt(s.pr, first.better, 300);
  return summarise(s, fin).result;
}

/** Statistics, per-curve results and the identifiability report of a solved fit. */
function summarise(s: Setup, fin: LmResult): { result: FitResult; better?: Float64Array } {
  const { opts, pr, defs, slots, curves } = s;
  const { m, n } = pr;
  const model = opts.model;
  const r = new Float64Array(n);
  const jac = new Float64Array(n * m);
  const cost = pr.residJac(fin.u, r, jac);
  const p = pr.values(fin.u);
  // per curve: fitted J, unweighted residuals, RMSE, R^2, key figures
  let ssrAll = 0;
  const allJ: number[] = [];
  const curveFits: CurveFit[] = curves.map((c, ci) => {
    const fitted = new Float64Array(c.v.length);
    pr.modelJ(p, ci, fitted);
    let ssr = 0;
    let mean = 0;
    for (let i = 0; i < c.j.length; i++) {
      ssr += (fitted[i]! - c.j[i]!) ** 2;
      mean += c.j[i]!;
      allJ.push(c.j[i]!);
    }
    ssrAll += ssr;
    mean /= c.j.length;
    let sst = 0;
    for (let i = 0; i < c.j.length; i++) sst += (c.j[i]! - mean) ** 2;
    const pin = opts.curves[ci]!.pinMwCm2;
    const circuit = pr.circuit(p, ci);
    let modelKeyFigures: KeyFigures | null = null;
    if (circuit.jphMaCm2 > 0) {
      try {
        modelKeyFigures = circuitKeyFigures(new CircuitEvaluator(circuit), { pinMwCm2: pin });
      } catch {
        modelKeyFigures = null;
      }
    }
    const fittedArr = Array.from(fitted);
    return {
      label: s.labels[ci]!,
      params: pr.paramsOf(p, ci),
      rmseMaCm2: Math.sqrt(ssr / c.j.length),
      r2: sst > 0 ? 1 - ssr / sst : Number.NaN,
      voltageV: Array.from(c.v),
      fittedJMaCm2: fittedArr,
      residualsMaCm2: fittedArr.map((x, i) => x - c.j[i]!),
      modelKeyFigures,
      dataKeyFigures: sampledKeyFigures(c.v, c.j, pin),
      pinMwCm2: pin ?? 100,
    };
  });
  const meanAll = allJ.reduce((a, b) => a + b, 0) / allJ.length;
  const sstAll = allJ.reduce((a, b) => a + (b - meanAll) ** 2, 0);

  // noise level: s^2 from the weighted cost, corrected for resampling and serial correlation
  const dof = Math.max(n - m, 1);
  const measuredTotal = opts.curves.reduce((a, c, ci) => a + (c.measuredPointCount ?? curves[ci]!.v.length), 0);
  const resample = Math.max(1, n / measuredTotal);
  const rho = residualAutocorrelation(
    curves.map((c, ci) => {
      const meas = opts.curves[ci]!.measured;
      if (!meas || meas.voltageV.length < 3) return r.subarray(pr.offsets[ci]!, pr.offsets[ci]! + c.v.length);
      return weightedResidualsAt(pr, p, ci, Float64Array.from(meas.voltageV), Float64Array.from(meas.jMaCm2));
    }),
  );
  const serial = serialCorrelationFactor(rho);
  const inflation = resample * serial;
  const s2 = (cost / dof) * inflation;
  const level = opts.confidenceLevel ?? 0.95;
  const tInd = studentTQuantile(0.5 + level / 2, Math.max(dof, 3));
  const intervals = opts.intervals ?? 'simultaneous';
  const tSim = Math.sqrt(m * fQuantile(level, m, dof));
  const t = intervals === 'simultaneous' ? tSim : tInd;
  const { cov, singular, undetermined } = unscaledCovariance(pr, fin.u, jac);

  // profile likelihood, free variable by free variable
  const doProfile = opts.profile ?? model === 'modified';
  const profiles = new Map<number, ReturnType<typeof profileInterval>>();
  let better: Float64Array | undefined;
  const profiled = doProfile && m > 0 && Number.isFinite(cost);
  if (profiled) {
    const allowed = t * t * s2;
    const linear = cov && !singular ? cov : null;
    for (let a = 0; a < m; a++) {
      // the photocurrent is pinned by the short-circuit region of every light curve and enters
      // almost linearly: its linearised interval stands
      if (pr.defOf(a).role.kind === 'jph' && linear) continue;
      const prof = profileInterval(pr, fin.u, cost, a, allowed, linear);
      profiles.set(a, prof);
      if (prof.better && prof.better.cost < cost * (1 - 1e-6)) {
        better = prof.better.u;
        break;
      }
    }
  }

  const warnings: EngineMessage[] = [];
  const slotName = (k: number) => {
    const sl = slots[k]!;
    const key = defs[sl.def]!.key;
    return sl.curve === null ? key : `${key}[${sl.curve}]`;
  };
  const parameters: FittedParameter[] = slots.map((sl, k) => {
    const d = defs[sl.def]!;
    const a = pr.free.indexOf(k);
    const value = p[k]!;
    const base = { key: d.key, unit: d.unit, description: d.description, curve: sl.curve, logScale: d.log };
    if (a < 0) {
      return {
        ...base,
        value,
        ciLow: value,
        ciHigh: value,
        ciLowIndividual: value,
        ciHighIndividual: value,
        profileLow: Number.NaN,
        profileHigh: Number.NaN,
        identifiability: null,
        stdErrorVariable: 0,
        lo: sl.lo,
        hi: sl.hi,
        fixed: true,
        atBound: null,
      };
    }
    const se = undetermined.has(a)
      ? Number.POSITIVE_INFINITY
      : cov
        ? Math.sqrt(Math.max(s2 * cov[a * m + a]!, 0))
        : Number.NaN;
    const u = fin.u[a]!;
    const ul = pr.ul[a]!;
    const uh = pr.uh[a]!;
    const lowU = Math.max(u - t * se, ul);
    const highU = Math.min(u + t * se, uh);
    const lowI = Math.max(u - tInd * se, ul);
    const highI = Math.min(u + tInd * se, uh);
    const back = (x: number, isLow: boolean): number => (d.log ? (isLow && x <= ul && sl.lo === 0 ? 0 : 10 ** x) : x);
    const span = uh - ul;
    const atBound = u <= ul + 1e-6 * span ? 'lower' : u >= uh - 1e-6 * span ? 'upper' : null;
    if (atBound) {
      const bound = atBound === 'lower' ? sl.lo : sl.hi;
      const label = sl.curve === null ? null : (s.labels[sl.curve] ?? String(sl.curve));
      warnings.push(resultMessage.fitAtBound(d.key, d.description, label, atBound, bound, d.unit));
    }
    const prof = profiles.get(a);
    const edge = 1e-9 * (span || 1);
    const openLow = prof ? prof.low.open : !(u - t * se > ul + edge);
    const openHigh = prof ? prof.high.open : !(u + t * se < uh - edge);
    const identifiability: Identifiability =
      openLow && openHigh ? 'not-determined' : openLow ? 'upper-limit' : openHigh ? 'lower-limit' : 'determined';
    return {
      ...base,
      value: atBound === 'lower' && d.log && sl.lo === 0 ? 0 : value,
      ciLow: back(lowU, true),
      ciHigh: back(highU, false),
      ciLowIndividual: back(lowI, true),
      ciHighIndividual: back(highI, false),
      // a photocurrent left out of the profile keeps its linearised interval (see above)
      profileLow: prof ? back(prof.low.u, true) : profiled ? back(lowU, true) : Number.NaN,
      profileHigh: prof ? back(prof.high.u, false) : profiled ? back(highU, false) : Number.NaN,
      identifiability,
      stdErrorVariable: se,
      lo: sl.lo,
      hi: sl.hi,
      fixed: false,
      atBound,
    };
  });
  if (singular || !cov) {
    warnings.push(resultMessage.fitSingular());
  }
  if (serial >= 4) {
    warnings.push(resultMessage.fitSerialCorrelation(rho, Math.max(1, Math.round(n / inflation))));
  }
  const first = curveFits[0]!;
  const result: FitResult = {
    model,
    params: first.params,
    parameters,
    rmseMaCm2: curves.length === 1 ? first.rmseMaCm2 : Math.sqrt(ssrAll / n),
    r2: curves.length === 1 ? first.r2 : sstAll > 0 ? 1 - ssrAll / sstAll : Number.NaN,
    voltageV: first.voltageV,
    fittedJMaCm2: first.fittedJMaCm2,
    residualsMaCm2: first.residualsMaCm2,
    modelKeyFigures: first.modelKeyFigures,
    dataKeyFigures: first.dataKeyFigures,
    curves: curveFits,
    confidenceLevel: level,
    intervals,
    correlation: {
      keys: pr.free.map(slotName),
      matrix: cov ? correlationMatrix(cov, m) : pr.free.map(() => pr.free.map(() => Number.NaN)),
    },
    residualAutocorrelation: rho,
    noiseInflation: inflation,
    iterations: fin.iterations,
    warnings,
  };
  return better ? { result, better } : { result };
}

/** Weighted residuals of curve c's model at other (measured) points, with the curve's weighting rule. */
function weightedResidualsAt(pr: Problem, p: Float64Array, c: number, v: Float64Array, j: Float64Array): Float64Array {
  const out = new Float64Array(v.length);
  try {
    pr.modelJ(p, c, out, 0, v);
  } catch {
    return new Float64Array(0);
  }
  // a constant weight (several curves) scales every residual alike and drops out of rho
  const relative = pr.curves[c]!.relative;
  let jMax = 0;
  for (let i = 0; i < j.length; i++) jMax = Math.max(jMax, Math.abs(j[i]!));
  const floor = Math.max(1e-6 * jMax, 1e-300);
  for (let i = 0; i < v.length; i++) {
    const r = out[i]! - j[i]!;
    out[i] = relative ? r / Math.max(Math.abs(j[i]!), floor) : r;
  }
  return out;
}

/**
 * Fits a parsed measured curve (parseCurveText / parseCurveRows / parseScapsIv). A dark curve
 * spans decades and has no photocurrent: it is fitted with relative weighting and Jph held at 0
 * unless the options say otherwise. The covariance is scaled by the measured point count.
 */
export function fitMeasuredCurve(
  curve: MeasuredCurve,
  opts: Omit<FitOptions, 'voltageV' | 'jMaCm2' | 'measuredPointCount'> & { measuredPointCount?: number },
): FitResult {
  const extra: Omit<FitCurveData, 'voltageV' | 'jMaCm2'> = {};
  if (opts.weighting) extra.weighting = opts.weighting;
  if (opts.fixed) extra.fixed = opts.fixed;
  const c = measuredFitCurve(curve, extra);
  return fitCurve({
    ...opts,
    weighting: c.weighting,
    fixed: c.fixed,
    voltageV: c.voltageV,
    jMaCm2: c.jMaCm2,
    measuredPointCount: opts.measuredPointCount ?? c.measuredPointCount,
    measured: c.measured,
  });
}

/**
 * A parsed measured curve as one curve of a fit: a dark curve is weighted relatively and its
 * photocurrent held at 0 (unless `weighting` or `fixed.jphMaCm2` says otherwise).
 */
export function measuredFitCurve(
  curve: MeasuredCurve,
  extra: Omit<FitCurveData, 'voltageV' | 'jMaCm2'> = {},
): FitCurveData {
  const dark = curve.detected.illumination === 'dark';
  const out: FitCurveData = {
    ...extra,
    voltageV: curve.voltageV,
    jMaCm2: curve.jMaCm2,
    weighting: extra.weighting ?? (dark ? 'relative' : 'uniform'),
    measuredPointCount: curve.measured.voltageV.length,
    measured: curve.measured,
  };
  if (dark && extra.fixed?.['jphMaCm2'] === undefined) out.fixed = { ...extra.fixed, jphMaCm2: 0 };
  for (const k of Object.keys(out) as (keyof FitCurveData)[]) if (out[k] === undefined) delete out[k];
  return out;
}

export const FIT_MODELS: readonly FitModelName[] = ['sdm', '2dm', 'modified'];

/** Smallest number of points a fit accepts: several per fitted parameter. */
const MIN_FIT_POINTS = 10;
/** Most curves one fit takes together. */
export const MAX_FIT_CURVES = 8;

/**
 * Problems of what a fit is given besides its options: the model, the temperature, the absorber
 * (modified model; its temperature is the fit's) and the points, under `curvePrefix`.
 */
export function fitInputProblems(
  fit: { model: unknown; tK: unknown; absorber?: unknown; voltageV?: unknown; jMaCm2?: unknown },
  curvePrefix: string,
  out: Problems,
): void {
  if (!FIT_MODELS.includes(fit.model as FitModelName))
    out.add('model', `must be one of ${FIT_MODELS.join(', ')} (got ${shown(fit.model)})`);
  out.positive('tK', fit.tK);
  if (fit.model === 'modified') {
    if (fit.absorber === undefined)
      out.add('absorber', 'the modified model needs the absorber (thicknessNm, ncCm3, nvCm3, egEV)');
    else if (out.object('absorber', fit.absorber)) absorberProblems(fit.absorber, 'absorber', out, false);
  }
  if (fit.voltageV === undefined && fit.jMaCm2 === undefined) return;
  curvePointProblems(fit.voltageV, fit.jMaCm2, curvePrefix, out);
}

/** The points of one curve: finite, as many currents as voltages, at least 10, voltages increasing. */
export function curvePointProblems(v: unknown, j: unknown, curvePrefix: string, out: Problems): void {
  const p = (k: string) => (curvePrefix ? `${curvePrefix}.${k}` : k);
  if (!out.finiteArray(p('voltageV'), v) || !out.finiteArray(p('jMaCm2'), j)) return;
  if (v.length < MIN_FIT_POINTS)
    out.add(p('voltageV'), `at least ${MIN_FIT_POINTS} points are needed for a fit (got ${v.length})`);
  if (j.length !== v.length)
    out.add(p('jMaCm2'), `differs in length from voltageV (${j.length} values for ${v.length} voltages)`);
  for (let i = 1; i < v.length; i++) {
    if (!(v[i]! > v[i - 1]!)) {
      out.add(p(`voltageV[${i}]`), `voltages must increase strictly (${v[i - 1]} then ${v[i]})`);
      break;
    }
  }
}

/**
 * Ranges and held values by parameter key (`bounds`, `fixed` of `o`, under `prefix`): every key a
 * parameter of the model, every range non-empty and inside the parameter's physical domain, every
 * held value in it.
 */
function boundsAndFixedProblems(model: FitModelName, o: Record<string, unknown>, prefix: string, out: Problems): void {
  const at = (k: string) => (prefix ? `${prefix}.${k}` : k);
  const defs = paramDefs(model, 0, undefined);
  const byKey = new Map(defs.map((d) => [d.key, d]));
  const perParameter = (field: 'bounds' | 'fixed', each: (path: string, d: ParamDef, value: unknown) => void) => {
    const record = o[field];
    if (record === undefined || !out.object(at(field), record)) return;
    for (const [key, value] of Object.entries(record)) {
      const d = byKey.get(key);
      if (d) each(at(`${field}.${key}`), d, value);
      else
        out.add(
          at(`${field}.${key}`),
          `not a parameter of the ${model} model (its parameters: ${defs.map((x) => x.key).join(', ')})`,
        );
    }
  };
  perParameter('bounds', (path, d, b) => {
    if (!Array.isArray(b) || b.length !== 2 || !b.every((x) => typeof x === 'number' && Number.isFinite(x)))
      out.add(path, `must be [low, high], two finite numbers (got ${shown(b)})`);
    else if (!(b[0] <= b[1])) out.add(path, `the range is empty ([${b[0]}, ${b[1]}])`);
    else {
      outsideDomain(out, path, b[0], lowestOf(d, 'range'), 'the lower bound must be');
      if (d.log && !(b[1] > 0)) out.add(path, `the upper bound must be > 0 (got ${b[1]})`);
    }
  });
  perParameter('fixed', (path, d, x) => {
    if (out.finite(path, x)) outsideDomain(out, path, x, lowestOf(d, 'fixed'), 'must be');
  });
}

/**
 * Problems of fit options, under `prefix`: every range [low, high] non-empty and inside its
 * parameter's physical domain, every fixed value in it, every key a parameter of the model, and
 * the settings in their ranges. A photocurrent range may extend below 0: the default is around the
 * first point's J, which does for curves measured at very low light.
 */
export function fitOptionProblems(
  model: FitModelName,
  o: Record<string, unknown>,
  prefix: string,
  out: Problems,
): void {
  const at = (k: string) => (prefix ? `${prefix}.${k}` : k);
  if (!FIT_MODELS.includes(model)) return;
  boundsAndFixedProblems(model, o, prefix, out);
  const level = o['confidenceLevel'];
  if (level !== undefined && out.finite(at('confidenceLevel'), level) && !(level > 0 && level < 1))
    out.add(at('confidenceLevel'), `must be between 0 and 1 (got ${level})`);
  out.oneOf(at('intervals'), o['intervals'], ['simultaneous', 'individual']);
  out.oneOf(at('weighting'), o['weighting'], ['uniform', 'relative']);
  if (o['seed'] !== undefined) out.finite(at('seed'), o['seed']);
  out.wholeNumber(at('randomStarts'), o['randomStarts'], 0);
  out.wholeNumber(at('measuredPointCount'), o['measuredPointCount'], 1);
  out.optionalPositive(at('pinMwCm2'), o['pinMwCm2']);
  out.optionalBoolean(at('fitInterfaceIdeality'), o['fitInterfaceIdeality']);
  out.optionalBoolean(at('singleDiodeStart'), o['singleDiodeStart']);
  out.optionalBoolean(at('profile'), o['profile']);
  const perCurve = o['perCurve'];
  if (perCurve !== undefined) {
    const keys = paramDefs(model, 0, undefined).map((d) => d.key);
    if (!Array.isArray(perCurve)) out.add(at('perCurve'), `must be a list of parameter keys (got ${shown(perCurve)})`);
    else
      perCurve.forEach((k, i) => {
        if (!keys.includes(k as string))
          out.add(at(`perCurve[${i}]`), `not a parameter of the ${model} model (its parameters: ${keys.join(', ')})`);
      });
  }
}

/**
 * Problems of one curve of a multi-curve fit (FitCurveData), under `prefix`. `points` false
 * leaves the points out (a curve given as a file is checked by its parser).
 */
export function fitCurveDataProblems(
  model: FitModelName,
  c: Record<string, unknown>,
  prefix: string,
  out: Problems,
  points = true,
): void {
  const at = (k: string) => (prefix ? `${prefix}.${k}` : k);
  if (points) curvePointProblems(c['voltageV'], c['jMaCm2'], prefix, out);
  if (c['label'] !== undefined && typeof c['label'] !== 'string')
    out.add(at('label'), `must be a text (got ${shown(c['label'])})`);
  out.oneOf(at('weighting'), c['weighting'], ['uniform', 'relative']);
  out.wholeNumber(at('measuredPointCount'), c['measuredPointCount'], 1);
  out.optionalPositive(at('pinMwCm2'), c['pinMwCm2']);
  if (FIT_MODELS.includes(model)) boundsAndFixedProblems(model, c, prefix, out);
}

/** Problems of a multi-curve fit (FitCurvesOptions), under `prefix`. */
export function fitCurvesProblems(o: Record<string, unknown>, prefix: string, out: Problems): void {
  const at = (k: string) => (prefix ? `${prefix}.${k}` : k);
  fitInputProblems({ model: o['model'], tK: o['tK'], absorber: o['absorber'] }, '', out);
  const model = o['model'] as FitModelName;
  const curves = o['curves'];
  if (!Array.isArray(curves) || curves.length === 0)
    out.add(at('curves'), `must be a list of curves (got ${shown(curves)})`);
  else if (curves.length > MAX_FIT_CURVES)
    out.add(at('curves'), `at most ${MAX_FIT_CURVES} curves can be fitted together (got ${curves.length})`);
  else
    curves.forEach((c, i) => {
      if (out.object(at(`curves[${i}]`), c)) fitCurveDataProblems(model, c, at(`curves[${i}]`), out);
    });
  fitOptionProblems(model, o, prefix, out);
}

/**
 * Lowest value of a parameter's physical domain. Saturation currents, rates and Rs start at 0 (a
 * range from 0 means "possibly absent"); an ideality range may start at 0 (the fitter holds n at
 * 0.1 or more) but a fixed ideality must be > 0; Rsh > 0; the photocurrent has no lower limit.
 */
function lowestOf(d: ParamDef, what: 'range' | 'fixed'): { value: number; strict: boolean } | undefined {
  switch (d.role.kind) {
    case 'jph':
      return undefined;
    case 'rsh':
      return { value: 0, strict: true };
    case 'n':
      return { value: 0, strict: what === 'fixed' };
    default:
      return { value: 0, strict: false };
  }
}

function outsideDomain(
  out: Problems,
  path: string,
  x: number,
  lowest: { value: number; strict: boolean } | undefined,
  rule: string,
): void {
  if (lowest && !(lowest.strict ? x > lowest.value : x >= lowest.value))
    out.add(path, `${rule} ${lowest.strict ? '>' : '>='} ${lowest.value} (got ${x})`);
}

/**
 * Start for a multi-diode model from a single-diode fit of the same data: Jph, Rs, Rsh are taken
 * over, and the diode current of the single-diode fit at Voc, S = J0 exp(Voc/(n Vt)) (less the
 * fixed radiative current), is split between the ideality-n_a and ideality-n_b diodes so that
 * both the current and its local ideality n match: X + Y = S, X/n_a + Y/n_b = S/n.
 */
function startFromSingleDiode(
  opts: FitCurvesOptions,
  curve: FitCurveData,
  pr: Problem,
  defs: ParamDef[],
): Float64Array[] {
  let sdm: FitResult;
  const jph = opts.fixed?.['jphMaCm2'] ?? curve.fixed?.['jphMaCm2'];
  try {
    sdm = fitCurve({
      model: 'sdm',
      voltageV: curve.voltageV,
      jMaCm2: curve.jMaCm2,
      tK: opts.tK,
      seed: opts.seed,
      randomStarts: 100,
      weighting: curve.weighting,
      fixed: jph !== undefined ? { jphMaCm2: jph } : undefined,
    });
  } catch {
    return [];
  }
  const q = sdm.params;
  const vt = pr.template.vtV;
  const n = q['n']!;
  const voc = sdm.modelKeyFigures?.vocV;
  if (!(voc !== undefined && Number.isFinite(voc) && voc > 0)) return [];
  const [ia, ib] = opts.model === '2dm' ? [0, 1] : [2, 1]; // (n = 1 interface or diode 1, n = 2 bulk or diode 2)
  const na = pr.template.diodes[ia]!.n;
  const nb = pr.template.diodes[ib]!.n;
  let total = q['j0MaCm2']! * Math.exp(voc / (n * vt));
  if (opts.model === 'modified') {
    const rad = pr.template.diodes[0]!;
    total = Math.max(total - rad.j0MaCm2 * Math.expm1(voc / (rad.n * vt)), 0.01 * total);
  }
  const xMatch = Math.min(Math.max((total * (1 / n - 1 / nb)) / (1 / na - 1 / nb), 0), total);
  const out: Float64Array[] = [];
  for (const frac of [-1, 0, 0.1, 0.3, 0.5, 0.7, 0.9, 1]) {
    const x = frac < 0 ? xMatch : frac * total;
    const y = total - x;
    const values: Record<string, number> = {
      jphMaCm2: q['jphMaCm2']!,
      rsOhmCm2: q['rsOhmCm2']!,
      rshOhmCm2: q['rshOhmCm2']!,
    };
    for (const d of defs) {
      if (d.role.kind !== 'j0') continue;
      const k = d.role.diode;
      const cur = k === ia ? x : k === ib ? y : 0;
      values[d.key] = cur / Math.exp(voc / (pr.template.diodes[k]!.n * vt)) / d.role.scale;
    }
    out.push(pr.variablesFrom(values));
  }
  return out;
}

/** Start points from the curve's Jsc, Voc and end slopes (several idealities / mechanisms). */
function analyticStarts(
  model: FitModelName,
  pr: Problem,
  v: Float64Array,
  j: Float64Array,
  defs: ParamDef[],
  tK: number,
): Float64Array[] {
  const est = curveEstimates(v, j);
  const vt = thermalVoltageV(tK);
  const out: Float64Array[] = [];
  if (!Number.isFinite(est.voc) || !(est.jsc > 0)) return out;
  const rsh = est.slopeSc < 0 ? -1e3 / est.slopeSc : 1e4;
  const idealities = model === 'sdm' ? [1, 1.3, 1.6, 2, 3] : [1, 2];
  const mechanisms: Array<{ n: number; diode: number }> =
    model === 'sdm'
      ? idealities.map((n) => ({ n, diode: 0 }))
      : model === '2dm'
        ? [
            { n: 1, diode: 0 },
            { n: 2, diode: 1 },
          ]
        : [
            { n: pr.template.diodes[1]!.n, diode: 1 },
            { n: pr.template.diodes[2]!.n, diode: 2 },
            { n: pr.template.diodes[3]!.n, diode: 3 },
          ];
  // every non-empty set of mechanisms sharing the recombination current at Voc
  const sets: Array<Array<{ n: number; diode: number }>> = [];
  if (model === 'sdm') for (const mech of mechanisms) sets.push([mech]);
  else {
    for (let mask = 1; mask < 1 << mechanisms.length; mask++) {
      sets.push(mechanisms.filter((_, b) => mask & (1 << b)));
    }
  }
  for (const set of sets) {
    const nEff = set.reduce((acc, x) => acc + x.n, 0) / set.length;
    const a = nEff * vt;
    const rsRaw = Number.isFinite(est.dVdJ) ? (-est.dVdJ - a / est.jsc) * 1e3 : 1;
    const values: Record<string, number> = {
      jphMaCm2: est.jsc * (1 + 0.001),
      rsOhmCm2: Math.max(rsRaw, 0.01),
      rshOhmCm2: rsh,
      n: nEff,
      nIf: pr.template.diodes[2]?.n ?? 1,
    };
    for (const d of defs) {
      if (d.role.kind !== 'j0') continue;
      const diode = d.role.diode;
      const mech = set.find((x) => x.diode === diode);
      values[d.key] = mech ? est.jsc / Math.expm1(est.voc / (mech.n * vt)) / set.length / d.role.scale : 0;
    }
    out.push(pr.variablesFrom(values));
  }
  return out;
}
/** Rough analytic estimates from an illuminated curve: Jsc, Voc, and the end slopes. */
function curveEstimates(v: Float64Array, j: Float64Array) {
  const n = v.length;
  const k = sampledKeyFigures(v, j);
  const jsc = Number.isFinite(k.jscMaCm2) ? k.jscMaCm2 : j[0]!;
  const voc = k.vocV;
  // slope near short circuit: least squares over the first 15 % of [V0, Voc]
  const vEnd = Number.isFinite(voc) ? v[0]! + 0.15 * (voc - v[0]!) : v[0]! + 0.15 * (v[n - 1]! - v[0]!);
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  let cnt = 0;
  for (let i = 0; i < n && v[i]! <= vEnd; i++) {
    sx += v[i]!;
    sy += j[i]!;
    sxx += v[i]! ** 2;
    sxy += v[i]! * j[i]!;
    cnt++;
  }
  const slopeSc = cnt >= 2 ? (cnt * sxy - sx * sy) / (cnt * sxx - sx * sx) : Number.NaN;
  // slope dV/dJ at Voc from the neighbours of the sign change
  let dVdJ = Number.NaN;
  if (Number.isFinite(voc)) {
    let i = 0;
    while (i + 1 < n && v[i + 1]! < voc) i++;
    const lo = Math.max(i - 1, 0);
    const hi = Math.min(i + 2, n - 1);
    if (j[hi]! !== j[lo]!) dVdJ = (v[hi]! - v[lo]!) / (j[hi]! - j[lo]!);
  }
  return { jsc, voc, slopeSc, dVdJ };
}

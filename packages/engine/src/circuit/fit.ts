/**
 * Least-squares fitting of circuit models (single-diode "sdm", two-diode "2dm", modified diode
 * model "modified"; models.ts) to a J-V curve.
 *
 * Objective: S(p) = sum_i (J_model(V_i; p) - J_i)^2 (unweighted, mA/cm^2), RMSE = sqrt(S/N),
 * R^2 = 1 - S / sum_i (J_i - mean J)^2. For dark curves spanning decades, options.weighting
 * "relative" minimises sum_i ((J_model - J_i) / max(|J_i|, 1e-6 max|J|))^2 instead (RMSE and R^2
 * still unweighted).
 *
 * Variables: parameters spanning decades (J0, J01, J02, Rsh, y_bulk, U_if, y_Aug) are fitted as
 * u = log10(p), the others (Jph, n, Rs) linearly. A lower bound of 0 on a log variable is replaced
 * by a floor at which the term no longer changes the curve (J0 of the single-diode model:
 * 1e-30 mA/cm^2; fixed-ideality diodes: the smaller of 1e-30 mA/cm^2 (2dm) or 1e-10 (modified,
 * in the parameter's unit) and the value at which the term carries 1e-12 of the largest current at
 * the highest voltage); a result at that floor is reported as "at lower bound" (= 0).
 * Default ranges are those of spec section 9 (editable through options.bounds).
 *
 * Jacobian: analytic, by implicit differentiation of F(J, p) = Jgen(Vd; p) - J = 0 with
 * Vd = V + 1e-3 Rs J (diode-circuit.ts):
 *   dJ/dp = (dJgen/dp |Vd + Jgen'(Vd) 1e-3 J [p = Rs]) / (1 - 1e-3 Rs Jgen'(Vd)),
 *   dJgen/dJph = 1, dJgen/dJ0k = -(exp(Vd/(nk Vt)) - 1), dJgen/dnk = J0k exp(..) Vd/(nk^2 Vt),
 *   dJgen/dRsh = 1e3 Vd / Rsh^2;  d/du = p ln(10) d/dp for log variables.
 *
 * Method: (1) global start: analytic estimates from the curve (Jsc, Voc, end slopes) for several
 * ideality factors or sets of recombination mechanisms sharing the current at Voc, all refined by
 * a short Levenberg-Marquardt run on a 60-point subsample, plus 200 seeded random points in the
 * variable box (prng.ts) of which the best-scoring 2 (single-diode) or 4 (others) are refined too; (2) bounded
 * Levenberg-Marquardt on all points from the best refined start (and from a distinct runner-up of
 * comparable cost). Log steps are limited to 3 decades per iteration. LM: (J^T J + lambda diag(J^T J)) delta = -J^T r (Marquardt 1963),
 * steps projected onto the bounds, variables sitting on a bound with the gradient pointing
 * outwards held fixed for that step (projected/active-set LM, cf. Kanzow, Yamashita and Fukushima,
 * J. Comput. Appl. Math. 172, 375 (2004)).
 *
 * Uncertainty: covariance C = s^2 (J^T J)^-1 in the fit variables, s^2 = S/(N - m) (e.g. Bates and
 * Watts, Nonlinear Regression Analysis, 1988, ch. 2, eqs. 2.8 and 2.9). Intervals u +/- k sqrt(C_jj)
 * at confidence level c (default 0.95) with k = sqrt(m F_{m, N-m}(c)) for simultaneous intervals
 * (the default: projections of the joint linearised confidence region, so all m parameters are
 * inside their intervals together with probability c) or k = t_{N-m}((1+c)/2) for one-at-a-time
 * intervals (both are returned); mapped back through 10^u for log variables and clipped to the
 * bounds. If J^T J is singular, variables on a bound are held and, if still singular, a 1e-12
 * ridge is added to the scaled matrix, so undetermined parameters get intervals spanning their
 * range. When the curve was resampled from fewer measured points, C is multiplied
 * by N_fit / N_measured (the resampled points are not independent).
 */
import { thermalVoltageV } from './constants.js';
import { CircuitEvaluator, type DiodeCircuit } from './diode-circuit.js';
import { circuitKeyFigures, type KeyFigures, sampledKeyFigures } from './key-figures.js';
import { invertSpd } from './linalg.js';
import { type AbsorberProps, modifiedCircuit, SdmSolver } from './models.js';
import { Prng } from './prng.js';

export type FitModelName = 'sdm' | '2dm' | 'modified';

type Role =
  | { kind: 'jph' }
  | { kind: 'rs' }
  | { kind: 'rsh' }
  | { kind: 'j0'; diode: number; scale: number }
  | { kind: 'n'; diode: number };

interface ParamDef {
  key: string;
  unit: string;
  description: string;
  role: Role;
  log: boolean;
  lo: number;
  hi: number;
  /** Replacement for a lower bound of 0 in log space. */
  floor?: number;
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
}

export interface FittedParameter {
  key: string;
  unit: string;
  description: string;
  value: number;
  /** Confidence interval (options.intervals, clipped to the bounds); NaN when the Jacobian is singular. */
  ciLow: number;
  ciHigh: number;
  /** One-at-a-time (individual) Student-t interval at the same level, clipped to the bounds. */
  ciLowIndividual: number;
  ciHighIndividual: number;
  /** Standard error of the fit variable (of log10(p) for log-scale parameters). */
  stdErrorVariable: number;
  logScale: boolean;
  lo: number;
  hi: number;
  fixed: boolean;
  atBound: 'lower' | 'upper' | null;
}

export interface FitResult {
  model: FitModelName;
  /** Parameter values by key (jphMaCm2, j0MaCm2, n, rsOhmCm2, rshOhmCm2, ...). */
  params: Record<string, number>;
  parameters: FittedParameter[];
  rmseMaCm2: number;
  r2: number;
  voltageV: number[];
  fittedJMaCm2: number[];
  residualsMaCm2: number[];
  /** Key figures of the fitted model (null if it has no power quadrant) and of the data. */
  modelKeyFigures: KeyFigures | null;
  dataKeyFigures: KeyFigures;
  confidenceLevel: number;
  intervals: 'simultaneous' | 'individual';
  iterations: number;
  /** Human-readable warnings, e.g. a parameter at a bound. */
  warnings: string[];
}

const LN10 = Math.LN10;
/** Largest change of a log10 variable in one Levenberg-Marquardt step (decades). */
const MAX_LOG_STEP = 3;

/** Default parameter definitions (spec section 9). */
function paramDefs(model: FitModelName, jFirst: number, absorber: AbsorberProps | undefined): ParamDef[] {
  const jph: ParamDef = {
    key: 'jphMaCm2',
    unit: 'mA/cm^2',
    description: 'photocurrent density',
    role: { kind: 'jph' },
    log: false,
    lo: jFirst - 5,
    hi: jFirst + 5,
  };
  const rs: ParamDef = {
    key: 'rsOhmCm2',
    unit: 'Ohm cm^2',
    description: 'series resistance',
    role: { kind: 'rs' },
    log: false,
    lo: 0,
    hi: 100,
  };
  const rsh = (hi: number): ParamDef => ({
    key: 'rshOhmCm2',
    unit: 'Ohm cm^2',
    description: 'shunt resistance',
    role: { kind: 'rsh' },
    log: true,
    lo: 10,
    hi,
  });
  const j0 = (key: string, diode: number, description: string): ParamDef => ({
    key,
    unit: 'mA/cm^2',
    description,
    role: { kind: 'j0', diode, scale: 1 },
    log: true,
    lo: 0,
    hi: 1e-3,
    floor: 1e-30,
  });
  if (model === 'sdm') {
    return [
      jph,
      j0('j0MaCm2', 0, 'saturation current density'),
      { key: 'n', unit: '1', description: 'ideality factor', role: { kind: 'n', diode: 0 }, log: false, lo: 0, hi: 20 },
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
  if (!absorber) throw new Error('fit: the modified model needs the absorber data (thickness, Nc, Nv, Eg)');
  const k = modifiedCircuitScales(absorber);
  const rate = (key: string, diode: number, unit: string, description: string, scale: number): ParamDef => ({
    key,
    unit,
    description,
    role: { kind: 'j0', diode, scale },
    log: true,
    lo: 0,
    hi: 1e10,
    floor: 1e-10,
  });
  return [
    jph,
    rate('yBulkPerS', 1, 's^-1', 'bulk SRH recombination rate coefficient y_bulk', k.bulk),
    rate('uIfPerCm2S', 2, 'cm^-2 s^-1', 'interface recombination rate prefactor U_if', k.interface),
    rate('yAugerPerS', 3, 's^-1', 'Auger rate coefficient y_Aug', k.auger),
    rs,
    rsh(1e10),
    {
      key: 'nIf',
      unit: '1',
      description: 'ideality factor of interface recombination n_if',
      role: { kind: 'n', diode: 2 },
      log: false,
      lo: 1,
      hi: 2,
    },
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

/** The least-squares problem in the fit variables u. */
class Problem {
  readonly m: number;
  readonly n: number;
  readonly ul: Float64Array;
  readonly uh: Float64Array;
  private readonly full: Float64Array;

  constructor(
    readonly model: FitModelName,
    readonly defs: ParamDef[],
    readonly free: number[],
    fixedValues: Float64Array,
    readonly v: Float64Array,
    readonly j: Float64Array,
    readonly template: DiodeCircuit,
    readonly tK: number,
    readonly w: Float64Array | null,
  ) {
    this.m = free.length;
    this.n = v.length;
    this.full = Float64Array.from(fixedValues);
    this.ul = new Float64Array(this.m);
    this.uh = new Float64Array(this.m);
    free.forEach((k, i) => {
      const d = defs[k]!;
      this.ul[i] = d.log ? Math.log10(d.lo > 0 ? d.lo : (d.floor ?? 1e-30)) : d.lo;
      this.uh[i] = d.log ? Math.log10(d.hi) : d.hi;
    });
  }

  subsample(count: number): Problem {
    if (this.n <= count) return this;
    const idx: number[] = [];
    for (let i = 0; i < count; i++) idx.push(Math.round((i * (this.n - 1)) / (count - 1)));
    return new Problem(
      this.model,
      this.defs,
      this.free,
      this.full,
      Float64Array.from(idx, (i) => this.v[i]!),
      Float64Array.from(idx, (i) => this.j[i]!),
      this.template,
      this.tK,
      this.w ? Float64Array.from(idx, (i) => this.w![i]!) : null,
    );
  }

  /** All parameter values (fixed ones included) for variables u. */
  values(u: ArrayLike<number>): Float64Array {
    const p = Float64Array.from(this.full);
    this.free.forEach((k, i) => {
      p[k] = this.defs[k]!.log ? 10 ** u[i]! : u[i]!;
    });
    return p;
  }

  circuit(p: Float64Array): DiodeCircuit {
    const c: DiodeCircuit = { ...this.template, diodes: this.template.diodes.map((d) => ({ ...d })) };
    this.defs.forEach((d, k) => {
      const x = p[k]!;
      const r = d.role;
      if (r.kind === 'jph') c.jphMaCm2 = x;
      else if (r.kind === 'rs') c.rsOhmCm2 = x;
      else if (r.kind === 'rsh') c.rshOhmCm2 = x;
      else if (r.kind === 'j0') c.diodes[r.diode]!.j0MaCm2 = x * r.scale;
      else c.diodes[r.diode]!.n = x;
    });
    return c;
  }

  /** Model current at every voltage (Lambert W for the single-diode model). */
  modelJ(p: Float64Array, out: Float64Array): void {
    const c = this.circuit(p);
    if (this.model === 'sdm') {
      const s = new SdmSolver({
        jphMaCm2: c.jphMaCm2,
        j0MaCm2: c.diodes[0]!.j0MaCm2,
        n: c.diodes[0]!.n,
        rsOhmCm2: c.rsOhmCm2,
        rshOhmCm2: c.rshOhmCm2,
        tK: this.tK,
      });
      for (let i = 0; i < this.n; i++) out[i] = s.jAtV(this.v[i]!);
    } else {
      out.set(new CircuitEvaluator(c).curve(this.v));
    }
  }

  /** Sum of squared residuals (Infinity when the model cannot be evaluated). */
  cost(u: ArrayLike<number>, buf: Float64Array): number {
    try {
      this.modelJ(this.values(u), buf);
    } catch {
      return Number.POSITIVE_INFINITY;
    }
    let s = 0;
    const w = this.w;
    if (w) for (let i = 0; i < this.n; i++) s += (w[i]! * (buf[i]! - this.j[i]!)) ** 2;
    else for (let i = 0; i < this.n; i++) s += (buf[i]! - this.j[i]!) ** 2;
    return Number.isFinite(s) ? s : Number.POSITIVE_INFINITY;
  }

  /** Residuals r = J_model - J and Jacobian dr/du (row-major n x m). Returns the cost. */
  residJac(u: ArrayLike<number>, r: Float64Array, jac: Float64Array): number {
    const p = this.values(u);
    const c = this.circuit(p);
    try {
      this.modelJ(p, r);
    } catch {
      return Number.POSITIVE_INFINITY;
    }
    const vt = c.vtV;
    const rsK = 1e-3 * c.rsOhmCm2;
    const gsh = 1e3 / c.rshOhmCm2;
    const nd = c.diodes.length;
    const e = new Float64Array(nd);
    let cost = 0;
    for (let i = 0; i < this.n; i++) {
      const jm = r[i]!;
      const vd = this.v[i]! + rsK * jm;
      let dJgen = -gsh;
      for (let k = 0; k < nd; k++) {
        const d = c.diodes[k]!;
        e[k] = Math.exp(vd / (d.n * vt));
        dJgen -= (d.j0MaCm2 / (d.n * vt)) * e[k]!;
      }
      const wi = this.w ? this.w[i]! : 1;
      const inv = wi / (1 - rsK * dJgen);
      for (let a = 0; a < this.m; a++) {
        const k = this.free[a]!;
        const def = this.defs[k]!;
        const role = def.role;
        let g: number;
        if (role.kind === 'jph') g = 1;
        else if (role.kind === 'rs') g = dJgen * 1e-3 * jm;
        else if (role.kind === 'rsh') g = (gsh * vd) / c.rshOhmCm2;
        else if (role.kind === 'j0') g = -role.scale * Math.expm1(vd / (c.diodes[role.diode]!.n * vt));
        else {
          const d = c.diodes[role.diode]!;
          g = (d.j0MaCm2 * e[role.diode]! * vd) / (d.n * d.n * vt);
        }
        let dj = g * inv;
        if (def.log) dj *= p[k]! * LN10;
        jac[i * this.m + a] = dj;
      }
      const res = wi * (jm - this.j[i]!);
      r[i] = res;
      cost += res * res;
    }
    return Number.isFinite(cost) ? cost : Number.POSITIVE_INFINITY;
  }
}

interface LmResult {
  u: Float64Array;
  cost: number;
  iterations: number;
}

/** Bounded (projected) Levenberg-Marquardt. */
function levenbergMarquardt(
  pr: Problem,
  u0: ArrayLike<number>,
  maxIter: number,
  relTol = 1e-12,
  maxTries = 30,
): LmResult {
  const { m, n } = pr;
  const u = Float64Array.from(u0);
  for (let a = 0; a < m; a++) u[a] = Math.min(pr.uh[a]!, Math.max(pr.ul[a]!, u[a]!));
  const r = new Float64Array(n);
  const jac = new Float64Array(n * m);
  const buf = new Float64Array(n);
  let cost = pr.residJac(u, r, jac);
  if (!Number.isFinite(cost)) return { u, cost, iterations: 0 };
  let lambda = 1e-3;
  const logVar = pr.free.map((k) => pr.defs[k]!.log);
  const A = new Float64Array(m * m);
  const g = new Float64Array(m);
  let it = 0;
  let small = 0;
  for (; it < maxIter; it++) {
    A.fill(0);
    g.fill(0);
    for (let i = 0; i < n; i++) {
      const row = i * m;
      const ri = r[i]!;
      for (let a = 0; a < m; a++) {
        const ja = jac[row + a]!;
        g[a] = g[a]! + ja * ri;
        for (let b = 0; b <= a; b++) A[a * m + b] = A[a * m + b]! + ja * jac[row + b]!;
      }
    }
    for (let a = 0; a < m; a++) for (let b = 0; b < a; b++) A[b * m + a] = A[a * m + b]!;
    // active set: variables on a bound whose descent direction points out of the box
    const freeIdx: number[] = [];
    for (let a = 0; a < m; a++) {
      const span = pr.uh[a]! - pr.ul[a]!;
      const atLo = u[a]! <= pr.ul[a]! + 1e-12 * span && g[a]! > 0;
      const atHi = u[a]! >= pr.uh[a]! - 1e-12 * span && g[a]! < 0;
      if (!atLo && !atHi) freeIdx.push(a);
    }
    const f = freeIdx.length;
    if (f === 0) break;
    let accepted = false;
    let newCost = cost;
    let stepNorm = 0;
    for (let tries = 0; tries < maxTries; tries++) {
      const M = new Float64Array(f * f);
      const rhs = new Float64Array(f);
      for (let x = 0; x < f; x++) {
        const a = freeIdx[x]!;
        rhs[x] = -g[a]!;
        for (let y = 0; y < f; y++) M[x * f + y] = A[a * m + freeIdx[y]!]!;
        const dgl = A[a * m + a]!;
        M[x * f + x] = M[x * f + x]! + lambda * (dgl > 0 ? dgl : 1e-30);
      }
      const delta = solveSpdScaled(M, f, rhs);
      if (!delta) {
        lambda *= 10;
        continue;
      }
      // trust region on log variables: at most MAX_LOG_STEP decades per step (a linearised
      // exponential term can otherwise be switched off in one jump, where its gradient vanishes)
      for (let x = 0; x < f; x++) {
        if (logVar[freeIdx[x]!] && Math.abs(delta[x]!) > MAX_LOG_STEP) delta[x] = Math.sign(delta[x]!) * MAX_LOG_STEP;
      }
      const un = Float64Array.from(u);
      stepNorm = 0;
      for (let x = 0; x < f; x++) {
        const a = freeIdx[x]!;
        un[a] = Math.min(pr.uh[a]!, Math.max(pr.ul[a]!, u[a]! + delta[x]!));
        const span = pr.uh[a]! - pr.ul[a]!;
        stepNorm = Math.max(stepNorm, Math.abs(un[a]! - u[a]!) / (span > 0 ? span : 1));
      }
      const c = pr.cost(un, buf);
      if (c < cost) {
        newCost = c;
        u.set(un);
        accepted = true;
        lambda = Math.max(lambda / 5, 1e-12);
        break;
      }
      lambda *= 4;
      if (lambda > 1e16) break;
    }
    if (!accepted) break;
    const rel = (cost - newCost) / Math.max(cost, 1e-300);
    cost = pr.residJac(u, r, jac);
    if (rel < relTol || stepNorm < 1e-13) small++;
    else small = 0;
    if (small >= 3 || cost <= 1e-30 * n) break;
  }
  return { u, cost, iterations: it };
}

/** Solves (symmetric positive definite) M x = b with Jacobi scaling; null if not SPD. */
function solveSpdScaled(M: Float64Array, f: number, b: Float64Array): Float64Array | null {
  const inv = invertSpd(M, f);
  if (!inv) return null;
  const x = new Float64Array(f);
  for (let i = 0; i < f; i++) {
    let s = 0;
    for (let k = 0; k < f; k++) s += inv[i * f + k]! * b[k]!;
    x[i] = s;
  }
  return x;
}

/** Standard normal quantile (P. J. Acklam's rational approximation, refined by one Halley step). */
export function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const pl = 0.02425;
  let x: number;
  if (p < pl) {
    const q = Math.sqrt(-2 * Math.log(p));
    x =
      (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  } else if (p <= 1 - pl) {
    const q = p - 0.5;
    const r = q * q;
    x =
      ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
      (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x =
      -(((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  return x;
}

/** Student-t quantile by the Cornish-Fisher expansion around the normal quantile (nu >= 3). */
export function studentTQuantile(p: number, nu: number): number {
  const z = normalQuantile(p);
  const z3 = z ** 3;
  const z5 = z ** 5;
  const z7 = z ** 7;
  return (
    z +
    (z3 + z) / (4 * nu) +
    (5 * z5 + 16 * z3 + 3 * z) / (96 * nu * nu) +
    (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * nu ** 3)
  );
}

/**
 * Quantile of the F(d1, d2) distribution at probability p, by Paulson's normal approximation
 * of the cube root of F (E. Paulson, Ann. Math. Stat. 13, 233 (1942)); within about 1 % of the
 * exact value for d1 <= 10 and d2 >= 10, ample for the width of confidence intervals.
 */
export function fQuantile(p: number, d1: number, d2: number): number {
  const z = normalQuantile(p);
  const a1 = 2 / (9 * d1);
  const a2 = 2 / (9 * d2);
  const A = (1 - a2) ** 2 - z * z * a2;
  const B = -2 * (1 - a2) * (1 - a1);
  const C = (1 - a1) ** 2 - z * z * a1;
  const disc = B * B - 4 * A * C;
  if (!(A > 0) || !(disc >= 0)) return Number.NaN;
  const y = (-B + Math.sqrt(disc)) / (2 * A);
  return y ** 3;
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

export function fitCurve(opts: FitOptions): FitResult {
  const n = opts.voltageV.length;
  if (n !== opts.jMaCm2.length) throw new Error('fit: voltage and current arrays differ in length');
  if (n < 10) throw new Error(`fit: at least 10 points are needed (got ${n})`);
  const v = Float64Array.from(opts.voltageV);
  const j = Float64Array.from(opts.jMaCm2);
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(v[i]!) || !Number.isFinite(j[i]!)) throw new Error(`fit: point ${i + 1} is not a number`);
    if (i > 0 && !(v[i]! > v[i - 1]!)) throw new Error(`fit: voltage must increase strictly (point ${i + 1})`);
  }
  const absorber = opts.absorber ? { ...opts.absorber, tK: opts.tK } : undefined;
  const defs = paramDefs(opts.model, j[0]!, absorber);
  for (const d of defs) {
    const b = opts.bounds?.[d.key];
    if (b) {
      if (!(b[0] <= b[1])) throw new Error(`fit: range of ${d.key} is empty ([${b[0]}, ${b[1]}])`);
      d.lo = b[0];
      d.hi = b[1];
    }
    if (d.key === 'n' && d.lo < 0.1) d.lo = Math.min(0.1, d.hi);
    if (d.log && !(d.hi > 0)) throw new Error(`fit: upper bound of ${d.key} must be positive`);
  }
  for (const key of Object.keys(opts.fixed ?? {})) {
    if (!defs.some((d) => d.key === key)) throw new Error(`fit: unknown parameter "${key}" in fixed`);
  }
  // A lower bound of 0 on a recombination prefactor becomes a floor at which the term carries
  // less than 1e-12 of the largest measured current even at the highest voltage (the Auger term,
  // ideality 2/3, needs floors far below the nominal 1e-10).
  {
    const template0 = templateCircuit(opts.model, opts.tK, absorber);
    let vMax = 0;
    let jMax = 0;
    for (let i = 0; i < n; i++) {
      vMax = Math.max(vMax, v[i]!);
      jMax = Math.max(jMax, Math.abs(j[i]!));
    }
    for (const d of defs) {
      if (d.role.kind !== 'j0' || !d.log || d.lo > 0 || opts.model === 'sdm') continue;
      const nDiode = template0.diodes[d.role.diode]!.n;
      const lnNeg = Math.log((1e-12 * Math.max(jMax, 1e-6)) / d.role.scale) - vMax / (nDiode * template0.vtV);
      const floor = Math.exp(Math.max(lnNeg, -690));
      d.floor = Math.min(d.floor ?? 1e-30, floor);
    }
  }
  const fixedIn: Record<string, number> = { ...opts.fixed };
  if (opts.model === 'modified' && fixedIn['nIf'] === undefined && !opts.fitInterfaceIdeality) {
    fixedIn['nIf'] = absorber?.nIf ?? 1;
  }
  const fixedValues = Float64Array.from(defs, (d) => fixedIn[d.key] ?? Number.NaN);
  const free = defs.map((_, k) => k).filter((k) => !Number.isFinite(fixedValues[k]!));
  const template = templateCircuit(opts.model, opts.tK, absorber);
  let weights: Float64Array | null = null;
  if (opts.weighting === 'relative') {
    let jMax = 0;
    for (let i = 0; i < n; i++) jMax = Math.max(jMax, Math.abs(j[i]!));
    const floor = Math.max(1e-6 * jMax, 1e-300);
    weights = Float64Array.from(j, (x) => 1 / Math.max(Math.abs(x), floor));
  }
  const pr = new Problem(opts.model, defs, free, fixedValues, v, j, template, opts.tK, weights);
  const m = pr.m;
  const rng = new Prng(opts.seed ?? 1);

  // ---- global start
  const sub = pr.subsample(60);
  const bufSub = new Float64Array(sub.n);
  const starts: Float64Array[] = analyticStarts(opts.model, pr, v, j, defs, opts.tK);
  if (opts.model !== 'sdm' && opts.singleDiodeStart) {
    starts.unshift(...startFromSingleDiode(opts, pr, defs));
  }
  const nAnalyticStarts = starts.length;
  const nRandom = opts.randomStarts ?? 200;
  for (let s = 0; s < nRandom; s++) {
    const u = new Float64Array(m);
    for (let a = 0; a < m; a++) {
      const lo = pr.ul[a]!;
      const hi = pr.uh[a]!;
      const def = defs[free[a]!]!;
      // a linear variable from 0 (Rs) is drawn log-uniformly over its top four decades
      u[a] = !def.log && lo === 0 && hi > 0 ? hi * 10 ** rng.uniform(-4, 0) : rng.uniform(lo, hi);
    }
    starts.push(u);
  }
  // every analytic start is refined; random starts only when they score among the best
  const nAnalytic = nAnalyticStarts;
  const scoredRandom = starts
    .slice(nAnalytic)
    .map((u) => ({ u, c: sub.cost(u, bufSub) }))
    .filter((s) => Number.isFinite(s.c))
    .sort((a, b) => a.c - b.c);
  const nRandomRefine = opts.model === 'sdm' ? 2 : 4;
  const toRefine = [...starts.slice(0, nAnalytic), ...scoredRandom.slice(0, nRandomRefine).map((s) => s.u)];
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
  const fin = best!;

  // ---- statistics
  const r = new Float64Array(n);
  const jac = new Float64Array(n * m);
  const cost = pr.residJac(fin.u, r, jac);
  const p = pr.values(fin.u);
  const fittedJ = new Float64Array(n);
  pr.modelJ(p, fittedJ);
  let ssr = 0;
  for (let i = 0; i < n; i++) ssr += (fittedJ[i]! - j[i]!) ** 2;
  const rmse = Math.sqrt(ssr / n);
  let mean = 0;
  for (let i = 0; i < n; i++) mean += j[i]!;
  mean /= n;
  let sst = 0;
  for (let i = 0; i < n; i++) sst += (j[i]! - mean) ** 2;
  const A = new Float64Array(m * m);
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < m; a++)
      for (let b = 0; b < m; b++) A[a * m + b] = A[a * m + b]! + jac[i * m + a]! * jac[i * m + b]!;
  }
  // Covariance of all variables; if J^T J is singular, of those not sitting on a bound (held, as
  // in the last LM step), with a tiny ridge if still singular so that undetermined directions get
  // huge variances. A variable on a bound left out of a singular problem is undetermined: its
  // interval is its whole range.
  let cov = invertSpd(A, m);
  let singular = false;
  const undetermined = new Set<number>();
  if (!cov) {
    singular = true;
    const onBound = (a: number): boolean => {
      const span = pr.uh[a]! - pr.ul[a]!;
      return fin.u[a]! <= pr.ul[a]! + 1e-6 * span || fin.u[a]! >= pr.uh[a]! - 1e-6 * span;
    };
    const inner: number[] = [];
    for (let a = 0; a < m; a++) {
      if (onBound(a)) undetermined.add(a);
      else inner.push(a);
    }
    const mi = inner.length;
    const Ai = new Float64Array(mi * mi);
    inner.forEach((a, x) => {
      inner.forEach((b, y) => {
        Ai[x * mi + y] = A[a * m + b]!;
      });
    });
    const covInner = invertSpd(Ai, mi) ?? invertSpd(Ai, mi, 1e-12);
    if (covInner) {
      const full = new Float64Array(m * m);
      inner.forEach((a, x) => {
        inner.forEach((b, y) => {
          full[a * m + b] = covInner[x * mi + y]!;
        });
      });
      cov = full;
    }
  }
  const dof = Math.max(n - m, 1);
  const s2 = (cost / dof) * Math.max(1, opts.measuredPointCount ? n / opts.measuredPointCount : 1);
  const level = opts.confidenceLevel ?? 0.95;
  const tInd = studentTQuantile(0.5 + level / 2, Math.max(dof, 3));
  const intervals = opts.intervals ?? 'simultaneous';
  const tSim = Math.sqrt(m * fQuantile(level, m, dof));
  const t = intervals === 'simultaneous' ? tSim : tInd;
  const warnings: string[] = [];
  const parameters: FittedParameter[] = defs.map((d, k) => {
    const a = free.indexOf(k);
    const value = p[k]!;
    if (a < 0) {
      return {
        key: d.key,
        unit: d.unit,
        description: d.description,
        value,
        ciLow: value,
        ciHigh: value,
        ciLowIndividual: value,
        ciHighIndividual: value,
        stdErrorVariable: 0,
        logScale: d.log,
        lo: d.lo,
        hi: d.hi,
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
    const back = (x: number, isLow: boolean): number => (d.log ? (isLow && x <= ul && d.lo === 0 ? 0 : 10 ** x) : x);
    const span = uh - ul;
    const atBound = u <= ul + 1e-6 * span ? 'lower' : u >= uh - 1e-6 * span ? 'upper' : null;
    if (atBound) {
      const bound = atBound === 'lower' ? d.lo : d.hi;
      warnings.push(
        `${d.key} (${d.description}) hit its ${atBound} bound ${bound} ${d.unit}: widen the range or check the data`,
      );
    }
    return {
      key: d.key,
      unit: d.unit,
      description: d.description,
      value: atBound === 'lower' && d.log && d.lo === 0 ? 0 : value,
      ciLow: back(lowU, true),
      ciHigh: back(highU, false),
      ciLowIndividual: back(lowI, true),
      ciHighIndividual: back(highI, false),
      stdErrorVariable: se,
      logScale: d.log,
      lo: d.lo,
      hi: d.hi,
      fixed: false,
      atBound,
    };
  });
  if (singular || !cov) {
    warnings.push(
      'the Jacobian is (nearly) singular: some parameters are not determined by the data (their intervals span the range)',
    );
  }
  const params: Record<string, number> = {};
  for (const q of parameters) params[q.key] = q.value;
  const fitted = Array.from(fittedJ);
  const circuit = pr.circuit(p);
  let modelKeyFigures: KeyFigures | null = null;
  if (circuit.jphMaCm2 > 0) {
    try {
      modelKeyFigures = circuitKeyFigures(new CircuitEvaluator(circuit), { pinMwCm2: opts.pinMwCm2 });
    } catch {
      modelKeyFigures = null;
    }
  }
  return {
    model: opts.model,
    params,
    parameters,
    rmseMaCm2: rmse,
    r2: sst > 0 ? 1 - ssr / sst : Number.NaN,
    voltageV: Array.from(v),
    fittedJMaCm2: fitted,
    residualsMaCm2: fitted.map((x, i) => x - j[i]!),
    modelKeyFigures,
    dataKeyFigures: sampledKeyFigures(v, j, opts.pinMwCm2),
    confidenceLevel: level,
    intervals,
    iterations: fin.iterations,
    warnings,
  };
}

/**
 * Start for a multi-diode model from a single-diode fit of the same data: Jph, Rs, Rsh are taken
 * over, and the diode current of the single-diode fit at Voc, S = J0 exp(Voc/(n Vt)) (less the
 * fixed radiative current), is split between the ideality-n_a and ideality-n_b diodes so that
 * both the current and its local ideality n match: X + Y = S, X/n_a + Y/n_b = S/n.
 */
function startFromSingleDiode(opts: FitOptions, pr: Problem, defs: ParamDef[]): Float64Array[] {
  let sdm: FitResult;
  try {
    sdm = fitCurve({
      model: 'sdm',
      voltageV: opts.voltageV,
      jMaCm2: opts.jMaCm2,
      tK: opts.tK,
      seed: opts.seed,
      randomStarts: 100,
      weighting: opts.weighting,
      fixed: opts.fixed?.['jphMaCm2'] !== undefined ? { jphMaCm2: opts.fixed['jphMaCm2'] } : undefined,
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
    const u = new Float64Array(pr.m);
    pr.free.forEach((k, i) => {
      const d = defs[k]!;
      const val = values[d.key] ?? 0;
      const raw = d.log ? Math.log10(val > 0 ? val : 1e-300) : val;
      u[i] = Math.min(pr.uh[i]!, Math.max(pr.ul[i]!, raw));
    });
    out.push(u);
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
    const u = new Float64Array(pr.m);
    pr.free.forEach((k, i) => {
      const d = defs[k]!;
      const x = values[d.key] ?? 0;
      const raw = d.log ? Math.log10(x > 0 ? x : 1e-300) : x;
      u[i] = Math.min(pr.uh[i]!, Math.max(pr.ul[i]!, raw));
    });
    out.push(u);
  }
  return out;
}

/**
 * The least-squares problem of a circuit fit (fit.ts) over one or several J-V curves of one
 * device, and the bounded Levenberg-Marquardt method that solves it.
 *
 * Parameters are "slots": a parameter shared by every curve has one slot, a parameter fitted per
 * curve (the photocurrent of each light intensity) one slot per curve. Curve c is the circuit
 * (diode-circuit.ts) built from the shared slots and its own; the residuals of all curves are
 * stacked, r = w (J_model(V_i) - J_i), so the Jacobian of curve c's rows is zero in the other
 * curves' slots.
 *
 * Fit variables u: log10(p) for parameters spanning decades, p itself otherwise.
 * Jacobian: analytic, by implicit differentiation of F(J, p) = Jgen(Vd; p) - J = 0 with
 * Vd = V + 1e-3 Rs J:
 *   dJ/dp = (dJgen/dp |Vd + Jgen'(Vd) 1e-3 J [p = Rs]) / (1 - 1e-3 Rs Jgen'(Vd)),
 *   dJgen/dJph = 1, dJgen/dJ0k = -(exp(Vd/(nk Vt)) - 1), dJgen/dnk = J0k exp(..) Vd/(nk^2 Vt),
 *   dJgen/dRsh = 1e3 Vd / Rsh^2;  d/du = p ln(10) d/dp for log variables.
 *
 * LM: (J^T J + lambda diag(J^T J)) delta = -J^T r (D. W. Marquardt, J. SIAM 11, 431 (1963)),
 * steps projected onto the bounds, variables sitting on a bound with the gradient pointing
 * outwards held fixed for that step (projected/active-set LM, cf. Kanzow, Yamashita and Fukushima,
 * J. Comput. Appl. Math. 172, 375 (2004)); a log variable moves by at most 3 decades per step.
 */

import { dampedStep, movableVariables } from '../numerics/bounded-lm.js';
import { CircuitEvaluator, type DiodeCircuit } from './diode-circuit.js';
import { SdmSolver } from './models.js';

export type FitModelName = 'sdm' | '2dm' | 'modified';

export type Role =
  | { kind: 'jph' }
  | { kind: 'rs' }
  | { kind: 'rsh' }
  | { kind: 'j0'; diode: number; scale: number }
  | { kind: 'n'; diode: number };

export interface ParamDef {
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

/** A fitted quantity: parameter `def` (index into the defs), shared (curve null) or of one curve. */
export interface Slot {
  def: number;
  curve: number | null;
  lo: number;
  hi: number;
}

/** One curve's points and residual weights (null: unweighted). */
export interface CurveData {
  v: Float64Array;
  j: Float64Array;
  w: Float64Array | null;
  /** Residuals relative to |J| point by point (a dark curve), not just scaled per curve. */
  relative: boolean;
}

const LN10 = Math.LN10;
/** Largest change of a log10 variable in one Levenberg-Marquardt step (decades). */
const MAX_LOG_STEP = 3;

/** The least-squares problem in the fit variables u (the free slots). */
export class Problem {
  readonly m: number;
  /** Number of points of all curves. */
  readonly n: number;
  readonly ul: Float64Array;
  readonly uh: Float64Array;
  /** First row of each curve in the stacked residuals. */
  readonly offsets: number[];
  private readonly full: Float64Array;

  constructor(
    readonly model: FitModelName,
    readonly defs: ParamDef[],
    readonly slots: Slot[],
    readonly free: number[],
    fixedValues: Float64Array,
    readonly curves: CurveData[],
    readonly template: DiodeCircuit,
    readonly tK: number,
  ) {
    this.m = free.length;
    this.offsets = [];
    let n = 0;
    for (const c of curves) {
      this.offsets.push(n);
      n += c.v.length;
    }
    this.n = n;
    this.full = Float64Array.from(fixedValues);
    this.ul = new Float64Array(this.m);
    this.uh = new Float64Array(this.m);
    free.forEach((s, i) => {
      const slot = slots[s]!;
      const d = defs[slot.def]!;
      this.ul[i] = d.log ? Math.log10(slot.lo > 0 ? slot.lo : (d.floor ?? 1e-30)) : slot.lo;
      this.uh[i] = d.log ? Math.log10(slot.hi) : slot.hi;
    });
  }

  /** The parameter definition of free variable a. */
  defOf(a: number): ParamDef {
    return this.defs[this.slots[this.free[a]!]!.def]!;
  }

  /** The same problem on at most `count` points per curve (evenly spread). */
  subsample(count: number): Problem {
    if (this.curves.every((c) => c.v.length <= count)) return this;
    const curves = this.curves.map((c) => {
      const n = c.v.length;
      if (n <= count) return c;
      const idx: number[] = [];
      for (let i = 0; i < count; i++) idx.push(Math.round((i * (n - 1)) / (count - 1)));
      return {
        v: Float64Array.from(idx, (i) => c.v[i]!),
        j: Float64Array.from(idx, (i) => c.j[i]!),
        w: c.w ? Float64Array.from(idx, (i) => c.w![i]!) : null,
        relative: c.relative,
      };
    });
    return new Problem(this.model, this.defs, this.slots, this.free, this.full, curves, this.template, this.tK);
  }

  /** The problem with free variable a held at u = value (a profile-likelihood step). */
  holding(a: number, value: number): Problem {
    const slot = this.free[a]!;
    const full = Float64Array.from(this.full);
    full[slot] = this.defs[this.slots[slot]!.def]!.log ? 10 ** value : value;
    return new Problem(
      this.model,
      this.defs,
      this.slots,
      this.free.filter((_, b) => b !== a),
      full,
      this.curves,
      this.template,
      this.tK,
    );
  }

  /**
   * Fit variables of parameter values by key (a missing one is 0), clipped to the box; a
   * per-curve slot takes perCurve[c][key] when given.
   */
  variablesFrom(values: Record<string, number>, perCurve?: Array<Record<string, number>>): Float64Array {
    const u = new Float64Array(this.m);
    this.free.forEach((s, i) => {
      const slot = this.slots[s]!;
      const d = this.defs[slot.def]!;
      const own = slot.curve === null ? undefined : perCurve?.[slot.curve]?.[d.key];
      const x = own ?? values[d.key] ?? 0;
      const raw = d.log ? Math.log10(x > 0 ? x : 1e-300) : x;
      u[i] = Math.min(this.uh[i]!, Math.max(this.ul[i]!, raw));
    });
    return u;
  }

  /** All slot values (fixed ones included) for variables u. */
  values(u: ArrayLike<number>): Float64Array {
    const p = Float64Array.from(this.full);
    this.free.forEach((s, i) => {
      p[s] = this.defs[this.slots[s]!.def]!.log ? 10 ** u[i]! : u[i]!;
    });
    return p;
  }

  /** Parameter values of curve c by key. */
  paramsOf(p: Float64Array, c: number): Record<string, number> {
    const out: Record<string, number> = {};
    this.slots.forEach((s, k) => {
      if (s.curve === null || s.curve === c) out[this.defs[s.def]!.key] = p[k]!;
    });
    return out;
  }

  /** The circuit of curve c. */
  circuit(p: Float64Array, c: number): DiodeCircuit {
    const t = this.template;
    const out: DiodeCircuit = { ...t, diodes: t.diodes.map((d) => ({ ...d })) };
    this.slots.forEach((s, k) => {
      if (s.curve !== null && s.curve !== c) return;
      const x = p[k]!;
      const r = this.defs[s.def]!.role;
      if (r.kind === 'jph') out.jphMaCm2 = x;
      else if (r.kind === 'rs') out.rsOhmCm2 = x;
      else if (r.kind === 'rsh') out.rshOhmCm2 = x;
      else if (r.kind === 'j0') out.diodes[r.diode]!.j0MaCm2 = x * r.scale;
      else out.diodes[r.diode]!.n = x;
    });
    return out;
  }

  /** Model current of curve c at its voltages, written to out[offset..] (Lambert W for the single-diode model). */
  modelJ(p: Float64Array, c: number, out: Float64Array, offset = 0, voltages?: Float64Array): void {
    const circuit = this.circuit(p, c);
    const v = voltages ?? this.curves[c]!.v;
    if (this.model === 'sdm') {
      const s = new SdmSolver({
        jphMaCm2: circuit.jphMaCm2,
        j0MaCm2: circuit.diodes[0]!.j0MaCm2,
        n: circuit.diodes[0]!.n,
        rsOhmCm2: circuit.rsOhmCm2,
        rshOhmCm2: circuit.rshOhmCm2,
        tK: this.tK,
      });
      for (let i = 0; i < v.length; i++) out[offset + i] = s.jAtV(v[i]!);
    } else {
      out.set(new CircuitEvaluator(circuit).curve(v), offset);
    }
  }

  /** Sum of squared (weighted) residuals (Infinity when the model cannot be evaluated). */
  cost(u: ArrayLike<number>, buf: Float64Array): number {
    const p = this.values(u);
    let s = 0;
    for (let c = 0; c < this.curves.length; c++) {
      const { j, w } = this.curves[c]!;
      const o = this.offsets[c]!;
      try {
        this.modelJ(p, c, buf, o);
      } catch {
        return Number.POSITIVE_INFINITY;
      }
      if (w) for (let i = 0; i < j.length; i++) s += (w[i]! * (buf[o + i]! - j[i]!)) ** 2;
      else for (let i = 0; i < j.length; i++) s += (buf[o + i]! - j[i]!) ** 2;
    }
    return Number.isFinite(s) ? s : Number.POSITIVE_INFINITY;
  }

  /** Residuals r = w (J_model - J) and Jacobian dr/du (row-major n x m). Returns the cost. */
  residJac(u: ArrayLike<number>, r: Float64Array, jac: Float64Array): number {
    const p = this.values(u);
    let cost = 0;
    for (let c = 0; c < this.curves.length; c++) {
      const curve = this.curves[c]!;
      const o = this.offsets[c]!;
      const circuit = this.circuit(p, c);
      try {
        this.modelJ(p, c, r, o);
      } catch {
        return Number.POSITIVE_INFINITY;
      }
      const vt = circuit.vtV;
      const rsK = 1e-3 * circuit.rsOhmCm2;
      const gsh = 1e3 / circuit.rshOhmCm2;
      const nd = circuit.diodes.length;
      const e = new Float64Array(nd);
      for (let i = 0; i < curve.v.length; i++) {
        const row = o + i;
        const jm = r[row]!;
        const vd = curve.v[i]! + rsK * jm;
        let dJgen = -gsh;
        for (let k = 0; k < nd; k++) {
          const d = circuit.diodes[k]!;
          e[k] = Math.exp(vd / (d.n * vt));
          dJgen -= (d.j0MaCm2 / (d.n * vt)) * e[k]!;
        }
        const wi = curve.w ? curve.w[i]! : 1;
        const inv = wi / (1 - rsK * dJgen);
        for (let a = 0; a < this.m; a++) {
          const k = this.free[a]!;
          const slot = this.slots[k]!;
          if (slot.curve !== null && slot.curve !== c) {
            jac[row * this.m + a] = 0;
            continue;
          }
          const def = this.defs[slot.def]!;
          const role = def.role;
          let g: number;
          if (role.kind === 'jph') g = 1;
          else if (role.kind === 'rs') g = dJgen * 1e-3 * jm;
          else if (role.kind === 'rsh') g = (gsh * vd) / circuit.rshOhmCm2;
          else if (role.kind === 'j0') g = -role.scale * Math.expm1(vd / (circuit.diodes[role.diode]!.n * vt));
          else {
            const d = circuit.diodes[role.diode]!;
            g = (d.j0MaCm2 * e[role.diode]! * vd) / (d.n * d.n * vt);
          }
          let dj = g * inv;
          if (def.log) dj *= p[k]! * LN10;
          jac[row * this.m + a] = dj;
        }
        const res = wi * (jm - curve.j[i]!);
        r[row] = res;
        cost += res * res;
      }
    }
    return Number.isFinite(cost) ? cost : Number.POSITIVE_INFINITY;
  }
}

export interface LmResult {
  u: Float64Array;
  cost: number;
  iterations: number;
}

/**
 * Bounded (projected) Levenberg-Marquardt; stops after `stallLimit` consecutive steps that lower
 * the cost by less than relTol (relative) or move less than 1e-13 of the box.
 */
export function levenbergMarquardt(
  pr: Problem,
  u0: ArrayLike<number>,
  maxIter: number,
  relTol = 1e-12,
  maxTries = 30,
  stallLimit = 3,
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
  const logVar = pr.free.map((_, a) => pr.defOf(a).log);
  const A = new Float64Array(m * m);
  const g = new Float64Array(m);
  let it = 0;
  let small = 0;
  for (; it < maxIter; it++) {
    normalEquations(jac, r, n, m, A, g);
    const freeIdx = movableVariables(u, pr.ul, pr.uh, g);
    if (freeIdx.length === 0) break;
    let accepted = false;
    let newCost = cost;
    let stepNorm = 0;
    for (let tries = 0; tries < maxTries; tries++) {
      const step = dampedStep(A, g, u, pr.ul, pr.uh, freeIdx, lambda, logVar, MAX_LOG_STEP);
      if (!step) {
        lambda *= 10;
        continue;
      }
      const un = step.u;
      stepNorm = step.stepNorm;
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
    if (small >= stallLimit || cost <= 1e-30 * n) break;
  }
  return { u, cost, iterations: it };
}

/** J^T J (full symmetric m x m) and J^T r of a row-major n x m Jacobian. */
export function normalEquations(
  jac: Float64Array,
  r: Float64Array | null,
  n: number,
  m: number,
  A: Float64Array,
  g: Float64Array | null,
): void {
  A.fill(0);
  g?.fill(0);
  for (let i = 0; i < n; i++) {
    const row = i * m;
    const ri = r ? r[i]! : 0;
    for (let a = 0; a < m; a++) {
      const ja = jac[row + a]!;
      if (g) g[a] = g[a]! + ja * ri;
      for (let b = 0; b <= a; b++) A[a * m + b] = A[a * m + b]! + ja * jac[row + b]!;
    }
  }
  for (let a = 0; a < m; a++) for (let b = 0; b < a; b++) A[b * m + a] = A[a * m + b]!;
}

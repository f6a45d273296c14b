/**
 * Fully coupled damped Newton iteration on (u, fn, fp) for the discretised drift-diffusion system
 * (Bank & Rose, Numer. Math. 37, 279 (1981) for damped Newton in device simulation; Selberherr 1984,
 * ch. 7). Each iteration assembles the residual and the block-tridiagonal Jacobian (3x3 blocks) and
 * solves it in O(N); the update is scaled down so that no variable moves by more than maxStep
 * thermal voltages, the quasi-Fermi-level parts mapped through density space (see below).
 * Converged when the largest undamped update is below tol (in units of Vt), or when the row-scaled
 * residual is at rounding (1e-12) and the updates have stopped shrinking (see below), or, in a
 * continuation that shares a Contraction, when the first update is small enough that the error it
 * leaves, estimated from the contraction measured on recent steps, is far below tol.
 *
 * Continuation: voltage steps with a secant predictor, adaptive step length, step halving on
 * failure; 'did not converge at V = ...' with the last residual when the step gets too small; a
 * wall-clock deadline ends a run as non-convergent (never a hang).
 */
import type { EngineMessage } from '../../messages/index.js';
import type { DDSystem } from './system.js';

export interface NewtonSettings {
  maxIterations: number;
  tol: number;
  maxStep: number;
  deadline: number;
  clock: () => number;
  /**
   * Shared by the steps of one continuation: the contraction observed there, to accept a step
   * whose own update already leaves an error far below tol (see acceptsByContraction).
   */
  contraction?: Contraction;
}

/**
 * Quadratic convergence seen in a continuation: the error left by an undamped Newton update of
 * size d is about c d^2, with c measured as d_k / d_{k-1}^2 on consecutive iterations (Deuflhard,
 * Newton Methods for Nonlinear Problems, 2004, §2.1: the a-posteriori Kantorovich estimate). A
 * step of a smoothly predicted sweep typically starts within 1e-5 Vt of its solution and its
 * second update is 1e-11 Vt, under rounding of any figure: the second iteration only confirms.
 */
export interface Contraction {
  /** The largest recent d_k / d_{k-1}^2 (1/Vt); NaN before any was seen. */
  c: number;
  /** Steps accepted on the estimate since the last one that measured c. */
  sinceMeasured: number;
  /** The estimated error (Vt) below which a step is accepted after one update. */
  acceptBelow: number;
}
/** Updates beyond this (Vt) are outside the quadratic regime: never accepted on the estimate. */
const CONTRACTION_MAX_UPDATE = 1e-2;
/** After this many steps accepted on the estimate, a step iterates to tol to measure c again. */
const CONTRACTION_REMEASURE = 3;
/** Updates below this are rounding: a ratio taken with them is an upper bound of c. */
const CONTRACTION_MIN_UPDATE = 1e-13;

/**
 * A contraction estimate for one continuation; a step is accepted after its first update when the
 * estimated error c d^2 is below acceptBelowVt (a J-V: 1e-2 of the Newton tolerance, far below
 * anything a figure shows; a time step: a small fraction of the local error tolerance, which the
 * Newton error must not disturb).
 */
export function newContraction(acceptBelowVt: number): Contraction {
  return { c: Number.NaN, sinceMeasured: 0, acceptBelow: acceptBelowVt };
}

/**
 * True when the undamped update d, just applied, leaves an estimated error c d^2 below the
 * continuation's bound, with c measured recently in it.
 */
function acceptsByContraction(k: Contraction, d: number): boolean {
  if (!(k.c >= 0) || k.sinceMeasured >= CONTRACTION_REMEASURE || d > CONTRACTION_MAX_UPDATE) return false;
  return k.c * d * d < k.acceptBelow;
}

export interface NewtonOutcome {
  ok: boolean;
  iterations: number;
  /** Max-norm of the row-scaled residual at the last assembly. */
  residual: number;
  timedOut: boolean;
}

/** The run's wall-clock limit passed; `msg` says where, for the result. */
export class WallClockExceeded extends Error {
  readonly msg: EngineMessage;
  constructor(msg: EngineMessage) {
    super(msg.text);
    this.msg = msg;
    this.name = 'WallClockExceeded';
  }
}

/** A row-scaled residual this small is rounding (each row is scaled to unit largest derivative). */
const RESIDUAL_AT_ROUNDING = 1e-12;
/** Iterations over which the updates must stop shrinking (by half) before rounding is declared. */
const STALL_ITERATIONS = 3;

/** Newton on x (modified in place) at scaled internal voltage v. */
export function newton(sys: DDSystem, x: Float64Array, v: number, s: NewtonSettings): NewtonOutcome {
  const bs = sys.m;
  const n3 = bs * sys.N;
  const dx = new Float64Array(n3);
  let residual = Number.POSITIVE_INFINITY;
  // the last few largest updates, to tell convergence at rounding from slow progress
  const recent: number[] = [];
  // the previous undamped update, for the contraction estimate
  let lastUndamped = Number.NaN;
  const kc = s.contraction;
  for (let it = 1; it <= s.maxIterations; it++) {
    if (s.clock() > s.deadline) return { ok: false, iterations: it - 1, residual, timedOut: true };
    residual = sys.assemble(x, v);
    if (!Number.isFinite(residual)) return { ok: false, iterations: it, residual, timedOut: false };
    for (let k = 0; k < n3; k++) sys.F[k] = -sys.F[k]!;
    if (!sys.linearSolve(sys.F, dx)) return { ok: false, iterations: it, residual, timedOut: false };
    const dv = sys.circuit ? sys.circuitStep : 0;
    // the largest undamped update, in thermal voltages (potential, quasi-Fermi levels of the
    // carriers and of the ions)
    let m = 0;
    for (let k = 0; k < n3; k++) {
      const a = Math.abs(dx[k]!);
      if (a > m) m = a;
    }
    m = Math.max(m, Math.abs(dv));
    // Converged at rounding: every equation is satisfied to 1e-12 of its largest derivative and
    // the updates have stopped shrinking. The update test alone can then fail for ever: where
    // both carriers are nearly absent (an undoped wide-gap transport layer under an ohmic contact,
    // 1e7 cm^-3) a quasi-Fermi level barely enters any equation and its update is rounding noise
    // of 1e-4 Vt, iteration after iteration, while no current or rate it sets is above rounding.
    if (residual < RESIDUAL_AT_ROUNDING && it > STALL_ITERATIONS && m > 0.5 * Math.min(...recent))
      return { ok: true, iterations: it, residual, timedOut: false };
    recent.push(m);
    if (recent.length > STALL_ITERATIONS) recent.shift();
    if (!Number.isFinite(m)) return { ok: false, iterations: it, residual, timedOut: false };
    // Quasi-Fermi-level updates taken in density space: at fixed potential the Newton step in
    // (n, p) is n_new = n (1 + dfn), p_new = p (1 - dfp), i.e. fn += ln(1 + dfn), fp -= ln(1 - dfp).
    // Identical to first order (quadratic convergence is kept) but exact for the linear
    // continuity equations, so large density changes (light switched on, minority carriers) take a
    // few iterations instead of one thermal voltage per iteration.
    for (let i = 0; i < sys.N; i++) {
      const dn = dx[bs * i + 1]!;
      if (dn > -0.999) dx[bs * i + 1] = Math.log1p(dn);
      const dp = dx[bs * i + 2]!;
      if (dp < 0.999) dx[bs * i + 2] = -Math.log1p(-dp);
    }
    // damping: no variable moves by more than maxStep thermal voltages
    let m2 = Math.abs(dv);
    for (let k = 0; k < n3; k++) {
      const a = Math.abs(dx[k]!);
      if (a > m2) m2 = a;
    }
    const scale = m2 > s.maxStep ? s.maxStep / m2 : 1;
    for (let k = 0; k < n3; k++) x[k]! += scale * dx[k]!;
    if (sys.circuit) sys.circuit.v += scale * dv;
    if (kc) {
      if (scale === 1 && lastUndamped > 0 && lastUndamped <= CONTRACTION_MAX_UPDATE) {
        // an update at rounding bounds c from above
        const c = Math.max(m, CONTRACTION_MIN_UPDATE) / (lastUndamped * lastUndamped);
        // the larger of this and the decayed earlier measurement: c grows towards Voc
        kc.c = Number.isNaN(kc.c) ? c : Math.max(c, 0.5 * kc.c);
        kc.sinceMeasured = 0;
      }
      lastUndamped = scale === 1 ? m : Number.NaN;
      if (m >= s.tol && scale === 1 && it === 1 && acceptsByContraction(kc, m)) {
        kc.sinceMeasured++;
        return { ok: true, iterations: it, residual, timedOut: false };
      }
    }
    if (m < s.tol) return { ok: true, iterations: it, residual, timedOut: false };
  }
  return { ok: false, iterations: s.maxIterations, residual, timedOut: false };
}

/**
 * Bounded trust-region least squares of a device fit: Levenberg-Marquardt on the weighted
 * residuals r(u) (curves.ts), with the Jacobian from forward finite differences
 *   dr/du_a ~ (r(u + h_a e_a) - r(u)) / h_a,  h_a = 0.005 decade (log variables) or 1e-3 of the
 *   range (linear ones), taken backwards at an upper bound,
 * whose m columns are one batch of forward runs (run side by side by the evaluator). The damped
 * step is the circuit fit's (numerics/bounded-lm.ts); with P parallel workers P damping factors
 * lambda, 4 lambda, ... are tried in one batch and the smallest that lowers the cost is taken, so
 * a rejected step costs no extra wall time. A failed run (no convergence) counts as an infinite
 * cost: the step is refused and damped. Variables listed in `hold` stay where they are (the
 * profile likelihood refits the others around a held one).
 *
 * Stops when the cost falls by less than 1e-6 (relative) or by less than 1e-3 (absolute: the
 * residuals are in noise units, so S is chi-square, and a change of 1e-3 is nothing next to the
 * 3.84 that moves a 95 % interval's end) twice in a row, when the step moves less than 1e-6 of
 * every range, when no step lowers the cost even on a central-difference Jacobian, or after
 * maxIterations.
 */
import { normalEquations } from '../circuit/least-squares.js';
import { dampedStep, movableVariables } from '../numerics/bounded-lm.js';
import type { FitPoint, FitSession } from './session.js';

/** Largest move of a log10 variable in one step (decades). */
const MAX_LOG_STEP = 2;
const LOG_FD_STEP = 0.005;
const LINEAR_FD_FRACTION = 1e-3;
/** A fall of the cost (chi-square) too small to matter to any interval. */
const MIN_CHI2_DROP = 1e-3;

export interface Box {
  ul: Float64Array;
  uh: Float64Array;
  log: boolean[];
}

export interface LmOutcome {
  point: FitPoint;
  /** Jacobian dr/du at the point (row-major n x m), when one was computed there. */
  jac: Float64Array | null;
  iterations: number;
}

export interface LmOptions {
  maxIterations: number;
  hold?: ReadonlySet<number>;
  /** Called after each accepted step. */
  onIteration?: (point: FitPoint, iteration: number) => void;
  /**
   * The first step's Jacobian, instead of one computed at the start (a profile refit starts from
   * the optimum's, which the finite differences near it would hardly change); later steps compute
   * their own.
   */
  jacobian?: Float64Array;
  /** Whether the Jacobian at the final point is computed (for intervals); default true. */
  finalJacobian?: boolean;
}

function fdStep(box: Box, a: number, u: number): number {
  const h = box.log[a] ? LOG_FD_STEP : LINEAR_FD_FRACTION * (box.uh[a]! - box.ul[a]!);
  return u + h > box.uh[a]! ? -h : h;
}

/**
 * The Jacobian at a point (its residuals known): one batch of m runs (held variables get 0).
 * Central differences (2m runs; one-sided where a bound is within the step) when asked: their
 * error is O(h^2) instead of O(h), which matters at a minimum, where the gradient is as small as
 * the forward differences' curvature error.
 */
export async function jacobianAt(
  session: FitSession,
  box: Box,
  at: FitPoint,
  hold?: ReadonlySet<number>,
  central = false,
): Promise<Float64Array> {
  const m = at.u.length;
  const n = at.r!.length;
  const cols = [...Array(m).keys()].filter((a) => !hold?.has(a));
  const hs = cols.map((a) => fdStep(box, a, at.u[a]!));
  // the mirrored step of a central difference, where the box holds it
  const back = cols.map((a, k) =>
    central && at.u[a]! - hs[k]! >= box.ul[a]! && at.u[a]! - hs[k]! <= box.uh[a]! ? -hs[k]! : 0,
  );
  const shifted = (a: number, h: number) => {
    const p = Float64Array.from(at.u);
    p[a] = p[a]! + h;
    return p;
  };
  const mirrored = cols.map((_, k) => k).filter((k) => back[k] !== 0);
  const res = await session.run([
    ...cols.map((a, k) => shifted(a, hs[k]!)),
    ...mirrored.map((k) => shifted(cols[k]!, back[k]!)),
  ]);
  const jac = new Float64Array(n * m);
  cols.forEach((a, k) => {
    const rp = res[k]!.r;
    if (!rp) return; // a failed neighbour: the column stays 0 and the variable does not move this step
    const h = hs[k]!;
    const j = mirrored.indexOf(k);
    const rm = j >= 0 ? res[cols.length + j]!.r : null;
    if (rm) for (let i = 0; i < n; i++) jac[i * m + a] = (rp[i]! - rm[i]!) / (2 * h);
    else for (let i = 0; i < n; i++) jac[i * m + a] = (rp[i]! - at.r![i]!) / h;
  });
  return jac;
}

export async function boundedLeastSquares(
  session: FitSession,
  box: Box,
  start: FitPoint,
  opts: LmOptions,
): Promise<LmOutcome> {
  if (!start.r) return { point: start, jac: null, iterations: 0 };
  const m = start.u.length;
  const n = start.r.length;
  let cur = start;
  let jac: Float64Array | null = opts.jacobian ?? (await jacobianAt(session, box, cur, opts.hold));
  let lambda = 1e-2;
  const A = new Float64Array(m * m);
  const g = new Float64Array(m);
  const P = Math.max(1, session.evaluator.parallel);
  let small = 0;
  let it = 0;
  // whether the current Jacobian is the central one taken after every damped step was refused
  let centralTried = false;
  for (; it < opts.maxIterations; it++) {
    jac ??= await jacobianAt(session, box, cur, opts.hold);
    normalEquations(jac, cur.r!, n, m, A, g);
    const free = movableVariables(cur.u, box.ul, box.uh, g).filter((a) => !opts.hold?.has(a) && A[a * m + a]! > 0);
    if (free.length === 0) break;
    let accepted: FitPoint | null = null;
    let stepNorm = 0;
    let atMinimum = false;
    for (let tries = 0; tries < 8 && !accepted; tries++) {
      const trials: { u: Float64Array; stepNorm: number; lambda: number }[] = [];
      let l = lambda;
      for (let k = 0; k < P && trials.length < P; k++) {
        const s = dampedStep(A, g, cur.u, box.ul, box.uh, free, l, box.log, MAX_LOG_STEP);
        if (s) trials.push({ ...s, lambda: l });
        l *= 4;
      }
      if (trials.length === 0) {
        lambda *= 10;
        continue;
      }
      // the least damped step's predicted fall of S = sum r^2 (its linear model: 2 g.d + d.A.d):
      // below what could matter to an interval, the fit is at its minimum, and trying ever more
      // damped steps would only chase the finite differences' noise
      if (predictedDrop(A, g, cur.u, trials[0]!.u) < MIN_CHI2_DROP) {
        atMinimum = true;
        break;
      }
      const res = await session.run(trials.map((t) => t.u));
      let bestK = -1;
      for (let k = 0; k < res.length; k++)
        if (res[k]!.cost < cur.cost && (bestK < 0 || res[k]!.cost < res[bestK]!.cost)) bestK = k;
      if (bestK >= 0) {
        accepted = res[bestK]!;
        stepNorm = trials[bestK]!.stepNorm;
        lambda = Math.max(trials[bestK]!.lambda / 5, 1e-9);
      } else {
        lambda = trials[trials.length - 1]!.lambda * 4;
        if (lambda > 1e12) break;
      }
    }
    if (!accepted) {
      // Every damped step refused while the model still promised a fall: the forward differences'
      // gradient points off (near a bound or a minimum their O(h) error is the gradient's size).
      // Once, a central-difference Jacobian decides whether the point is a minimum.
      if (atMinimum || centralTried) break;
      centralTried = true;
      jac = await jacobianAt(session, box, cur, opts.hold, true);
      lambda = 1e-2;
      continue;
    }
    centralTried = false;
    const drop = cur.cost - accepted.cost;
    const rel = drop / Math.max(cur.cost, 1e-300);
    cur = accepted;
    opts.onIteration?.(cur, it + 1);
    if (rel < 1e-6 || drop < MIN_CHI2_DROP || stepNorm < 1e-6) small++;
    else small = 0;
    jac = null;
    if (small >= 2) {
      it++;
      break;
    }
  }
  // the Jacobian at the final point: the intervals'
  if (opts.finalJacobian === false) return { point: cur, jac: null, iterations: it };
  if (!jac || jac === opts.jacobian) jac = await jacobianAt(session, box, cur, opts.hold);
  return { point: cur, jac, iterations: it };
}

/** Fall of S = sum r^2 that the linear model predicts for the step from u to un: -(2 g.d + d.A.d). */
function predictedDrop(A: Float64Array, g: Float64Array, u: Float64Array, un: Float64Array): number {
  const m = u.length;
  let lin = 0;
  let quad = 0;
  for (let a = 0; a < m; a++) {
    const da = un[a]! - u[a]!;
    lin += g[a]! * da;
    for (let b = 0; b < m; b++) quad += da * A[a * m + b]! * (un[b]! - u[b]!);
  }
  return -(2 * lin + quad);
}

/**
 * One step of bounded (projected) Levenberg-Marquardt, shared by the circuit fit
 * (circuit/least-squares.ts, analytic Jacobian) and the device fit (fit/least-squares.ts, finite
 * differences over the drift-diffusion engine).
 *
 * (A + lambda diag(A)) delta = -g with A = J^T J and g = J^T r (D. W. Marquardt, J. SIAM 11, 431
 * (1963)); variables sitting on a bound whose descent direction points out of the box are held
 * for the step (projected/active-set LM, cf. Kanzow, Yamashita and Fukushima, J. Comput. Appl.
 * Math. 172, 375 (2004)), the step is projected onto the box, and a log10 variable moves by at
 * most `maxLogStep` decades (a linearised exponential term can otherwise be switched off in one
 * jump, where its gradient vanishes).
 */
import { invertSpd } from '../circuit/linalg.js';

/** The variables free to move: not on a bound with the gradient pushing them out of the box. */
export function movableVariables(
  u: ArrayLike<number>,
  ul: ArrayLike<number>,
  uh: ArrayLike<number>,
  g: ArrayLike<number>,
): number[] {
  const free: number[] = [];
  for (let a = 0; a < u.length; a++) {
    const span = uh[a]! - ul[a]!;
    const atLo = u[a]! <= ul[a]! + 1e-12 * span && g[a]! > 0;
    const atHi = u[a]! >= uh[a]! - 1e-12 * span && g[a]! < 0;
    if (!atLo && !atHi) free.push(a);
  }
  return free;
}

/**
 * The trial point of one damped step from u, or null when the damped matrix is not positive
 * definite (raise lambda). `stepNorm` is the largest move as a fraction of its variable's range.
 */
export function dampedStep(
  A: Float64Array,
  g: ArrayLike<number>,
  u: ArrayLike<number>,
  ul: ArrayLike<number>,
  uh: ArrayLike<number>,
  free: number[],
  lambda: number,
  logVar: readonly boolean[],
  maxLogStep: number,
): { u: Float64Array; stepNorm: number } | null {
  const m = u.length;
  const f = free.length;
  const M = new Float64Array(f * f);
  const rhs = new Float64Array(f);
  for (let x = 0; x < f; x++) {
    const a = free[x]!;
    rhs[x] = -g[a]!;
    for (let y = 0; y < f; y++) M[x * f + y] = A[a * m + free[y]!]!;
    const dgl = A[a * m + a]!;
    M[x * f + x] = M[x * f + x]! + lambda * (dgl > 0 ? dgl : 1e-30);
  }
  const delta = solveSpd(M, f, rhs);
  if (!delta) return null;
  for (let x = 0; x < f; x++) {
    if (logVar[free[x]!] && Math.abs(delta[x]!) > maxLogStep) delta[x] = Math.sign(delta[x]!) * maxLogStep;
  }
  const un = Float64Array.from(u);
  let stepNorm = 0;
  for (let x = 0; x < f; x++) {
    const a = free[x]!;
    un[a] = Math.min(uh[a]!, Math.max(ul[a]!, u[a]! + delta[x]!));
    const span = uh[a]! - ul[a]!;
    stepNorm = Math.max(stepNorm, Math.abs(un[a]! - u[a]!) / (span > 0 ? span : 1));
  }
  return { u: un, stepNorm };
}

/** Solves (symmetric positive definite) M x = b; null if M is not SPD. */
export function solveSpd(M: Float64Array, f: number, b: ArrayLike<number>): Float64Array | null {
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

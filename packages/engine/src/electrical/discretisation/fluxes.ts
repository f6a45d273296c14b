/**
 * Interval fluxes of the box (finite-volume) discretisation: the displacement field of Poisson's
 * equation and the Scharfetter-Gummel electron and hole currents, with their derivatives.
 *
 *   Poisson:  D_k = lambda^2 eps_k (u_k+1 - u_k) / h_k                               (scaled)
 *   electrons (Scharfetter & Gummel, IEEE TED 16, 64 (1969), in the heterojunction form with the
 *   band-parameter gradients inside the effective potential theta, taken linear in each interval):
 *     Jn = (mu_n/h) n_k B(-dtheta_n) expm1(dfn) = -(mu_n/h) n_k+1 B(dtheta_n) expm1(-dfn)
 *   holes:
 *     Jp = -(mu_p/h) p_k B(dtheta_p) expm1(-dfp) = (mu_p/h) p_k+1 B(-dtheta_p) expm1(dfp)
 * The expm1 (Slotboom) forms keep near-equilibrium currents free of cancellation; the branch is
 * chosen by the sign of dfn so that the factor never loses digits. With Fermi-Dirac statistics the
 * degeneracy factors ln(F/e^eta) are added to theta (generalised Einstein relation).
 *
 * A flux J from node a to b leaves box a and enters box b: F_a += J, F_b -= J.
 */

import type { Carriers } from '../models/statistics/carriers.js';
import { bernoulli, bernoulliAll } from './bernoulli.js';
import type { BlockTridiagonal } from './block-tridiagonal.js';
import type { DDModel } from './model.js';
import { FN, FP, U } from './unknowns.js';

const bw = new Float64Array(4);

/**
 * The SG electron and hole currents of interval k (nodes a = k, b = k + 1; not a thermionic gap)
 * with their derivatives: dn[0..3] = dJn/d(u_a, fn_a, u_b, fn_b), dp[0..3] = dJp/d(u_a, fp_a, u_b, fp_b).
 * Returns Jn; Jp is written to dp[4].
 */
export function carrierFluxes(
  model: DDModel,
  car: Carriers,
  x: Float64Array,
  m: number,
  k: number,
  dn: Float64Array,
  dp: Float64Array,
): number {
  const a = k;
  const b = k + 1;
  const sa = 2 * a + 1;
  const sb = 2 * b;
  const ua = x[m * a + U]!;
  const ub = x[m * b + U]!;
  const hk = model.h[k]!;
  const { nS, pS, dnS, dpS, gnS, gpS, lgnS, lgpS } = car;
  const { an, ap } = model;
  let Jn: number;
  // electrons
  {
    const c = model.mun[k]! / hk;
    const d = ub + an[sb]! + lgnS[sb]! - (ua + an[sa]! + lgnS[sa]!);
    const na = nS[sa]!;
    const nb = nS[sb]!;
    bernoulliAll(d, bw);
    const bp = bw[0]!;
    const bm = bw[1]!;
    const df = x[m * b + FN]! - x[m * a + FN]!;
    Jn = df > 0 ? -c * nb * bp * Math.expm1(-df) : c * na * bm * Math.expm1(df);
    const K = c * (nb * bw[2]! + na * bw[3]!);
    const ga = gnS[sa]!;
    const gb = gnS[sb]!;
    const ta = -c * bm * dnS[sa]!;
    const tb = c * bp * dnS[sb]!;
    dn[0] = ta - K * ga;
    dn[1] = ta - K * (ga - 1);
    dn[2] = tb + K * gb;
    dn[3] = tb + K * (gb - 1);
  }
  // holes
  {
    const c = model.mup[k]! / hk;
    const d = ub + ap[sb]! - lgpS[sb]! - (ua + ap[sa]! - lgpS[sa]!);
    const pa = pS[sa]!;
    const pb = pS[sb]!;
    bernoulliAll(d, bw);
    const bp = bw[0]!;
    const bm = bw[1]!;
    const df = x[m * b + FP]! - x[m * a + FP]!;
    dp[4] = df >= 0 ? -c * pa * bp * Math.expm1(-df) : c * pb * bm * Math.expm1(df);
    const K = c * (pa * bw[2]! + pb * bw[3]!);
    const ga = gpS[sa]!;
    const gb = gpS[sb]!;
    const ta = -c * bp * dpS[sa]!;
    const tb = c * bm * dpS[sb]!;
    dp[0] = ta - K * ga;
    dp[1] = ta - K * (ga - 1);
    dp[2] = tb + K * gb;
    dp[3] = tb + K * (gb - 1);
  }
  return Jn;
}

/** The scaled displacement field of interval k, D = lambda^2 eps (u_k+1 - u_k) / h, and dD/du_k+1. */
export function displacement(model: DDModel, x: Float64Array, m: number, k: number): { D: number; dDdu: number } {
  const cP = (model.lambda2 * model.eps[k]!) / model.h[k]!;
  return { D: cP * (x[m * (k + 1) + U]! - x[m * k + U]!), dDdu: cP };
}

const dnBuf = new Float64Array(4);
const dpBuf = new Float64Array(5);

/**
 * Adds the Poisson displacement and the SG carrier fluxes of interval k (nodes k, k+1) to the
 * residual F and the Jacobian, and stores the fluxes in Jn[k], Jp[k].
 */
export function assembleIntervalFluxes(
  model: DDModel,
  car: Carriers,
  x: Float64Array,
  k: number,
  mat: BlockTridiagonal,
  F: Float64Array,
  Jn: Float64Array,
  Jp: Float64Array,
): void {
  const { A, B, C, m } = mat;
  const mm = m * m;
  const a = k;
  const b = k + 1;
  const oa = mm * a;
  const ob = mm * b;
  const { D, dDdu: cP } = displacement(model, x, m, k);
  F[m * a + U]! += D;
  F[m * b + U]! -= D;
  B[oa]! -= cP;
  C[oa]! += cP;
  A[ob]! += cP;
  B[ob]! -= cP;
  if (model.mesh.teInterval[k]! >= 0) return;
  const jn = carrierFluxes(model, car, x, m, k, dnBuf, dpBuf);
  Jn[k] = jn;
  Jp[k] = dpBuf[4]!;
  addFlux(mat, F, a, FN, jn, dnBuf[0]!, dnBuf[1]!, dnBuf[2]!, dnBuf[3]!);
  addFlux(mat, F, a, FP, dpBuf[4]!, dpBuf[0]!, dpBuf[1]!, dpBuf[2]!, dpBuf[3]!);
}

/**
 * A carrier flux J from node a to a+1 in row r (r = FN or FP, the carrier's own quasi-Fermi
 * level), with its derivatives with respect to u and that quasi-Fermi level at both nodes: it
 * leaves box a and enters box a+1.
 */
export function addFlux(
  mat: BlockTridiagonal,
  F: Float64Array,
  a: number,
  r: number,
  J: number,
  dUa: number,
  dFa: number,
  dUb: number,
  dFb: number,
): void {
  const { A, B, C, m } = mat;
  const oa = m * m * a + m * r;
  const ob = oa + m * m;
  F[m * a + r]! += J;
  F[m * (a + 1) + r]! -= J;
  B[oa + U]! += dUa;
  B[oa + r]! += dFa;
  C[oa + U]! += dUb;
  C[oa + r]! += dFb;
  A[ob + U]! -= dUa;
  A[ob + r]! -= dFa;
  B[ob + U]! -= dUb;
  B[ob + r]! -= dFb;
}

/** The SG fluxes Jn[k], Jp[k] of a (non-thermionic) interval without the Jacobian. */
export function intervalFluxes(
  model: DDModel,
  car: Carriers,
  x: Float64Array,
  m: number,
  k: number,
  Jn: Float64Array,
  Jp: Float64Array,
): void {
  const { nS, pS, lgnS, lgpS } = car;
  const { an, ap } = model;
  const ua = x[m * k + U]!;
  const ub = x[m * k + m + U]!;
  const sa = 2 * k + 1;
  const sb = 2 * k + 2;
  const hk = model.h[k]!;
  {
    const d = ub + an[sb]! + lgnS[sb]! - (ua + an[sa]! + lgnS[sa]!);
    const df = x[m * k + m + FN]! - x[m * k + FN]!;
    const c = model.mun[k]! / hk;
    Jn[k] = df > 0 ? -c * nS[sb]! * bernoulli(d) * Math.expm1(-df) : c * nS[sa]! * bernoulli(-d) * Math.expm1(df);
  }
  {
    const d = ub + ap[sb]! - lgpS[sb]! - (ua + ap[sa]! - lgpS[sa]!);
    const df = x[m * k + m + FP]! - x[m * k + FP]!;
    const c = model.mup[k]! / hk;
    Jp[k] = df >= 0 ? -c * pS[sa]! * bernoulli(d) * Math.expm1(-df) : c * pS[sb]! * bernoulli(-d) * Math.expm1(df);
  }
}

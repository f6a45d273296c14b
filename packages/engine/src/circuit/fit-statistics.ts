/**
 * Uncertainty of a circuit fit (fit.ts): the noise level, linearised confidence intervals, the
 * correlations of the fitted parameters, and profile-likelihood intervals that say whether the
 * data determine a parameter at all.
 *
 * Noise level: s^2 = S / (N - m) from the residual sum of squares S at the optimum (e.g. Bates and
 * Watts, Nonlinear Regression Analysis, 1988, ch. 2, eqs. 2.8 and 2.9), multiplied by
 *   - N_fit / N_measured when a curve was resampled from fewer measured points (the resampled
 *     points are not independent), and
 *   - (1 + rho) / (1 - rho) when the residuals are serially correlated (lag-1 autocorrelation rho
 *     > 0, measured on the measured points): the variance of estimates from an AR(1) series is
 *     that of N (1 - rho) / (1 + rho) independent points (G. V. Bayley and J. M. Hammersley,
 *     J. R. Stat. Soc. Suppl. 8, 184 (1946)). Residuals that follow a smooth pattern are model
 *     error, not noise: a simulated (SCAPS) curve fitted by a diode model has rho ~ 0.9, and
 *     intervals computed as if its residuals were independent would claim a precision the data do
 *     not have. White noise has rho ~ 0 and leaves s^2 as it is.
 *
 * Linearised intervals: covariance C = s^2 (J^T J)^-1 in the fit variables; u +/- k sqrt(C_jj)
 * with k = sqrt(m F_{m, N-m}(c)) (simultaneous: projections of the joint confidence region, the
 * default) or k = t_{N-m}((1+c)/2) (one at a time).
 *
 * Profile likelihood (S. A. Murphy and A. W. van der Vaart, J. Am. Stat. Assoc. 95, 449 (2000);
 * A. Raue et al., Bioinformatics 25, 1923 (2009)): parameter j is held at values away from its
 * optimum and the others refitted; its interval is where the refitted sum of squares stays below
 * S + k^2 s^2 (the same k). For a linear model this is the linearised interval; for a nonlinear
 * one it follows the real shape, and where the sum of squares never rises enough before the
 * parameter reaches the end of its range the data do not determine that end: the parameter is
 * "not determined by this curve" on that side (e.g. a recombination channel that may as well be
 * absent, a shunt that may as well be infinite).
 */

import { levenbergMarquardt, normalEquations, type Problem } from './least-squares.js';
import { invertSpd } from './linalg.js';

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

/**
 * Lag-1 autocorrelation of residual series (each curve one series, pooled):
 * rho = sum r_i r_{i-1} / sum r_i^2. 0 for fewer than three points or vanishing residuals.
 */
export function residualAutocorrelation(series: ArrayLike<number>[]): number {
  let num = 0;
  let den = 0;
  let count = 0;
  for (const r of series) {
    for (let i = 0; i < r.length; i++) {
      den += r[i]! ** 2;
      if (i > 0) num += r[i]! * r[i - 1]!;
    }
    count += r.length;
  }
  if (count < 3 || !(den > 0)) return 0;
  return num / den;
}

/** Variance factor of serially correlated residuals, (1 + rho) / (1 - rho), at least 1. */
export function serialCorrelationFactor(rho: number): number {
  if (!(rho > 0)) return 1;
  const r = Math.min(rho, 1 - 1e-12);
  return (1 + r) / (1 - r);
}

/**
 * Covariance (J^T J)^-1 of all variables; if J^T J is singular, of those not sitting on a bound
 * (held, as in the last LM step), with a tiny ridge if still singular so that undetermined
 * directions get huge variances. A variable on a bound left out of a singular problem is
 * undetermined: its interval is its whole range.
 */
export function unscaledCovariance(
  pr: Problem,
  u: Float64Array,
  jac: Float64Array,
): { cov: Float64Array | null; singular: boolean; undetermined: Set<number> } {
  const { m, n } = pr;
  const A = new Float64Array(m * m);
  normalEquations(jac, null, n, m, A, null);
  const cov = invertSpd(A, m);
  const undetermined = new Set<number>();
  if (cov) return { cov, singular: false, undetermined };
  const onBound = (a: number): boolean => {
    const span = pr.uh[a]! - pr.ul[a]!;
    return u[a]! <= pr.ul[a]! + 1e-6 * span || u[a]! >= pr.uh[a]! - 1e-6 * span;
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
  if (!covInner) return { cov: null, singular: true, undetermined };
  const full = new Float64Array(m * m);
  inner.forEach((a, x) => {
    inner.forEach((b, y) => {
      full[a * m + b] = covInner[x * mi + y]!;
    });
  });
  return { cov: full, singular: true, undetermined };
}

/** Correlation matrix of a covariance (NaN where a variance is not positive and finite). */
export function correlationMatrix(cov: Float64Array, m: number): number[][] {
  const sd = Array.from({ length: m }, (_, a) => Math.sqrt(cov[a * m + a]!));
  return Array.from({ length: m }, (_, a) =>
    Array.from({ length: m }, (_, b) => {
      const d = sd[a]! * sd[b]!;
      return d > 0 && Number.isFinite(d) ? Math.max(-1, Math.min(1, cov[a * m + b]! / d)) : Number.NaN;
    }),
  );
}

/** One end of a profile-likelihood interval, in the fit variable. */
export interface ProfileEnd {
  u: number;
  /** The sum of squares stayed below the threshold up to the end of the range. */
  open: boolean;
}

export interface ProfileResult {
  low: ProfileEnd;
  high: ProfileEnd;
  /** A point of lower sum of squares met on the way (the optimum was not global), if any. */
  better?: { u: Float64Array; cost: number };
}

/**
 * Profile-likelihood interval of free variable a: the range of u_a over which the sum of squares,
 * minimised over the other variables, stays within `allowed` of the optimum `costHat`.
 * `cov` is the unscaled covariance (J^T J)^-1 at the optimum (null when singular): it gives the
 * linearised half-width sqrt(allowed C_aa) as the first step, and the others' linear response to
 * u_a, C_oa / C_aa (the block inverse of J^T J), as each refit's start, so that refits of a nearly
 * quadratic profile converge in a few iterations. Each end is bracketed by steps that assume a
 * quadratic profile (exact for a linear model) and then refined by the secant rule on
 * sqrt(excess), to 10 % of the allowed excess.
 */
export function profileInterval(
  pr: Problem,
  uHat: Float64Array,
  costHat: number,
  a: number,
  allowed: number,
  cov: Float64Array | null,
): ProfileResult {
  const m = pr.m;
  const span = pr.uh[a]! - pr.ul[a]!;
  const caa = cov ? cov[a * m + a]! : Number.NaN;
  const linear = cov && caa > 0 && Number.isFinite(caa);
  const guess = linear ? Math.sqrt(allowed * caa) : Number.NaN;
  // the others at u_a = uHat_a + delta, to first order, clipped to their box
  const predicted = (from: Float64Array, delta: number): Float64Array => {
    const out = new Float64Array(m - 1);
    for (let b = 0, k = 0; b < m; b++) {
      if (b === a) continue;
      const shift = linear ? (cov![b * m + a]! / caa) * delta : 0;
      out[k] = Math.min(pr.uh[b]!, Math.max(pr.ul[b]!, from[k]! + shift));
      k++;
    }
    return out;
  };
  let better: { u: Float64Array; cost: number } | undefined;
  const refit = (x: number, start: Float64Array): { excess: number; rest: Float64Array<ArrayBufferLike> } => {
    const sub = pr.holding(a, x);
    const res = levenbergMarquardt(sub, start, 80, 1e-8, 30, 2);
    if (res.cost < costHat * (1 - 1e-9) - 1e-300 && (!better || res.cost < better.cost)) {
      const u = new Float64Array(m);
      for (let b = 0, k = 0; b < m; b++) u[b] = b === a ? x : res.u[k++]!;
      better = { u, cost: res.cost };
    }
    return { excess: Math.max(res.cost - costHat, 0), rest: res.u };
  };
  const hatOthers = Float64Array.from(uHat.filter((_, b) => b !== a));
  const end = (dir: 1 | -1): ProfileEnd => {
    const limit = dir > 0 ? pr.uh[a]! : pr.ul[a]!;
    const room = Math.abs(limit - uHat[a]!);
    if (!(room > 1e-12 * (span || 1))) return { u: limit, open: true };
    let inside = 0;
    let insideExcess = 0;
    // The refitted others at `inside`, moved by their linear response for a step within the
    // quadratic region; beyond it, or when that start ends above the threshold (a linear guess far
    // out can land in another basin), from `inside` as they are.
    let warm: Float64Array<ArrayBufferLike> = hatOthers;
    const refitFrom = (s: number) => {
      const x = uHat[a]! + dir * s;
      const near = Number.isFinite(guess) && s - inside <= 2 * guess;
      const r = refit(x, near ? predicted(Float64Array.from(warm), dir * (s - inside)) : Float64Array.from(warm));
      if (!near || r.excess <= allowed) return r;
      const plain = refit(x, Float64Array.from(warm));
      return plain.excess < r.excess ? plain : r;
    };
    let step = Number.isFinite(guess) && guess > 0 ? Math.min(guess, room) : Math.min(span / 8, room);
    let outside = Number.NaN;
    let outsideExcess = Number.NaN;
    for (let k = 0; k < 16; k++) {
      const r = refitFrom(step);
      // within 10 % of the threshold: the end (usually the first step of a quadratic profile)
      if (Math.abs(r.excess / allowed - 1) < 0.1 && step < room) return { u: uHat[a]! + dir * step, open: false };
      if (r.excess <= allowed) {
        inside = step;
        insideExcess = r.excess;
        warm = r.rest;
        if (step >= room) return { u: limit, open: true };
        // quadratic profile: the threshold lies at step sqrt(allowed / excess)
        const factor = r.excess > 0 ? Math.sqrt(allowed / r.excess) * 1.05 : 8;
        step = Math.min(room, step * Math.min(Math.max(factor, 1.5), 8));
      } else {
        outside = step;
        outsideExcess = r.excess;
        break;
      }
    }
    if (!Number.isFinite(outside)) return { u: uHat[a]! + dir * inside, open: false };
    // secant on g(s) = sqrt(excess(s)) - sqrt(allowed) between inside and outside
    const target = Math.sqrt(allowed);
    for (let k = 0; k < 4; k++) {
      const gi = Math.sqrt(insideExcess) - target;
      const go = Math.sqrt(outsideExcess) - target;
      let s = go !== gi ? inside - (gi * (outside - inside)) / (go - gi) : 0.5 * (inside + outside);
      if (!(s > inside && s < outside)) s = 0.5 * (inside + outside);
      const r = refitFrom(s);
      if (Math.abs(r.excess / allowed - 1) < 0.1) return { u: uHat[a]! + dir * s, open: false };
      if (r.excess <= allowed) {
        inside = s;
        insideExcess = r.excess;
        warm = r.rest;
      } else {
        outside = s;
        outsideExcess = r.excess;
      }
    }
    return { u: uHat[a]! + dir * 0.5 * (inside + outside), open: false };
  };
  const low = end(-1);
  const high = end(1);
  return better ? { low, high, better } : { low, high };
}

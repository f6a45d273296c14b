/**
 * Scalar root finders (the circuit models, the figures of a drift-diffusion J-V).
 *
 * - brentRoot: Brent's method (inverse quadratic interpolation + secant + bisection) on a
 *   bracket [a, b] with f(a) f(b) <= 0. R. P. Brent, Algorithms for Minimization without
 *   Derivatives (1973), ch. 4.
 * - newtonBracketed: Newton's method kept inside a shrinking bracket; any step that leaves the
 *   bracket or does not shrink it fast enough is replaced by bisection (rtsafe, Numerical Recipes
 *   3rd ed. section 9.4). Used for the implicit diode equations.
 */

export interface RootOptions {
  xtol?: number;
  maxIter?: number;
}

/** Root of f in [a, b] (f(a), f(b) of opposite sign or zero). Throws when not bracketed. */
export function brentRoot(f: (x: number) => number, a0: number, b0: number, opts: RootOptions = {}): number {
  const xtol = opts.xtol ?? 1e-15;
  const maxIter = opts.maxIter ?? 200;
  let a = a0;
  let b = b0;
  let fa = f(a);
  let fb = f(b);
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (fa * fb > 0 || Number.isNaN(fa) || Number.isNaN(fb)) {
    throw new Error(`brentRoot: root not bracketed in [${a}, ${b}] (f = ${fa}, ${fb})`);
  }
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let i = 0; i < maxIter; i++) {
    if (fb * fc > 0) {
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol = 2 * Number.EPSILON * Math.abs(b) + 0.5 * xtol;
    const m = 0.5 * (c - b);
    if (Math.abs(m) <= tol || fb === 0) return b;
    if (Math.abs(e) >= tol && Math.abs(fa) > Math.abs(fb)) {
      let p: number;
      let q: number;
      const s = fb / fa;
      if (a === c) {
        p = 2 * m * s;
        q = 1 - s;
      } else {
        const qq = fa / fc;
        const r = fb / fc;
        p = s * (2 * m * qq * (qq - r) - (b - a) * (r - 1));
        q = (qq - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * m * q - Math.abs(tol * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = m;
        e = d;
      }
    } else {
      d = m;
      e = d;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol ? d : m > 0 ? tol : -tol;
    fb = f(b);
  }
  return b;
}

/**
 * Root of an increasing or decreasing function in the bracket [lo, hi] by safeguarded Newton.
 * fdf(x) returns [f, f']. Start at x0 (clamped into the bracket).
 */
export function newtonBracketed(
  fdf: (x: number) => [number, number],
  lo0: number,
  hi0: number,
  x0: number,
  opts: RootOptions = {},
): number {
  const xtol = opts.xtol ?? 0;
  const maxIter = opts.maxIter ?? 200;
  let lo = Math.min(lo0, hi0);
  let hi = Math.max(lo0, hi0);
  let [flo] = fdf(lo);
  if (flo === 0) return lo;
  let [fhi] = fdf(hi);
  if (fhi === 0) return hi;
  if (flo * fhi > 0) throw new Error(`newtonBracketed: root not bracketed in [${lo}, ${hi}]`);
  const increasing = fhi > 0;
  let x = Math.min(hi, Math.max(lo, x0));
  let dxOld = hi - lo;
  for (let i = 0; i < maxIter; i++) {
    const [fx, dfx] = fdf(x);
    if (fx === 0) return x;
    if (fx > 0 === increasing) {
      hi = x;
      fhi = fx;
    } else {
      lo = x;
      flo = fx;
    }
    let xn = x - fx / dfx;
    const stepOk = Number.isFinite(xn) && xn > lo && xn < hi && Math.abs(xn - x) < 0.5 * Math.abs(dxOld);
    if (!stepOk) xn = 0.5 * (lo + hi);
    dxOld = xn - x;
    const tol = Math.max(xtol, 4 * Number.EPSILON * Math.max(1, Math.abs(xn)));
    if (Math.abs(xn - x) <= tol || hi - lo <= tol) return xn;
    x = xn;
  }
  return x;
}

/**
 * Maximum of a scalar function on an interval without derivatives: Brent's method (golden-section
 * steps safeguarding successive parabolic interpolation), R. P. Brent, Algorithms for Minimization
 * without Derivatives (1973), ch. 5 ("localmin"). For a smooth maximum it converges superlinearly,
 * so an expensive f (a drift-diffusion solve per evaluation) needs few calls; it never leaves
 * [a, b] and never evaluates f twice at one point.
 */

export interface MaximizeOptions {
  /** Absolute tolerance in x (default 1e-10 times the interval length). */
  xtol?: number;
  /** A first point inside (a, b), e.g. an interpolated estimate (default: the golden-section point). */
  start?: number;
  /** Most evaluations of f (default 100). */
  maxEvaluations?: number;
}

/** x in [a, b] where f is largest (a local maximum when f has several), and f there. */
export function brentMax(
  f: (x: number) => number,
  a0: number,
  b0: number,
  opts: MaximizeOptions = {},
): { x: number; fx: number; evaluations: number } {
  const golden = 0.3819660112501051; // (3 - sqrt 5) / 2
  let a = Math.min(a0, b0);
  let b = Math.max(a0, b0);
  const xtol = opts.xtol ?? 1e-10 * (b - a);
  const maxEval = opts.maxEvaluations ?? 100;
  let x = opts.start !== undefined && opts.start > a && opts.start < b ? opts.start : a + golden * (b - a);
  let w = x;
  let v = x;
  let fx = -f(x);
  let evaluations = 1;
  let fw = fx;
  let fv = fx;
  let d = 0;
  let e = 0;
  while (evaluations < maxEval) {
    const m = 0.5 * (a + b);
    const tol = xtol + 1e-12 * Math.abs(x);
    const tol2 = 2 * tol;
    if (Math.abs(x - m) <= tol2 - 0.5 * (b - a)) break;
    let parabolic = false;
    if (Math.abs(e) > tol) {
      // fit a parabola through x, w, v
      let r = (x - w) * (fx - fv);
      let q = (x - v) * (fx - fw);
      let p = (x - v) * q - (x - w) * r;
      q = 2 * (q - r);
      if (q > 0) p = -p;
      else q = -q;
      r = e;
      e = d;
      if (Math.abs(p) < Math.abs(0.5 * q * r) && p > q * (a - x) && p < q * (b - x)) {
        d = p / q;
        const u = x + d;
        if (u - a < tol2 || b - u < tol2) d = x < m ? tol : -tol;
        parabolic = true;
      }
    }
    if (!parabolic) {
      e = (x < m ? b : a) - x;
      d = golden * e;
    }
    const u = Math.abs(d) >= tol ? x + d : x + (d > 0 ? tol : -tol);
    const fu = -f(u);
    evaluations++;
    if (fu <= fx) {
      if (u < x) b = x;
      else a = x;
      v = w;
      fv = fw;
      w = x;
      fw = fx;
      x = u;
      fx = fu;
    } else {
      if (u < x) a = u;
      else b = u;
      if (fu <= fw || w === x) {
        v = w;
        fv = fw;
        w = u;
        fw = fu;
      } else if (fu <= fv || v === x || v === w) {
        v = u;
        fv = fu;
      }
    }
  }
  return { x, fx: -fx, evaluations };
}

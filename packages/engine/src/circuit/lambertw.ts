/**
 * Principal branch W0 of the Lambert W function, W(x) e^W(x) = x, for x >= 0.
 *
 * - lambertW(x): Winitzki's closed-form start W ~ ln(1+x) (1 - ln(1+ln(1+x)) / (2 + ln(1+x)))
 *   refined by Halley's iteration w <- w - f / (e^w (w+1) - (w+2) f / (2w+2)), f = w e^w - x.
 * - lambertWOfExp(L) = W(exp(L)) without forming exp(L) (the "log form" used when exp would
 *   overflow, e.g. in the Lambert-W solution of the single-diode equation at high forward bias):
 *   solves w + ln(w) = L from w = L - ln(L) with Fritsch's third-order iteration
 *   z = L - w - ln(w), q = 2 (1 + w) (1 + w + 2z/3), w <- w (1 + z/(1 + w) (q - z)/(q - 2z))
 *   (F. N. Fritsch, R. E. Shafer and W. P. Crowley, Commun. ACM 16, 123 (1973)), usually
 *   converged to rounding in one or two steps.
 *
 * References: R. M. Corless et al., Adv. Comput. Math. 5, 329 (1996); S. Winitzki, LNCS 2667,
 * 780 (2003); A. Jain and A. Kapoor, Sol. Energy Mater. Sol. Cells 81, 269 (2004) (W solution
 * of the diode equation).
 */

const LOG_FORM_THRESHOLD = 2; // use the log form for ln(x) above this

/** W0(x) for x >= 0 (NaN for negative or NaN input). */
export function lambertW(x: number): number {
  if (!(x >= 0)) return Number.NaN;
  if (x === 0) return 0;
  if (x === Number.POSITIVE_INFINITY) return Number.POSITIVE_INFINITY;
  const lx = Math.log(x);
  if (lx > LOG_FORM_THRESHOLD) return lambertWOfExp(lx);
  if (x < 1e-8) return x * (1 - x * (1 - 1.5 * x)); // series x - x^2 + 3/2 x^3
  const l1 = Math.log1p(x);
  let w = l1 * (1 - Math.log1p(l1) / (2 + l1));
  for (let i = 0; i < 8; i++) {
    const ew = Math.exp(w);
    const f = w * ew - x;
    const wp1 = w + 1;
    const dw = f / (ew * wp1 - ((w + 2) * f) / (2 * wp1));
    w -= dw;
    if (Math.abs(dw) <= 1e-16 * Math.max(1, Math.abs(w))) break;
  }
  return w;
}

/** W0(exp(L)) for any real L, computed without overflow. */
export function lambertWOfExp(L: number): number {
  if (Number.isNaN(L)) return Number.NaN;
  if (L === Number.POSITIVE_INFINITY) return Number.POSITIVE_INFINITY;
  if (L <= LOG_FORM_THRESHOLD) return lambertW(Math.exp(L));
  let w = L - Math.log(L);
  for (let i = 0; i < 20; i++) {
    const z = L - w - Math.log(w);
    const q = 2 * (1 + w) * (1 + w + (2 * z) / 3);
    const dw = ((w * z) / (1 + w)) * ((q - z) / (q - 2 * z));
    w += dw;
    if (Math.abs(dw) <= 4e-16 * w) break;
  }
  return w;
}

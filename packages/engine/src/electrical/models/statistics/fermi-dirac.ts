/**
 * Fermi-Dirac integral of order 1/2, normalised so that F(eta) -> exp(eta) for eta -> -inf:
 *     F(eta) = 2/sqrt(pi) int_0^inf sqrt(x) / (1 + exp(x - eta)) dx,   n = Nc F((E_Fn - E_c)/Vt),
 * and its derivative F'(eta) = F_{-1/2}(eta) (Blakemore, Solid-State Electron. 25, 1067 (1982)).
 *
 * L(eta) = ln F(eta) is tabulated once (lazily) on eta in [-40, 100] in steps of 0.1 from a
 * composite Simpson quadrature of F_{1/2} and F_{-1/2} (substitution x = t^2, 1200 panels), and
 * interpolated by cubic Hermite polynomials with the exact slopes L' = F_{-1/2}/F_{1/2}, so that the
 * value and the derivative used by Newton are consistent (relative accuracy ~1e-7). Outside the
 * table: F = exp(eta) (eta < -40, error < 1e-18 relative) and the Sommerfeld expansion
 * F = 4/(3 sqrt(pi)) eta^{3/2} (1 + pi^2/(8 eta^2)) (eta > 100).
 */

const ETA_MIN = -40;
const ETA_MAX = 100;
const STEP = 0.1;
let tableL: Float64Array | undefined;
let tableD: Float64Array | undefined;

/** F_{1/2} and F_{-1/2} (normalised) by quadrature. */
function quadrature(eta: number): { f: number; df: number } {
  const tMax = Math.sqrt(Math.max(eta, 0) + 60);
  const panels = 1200;
  const h = tMax / panels;
  let s = 0;
  let sd = 0;
  for (let k = 0; k <= panels; k++) {
    const t = k * h;
    const w = k === 0 || k === panels ? 1 : k % 2 === 1 ? 4 : 2;
    const e = t * t - eta;
    // 1/(1+e^e) and its eta-derivative e^e/(1+e^e)^2, written without overflow
    const occ = e > 0 ? Math.exp(-e) / (1 + Math.exp(-e)) : 1 / (1 + Math.exp(e));
    s += w * t * t * occ;
    sd += w * occ; // F_{-1/2}: 1/sqrt(pi) int x^{-1/2} occ dx = 2/sqrt(pi) int occ dt
  }
  return { f: ((4 / Math.sqrt(Math.PI)) * s * h) / 3, df: ((2 / Math.sqrt(Math.PI)) * sd * h) / 3 };
}

function table(): { L: Float64Array; D: Float64Array } {
  if (!tableL || !tableD) {
    const n = Math.round((ETA_MAX - ETA_MIN) / STEP) + 1;
    const L = new Float64Array(n);
    const D = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const { f, df } = quadrature(ETA_MIN + i * STEP);
      L[i] = Math.log(f);
      D[i] = df / f;
    }
    tableL = L;
    tableD = D;
  }
  return { L: tableL, D: tableD };
}

/** ln F_{1/2}(eta) and its derivative d ln F / d eta = F_{-1/2}/F_{1/2}, written into out[0], out[1]. */
export function logFermiHalf(eta: number, out: Float64Array): void {
  if (eta <= ETA_MIN) {
    out[0] = eta;
    out[1] = 1;
    return;
  }
  if (eta >= ETA_MAX) {
    const c = 4 / (3 * Math.sqrt(Math.PI));
    const k = (Math.PI * Math.PI) / 8;
    const e2 = eta * eta;
    const g = 1 + k / e2;
    out[0] = Math.log(c) + 1.5 * Math.log(eta) + Math.log(g);
    out[1] = 1.5 / eta + (-2 * k) / (e2 * eta * g);
    return;
  }
  const { L, D } = table();
  const s = (eta - ETA_MIN) / STEP;
  const i = Math.min(Math.floor(s), L.length - 2);
  const t = s - i;
  const y0 = L[i]!;
  const y1 = L[i + 1]!;
  const m0 = D[i]! * STEP;
  const m1 = D[i + 1]! * STEP;
  const t2 = t * t;
  const t3 = t2 * t;
  out[0] = (2 * t3 - 3 * t2 + 1) * y0 + (t3 - 2 * t2 + t) * m0 + (-2 * t3 + 3 * t2) * y1 + (t3 - t2) * m1;
  out[1] = ((6 * t2 - 6 * t) * y0 + (3 * t2 - 4 * t + 1) * m0 + (-6 * t2 + 6 * t) * y1 + (3 * t2 - 2 * t) * m1) / STEP;
}

/** F_{1/2}(eta), normalised. */
export function fermiHalf(eta: number): number {
  const o = new Float64Array(2);
  logFermiHalf(eta, o);
  return Math.exp(o[0]!);
}

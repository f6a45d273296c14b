/**
 * Hemispherically averaged reflectance, transmittance and layer absorptance of a planar stack lit
 * by isotropic (Lambertian) light from a lossless medium of index n, as the diffuse light inside a
 * textured absorber sees the stack behind it.
 *
 * Isotropic radiance falling on a plane carries power in proportion to cos(theta) dOmega, so the
 * averaged quantity X (R, T or A_j, unpolarised) is
 *   <X> = int_0^{pi/2} X(theta) 2 sin(theta) cos(theta) dtheta = int_0^1 X(s) ds,   s = sin^2(theta)
 * (R. Siegel and J. R. Howell, Thermal Radiation Heat Transfer, ch. on hemispherical properties;
 * M. A. Green, Prog. Photovolt. 10, 235 (2002) for the light-trapping use). X(theta) comes from the
 * transfer matrix (tmm.ts) at each angle, so total internal reflection beyond the critical angle
 * (s > (n_m / n)^2 for a rear medium m of lower index), frustrated TIR through thin low-index films
 * and absorption in metals at oblique incidence are all included.
 * Quadrature: X(s) has square-root kinks at the critical points s_c = (n_m / n)^2; [0, 1] is split
 * there, and each piece [a, b] is mapped by s = a + (b - a)(1 - cos(pi t)) / 2, which turns the
 * kinks sqrt(s_c - s) at the ends into smooth functions of t, then integrated by 16-point
 * Gauss-Legendre in t (a bare interface agrees with an adaptive closed-form Fresnel integral to 5e-9, test).
 */
import { gaussLegendreNodes } from '../numerics/gauss-legendre.js';
import { type MediumNk, type TmmInput, TmmSolver, validateTmmInput } from './tmm.js';

export interface HemisphericalResult {
  R: Float64Array;
  T: Float64Array;
  /** A[j][i]: absorbed in layers[j] of the stack. */
  A: Float64Array[];
}

const UNIT_NODES = gaussLegendreNodes(0, 1, 2, 8);

/** Critical points s_c = (n_m / n)^2 inside (0, 1), sorted, with 0 and 1 at the ends. */
function breakpoints(nInside: number, media: MediumNk[], i: number): number[] {
  const pts = [0, 1];
  for (const m of media) {
    const s = (m.n[i]! / nInside) ** 2;
    if (s > 1e-9 && s < 1 - 1e-9) pts.push(s);
  }
  pts.sort((a, b) => a - b);
  return pts.filter((s, k) => k === 0 || s - pts[k - 1]! > 1e-9);
}

/**
 * Averages over the hemisphere for a stack whose ambient (`input.ambient`) is the lossless medium
 * the isotropic light comes from; `input.angleDeg` and `input.polarization` are ignored
 * (all angles, unpolarised).
 */
export function hemisphericalAverage(input: TmmInput): HemisphericalResult {
  validateTmmInput({ ...input, angleDeg: 0, polarization: 'unpolarized' });
  const nWl = input.wavelengthNm.length;
  const L = input.layers.length;
  const out: HemisphericalResult = {
    R: new Float64Array(nWl),
    T: new Float64Array(nWl),
    A: input.layers.map(() => new Float64Array(nWl)),
  };
  const solver = new TmmSolver(L + 2);
  const one = (m: MediumNk, i: number): MediumNk => ({ n: m.n.subarray(i, i + 1), k: m.k.subarray(i, i + 1) });
  const rearMedia: MediumNk[] = [...input.layers, input.substrate];
  for (let i = 0; i < nWl; i++) {
    const single: TmmInput = {
      wavelengthNm: input.wavelengthNm.subarray(i, i + 1),
      angleDeg: 0,
      polarization: 'unpolarized',
      ambient: { n: input.ambient.n.subarray(i, i + 1), k: new Float64Array(1) },
      layers: input.layers.map((l) => ({ ...l, ...one(l, i) })),
      substrate: one(input.substrate, i),
    };
    const pts = breakpoints(input.ambient.n[i]!, rearMedia, i);
    let r = 0;
    let t = 0;
    const a = new Float64Array(L);
    for (let p = 0; p + 1 < pts.length; p++) {
      const lo = pts[p]!;
      const hi = pts[p + 1]!;
      for (let q = 0; q < UNIT_NODES.x.length; q++) {
        const u = UNIT_NODES.x[q]!;
        const s = lo + ((hi - lo) * (1 - Math.cos(Math.PI * u))) / 2;
        const w = UNIT_NODES.w[q]! * (hi - lo) * (Math.PI / 2) * Math.sin(Math.PI * u);
        single.angleDeg = (Math.asin(Math.sqrt(s)) * 180) / Math.PI;
        const res = solver.solve(single);
        r += w * res.R[0]!;
        t += w * res.T[0]!;
        for (let j = 0; j < L; j++) a[j] = a[j]! + w * res.A[j]![0]!;
      }
    }
    out.R[i] = r;
    out.T[i] = t;
    for (let j = 0; j < L; j++) out.A[j]![i] = a[j]!;
  }
  return out;
}

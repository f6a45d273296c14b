/**
 * Absorption profiles and the generation rate G(x) from a solved stack (tmm.ts).
 *
 *   a(z, l)  local absorbed power per nm of depth, fraction of the incident power:
 *            a = c1 e^{-2 kappa z} + c2 e^{-2 kappa (d - z)} + Re(c3 e^{2 i beta z})   (tmm.ts)
 *   G(z)     = 1e3 sum_i w_i a(z, l_i) Phi(l_i)           cm^-3 s^-1
 *            (w_i trapezoid weights in nm, Phi photon flux in m^-2 s^-1 nm^-1; a in 1/nm gives
 *            1e9 m^-1, m^-3 -> cm^-3 is 1e-6: factor 1e3). One pair (or exciton) per absorbed photon.
 *   Jph_j    = 0.1 q sum_i w_i A_j(l_i) Phi(l_i)   mA/cm^2  (100 % internal quantum efficiency)
 * so that q * integral of G over layer j = Jph_j (checked in the tests).
 *
 * On a uniform run of mesh points the exponentials and the phase factor are advanced by constant
 * step factors (re-anchored exactly every 64 points), so a point costs a few multiplications; any
 * other mesh is evaluated directly (exp, cos, sin per point and wavelength, about 4x slower).
 */
import { Q_C } from '../constants.js';
import { trapezoidWeights } from '../numerics/trapezoid.js';
import { OpticsInputError } from './errors.js';
import { PROFILE_STRIDE, type TmmResult } from './tmm.js';

/** a(z) per nm at one wavelength index for depths (nm) from the front face of layer j. */
export function absorptionProfile(
  res: TmmResult,
  layerIndex: number,
  depthNm: ArrayLike<number>,
  wavelengthIndex: number,
): Float64Array {
  checkLayer(res, layerIndex);
  const nWl = res.wavelengthNm.length;
  if (!(wavelengthIndex >= 0 && wavelengthIndex < nWl)) {
    throw new OpticsInputError('wavelengthIndex', `must be in 0..${nWl - 1} (got ${wavelengthIndex})`);
  }
  const weights = new Float64Array(nWl);
  weights[wavelengthIndex] = 1;
  const out = new Float64Array(depthNm.length);
  accumulateLayer(res, layerIndex, depthNm, 0, depthNm.length, weights, out);
  return out;
}

/** Photon-flux weights 1e3 * w_i * Phi_i (w trapezoid weights; a single wavelength gets weight 1). */
export function generationWeights(
  wavelengthNm: ArrayLike<number>,
  photonFluxM2sNm: ArrayLike<number>,
  monochromatic = false,
): Float64Array {
  const n = wavelengthNm.length;
  if (photonFluxM2sNm.length !== n) throw new OpticsInputError('photonFlux', `needs ${n} values (one per wavelength)`);
  // lines (a single wavelength, a monochromatic spectrum) carry their whole flux: weight 1
  const w = monochromatic ? new Float64Array(n).fill(1) : trapezoidWeights(wavelengthNm);
  for (let i = 0; i < n; i++) w[i] = 1e3 * w[i]! * photonFluxM2sNm[i]!;
  return w;
}

/** G(z) in cm^-3 s^-1 at depths (nm) from the front face of layer j, for spectral weights from generationWeights. */
export function generationInLayer(
  res: TmmResult,
  layerIndex: number,
  depthNm: ArrayLike<number>,
  weights: Float64Array,
): Float64Array {
  checkLayer(res, layerIndex);
  const out = new Float64Array(depthNm.length);
  accumulateLayer(res, layerIndex, depthNm, 0, depthNm.length, weights, out);
  return out;
}

/**
 * G(x) in cm^-3 s^-1 on any mesh: x in nm from the front face of layers[originLayer] (default 0),
 * increasing into the stack. A point on an interface belongs to the layer behind it (the last
 * layer keeps its back face); points outside the layers get 0. `out` may be passed to avoid allocation.
 */
export function generationOnMeshTmm(
  res: TmmResult,
  xNm: ArrayLike<number>,
  weights: Float64Array,
  originLayer = 0,
  out: Float64Array = new Float64Array(xNm.length),
): Float64Array {
  checkLayer(res, originLayer);
  if (weights.length !== res.wavelengthNm.length) throw new OpticsInputError('weights', 'one per wavelength');
  out.fill(0);
  const L = res.thicknessNm.length;
  const start = new Float64Array(L + 1);
  for (let j = 0; j < L; j++) start[j + 1] = start[j]! + res.thicknessNm[j]!;
  const x0 = start[originLayer]!;
  const layerOf = (x: number): number => {
    const g = x + x0;
    if (!Number.isFinite(g)) throw new OpticsInputError('xNm', `mesh positions must be finite (got ${x})`);
    if (g < 0 || g > start[L]!) return -1;
    for (let j = 0; j < L; j++) if (g < start[j + 1]!) return j;
    return L - 1;
  };
  const depth = new Float64Array(xNm.length);
  let m = 0;
  while (m < xNm.length) {
    const j = layerOf(xNm[m]!);
    let e = m + 1;
    while (e < xNm.length && layerOf(xNm[e]!) === j) e++;
    if (j >= 0) {
      for (let p = m; p < e; p++) depth[p] = Math.min(Math.max(xNm[p]! + x0 - start[j]!, 0), res.thicknessNm[j]!);
      accumulateLayer(res, j, depth, m, e, weights, out);
    }
    m = e;
  }
  return out;
}

/** Photocurrent of each layer at 100 % IQE, mA/cm^2: 0.1 q sum_i w_i A_j Phi_i. */
export function layerPhotocurrents(res: TmmResult, weights: Float64Array): Float64Array {
  // weights carry 1e3 w Phi; Jph = 0.1 q sum w Phi A = 1e-4 q sum weights A
  const out = new Float64Array(res.A.length);
  for (let j = 0; j < res.A.length; j++) {
    const A = res.A[j]!;
    let s = 0;
    for (let i = 0; i < A.length; i++) s += weights[i]! * A[i]!;
    out[j] = 1e-4 * Q_C * s;
  }
  return out;
}

/**
 * Exact integral of a(z) over layer j at every wavelength (the profile's own A_j, for checks),
 * from the closed-form integrals of the three terms.
 */
export function integratedProfile(res: TmmResult, layerIndex: number): Float64Array {
  checkLayer(res, layerIndex);
  const nWl = res.wavelengthNm.length;
  const d = res.thicknessNm[layerIndex]!;
  const out = new Float64Array(nWl);
  integrateCoefficients(res.profile, res, layerIndex, d, res.coherent[layerIndex]!, out);
  if (res.diffuseProfile) integrateCoefficients(res.diffuseProfile, res, layerIndex, d, false, out);
  return out;
}

function integrateCoefficients(
  pr: Float64Array,
  res: TmmResult,
  layerIndex: number,
  d: number,
  coh: boolean,
  out: Float64Array,
): void {
  const nWl = res.wavelengthNm.length;
  for (let i = 0; i < nWl; i++) {
    const o = (layerIndex * nWl + i) * PROFILE_STRIDE;
    const tk = 2 * pr[o + 4]!;
    const e = tk * d < 1e-12 ? d : -Math.expm1(-tk * d) / tk;
    let v = (pr[o]! + pr[o + 1]!) * e;
    if (coh) {
      const tb = 2 * pr[o + 5]!;
      // integral of Re(c3 e^{i tb z}) = Re(c3 (e^{i tb d} - 1) / (i tb))
      if (Math.abs(tb * d) < 1e-9) v += pr[o + 2]! * d;
      else {
        const sr = Math.sin(tb * d) / tb;
        const si = (1 - Math.cos(tb * d)) / tb;
        v += pr[o + 2]! * sr - pr[o + 3]! * si;
      }
    }
    out[i] = out[i]! + v;
  }
}

function checkLayer(res: TmmResult, j: number): void {
  if (!Number.isInteger(j) || j < 0 || j >= res.thicknessNm.length) {
    throw new OpticsInputError('layerIndex', `must be in 0..${res.thicknessNm.length - 1} (got ${j})`);
  }
}

/** out[m] += sum_i weights[i] a(depth[m], l_i) for m in [m0, m1), all points inside layer j. */
function accumulateLayer(
  res: TmmResult,
  j: number,
  depthNm: ArrayLike<number>,
  m0: number,
  m1: number,
  weights: Float64Array,
  out: Float64Array,
): void {
  accumulateCoefficients(res.profile, res, j, depthNm, m0, m1, weights, out, res.coherent[j]!);
  if (res.diffuseProfile) accumulateCoefficients(res.diffuseProfile, res, j, depthNm, m0, m1, weights, out, false);
}

function accumulateCoefficients(
  pr: Float64Array,
  res: TmmResult,
  j: number,
  depthNm: ArrayLike<number>,
  m0: number,
  m1: number,
  weights: Float64Array,
  out: Float64Array,
  coh: boolean,
): void {
  const nWl = res.wavelengthNm.length;
  const d = res.thicknessNm[j]!;
  const count = m1 - m0;
  if (count <= 0) return;
  let sorted = true;
  for (let m = m0; m < m1; m++) {
    const z = depthNm[m]!;
    if (!(z >= 0 && z <= d)) throw new OpticsInputError('depthNm', `${z} nm is outside layer ${j} (0..${d} nm)`);
    if (m > m0 && !(z >= depthNm[m - 1]!)) sorted = false;
  }
  const base = j * nWl * PROFILE_STRIDE;
  if (!sorted || count < 8) {
    direct(pr, base, nWl, d, coh, depthNm, m0, m1, weights, out);
    return;
  }
  // uniform run: e^{-tk z}, e^{-tk (d - z)} and e^{i tb z} advanced by constant step factors,
  // re-anchored exactly every 64 points; any other mesh: direct evaluation
  const h = depthNm[m0 + 1]! - depthNm[m0]!;
  let uniform = h > 0;
  for (let m = m0 + 1; uniform && m < m1; m++) {
    if (Math.abs(depthNm[m]! - depthNm[m - 1]! - h) > 1e-9 * h) uniform = false;
  }
  if (!uniform) {
    direct(pr, base, nWl, d, coh, depthNm, m0, m1, weights, out);
    return;
  }
  for (let i = 0; i < nWl; i++) {
    const wgt = weights[i]!;
    if (wgt === 0) continue;
    const o = base + i * PROFILE_STRIDE;
    const c1 = wgt * pr[o]!;
    const c2 = wgt * pr[o + 1]!;
    const c3r = coh ? wgt * pr[o + 2]! : 0;
    const c3i = coh ? wgt * pr[o + 3]! : 0;
    const tk = 2 * pr[o + 4]!;
    const tb = 2 * pr[o + 5]!;
    const s1 = Math.exp(-tk * h);
    const s2 = Math.exp(tk * h);
    const sr = Math.cos(tb * h);
    const si = Math.sin(tb * h);
    let e1 = 0;
    let e2 = 0;
    let cr = 0;
    let ci = 0;
    for (let m = m0, k = 0; m < m1; m++, k++) {
      if ((k & 63) === 0) {
        const z = depthNm[m]!;
        e1 = Math.exp(-tk * z);
        e2 = Math.exp(-tk * (d - z));
        cr = Math.cos(tb * z);
        ci = Math.sin(tb * z);
      }
      out[m] = out[m]! + c1 * e1 + c2 * e2 + c3r * cr - c3i * ci;
      e1 *= s1;
      e2 *= s2;
      const t = cr * sr - ci * si;
      ci = cr * si + ci * sr;
      cr = t;
    }
  }
}

/** Scratch of direct(), grown on demand. */
let expD = new Float64Array(0);

/** Direct evaluation: exp, cos, sin per point and wavelength. */
function direct(
  pr: Float64Array,
  base: number,
  nWl: number,
  d: number,
  coh: boolean,
  depthNm: ArrayLike<number>,
  m0: number,
  m1: number,
  weights: Float64Array,
  out: Float64Array,
): void {
  // e^{-tk d} per wavelength: then e^{-tk (d - z)} = e^{-tk d} / e^{-tk z} (one exp saved) while
  // tk d < 600 keeps both far from underflow
  if (expD.length < nWl) expD = new Float64Array(nWl);
  for (let i = 0; i < nWl; i++) expD[i] = Math.exp(-2 * pr[base + i * PROFILE_STRIDE + 4]! * d);
  for (let m = m0; m < m1; m++) {
    const z = depthNm[m]!;
    let sum = 0;
    for (let i = 0; i < nWl; i++) {
      const wgt = weights[i]!;
      if (wgt === 0) continue;
      const o = base + i * PROFILE_STRIDE;
      const tk = 2 * pr[o + 4]!;
      const e1 = Math.exp(-tk * z);
      const e2 = tk * d < 600 ? expD[i]! / e1 : Math.exp(-tk * (d - z));
      let v = pr[o]! * e1 + pr[o + 1]! * e2;
      if (coh) {
        const ph = 2 * pr[o + 5]! * z;
        v += pr[o + 2]! * Math.cos(ph) - pr[o + 3]! * Math.sin(ph);
      }
      sum += wgt * v;
    }
    out[m] = out[m]! + sum;
  }
}

/**
 * Textured (rough) front of a thick absorber: scalar-scattering haze and Lambertian light trapping.
 *
 * Split at the rough interface (scalar scattering theory, normal incidence; H. E. Bennett and
 * J. O. Porteus, JOSA 51, 123 (1961) for reflection, C. K. Carniglia, Opt. Eng. 18, 104 (1979)
 * for transmission): of the light transmitted into the absorber a fraction
 *   H(l) = f * (1 - exp(-((2 pi sigma / l) |n_1 - n_2|)^2))      (sigma the rms roughness)
 * is scattered (diffuse), the rest stays specular; without sigma, H = f. The roughness factor
 * f in [0, 1] (spec section 9) is the fraction of the ideal, fully randomising (Lambertian)
 * texture: f = 0 is the planar stack, f = 1 with large sigma/l is the Lambertian limit.
 * Front reflection keeps its total (scalar theory moves power from specular to diffuse):
 *   R_diffuse = R_front (1 - exp(-(4 pi sigma n_0 / l)^2)) f,  R_specular = R_front - R_diffuse.
 * Diffuse light inside an absorber of index n, thickness W, absorption alpha = 4 pi k / l
 * (E. Yablonovitch, JOSA 72, 899 (1982); M. A. Green, Prog. Photovolt. 10, 235 (2002)):
 * one traverse passes tau = exp(-2 alpha W) (mean path 2W for isotropic light), the back side
 * reflects R_b, the rear stack's reflectance averaged over the hemisphere of isotropic light
 * (hemispherical.ts: total internal reflection outside the rear escape cone and Fresnel reflection
 * inside it), the front lets e = (n_0/n)^2 escape (the whole escape cone into the ambient, as for
 * an ideal randomising front), so per unit of diffuse light entering
 *   A_lam = (1 - tau)(1 + R_b tau) / D,  rear loss (1 - R_b) tau / D,  front escape R_b tau^2 e / D,
 *   D = 1 - R_b tau^2 (1 - e);    A_lam -> 4 n^2 alpha W / n_0^2 for weak absorption with R_b = 1,
 * the 4n^2 limit; a bare rear into air (R_b = 1 - t/n^2, t the cone-averaged Fresnel transmittance)
 * gives 4 n^2 / (1 + t (1 - e)), between Yablonovitch's 2n^2 (t = 1) and 4n^2. The specular fraction (1 - H) keeps the planar transfer-matrix result.
 * Generation of the diffuse light: 2 alpha (I_F e^{-2 alpha z} + I_B e^{-2 alpha (W - z)}),
 * I_F = H T_in / D, I_B = I_F R_b tau, which integrates to H T_in A_lam.
 * Approximations: the escaping diffuse light is counted as reflected (front layers do not absorb
 * it); the diffuse light lost at the back is shared among rear layers and T in proportion to their
 * hemispherically averaged absorptance and transmittance; absorption profiles of layers other than the absorber keep their planar shape.
 */
import { OpticsInputError } from './errors.js';
import { hemisphericalAverage } from './hemispherical.js';
import { type MediumNk, PROFILE_STRIDE, solveTmm, type TmmInput, type TmmResult } from './tmm.js';

export interface TextureSpec {
  /** 0 (planar) .. 1 (fully randomising). */
  roughnessFactor: number;
  /** Index of the thick absorber whose front face is textured. */
  layerIndex: number;
  /** rms roughness of that face, nm; omitted: the haze is roughnessFactor at every wavelength. */
  rmsRoughnessNm?: number;
}

export interface TextureInfo {
  /** Diffuse fraction of the light entering the absorber, per wavelength. */
  haze: Float64Array;
  rSpecular: Float64Array;
  rDiffuse: Float64Array;
  /** Absorber absorption of the diffuse light per unit diffuse light (Lambertian), per wavelength. */
  lambertianAbsorptance: Float64Array;
}

export function checkTexture(t: TextureSpec, layerCount: number): void {
  const f = t.roughnessFactor;
  if (typeof f !== 'number' || !Number.isFinite(f) || f < 0 || f > 1) {
    throw new OpticsInputError('texture.roughnessFactor', `must be between 0 and 1 (got ${f})`);
  }
  if (!Number.isInteger(t.layerIndex) || t.layerIndex < 0 || t.layerIndex >= layerCount) {
    throw new OpticsInputError('texture.layerIndex', `must name a layer, 0..${layerCount - 1} (got ${t.layerIndex})`);
  }
  if (t.rmsRoughnessNm !== undefined && !(Number.isFinite(t.rmsRoughnessNm) && t.rmsRoughnessNm >= 0)) {
    throw new OpticsInputError('texture.rmsRoughnessNm', `must be >= 0 (got ${t.rmsRoughnessNm})`);
  }
}

/**
 * Applies the texture model to a planar result (modified in place; the diffuse generation goes to
 * res.diffuseProfile). The planar input is the one that produced res.
 */
export function applyTexture(res: TmmResult, input: TmmInput, t: TextureSpec): TextureInfo {
  checkTexture(t, input.layers.length);
  const j = t.layerIndex;
  const nWl = input.wavelengthNm.length;
  const L = input.layers.length;
  const abs = input.layers[j]!;
  const absMedium: MediumNk = { n: abs.n, k: abs.k };
  // front part: ambient / layers before j / absorber as exit medium
  const front = solveTmm({ ...input, layers: input.layers.slice(0, j), substrate: absMedium });
  // rear part lit by the isotropic light inside the absorber (lossless ambient of index n), averaged
  // over the hemisphere: total internal reflection outside the rear's escape cone included. Not
  // needed without diffuse light (f = 0 is the planar stack).
  const rear =
    t.roughnessFactor > 0
      ? hemisphericalAverage({
          ...input,
          ambient: { n: abs.n, k: new Float64Array(nWl) },
          layers: input.layers.slice(j + 1),
        })
      : {
          R: new Float64Array(nWl),
          T: new Float64Array(nWl),
          A: input.layers.slice(j + 1).map(() => new Float64Array(nWl)),
        };
  const info: TextureInfo = {
    haze: new Float64Array(nWl),
    rSpecular: new Float64Array(nWl),
    rDiffuse: new Float64Array(nWl),
    lambertianAbsorptance: new Float64Array(nWl),
  };
  const f = t.roughnessFactor;
  const sigma = t.rmsRoughnessNm;
  const diffuse = new Float64Array(L * nWl * PROFILE_STRIDE);
  const d = abs.thicknessNm;
  for (let i = 0; i < nWl; i++) {
    const lam = input.wavelengthNm[i]!;
    const n1 = j > 0 ? input.layers[j - 1]!.n[i]! : input.ambient.n[i]!;
    const n = abs.n[i]!;
    const H = sigma === undefined ? f : f * -Math.expm1(-((((2 * Math.PI * sigma) / lam) * Math.abs(n1 - n)) ** 2));
    info.haze[i] = H;
    const Tin = front.T[i]!;
    const alpha = (4 * Math.PI * abs.k[i]!) / lam; // 1/nm
    const tau = Math.exp(-2 * alpha * d);
    const Rb = rear.R[i]!;
    const n0 = input.ambient.n[i]!;
    const e = Math.min(1, (n0 * n0) / (n * n));
    const D = 1 - Rb * tau * tau * (1 - e);
    const aLam = ((1 - tau) * (1 + Rb * tau)) / D;
    const escR = ((1 - Rb) * tau) / D;
    const escF = (Rb * tau * tau * e) / D;
    info.lambertianAbsorptance[i] = aLam;
    const dif = H * Tin;
    const sp = 1 - H;
    // layers in front: single-pass part unchanged, return-path part specular only
    const scale = (jj: number, newA: number) => {
      const Aold = res.A[jj]![i]!;
      const o = (jj * nWl + i) * PROFILE_STRIDE;
      const s = Aold !== 0 ? newA / Aold : 0;
      for (let c = 0; c < 4; c++) res.profile[o + c] = res.profile[o + c]! * s;
      res.A[jj]![i] = newA;
    };
    for (let jj = 0; jj < j; jj++) scale(jj, front.A[jj]![i]! + sp * (res.A[jj]![i]! - front.A[jj]![i]!));
    const Rfront = front.R[i]!;
    const R = Rfront + sp * (res.R[i]! - Rfront) + dif * escF;
    const rd = sigma === undefined ? f * Rfront : f * Rfront * -Math.expm1(-(((4 * Math.PI * sigma * n0) / lam) ** 2));
    info.rDiffuse[i] = rd + dif * escF;
    info.rSpecular[i] = R - info.rDiffuse[i]!;
    res.R[i] = R;
    scale(j, sp * res.A[j]![i]!);
    res.A[j]![i] = res.A[j]![i]! + dif * aLam;
    const IF = dif / D;
    const IB = IF * Rb * tau;
    const o = (j * nWl + i) * PROFILE_STRIDE;
    diffuse[o] = 2 * alpha * IF;
    diffuse[o + 1] = 2 * alpha * IB;
    diffuse[o + 4] = alpha;
    // rear: planar share (1 - H) plus the diffuse light lost at the back, split as in the rear stack
    const lost = dif * escR;
    const rearTot = 1 - Rb;
    for (let jj = j + 1; jj < L; jj++) {
      const share = rearTot > 0 ? rear.A[jj - j - 1]![i]! / rearTot : 0;
      scale(jj, sp * res.A[jj]![i]! + lost * share);
    }
    res.T[i] = sp * res.T[i]! + (rearTot > 0 ? (lost * rear.T[i]!) / rearTot : 0);
  }
  res.diffuseProfile = diffuse;
  return info;
}

/**
 * Transfer-matrix optics of a planar multilayer with coherent and incoherent (thick) layers.
 *
 * Media 0..L+1: 0 = ambient (light comes from here), 1..L = layers, L+1 = substrate (exit medium).
 * Complex index N = n + i k (k >= 0 for loss, fields ~ exp(i(k z - w t))). With S = n_0 sin(theta_0)
 * (Snell invariant; the ambient must be lossless at oblique incidence) each medium has
 *   q_j = N_j cos(theta_j) = sqrt(N_j^2 - S^2)   (branch of the forward wave: Im q > 0, or Re q > 0)
 *   kz_j = 2 pi q_j / lambda,   phase of a layer delta_j = kz_j d_j.
 * Fresnel coefficients from medium i to medium j:
 *   s: r = (q_i - q_j) / (q_i + q_j),                 t = 2 q_i / (q_i + q_j)
 *   p: r = (N_j c_i - N_i c_j) / (N_j c_i + N_i c_j), t = 2 N_i c_i / (N_j c_i + N_i c_j)   (c = cos theta)
 * Coherent sub-stack. The field in layer j is E(z) = a_j e^{i kz z} + b_j e^{-i kz z}, z from its
 * front face. Instead of multiplying 2x2 transfer matrices (which overflow for thick absorbing
 * layers, exp(Im delta)), the ratio rho = b / a is carried from the exit medium backwards,
 *   rho_end(j) = (r_{j,j+1} + rho(j+1)) / (1 + r_{j,j+1} rho(j+1)),   rho(j) = rho_end(j) e^{2 i delta_j},
 * and the amplitudes forwards, a(j+1) = t_{j,j+1} a(j) e^{i delta_j} / (1 + r_{j,j+1} rho(j+1)),
 * with |e^{i delta}| <= 1 at every step (same results as the matrix product, no overflow).
 * r = rho(0), t = a(L+1). Power (Poynting flux normalised to the incident wave):
 *   s: S(z) = Re(q conj(E_f + E_b)(E_f - E_b)) / Re(q_0),   p: Re(N conj(c)(E_f + E_b) conj(E_f - E_b)) / Re(N_0 conj(c_0))
 *   R = |r|^2, T = S at the start of the exit medium, A_j = S(start of j) - S(start of j+1).
 * Local absorption per unit depth (fraction of incident power per nm):
 *   s: a(z) = Im(q kz) |E_f + E_b|^2 / Re(q_0)
 *   p: a(z) = Im(N conj(c) (kz |E_f - E_b|^2 - conj(kz) |E_f + E_b|^2)) / Re(N_0 conj(c_0))
 * which integrates over each layer to A_j (a test checks it). It is stored as coefficients of
 *   a(z) = c1 e^{-2 kappa z} + c2 e^{-2 kappa (d - z)} + Re(c3 e^{2 i beta z}),  kz = beta + i kappa,
 * each term bounded, so profiles and G(x) need no complex arithmetic per point.
 * Incoherent layers (Byrnes, arXiv:1603.02720; C. C. Katsidis and D. I. Siapkas, Appl. Opt. 41,
 * 3978 (2002)): intensities add. Between consecutive incoherent media (the ambient, each incoherent
 * layer, the substrate) sits a coherent sub-stack (maybe empty) with power coefficients R_f, T_f
 * (from the front) and R_b, T_b (from the back); an incoherent layer passes P = exp(-4 pi d Im(q) / lambda)
 * per pass. Forward intensity V and backward W at the start of each incoherent medium satisfy
 *   V_{s+1} = T_f V_s P_s + R_b W_{s+1},   W_s / P_s = R_f V_s P_s + T_b W_{s+1},
 * solved by the same stable ratio recursion (W/V from the substrate, where W = 0, backwards).
 * Coherent layers absorb F A_f + B A_b (F, B the intensities falling on their sub-stack from
 * front and back); an incoherent layer absorbs the net power entering it minus the net power
 * leaving it, the net powers taken from the coherent solutions on each side (the interference
 * term of the incident and reflected waves at its faces included), as in Byrnes' `tmm` package.
 * R + T + sum A = 1 holds to rounding when the ambient is lossless.
 */
import { OpticsInputError } from './errors.js';

/** Powers below this (fractions of the incident power) are round-off. */
const ROUND_OFF = 1e-12;
export type Polarization = 's' | 'p' | 'unpolarized';

/** A medium's n and k on the wavelength grid. */
export interface MediumNk {
  n: Float64Array;
  k: Float64Array;
}

export interface TmmLayer extends MediumNk {
  name: string;
  thicknessNm: number;
  coherent: boolean;
}

export interface TmmInput {
  wavelengthNm: Float64Array;
  angleDeg: number;
  polarization: Polarization;
  ambient: MediumNk;
  layers: TmmLayer[];
  substrate: MediumNk;
}

/** Number of profile coefficients stored per layer and wavelength. */
export const PROFILE_STRIDE = 6;

export interface TmmResult {
  wavelengthNm: Float64Array;
  /** Fraction of the incident power reflected, per wavelength. */
  R: Float64Array;
  /** Fraction transmitted into the substrate, per wavelength. */
  T: Float64Array;
  /** A[j][i]: fraction absorbed in layers[j] at wavelength i. */
  A: Float64Array[];
  /** Thickness of each layer, nm. */
  thicknessNm: Float64Array;
  coherent: boolean[];
  layerNames: string[];
  /**
   * Local absorption coefficients, (layer j, wavelength i) at offset (j * nWl + i) * PROFILE_STRIDE:
   * c1, c2, c3re, c3im, kappa (1/nm), beta (1/nm); a(z) per nm as in the module comment.
   */
  profile: Float64Array;
  /**
   * Textured stacks only (texture.ts): the Lambertian (diffuse) part of the absorption, same layout,
   * c3 = 0 and kappa = alpha (the diffuse light travels 2 W per traverse).
   */
  diffuseProfile?: Float64Array;
}

/** Fresnel coefficients r and t for interface i -> j into out[0..3] = rRe, rIm, tRe, tIm. */
function fresnel(
  pol: 0 | 1,
  qRe: Float64Array,
  qIm: Float64Array,
  nRe: Float64Array,
  nIm: Float64Array,
  cRe: Float64Array,
  cIm: Float64Array,
  i: number,
  j: number,
  out: Float64Array,
): void {
  let numRe: number;
  let numIm: number;
  let denRe: number;
  let denIm: number;
  let tnRe: number;
  let tnIm: number;
  if (pol === 0) {
    numRe = qRe[i]! - qRe[j]!;
    numIm = qIm[i]! - qIm[j]!;
    denRe = qRe[i]! + qRe[j]!;
    denIm = qIm[i]! + qIm[j]!;
    tnRe = 2 * qRe[i]!;
    tnIm = 2 * qIm[i]!;
  } else {
    // N_j c_i and N_i c_j
    const ajRe = nRe[j]! * cRe[i]! - nIm[j]! * cIm[i]!;
    const ajIm = nRe[j]! * cIm[i]! + nIm[j]! * cRe[i]!;
    const aiRe = nRe[i]! * cRe[j]! - nIm[i]! * cIm[j]!;
    const aiIm = nRe[i]! * cIm[j]! + nIm[i]! * cRe[j]!;
    numRe = ajRe - aiRe;
    numIm = ajIm - aiIm;
    denRe = ajRe + aiRe;
    denIm = ajIm + aiIm;
    // 2 N_i c_i = 2 q_i
    tnRe = 2 * qRe[i]!;
    tnIm = 2 * qIm[i]!;
  }
  const d2 = denRe * denRe + denIm * denIm;
  if (d2 === 0) throw new OpticsInputError('stack', 'degenerate interface (grazing light at a critical angle)');
  out[0] = (numRe * denRe + numIm * denIm) / d2;
  out[1] = (numIm * denRe - numRe * denIm) / d2;
  out[2] = (tnRe * denRe + tnIm * denIm) / d2;
  out[3] = (tnIm * denRe - tnRe * denIm) / d2;
}

/**
 * Allocation-free solver. One instance per stack shape; reuse it across calls of the same
 * number of media (solveTmm does this).
 */
export class TmmSolver {
  private readonly nMedia: number;
  // per medium, current wavelength
  private readonly NRe: Float64Array;
  private readonly NIm: Float64Array;
  private readonly qRe: Float64Array;
  private readonly qIm: Float64Array;
  private readonly cRe: Float64Array;
  private readonly cIm: Float64Array;
  private readonly kzRe: Float64Array;
  private readonly kzIm: Float64Array;
  // coherent sub-solve buffers, indexed by position in the sub-stack
  private readonly pos: Int32Array;
  private readonly rhoRe: Float64Array;
  private readonly rhoIm: Float64Array;
  private readonly rhoEndRe: Float64Array;
  private readonly rhoEndIm: Float64Array;
  private readonly rRe: Float64Array;
  private readonly rIm: Float64Array;
  private readonly tRe: Float64Array;
  private readonly tIm: Float64Array;
  private readonly eRe: Float64Array;
  private readonly eIm: Float64Array;
  private readonly aRe: Float64Array;
  private readonly aIm: Float64Array;
  private readonly poyn: Float64Array;
  private readonly fr = new Float64Array(4);
  // per medium results of the sub-solves: forward (f) and backward (b) illumination
  private readonly Af: Float64Array;
  private readonly Ab: Float64Array;
  private readonly cf: Float64Array; // 4 per medium: c1, c2, c3re, c3im
  private readonly cb: Float64Array;
  // per stack (between incoherent nodes)
  private readonly stR: Float64Array; // Rf, Tf, PEf, Rb, Tb, PEb per stack
  // per incoherent node
  private readonly nodeMedium: Int32Array;
  private readonly nodeP: Float64Array;
  private readonly nodeQ: Float64Array; // W/V at node start
  private readonly nodeQend: Float64Array;
  private readonly nodeV: Float64Array;
  private readonly stDen: Float64Array;
  private nodes = 0;
  // sub-solve scalar outputs
  private subR = 0;
  private subT = 0;
  private subPE = 0;

  constructor(nMedia: number) {
    this.nMedia = nMedia;
    const f = () => new Float64Array(nMedia);
    this.NRe = f();
    this.NIm = f();
    this.qRe = f();
    this.qIm = f();
    this.cRe = f();
    this.cIm = f();
    this.kzRe = f();
    this.kzIm = f();
    this.pos = new Int32Array(nMedia);
    this.rhoRe = f();
    this.rhoIm = f();
    this.rhoEndRe = f();
    this.rhoEndIm = f();
    this.rRe = f();
    this.rIm = f();
    this.tRe = f();
    this.tIm = f();
    this.eRe = f();
    this.eIm = f();
    this.aRe = f();
    this.aIm = f();
    this.poyn = f();
    this.Af = f();
    this.Ab = f();
    this.cf = new Float64Array(4 * nMedia);
    this.cb = new Float64Array(4 * nMedia);
    this.stR = new Float64Array(6 * nMedia);
    this.nodeMedium = new Int32Array(nMedia);
    this.nodeP = f();
    this.nodeQ = f();
    this.nodeQend = f();
    this.nodeV = f();
    this.stDen = f();
  }

  /**
   * Solves the stack at every wavelength and polarisation; allocates only the result arrays.
   * Input is assumed validated (see validateTmmInput).
   */
  solve(input: TmmInput): TmmResult {
    const L = input.layers.length;
    if (L + 2 !== this.nMedia) throw new Error(`TmmSolver built for ${this.nMedia - 2} layers, got ${L}`);
    const nWl = input.wavelengthNm.length;
    const res: TmmResult = {
      wavelengthNm: input.wavelengthNm,
      R: new Float64Array(nWl),
      T: new Float64Array(nWl),
      A: input.layers.map(() => new Float64Array(nWl)),
      thicknessNm: Float64Array.from(input.layers, (l) => l.thicknessNm),
      coherent: input.layers.map((l) => l.coherent),
      layerNames: input.layers.map((l) => l.name),
      profile: new Float64Array(L * nWl * PROFILE_STRIDE),
    };
    const media: MediumNk[] = [input.ambient, ...input.layers, input.substrate];
    const dNm = new Float64Array(this.nMedia);
    const coh: boolean[] = [false];
    for (let j = 0; j < L; j++) {
      dNm[j + 1] = input.layers[j]!.thicknessNm;
      coh.push(input.layers[j]!.coherent);
    }
    coh.push(false);
    // incoherent nodes
    let nodes = 0;
    for (let m = 0; m < this.nMedia; m++) if (!coh[m]) this.nodeMedium[nodes++] = m;
    this.nodes = nodes;
    const sinT = Math.sin((input.angleDeg * Math.PI) / 180);
    const pols: (0 | 1)[] = input.polarization === 's' ? [0] : input.polarization === 'p' ? [1] : [0, 1];
    const wPol = 1 / pols.length;
    for (let i = 0; i < nWl; i++) {
      const lam = input.wavelengthNm[i]!;
      const S = media[0]!.n[i]! * sinT;
      const S2 = S * S;
      for (let m = 0; m < this.nMedia; m++) {
        const nr = media[m]!.n[i]!;
        const ni = media[m]!.k[i]!;
        this.NRe[m] = nr;
        this.NIm[m] = ni;
        // q = sqrt(N^2 - S^2), forward branch
        const zr = nr * nr - ni * ni - S2;
        const zi = 2 * nr * ni;
        const mod = Math.hypot(zr, zi);
        let qr: number;
        let qi: number;
        if (zr >= 0) {
          qr = Math.sqrt((mod + zr) / 2);
          qi = qr === 0 ? 0 : zi / (2 * qr);
        } else {
          qi = Math.sqrt((mod - zr) / 2);
          if (zi < 0) qi = -qi;
          qr = zi / (2 * qi);
        }
        const forward = Math.abs(qi) > 100 * Number.EPSILON * Math.max(1, Math.abs(qr)) ? qi > 0 : qr > 0;
        if (!forward) {
          qr = -qr;
          qi = -qi;
        }
        this.qRe[m] = qr;
        this.qIm[m] = qi;
        const n2 = nr * nr + ni * ni;
        this.cRe[m] = (qr * nr + qi * ni) / n2;
        this.cIm[m] = (qi * nr - qr * ni) / n2;
        const f = (2 * Math.PI) / lam;
        this.kzRe[m] = f * qr;
        this.kzIm[m] = f * qi;
      }
      for (let n = 1; n < nodes - 1; n++) {
        const m = this.nodeMedium[n]!;
        this.nodeP[n] = Math.exp(-2 * this.kzIm[m]! * dNm[m]!);
      }
      this.nodeP[0] = 1;
      this.nodeP[nodes - 1] = 1;
      for (const pol of pols) this.solveOne(pol, i, nWl, dNm, lam, wPol, res);
    }
    // An incoherent layer's absorption is a difference of powers: where it absorbs nothing the
    // difference is round-off (about +-1e-14), which would show as negative absorptance in plots
    // and exports. Clear it; anything larger is a real result (or a real bug) and is kept.
    for (const A of res.A) for (let i = 0; i < nWl; i++) if (Math.abs(A[i]!) < ROUND_OFF) A[i] = 0;
    for (let i = 0; i < nWl; i++) {
      if (Math.abs(res.R[i]!) < ROUND_OFF) res.R[i] = 0;
      if (Math.abs(res.T[i]!) < ROUND_OFF) res.T[i] = 0;
    }
    return res;
  }

  /** One wavelength, one polarisation; accumulates with weight w into res. */
  private solveOne(
    pol: 0 | 1,
    i: number,
    nWl: number,
    dNm: Float64Array,
    lam: number,
    w: number,
    res: TmmResult,
  ): void {
    const nodes = this.nodes;
    const st = this.stR;
    // coherent sub-stacks: forward always, backward when light can come back (not the last stack)
    for (let s = 0; s < nodes - 1; s++) {
      const m0 = this.nodeMedium[s]!;
      const m1 = this.nodeMedium[s + 1]!;
      let P = 0;
      for (let m = m0; m <= m1; m++) this.pos[P++] = m;
      this.subSolve(pol, P, dNm, lam, this.Af, this.cf, false);
      st[6 * s] = this.subR;
      st[6 * s + 1] = this.subT;
      st[6 * s + 2] = this.subPE;
      if (s < nodes - 2) {
        P = 0;
        for (let m = m1; m >= m0; m--) this.pos[P++] = m;
        this.subSolve(pol, P, dNm, lam, this.Ab, this.cb, true);
        st[6 * s + 3] = this.subR;
        st[6 * s + 4] = this.subT;
        st[6 * s + 5] = this.subPE;
      } else {
        st[6 * s + 3] = 0;
        st[6 * s + 4] = 0;
        st[6 * s + 5] = 0;
      }
    }
    // intensity recursion over incoherent nodes
    const Q = this.nodeQ;
    const Qend = this.nodeQend;
    const Pn = this.nodeP;
    Q[nodes - 1] = 0;
    for (let s = nodes - 2; s >= 0; s--) {
      const Rf = st[6 * s]!;
      const Tf = st[6 * s + 1]!;
      const Rb = st[6 * s + 3]!;
      const Tb = st[6 * s + 4]!;
      const qn = Q[s + 1]!;
      const den = 1 - Rb * qn;
      this.stDen[s] = den;
      Qend[s] = Rf + (Tf * Tb * qn) / den;
      Q[s] = Qend[s]! * Pn[s]! * Pn[s]!;
    }
    const V = this.nodeV;
    V[0] = 1;
    for (let s = 0; s < nodes - 1; s++) V[s + 1] = (st[6 * s + 1]! * V[s]! * Pn[s]!) / this.stDen[s]!;
    res.R[i] = res.R[i]! + w * Qend[0]!;
    res.T[i] = res.T[i]! + w * V[nodes - 1]!;
    // coherent layers of each stack
    const prof = res.profile;
    for (let s = 0; s < nodes - 1; s++) {
      const F = V[s]! * Pn[s]!;
      const B = Q[s + 1]! * V[s + 1]!;
      const m0 = this.nodeMedium[s]!;
      const m1 = this.nodeMedium[s + 1]!;
      for (let m = m0 + 1; m < m1; m++) {
        const j = m - 1;
        const A = res.A[j]!;
        A[i] = A[i]! + w * (F * this.Af[m]! + B * this.Ab[m]!);
        const o = (j * nWl + i) * PROFILE_STRIDE;
        prof[o] = prof[o]! + w * (F * this.cf[4 * m]! + B * this.cb[4 * m]!);
        prof[o + 1] = prof[o + 1]! + w * (F * this.cf[4 * m + 1]! + B * this.cb[4 * m + 1]!);
        prof[o + 2] = prof[o + 2]! + w * (F * this.cf[4 * m + 2]! + B * this.cb[4 * m + 2]!);
        prof[o + 3] = prof[o + 3]! + w * (F * this.cf[4 * m + 3]! + B * this.cb[4 * m + 3]!);
        prof[o + 4] = this.kzIm[m]!;
        prof[o + 5] = this.kzRe[m]!;
      }
    }
    // incoherent layers: net power in minus net power out
    for (let n = 1; n < nodes - 1; n++) {
      const m = this.nodeMedium[n]!;
      const j = m - 1;
      const sPrev = n - 1;
      const Fp = V[sPrev]! * Pn[sPrev]!;
      const Bp = Q[n]! * V[n]!;
      const pin = Fp * st[6 * sPrev + 1]! - Bp * st[6 * sPrev + 5]!;
      const Fn = V[n]! * Pn[n]!;
      const Bn = Q[n + 1]! * V[n + 1]!;
      const pout = Fn * st[6 * n + 2]! - Bn * st[6 * n + 4]!;
      const A = res.A[j]!;
      A[i] = A[i]! + w * (pin - pout);
      // profile: Beer-Lambert terms of the two intensities plus the face interference terms,
      // deposited with the shape of the wave entering at that face
      const Wn = Q[n]! * V[n]!;
      const bEnd = Qend[n]! * Fn;
      const corrFront = pin - (V[n]! - Wn);
      const corrBack = Fn - bEnd - pout;
      const twoKappa = 2 * this.kzIm[m]!;
      const d = dNm[m]!;
      const shape = twoKappa * d < 1e-12 ? 1 / d : twoKappa / -Math.expm1(-twoKappa * d);
      const o = (j * nWl + i) * PROFILE_STRIDE;
      prof[o] = prof[o]! + w * (twoKappa * V[n]! + corrFront * shape);
      prof[o + 1] = prof[o + 1]! + w * (twoKappa * bEnd + corrBack * shape);
      prof[o + 4] = this.kzIm[m]!;
      prof[o + 5] = this.kzRe[m]!;
    }
  }

  /**
   * Coherent solve of media pos[0..P-1] (pos[0] incident, pos[P-1] exit). Writes R, T, power
   * entering, and per-medium absorption and profile coefficients (in the forward frame of the
   * whole stack; reversed = the sub-stack is lit from its back).
   */
  private subSolve(
    pol: 0 | 1,
    P: number,
    dNm: Float64Array,
    lam: number,
    Aout: Float64Array,
    cOut: Float64Array,
    reversed: boolean,
  ): void {
    const { pos, rhoRe, rhoIm, rhoEndRe, rhoEndIm, rRe, rIm, tRe, tIm, eRe, eIm, aRe, aIm, fr } = this;
    const { qRe, qIm, NRe, NIm, cRe, cIm, kzRe, kzIm } = this;
    // phase factors e^{i delta} of the inner layers
    for (let p = 1; p < P - 1; p++) {
      const m = pos[p]!;
      const d = dNm[m]!;
      const mag = Math.exp(-kzIm[m]! * d);
      const ph = kzRe[m]! * d;
      eRe[p] = mag * Math.cos(ph);
      eIm[p] = mag * Math.sin(ph);
    }
    // backward ratio recursion
    rhoRe[P - 1] = 0;
    rhoIm[P - 1] = 0;
    for (let p = P - 2; p >= 0; p--) {
      fresnel(pol, qRe, qIm, NRe, NIm, cRe, cIm, pos[p]!, pos[p + 1]!, fr);
      const r0 = fr[0]!;
      const r1 = fr[1]!;
      rRe[p] = r0;
      rIm[p] = r1;
      tRe[p] = fr[2]!;
      tIm[p] = fr[3]!;
      const nr = rhoRe[p + 1]!;
      const ni = rhoIm[p + 1]!;
      // (r + rho) / (1 + r rho)
      const numRe = r0 + nr;
      const numIm = r1 + ni;
      const denRe = 1 + r0 * nr - r1 * ni;
      const denIm = r0 * ni + r1 * nr;
      const d2 = denRe * denRe + denIm * denIm;
      const er = (numRe * denRe + numIm * denIm) / d2;
      const ei = (numIm * denRe - numRe * denIm) / d2;
      rhoEndRe[p] = er;
      rhoEndIm[p] = ei;
      if (p >= 1) {
        // times e^{2 i delta}
        const e2r = eRe[p]! * eRe[p]! - eIm[p]! * eIm[p]!;
        const e2i = 2 * eRe[p]! * eIm[p]!;
        rhoRe[p] = er * e2r - ei * e2i;
        rhoIm[p] = er * e2i + ei * e2r;
      } else {
        rhoRe[0] = er;
        rhoIm[0] = ei;
      }
    }
    // forward amplitudes
    aRe[0] = 1;
    aIm[0] = 0;
    for (let p = 0; p < P - 1; p++) {
      let xr = aRe[p]!;
      let xi = aIm[p]!;
      if (p >= 1) {
        const yr = xr * eRe[p]! - xi * eIm[p]!;
        xi = xr * eIm[p]! + xi * eRe[p]!;
        xr = yr;
      }
      // a_end = x; a(p+1) = t x / (1 + r rho(p+1))
      const nr = rhoRe[p + 1]!;
      const ni = rhoIm[p + 1]!;
      const denRe = 1 + rRe[p]! * nr - rIm[p]! * ni;
      const denIm = rRe[p]! * ni + rIm[p]! * nr;
      const numRe = tRe[p]! * xr - tIm[p]! * xi;
      const numIm = tRe[p]! * xi + tIm[p]! * xr;
      const d2 = denRe * denRe + denIm * denIm;
      aRe[p + 1] = (numRe * denRe + numIm * denIm) / d2;
      aIm[p + 1] = (numIm * denRe - numRe * denIm) / d2;
      // b_end = rho_end a_end of layer p, stored over rho_end (no longer needed)
      const br = rhoEndRe[p]! * xr - rhoEndIm[p]! * xi;
      const bi = rhoEndRe[p]! * xi + rhoEndIm[p]! * xr;
      rhoEndRe[p] = br;
      rhoEndIm[p] = bi;
    }
    const mIn = pos[0]!;
    // normalisation: Re(q_in) (s) or Re(N_in conj(c_in)) (p)
    const normIn = pol === 0 ? qRe[mIn]! : NRe[mIn]! * cRe[mIn]! + NIm[mIn]! * cIm[mIn]!;
    this.subR = rhoRe[0]! * rhoRe[0]! + rhoIm[0]! * rhoIm[0]!;
    const poyn = this.poyn;
    // Poynting at the start of each medium p >= 1
    for (let p = 1; p < P; p++) {
      const m = pos[p]!;
      const ar = aRe[p]!;
      const ai = aIm[p]!;
      const br = rhoRe[p]! * ar - rhoIm[p]! * ai;
      const bi = rhoRe[p]! * ai + rhoIm[p]! * ar;
      const sr = ar + br;
      const si = ai + bi;
      const dr = ar - br;
      const di = ai - bi;
      let v: number;
      if (pol === 0) {
        // Re(q conj(sum) diff)
        const xr = sr * dr + si * di;
        const xi = sr * di - si * dr;
        v = qRe[m]! * xr - qIm[m]! * xi;
      } else {
        // Re(N conj(c) sum conj(diff))
        const ur = NRe[m]! * cRe[m]! + NIm[m]! * cIm[m]!;
        const ui = NIm[m]! * cRe[m]! - NRe[m]! * cIm[m]!;
        const xr = sr * dr + si * di;
        const xi = si * dr - sr * di;
        v = ur * xr - ui * xi;
      }
      poyn[p] = v / normIn;
    }
    this.subT = poyn[P - 1]!;
    this.subPE = poyn[1]!;
    // absorption and profile coefficients of inner layers
    const twoPiOverLam = (2 * Math.PI) / lam;
    for (let p = 1; p < P - 1; p++) {
      const m = pos[p]!;
      Aout[m] = poyn[p]! - poyn[p + 1]!;
      let aInt: number;
      let aX: number;
      if (pol === 0) {
        // Im(q kz) = (2 pi / lam) Im(q^2)
        const v = (twoPiOverLam * 2 * qRe[m]! * qIm[m]!) / normIn;
        aInt = v;
        aX = v;
      } else {
        // u = N conj(c) kz, v = N conj(c) conj(kz)
        const ur = NRe[m]! * cRe[m]! + NIm[m]! * cIm[m]!;
        const ui = NIm[m]! * cRe[m]! - NRe[m]! * cIm[m]!;
        const kr = kzRe[m]!;
        const ki = kzIm[m]!;
        const imU = ur * ki + ui * kr;
        const imV = -ur * ki + ui * kr;
        aInt = (imU - imV) / normIn;
        aX = -(imU + imV) / normIn;
      }
      const ar = aRe[p]!;
      const ai = aIm[p]!;
      const ber = rhoEndRe[p]!;
      const bei = rhoEndIm[p]!;
      const c1 = aInt * (ar * ar + ai * ai);
      const c2 = aInt * (ber * ber + bei * bei);
      // c3 = 2 aX a conj(b_end e^{i delta})
      const gr = ber * eRe[p]! - bei * eIm[p]!;
      const gi = ber * eIm[p]! + bei * eRe[p]!;
      let c3r = 2 * aX * (ar * gr + ai * gi);
      let c3i = 2 * aX * (ai * gr - ar * gi);
      const o = 4 * m;
      if (!reversed) {
        cOut[o] = c1;
        cOut[o + 1] = c2;
        cOut[o + 2] = c3r;
        cOut[o + 3] = c3i;
      } else {
        // depth z' = d - z: swap c1, c2; c3 -> conj(c3) e^{-2 i beta d}
        const ph = -2 * kzRe[m]! * dNm[m]!;
        const cr = Math.cos(ph);
        const ci = Math.sin(ph);
        const xr = c3r;
        const xi = -c3i;
        c3r = xr * cr - xi * ci;
        c3i = xr * ci + xi * cr;
        cOut[o] = c2;
        cOut[o + 1] = c1;
        cOut[o + 2] = c3r;
        cOut[o + 3] = c3i;
      }
    }
  }
}

/** Checks a TMM input; errors name the layer and the field. */
export function validateTmmInput(input: TmmInput): void {
  const nWl = input.wavelengthNm.length;
  if (nWl === 0) throw new OpticsInputError('wavelengthNm', 'no wavelengths');
  for (let i = 0; i < nWl; i++) {
    const l = input.wavelengthNm[i]!;
    if (!(l > 0) || !Number.isFinite(l))
      throw new OpticsInputError(`wavelengthNm[${i}]`, `must be a finite number > 0 (got ${l})`);
  }
  const a = input.angleDeg;
  if (!Number.isFinite(a) || a < 0 || a >= 90) {
    throw new OpticsInputError('angleDeg', `must be a finite angle with 0 <= angle < 90 degrees (got ${a})`);
  }
  if (input.polarization !== 's' && input.polarization !== 'p' && input.polarization !== 'unpolarized') {
    throw new OpticsInputError('polarization', `must be "s", "p" or "unpolarized" (got ${String(input.polarization)})`);
  }
  const checkNk = (m: MediumNk, field: string) => {
    if (m.n.length !== nWl || m.k.length !== nWl) {
      throw new OpticsInputError(
        field,
        `n,k missing: ${m.n.length} n and ${m.k.length} k values for ${nWl} wavelengths`,
      );
    }
    for (let i = 0; i < nWl; i++) {
      const n = m.n[i]!;
      const k = m.k[i]!;
      if (!Number.isFinite(n) || !(n > 0)) {
        throw new OpticsInputError(
          `${field}.n`,
          `missing or invalid at ${input.wavelengthNm[i]} nm (got ${n}; need n > 0)`,
        );
      }
      if (!Number.isFinite(k) || !(k >= 0)) {
        throw new OpticsInputError(
          `${field}.k`,
          `missing or invalid at ${input.wavelengthNm[i]} nm (got ${k}; need k >= 0)`,
        );
      }
    }
  };
  checkNk(input.ambient, 'ambient');
  checkNk(input.substrate, 'substrate');
  if (a > 0) {
    for (let i = 0; i < nWl; i++) {
      if (input.ambient.k[i]! > 0) {
        throw new OpticsInputError(
          'ambient.k',
          `must be 0 at oblique incidence (got ${input.ambient.k[i]} at ${input.wavelengthNm[i]} nm)`,
        );
      }
    }
  }
  input.layers.forEach((l, j) => {
    const field = `layers[${j}] "${l.name}"`;
    const d = l.thicknessNm;
    if (typeof d !== 'number' || !Number.isFinite(d) || d <= 0) {
      throw new OpticsInputError(`${field}.thicknessNm`, `must be a finite number > 0 (got ${d})`);
    }
    if (typeof l.coherent !== 'boolean') throw new OpticsInputError(`${field}.coherent`, 'must be true or false');
    checkNk(l, field);
  });
}

/** Validates and solves a stack (R, T, A per layer, profile coefficients). */
export function solveTmm(input: TmmInput): TmmResult {
  validateTmmInput(input);
  return new TmmSolver(input.layers.length + 2).solve(input);
}

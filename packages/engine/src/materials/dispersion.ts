/**
 * Dispersion models: a material defined by a formula instead of a table. Each gives the complex
 * refractive index N = n + i k (k >= 0) at a vacuum wavelength l; photon energy E[eV] = hc/(q l).
 *
 *   Cauchy:      n(l) = A + B / l^2 + C / l^4            (l in um, B in um^2, C in um^4), k constant
 *   Sellmeier:   n^2(l) = 1 + A + sum_i B_i l^2 / (l^2 - C_i)  (l in um, C_i in um^2), k constant
 *                (A = 0 is the classic form; refractiveindex.info "formula 2" has this shape)
 *   Oscillators: eps(E) = eps_inf + sum of terms, N = sqrt(eps) (principal root, so k >= 0), with
 *     Lorentz      f E0^2 / (E0^2 - E^2 - i G E)                      (f dimensionless, E0, G in eV)
 *     Drude        -Ep^2 / (E^2 + i G E)                              (free carriers; Ep, G in eV)
 *     Tauc-Lorentz eps2 = A E0 C (E - Eg)^2 / (((E^2 - E0^2)^2 + C^2 E^2) E) for E > Eg, else 0,
 *                  eps1 from its Kramers-Kronig transform in closed form
 *                  (G. E. Jellison and F. A. Modine, Appl. Phys. Lett. 69, 371 (1996); erratum 69, 2137).
 *
 * Limits: Cauchy and Sellmeier are fits for transparent regions (no absorption edge); the
 * oscillator forms satisfy Kramers-Kronig, Tauc-Lorentz is meant for amorphous semiconductors
 * (no Urbach tail below Eg). References: H. Fujiwara, Spectroscopic Ellipsometry (Wiley 2007), ch. 5.
 */
import { HC_EV_NM } from '../constants.js';
import { OpticsInputError, requireFinite } from '../optics/errors.js';

export interface CauchyModel {
  kind: 'cauchy';
  a: number;
  bUm2: number;
  cUm4?: number;
  /** Constant extinction coefficient (default 0). */
  k?: number;
}

export interface SellmeierModel {
  kind: 'sellmeier';
  /** Additive constant of n^2 - 1 (default 0). */
  a?: number;
  terms: { b: number; cUm2: number }[];
  k?: number;
}

export type OscillatorTerm =
  | { type: 'lorentz'; f: number; e0Ev: number; gammaEv: number }
  | { type: 'drude'; plasmaEv: number; gammaEv: number }
  | { type: 'tauc-lorentz'; aEv: number; e0Ev: number; cEv: number; egEv: number };

export interface OscillatorModel {
  kind: 'oscillators';
  epsInf: number;
  terms: OscillatorTerm[];
}

export type DispersionModel = CauchyModel | SellmeierModel | OscillatorModel;

/**
 * Tauc-Lorentz permittivity (eps1 without eps_inf, eps2) at photon energy e (eV), written to out[0..1].
 */
export function taucLorentzEps(
  e: number,
  a: number,
  e0: number,
  c: number,
  eg: number,
  out: Float64Array | number[],
): void {
  if (!(c < 2 * e0)) throw new OpticsInputError('tauc-lorentz.cEv', `must be < 2 E0 (got C=${c}, E0=${e0})`);
  let E = e;
  // the two log terms cancel exactly at E = Eg; step off the removable singularity
  if (Math.abs(E - eg) < 1e-9) E = eg + 1e-9;
  const e2 = E * E;
  const e02 = e0 * e0;
  const eg2 = eg * eg;
  const c2 = c * c;
  const alpha = Math.sqrt(4 * e02 - c2);
  const gamma2 = e02 - c2 / 2;
  const zeta4 = (e2 - gamma2) * (e2 - gamma2) + (alpha * alpha * c2) / 4;
  const aLn = (eg2 - e02) * e2 + eg2 * c2 - e02 * (e02 + 3 * eg2);
  const aAtan = (e2 - e02) * (e02 + eg2) + eg2 * c2;
  const pi = Math.PI;
  const t1 =
    ((a * c * aLn) / (2 * pi * zeta4 * alpha * e0)) * Math.log((e02 + eg2 + alpha * eg) / (e02 + eg2 - alpha * eg));
  const t2 =
    ((a * aAtan) / (pi * zeta4 * e0)) * (pi - Math.atan((2 * eg + alpha) / c) + Math.atan((alpha - 2 * eg) / c));
  const t3 =
    ((2 * a * e0 * eg * (e2 - gamma2)) / (pi * zeta4 * alpha)) *
    (pi + 2 * Math.atan((2 * (gamma2 - eg2)) / (alpha * c)));
  const t4 = ((a * e0 * c * (e2 + eg2)) / (pi * zeta4 * E)) * Math.log(Math.abs(E - eg) / (E + eg));
  const t5 =
    ((2 * a * e0 * c * eg) / (pi * zeta4)) *
    Math.log((Math.abs(E - eg) * (E + eg)) / Math.sqrt((e02 - eg2) * (e02 - eg2) + eg2 * c2));
  out[0] = t1 - t2 + t3 - t4 + t5;
  out[1] = E > eg ? (a * e0 * c * (E - eg) * (E - eg)) / (((e2 - e02) * (e2 - e02) + c2 * e2) * E) : 0;
}

function checkModel(m: DispersionModel, field: string): void {
  if (m.kind === 'cauchy') {
    requireFinite(m.a, `${field}.a`);
    requireFinite(m.bUm2, `${field}.bUm2`);
    requireFinite(m.cUm4 ?? 0, `${field}.cUm4`);
  } else if (m.kind === 'sellmeier') {
    requireFinite(m.a ?? 0, `${field}.a`);
    m.terms.forEach((t, i) => {
      requireFinite(t.b, `${field}.terms[${i}].b`);
      requireFinite(t.cUm2, `${field}.terms[${i}].cUm2`);
    });
  } else {
    requireFinite(m.epsInf, `${field}.epsInf`);
    m.terms.forEach((t, i) => {
      for (const [key, v] of Object.entries(t)) {
        if (key !== 'type') requireFinite(v as number, `${field}.terms[${i}].${key}`);
      }
      if (t.type === 'tauc-lorentz' && !(t.cEv < 2 * t.e0Ev && t.egEv > 0 && t.e0Ev > 0 && t.cEv > 0)) {
        throw new OpticsInputError(`${field}.terms[${i}]`, 'Tauc-Lorentz needs E0 > 0, Eg > 0, 0 < C < 2 E0');
      }
    });
  }
  const k = m.kind === 'oscillators' ? 0 : (m.k ?? 0);
  if (!(k >= 0)) throw new OpticsInputError(`${field}.k`, `must be >= 0 (got ${k})`);
}

const tlBuffer = new Float64Array(2);

/** Complex permittivity of an oscillator model at photon energy e (eV), into out[0..1]. */
export function oscillatorEps(m: OscillatorModel, e: number, out: Float64Array | number[]): void {
  let re = m.epsInf;
  let im = 0;
  const tl = tlBuffer;
  for (const t of m.terms) {
    if (t.type === 'lorentz') {
      // f E0^2 / (E0^2 - E^2 - i G E)
      const dr = t.e0Ev * t.e0Ev - e * e;
      const di = -t.gammaEv * e;
      const d2 = dr * dr + di * di;
      const num = t.f * t.e0Ev * t.e0Ev;
      re += (num * dr) / d2;
      im += (-num * di) / d2;
    } else if (t.type === 'drude') {
      // -Ep^2 / (E^2 + i G E)
      const dr = e * e;
      const di = t.gammaEv * e;
      const d2 = dr * dr + di * di;
      const num = -t.plasmaEv * t.plasmaEv;
      re += (num * dr) / d2;
      im += (-num * di) / d2;
    } else {
      taucLorentzEps(e, t.aEv, t.e0Ev, t.cEv, t.egEv, tl);
      re += tl[0]!;
      im += tl[1]!;
    }
  }
  out[0] = re;
  out[1] = im;
}

/** Principal square root of eps = er + i ei: N = n + i k with n >= 0 (and k >= 0 when ei >= 0). */
export function nkFromEps(er: number, ei: number, out: Float64Array | number[]): void {
  const r = Math.hypot(er, ei);
  if (r === 0) {
    out[0] = 0;
    out[1] = 0;
    return;
  }
  if (er >= 0) {
    const s = Math.sqrt((r + er) / 2);
    out[0] = s;
    out[1] = ei / (2 * s);
  } else {
    const s = Math.sqrt((r - er) / 2);
    const k = ei >= 0 ? s : -s;
    out[0] = ei / (2 * k);
    out[1] = k;
  }
}

/** n and k of a dispersion model at the given wavelengths (nm). `field` names the layer for errors. */
export function evaluateDispersion(
  m: DispersionModel,
  wavelengthNm: ArrayLike<number>,
  field: string,
): { n: Float64Array; k: Float64Array } {
  checkModel(m, field);
  const len = wavelengthNm.length;
  const n = new Float64Array(len);
  const k = new Float64Array(len);
  const eps = [0, 0];
  const nk = [0, 0];
  for (let i = 0; i < len; i++) {
    const l = wavelengthNm[i]!;
    if (!(l > 0) || !Number.isFinite(l)) throw new OpticsInputError(`wavelengthNm[${i}]`, `must be > 0 (got ${l})`);
    const lu = l / 1000;
    if (m.kind === 'cauchy') {
      const l2 = lu * lu;
      n[i] = m.a + m.bUm2 / l2 + (m.cUm4 ?? 0) / (l2 * l2);
      k[i] = m.k ?? 0;
    } else if (m.kind === 'sellmeier') {
      const l2 = lu * lu;
      let n2 = 1 + (m.a ?? 0);
      for (const t of m.terms) n2 += (t.b * l2) / (l2 - t.cUm2);
      if (!(n2 > 0)) throw new OpticsInputError(field, `Sellmeier n^2 = ${n2} <= 0 at ${l} nm (at or near a pole)`);
      n[i] = Math.sqrt(n2);
      k[i] = m.k ?? 0;
    } else {
      oscillatorEps(m, HC_EV_NM / l, eps);
      nkFromEps(eps[0]!, eps[1]!, nk);
      n[i] = nk[0]!;
      k[i] = nk[1]!;
    }
    if (!(n[i]! > 0) || !Number.isFinite(n[i]!) || !(k[i]! >= 0) || !Number.isFinite(k[i]!)) {
      throw new OpticsInputError(
        field,
        `the dispersion model gives n = ${n[i]}, k = ${k[i]} at ${l} nm (need n > 0, k >= 0)`,
      );
    }
  }
  return { n, k };
}

/**
 * Incident spectra: tabulated (ASTM G173-03 AM1.5G, AM0, AM1.5D; user CSV), blackbody,
 * monochromatic; intensity in suns; photon flux; the spectral mismatch factor (IEC 60904-7).
 *
 *   photon flux         Phi(l) = E(l) l / (h c)                  (E in W m^-2 nm^-1, l in m)
 *   Planck (sun-like)   E(l) = pi (R_sun / AU)^2 2 h c^2 / l^5 / (exp(h c / (l k_B T)) - 1)
 *   short-circuit J     J = q integral EQE(l) Phi(l) dl           (trapezoid rule on the grid)
 *   mismatch factor     M = [int E_t S_d * int E_r S_c] / [int E_r S_d * int E_t S_c]
 *                       with E_t the test (simulator) and E_r the reference spectrum, S_d the
 *                       spectral responsivity of the device, S_c that of the reference detector
 *                       (flat, i.e. thermal, when none is given); corrected Jsc = Jsc_test / M
 *                       (IEC 60904-7:2019; ASTM E973).
 *   above the gap       P(Eg) = int_{l < l_g} E dl,  J(Eg) = q int_{l < l_g} Phi dl,  l_g = h c / Eg,
 *                       the spectrum interpolated linearly at l_g (the definition of
 *                       assets/data/check_values.json; used by the detailed-balance limit)
 * Integrals use the trapezoid rule on the spectrum's own grid (numerics/trapezoid.ts); a
 * monochromatic spectrum is a single line whose `irradiance` value is the total power in W m^-2
 * (its weight is 1, not a width). 1 A/m^2 = 0.1 mA/cm^2; 1 W/m^2 = 0.1 mW/cm^2.
 * Reference: ASTM G173-03; C. R. Osterwald, Solar Cells 18, 269 (1986) for the mismatch factor.
 */
import { C_M_S, H_J_S, KB_J_K, Q_C } from '../constants.js';
import { moreEntries, NAMED_ENTRIES } from '../input-lists.js';
import { trapezoidWeights } from '../numerics/trapezoid.js';
import { OpticsInputError } from '../optics/errors.js';
import { gapWavelengthNm } from './radiative-limit.js';

export { trapezoidWeights } from '../numerics/trapezoid.js';
export { gapWavelengthNm, radiativeJ0MaCm2 } from './radiative-limit.js';

export interface Spectrum {
  name: string;
  wavelengthNm: Float64Array;
  /** Spectral irradiance, W m^-2 nm^-1 (for a monochromatic line: total irradiance, W m^-2). */
  irradianceWm2Nm: Float64Array;
  /** A single line: integrals are the value at that wavelength, not a trapezoid. */
  monochromatic?: boolean;
}

/**
 * A spectrum as plain arrays (nm; W m^-2 nm^-1), as a JSON payload carries it (a circuit job's
 * `spectrum`); makeSpectrum checks it and makes it a Spectrum. Every Spectrum is one.
 */
export type SpectrumArrays = { wavelengthNm: ArrayLike<number>; irradianceWm2Nm: ArrayLike<number> };

/** Asset paths (under assets/) of the built-in spectra; the caller reads the text. */
export const BUILTIN_SPECTRA: Record<string, string> = {
  'AM1.5G': 'data/spectra/am15g.csv',
  AM0: 'data/spectra/am0.csv',
  'AM1.5D': 'data/spectra/am15d.csv',
};

/** The platform default grid: 300-1600 nm in 1 nm steps (1301 points). */
export function wavelengthGridNm(startNm = 300, endNm = 1600, stepNm = 1): Float64Array {
  if (!(stepNm > 0) || !(endNm >= startNm) || !(startNm > 0)) {
    throw new OpticsInputError(
      'wavelength range',
      `needs 0 < start <= end and step > 0 (got ${startNm}, ${endNm}, ${stepNm})`,
    );
  }
  const count = Math.floor((endNm - startNm) / stepNm + 1e-9) + 1;
  const g = new Float64Array(count);
  for (let i = 0; i < count; i++) g[i] = startNm + i * stepNm;
  return g;
}

const WAVELENGTH_UNITS: Record<string, number> = { wavelength_nm: 1, wavelength_um: 1000, wavelength_m: 1e9 };
/** Header names of the irradiance column and their factor to W m^-2 nm^-1. */
export const IRRADIANCE_UNIT_FACTORS: Record<string, number> = {
  irradiance_w_m2_nm: 1,
  irradiance_w_m2_um: 1e-3,
  irradiance_mw_cm2_nm: 10,
  irradiance_w_cm2_nm: 1e4,
};

/**
 * Parses a spectrum CSV. The header states the units: first column wavelength_nm | wavelength_um,
 * second irradiance_W_m2_nm | irradiance_W_m2_um | irradiance_mW_cm2_nm | irradiance_W_cm2_nm;
 * further columns are ignored. Checks: wavelengths strictly increasing and positive, irradiance
 * finite and >= 0, at least two rows.
 */
export function parseSpectrumCsv(text: string, name = 'spectrum'): Spectrum {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  const head = (lines[0] ?? '').split(',').map((c) => c.trim().toLowerCase());
  const wf = WAVELENGTH_UNITS[head[0] ?? ''];
  const ef = IRRADIANCE_UNIT_FACTORS[head[1] ?? ''];
  if (wf === undefined || ef === undefined) {
    throw new OpticsInputError(
      `${name} header`,
      `must state units, e.g. "wavelength_nm,irradiance_W_m2_nm" (got "${lines[0] ?? ''}"); wavelength in ${Object.keys(WAVELENGTH_UNITS).join('|')}, irradiance in irradiance_W_m2_nm|irradiance_W_m2_um|irradiance_mW_cm2_nm|irradiance_W_cm2_nm`,
    );
  }
  const w: number[] = [];
  const e: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const cells = lines[i]!.split(',');
    const l = Number(cells[0]?.trim()) * wf;
    const v = Number(cells[1]?.trim()) * ef;
    if (!Number.isFinite(l) || !Number.isFinite(v))
      throw new OpticsInputError(`${name} line ${i + 1}`, `not a number: "${lines[i]}"`);
    w.push(l);
    e.push(v);
  }
  return makeSpectrum(name, w, e);
}

/** A broken rule of a tabulated spectrum: the field (under the spectrum's name) and why. */
export interface SpectrumProblem {
  field: string;
  message: string;
}

/**
 * The rules of a tabulated spectrum, all of them broken listed (makeSpectrum throws the first; a
 * circuit job reports every one): at least two rows of equal length, wavelengths finite, > 0 and
 * strictly increasing (the trapezoid weights and the interpolation assume it), irradiance finite
 * and >= 0. Arrays come from JSON too, so anything may arrive.
 */
export function spectrumProblems(name: string, wavelengthNm: unknown, irradianceWm2Nm: unknown): SpectrumProblem[] {
  const out: SpectrumProblem[] = [];
  const arrayLike = (x: unknown): x is ArrayLike<unknown> =>
    Array.isArray(x) || (ArrayBuffer.isView(x) && !(x instanceof DataView));
  if (!arrayLike(wavelengthNm)) return [{ field: `${name}.wavelengthNm`, message: 'must be an array of numbers' }];
  if (!arrayLike(irradianceWm2Nm))
    return [{ field: `${name}.irradianceWm2Nm`, message: 'must be an array of numbers' }];
  if (wavelengthNm.length < 2) out.push({ field: `${name}.wavelengthNm`, message: 'needs at least two rows' });
  if (irradianceWm2Nm.length !== wavelengthNm.length) {
    out.push({
      field: `${name}.irradianceWm2Nm`,
      message: `differs in length from the wavelengths (${irradianceWm2Nm.length} values for ${wavelengthNm.length} wavelengths)`,
    });
  }
  // the first few bad entries of a column are named, the rest counted (input-lists.ts)
  const column = (field: string, values: ArrayLike<unknown>, why: (i: number) => string | undefined) => {
    let bad = 0;
    for (let i = 0; i < values.length; i++) {
      const message = why(i);
      if (message !== undefined && ++bad <= NAMED_ENTRIES) out.push({ field: `${field}[${i}]`, message });
    }
    if (bad > NAMED_ENTRIES) out.push({ field, message: moreEntries(bad - NAMED_ENTRIES, 'like these') });
  };
  column(`${name}.wavelengthNm`, wavelengthNm, (i) => {
    const l = wavelengthNm[i];
    const prev = i > 0 ? wavelengthNm[i - 1] : undefined;
    if (typeof l !== 'number' || !(l > 0) || !Number.isFinite(l)) return `must be > 0 (got ${String(l)})`;
    if (typeof prev === 'number' && !(l > prev)) return `wavelengths must increase strictly (${prev} then ${l})`;
    return undefined;
  });
  column(`${name}.irradianceWm2Nm`, irradianceWm2Nm, (i) => {
    const v = irradianceWm2Nm[i];
    return typeof v !== 'number' || !(v >= 0) || !Number.isFinite(v)
      ? `must be finite and >= 0 (got ${String(v)})`
      : undefined;
  });
  return out;
}

/** Checks and wraps arrays (nm; W m^-2 nm^-1) as a spectrum. */
export function makeSpectrum(
  name: string,
  wavelengthNm: ArrayLike<number>,
  irradianceWm2Nm: ArrayLike<number>,
): Spectrum {
  const first = spectrumProblems(name, wavelengthNm, irradianceWm2Nm)[0];
  if (first) throw new OpticsInputError(first.field, first.message);
  return { name, wavelengthNm: Float64Array.from(wavelengthNm), irradianceWm2Nm: Float64Array.from(irradianceWm2Nm) };
}

/**
 * The spectrum at other wavelengths, linear interpolation. Outside its range: an error unless
 * outside = 'zero'. A monochromatic line needs its wavelength on the grid.
 */
export function resampleSpectrum(
  s: Spectrum,
  gridNm: ArrayLike<number>,
  outside: 'error' | 'zero' = 'error',
): Spectrum {
  const out = new Float64Array(gridNm.length);
  const w = s.wavelengthNm;
  if (s.monochromatic) {
    const l0 = w[0]!;
    let hit = false;
    for (let i = 0; i < gridNm.length; i++) {
      if (gridNm[i] === l0) {
        out[i] = s.irradianceWm2Nm[0]!;
        hit = true;
      }
    }
    if (!hit)
      throw new OpticsInputError(`${s.name}.wavelengthNm`, `the line at ${l0} nm is not on the wavelength grid`);
    return {
      name: s.name,
      wavelengthNm: Float64Array.from(gridNm),
      irradianceWm2Nm: out,
      monochromatic: gridNm.length === 1,
    };
  }
  const m = w.length;
  let j = 0;
  for (let i = 0; i < gridNm.length; i++) {
    const l = gridNm[i]!;
    if (l < w[0]! || l > w[m - 1]!) {
      if (outside === 'zero') continue;
      throw new OpticsInputError(`${s.name}`, `no irradiance at ${l} nm: the spectrum covers ${w[0]}-${w[m - 1]} nm`);
    }
    if (j > m - 2 || w[j]! > l) j = 0;
    while (j < m - 2 && w[j + 1]! <= l) j++;
    const t = (l - w[j]!) / (w[j + 1]! - w[j]!);
    const e0 = s.irradianceWm2Nm[j]!;
    out[i] = t === 1 ? s.irradianceWm2Nm[j + 1]! : e0 + t * (s.irradianceWm2Nm[j + 1]! - e0);
  }
  return { name: s.name, wavelengthNm: Float64Array.from(gridNm), irradianceWm2Nm: out };
}

/** The spectrum times a number of suns (1 sun = the spectrum as given). */
export function scaleSpectrum(s: Spectrum, suns: number): Spectrum {
  if (!(suns >= 0) || !Number.isFinite(suns))
    throw new OpticsInputError('illumination.suns', `must be finite and >= 0 (got ${suns})`);
  return { ...s, irradianceWm2Nm: s.irradianceWm2Nm.map((v) => v * suns) };
}

/** Sun-like blackbody: Planck radiance times the solid angle of the sun seen from 1 AU. */
export function blackbodySpectrum(
  temperatureK: number,
  gridNm: ArrayLike<number>,
  totalIrradianceWm2?: number,
): Spectrum {
  if (!(temperatureK > 0) || !Number.isFinite(temperatureK)) {
    throw new OpticsInputError('blackbody.temperatureK', `must be > 0 (got ${temperatureK})`);
  }
  const rSunM = 6.957e8; // IAU 2015 nominal solar radius
  const auM = 1.495978707e11; // IAU 2012 astronomical unit
  const geom = Math.PI * (rSunM / auM) ** 2;
  const e = new Float64Array(gridNm.length);
  for (let i = 0; i < gridNm.length; i++) {
    const l = gridNm[i]! * 1e-9;
    const x = (H_J_S * C_M_S) / (l * KB_J_K * temperatureK);
    // W m^-2 m^-1 -> W m^-2 nm^-1
    e[i] = x > 700 ? 0 : ((geom * 2 * H_J_S * C_M_S * C_M_S) / l ** 5 / Math.expm1(x)) * 1e-9;
  }
  const s = makeSpectrum(`blackbody ${temperatureK} K`, gridNm, e);
  if (totalIrradianceWm2 !== undefined) {
    const p = spectrumPowerWm2(s);
    if (!(p > 0)) throw new OpticsInputError('blackbody', 'no power on the grid to scale');
    return scaleSpectrum(s, totalIrradianceWm2 / p);
  }
  return s;
}

/** A single line at wavelengthNm carrying irradianceWm2 (W m^-2). */
export function monochromaticSpectrum(wavelengthNm: number, irradianceWm2: number): Spectrum {
  if (!(wavelengthNm > 0) || !Number.isFinite(wavelengthNm)) {
    throw new OpticsInputError('monochromatic.wavelengthNm', `must be > 0 (got ${wavelengthNm})`);
  }
  if (!(irradianceWm2 >= 0) || !Number.isFinite(irradianceWm2)) {
    throw new OpticsInputError('monochromatic.irradianceWm2', `must be finite and >= 0 (got ${irradianceWm2})`);
  }
  return {
    name: `monochromatic ${wavelengthNm} nm`,
    wavelengthNm: Float64Array.of(wavelengthNm),
    irradianceWm2Nm: Float64Array.of(irradianceWm2),
    monochromatic: true,
  };
}

/** Photon flux, m^-2 s^-1 nm^-1 (per line for a monochromatic spectrum: m^-2 s^-1). */
export function photonFlux(s: Spectrum): Float64Array {
  const f = new Float64Array(s.wavelengthNm.length);
  const hc = H_J_S * C_M_S;
  for (let i = 0; i < f.length; i++) f[i] = (s.irradianceWm2Nm[i]! * s.wavelengthNm[i]! * 1e-9) / hc;
  return f;
}

/** integral of values(l) dl over the spectrum's grid (trapezoid; a line gives its value). */
export function integrateSpectrum(s: Spectrum, values: ArrayLike<number>): number {
  if (s.monochromatic) return values[0]!;
  const w = trapezoidWeights(s.wavelengthNm);
  let sum = 0;
  for (let i = 0; i < w.length; i++) sum += w[i]! * values[i]!;
  return sum;
}

/** Irradiance of the whole spectrum, integral E dl, W/m^2. */
export function spectrumPowerWm2(s: Spectrum): number {
  return integrateSpectrum(s, s.irradianceWm2Nm);
}

/**
 * Irradiance between fromNm and toNm, W/m^2: the spectrum's own points inside the window and its
 * linearly interpolated values at the window's ends, by the trapezoid rule, so that a window that
 * covers the whole table gives spectrumPowerWm2 exactly. A line counts when it lies inside.
 */
export function spectrumPowerWithinWm2(s: Spectrum, fromNm: number, toNm: number): number {
  const w = s.wavelengthNm;
  if (s.monochromatic) return w[0]! >= fromNm && w[0]! <= toNm ? s.irradianceWm2Nm[0]! : 0;
  const lo = Math.max(fromNm, w[0]!);
  const hi = Math.min(toNm, w[w.length - 1]!);
  if (!(hi > lo)) return 0;
  const grid = [lo, ...Array.from(w).filter((x) => x > lo && x < hi), hi];
  return spectrumPowerWm2(resampleSpectrum(s, grid));
}

/**
 * The spectrum at wavelengths up to maxNm: its own points below maxNm and the irradiance
 * interpolated linearly at maxNm as the last point (all of it when maxNm is beyond its end); null
 * when nothing lies below maxNm.
 */
export function spectrumBelow(s: Spectrum, maxNm: number): Spectrum | null {
  const w = s.wavelengthNm;
  if (s.monochromatic) return w[0]! <= maxNm ? s : null;
  if (!(maxNm > w[0]!)) return null;
  if (maxNm >= w[w.length - 1]!) return s;
  const grid: number[] = [];
  for (let i = 0; i < w.length && w[i]! < maxNm; i++) grid.push(w[i]!);
  grid.push(maxNm);
  return resampleSpectrum(s, grid);
}

/**
 * Power (W/m^2) and photon current (mA/cm^2) of the photons above a band gap, i.e. at wavelengths
 * below h c / Eg: what a step absorber of that gap absorbs (the detailed-balance Jsc).
 */
export function aboveGap(s: Spectrum, egEV: number): { powerWm2: number; jMaCm2: number } {
  const below = spectrumBelow(s, gapWavelengthNm(egEV));
  if (!below) return { powerWm2: 0, jMaCm2: 0 };
  return { powerWm2: spectrumPowerWm2(below), jMaCm2: 0.1 * Q_C * integrateSpectrum(below, photonFlux(below)) };
}

/**
 * Short-circuit current density q int EQE Phi dl, mA/cm^2 (eqe on the spectrum's grid, 0..1).
 * With the absorber's band gap egEV, the EQE is zero below the gap (wavelengths above
 * l_g = h c / Eg) and the integral ends exactly at l_g: the spectrum is interpolated there and the
 * EQE keeps its value from the last point at or below l_g. Without it a step EQE sampled on the grid
 * would be integrated as a ramp over the grid interval that holds l_g (a step at 2.0 eV on the
 * AM1.5G table: 14.5546 instead of the 14.5856 mA/cm^2 of the photons above the gap).
 */
export function jscFromEqe(s: Spectrum, eqe: ArrayLike<number>, egEV?: number): number {
  if (eqe.length !== s.wavelengthNm.length) throw new OpticsInputError('eqe', 'must be given on the spectrum grid');
  if (egEV !== undefined && !(Number.isFinite(egEV) && egEV > 0)) {
    throw new OpticsInputError('egEV', `band gap must be a finite number > 0 eV (got ${egEV})`);
  }
  const lg = egEV === undefined ? Number.POSITIVE_INFINITY : gapWavelengthNm(egEV);
  const cut = spectrumBelow(s, lg);
  if (!cut) return 0;
  // EQE on the cut grid: the spectrum's own points below l_g, then l_g itself
  const w = s.wavelengthNm;
  const q = new Float64Array(cut.wavelengthNm.length);
  let last = 0;
  for (let i = 0; i < q.length; i++) {
    while (last + 1 < w.length && w[last + 1]! <= cut.wavelengthNm[i]!) last++;
    q[i] = eqe[last]!;
  }
  const phi = photonFlux(cut);
  const v = new Float64Array(phi.length);
  for (let i = 0; i < v.length; i++) v[i] = q[i]! * phi[i]!;
  return 0.1 * Q_C * integrateSpectrum(cut, v);
}

/** Spectral responsivity S = EQE q l / (h c), A/W. */
export function responsivityFromEqe(wavelengthNm: ArrayLike<number>, eqe: ArrayLike<number>): Float64Array {
  const s = new Float64Array(eqe.length);
  for (let i = 0; i < s.length; i++) s[i] = (eqe[i]! * Q_C * wavelengthNm[i]! * 1e-9) / (H_J_S * C_M_S);
  return s;
}

export interface MismatchResult {
  /** Spectral mismatch factor M (1 = no correction). */
  mismatchFactor: number;
  /**
   * Jsc of the device under the test spectrum after the lab calibration step: the test spectrum
   * scaled so that the reference detector reads what it reads under the reference spectrum.
   */
  jscTestMaCm2: number;
  /** Jsc corrected to the reference spectrum, Jsc_test / M, mA/cm^2. */
  jscCorrectedMaCm2: number;
  /** Jsc computed directly under the reference spectrum, mA/cm^2 (for comparison). */
  jscReferenceMaCm2: number;
}

/**
 * Spectral mismatch factor (IEC 60904-7) of a test spectrum against a reference spectrum for a
 * device of quantum efficiency eqe, all on one wavelength grid (nm). refDetectorEqe: the
 * reference cell's EQE; omitted = a thermal detector (flat responsivity per watt).
 */
export function spectralMismatch(
  gridNm: ArrayLike<number>,
  reference: Spectrum,
  test: Spectrum,
  eqe: ArrayLike<number>,
  refDetectorEqe?: ArrayLike<number>,
): MismatchResult {
  const ref = resampleSpectrum(reference, gridNm);
  const tst = resampleSpectrum(test, gridNm);
  const sd = responsivityFromEqe(gridNm, eqe);
  const sc = refDetectorEqe ? responsivityFromEqe(gridNm, refDetectorEqe) : new Float64Array(gridNm.length).fill(1);
  const w = trapezoidWeights(gridNm);
  let tD = 0;
  let rD = 0;
  let tC = 0;
  let rC = 0;
  for (let i = 0; i < w.length; i++) {
    tD += w[i]! * tst.irradianceWm2Nm[i]! * sd[i]!;
    rD += w[i]! * ref.irradianceWm2Nm[i]! * sd[i]!;
    tC += w[i]! * tst.irradianceWm2Nm[i]! * sc[i]!;
    rC += w[i]! * ref.irradianceWm2Nm[i]! * sc[i]!;
  }
  if (!(rD > 0 && tC > 0)) throw new OpticsInputError('mismatch', 'the device or the reference detector sees no light');
  const m = (tD * rC) / (rD * tC);
  // Jsc from responsivity: J = int E S dl (A/m^2) -> mA/cm^2, under the simulator set with the
  // reference detector (test spectrum scaled by rC / tC); then Jsc_test / M = Jsc under the reference.
  const jscTest = 0.1 * tD * (rC / tC);
  return { mismatchFactor: m, jscTestMaCm2: jscTest, jscCorrectedMaCm2: jscTest / m, jscReferenceMaCm2: 0.1 * rD };
}

/**
 * A user's spectrum file: two columns, wavelength and spectral irradiance (or photon flux), in
 * units the user states, read into a Spectrum (nm; W m^-2 nm^-1) with every broken rule listed.
 *
 *   wavelength          l_nm = l * f_l                 (f_l = 1 for nm, 1000 for um)
 *   irradiance          E = e * f_E                    (factors of IRRADIANCE_UNITS, index.ts)
 *   from photon flux    E(l) = Phi(l) h c / l           (Phi in m^-2 s^-1 nm^-1, l in m;
 *                                                        the inverse of photonFlux, index.ts)
 *
 * Rules: at least SPECTRUM_TABLE_LIMITS.minPoints rows (a handful of points cannot resolve an
 * absorber's edge) and at most maxPoints (the spectrum travels inside every calculation's input),
 * wavelengths > 0 and strictly increasing (trapezoid weights and interpolation assume it), values
 * finite and >= 0 and not all zero. Whether it covers a calculation's wavelength range is a
 * separate check (spectrumCoverage) because a stored spectrum serves many calculations.
 * Reference: ASTM G173-03 (the layout of the tabulated standard spectra).
 */
import { C_M_S, H_J_S } from '../constants.js';
import { type CheckIssue, checkIssue } from '../messages/device-check.js';
import { IRRADIANCE_UNIT_FACTORS, makeSpectrum, type Spectrum } from './index.js';

export const SPECTRUM_WAVELENGTH_UNITS = ['nm', 'um'] as const;
export type SpectrumWavelengthUnit = (typeof SPECTRUM_WAVELENGTH_UNITS)[number];
export const SPECTRUM_IRRADIANCE_UNITS = ['W_m2_nm', 'mW_cm2_nm', 'W_m2_um', 'photons_m2_s_nm'] as const;
export type SpectrumIrradianceUnit = (typeof SPECTRUM_IRRADIANCE_UNITS)[number];

export interface SpectrumTableUnits {
  wavelength: SpectrumWavelengthUnit;
  irradiance: SpectrumIrradianceUnit;
}

export const SPECTRUM_TABLE_LIMITS = { minPoints: 10, maxPoints: 5000, maxChars: 300_000 } as const;

/** A broken rule, with what the user needs to find it (line numbers are the file's, from 1). */
export type SpectrumTableProblem =
  | { rule: 'tooLarge'; chars: number; max: number }
  | { rule: 'columns'; line: number; text: string }
  | { rule: 'number'; line: number; text: string }
  | { rule: 'tooFew'; count: number; min: number }
  | { rule: 'tooMany'; count: number; max: number }
  | { rule: 'wavelengthPositive'; line: number; value: number }
  | { rule: 'increasing'; line: number; previousNm: number; wavelengthNm: number }
  | { rule: 'negative'; line: number; value: number }
  | { rule: 'allZero' }
  | { rule: 'unit'; unit: string };

/** At most this many line problems are listed; one file with a thousand bad lines says so once. */
const MAX_LISTED = 5;

const WAVELENGTH_FACTOR: Record<SpectrumWavelengthUnit, number> = { nm: 1, um: 1000 };
const IRRADIANCE_KEY: Record<Exclude<SpectrumIrradianceUnit, 'photons_m2_s_nm'>, string> = {
  W_m2_nm: 'irradiance_w_m2_nm',
  mW_cm2_nm: 'irradiance_mw_cm2_nm',
  W_m2_um: 'irradiance_w_m2_um',
};

/** Converts one value of the file's second column at wavelength lNm to W m^-2 nm^-1. */
function toWm2Nm(value: number, lNm: number, unit: SpectrumIrradianceUnit): number {
  if (unit === 'photons_m2_s_nm') return (value * H_J_S * C_M_S) / (lNm * 1e-9);
  return value * IRRADIANCE_UNIT_FACTORS[IRRADIANCE_KEY[unit]]!;
}

/**
 * Reads a two-column text (comma, semicolon, tab or spaces between the columns; '#' comment
 * lines and header lines before the first row of numbers are skipped; further columns ignored).
 * Returns the spectrum when no rule is broken, else every problem (the first few of each kind).
 */
export function parseSpectrumTable(
  text: string,
  units: SpectrumTableUnits,
  name = 'spectrum',
): { spectrum?: Spectrum; problems: SpectrumTableProblem[] } {
  const problems: SpectrumTableProblem[] = [];
  if (!(units.wavelength in WAVELENGTH_FACTOR)) problems.push({ rule: 'unit', unit: String(units.wavelength) });
  if (!(SPECTRUM_IRRADIANCE_UNITS as readonly string[]).includes(units.irradiance))
    problems.push({ rule: 'unit', unit: String(units.irradiance) });
  if (text.length > SPECTRUM_TABLE_LIMITS.maxChars)
    problems.push({ rule: 'tooLarge', chars: text.length, max: SPECTRUM_TABLE_LIMITS.maxChars });
  if (problems.length) return { problems };

  const wf = WAVELENGTH_FACTOR[units.wavelength];
  const wl: number[] = [];
  const raw: number[] = [];
  const lineOf: number[] = [];
  let listed = 0;
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (t === '' || t.startsWith('#')) continue;
    const cells = t.split(/[,;\t ]+/).filter((c) => c !== '');
    const nums = cells.slice(0, 2).map(Number);
    const numeric = cells.length >= 2 && nums.every((n) => Number.isFinite(n));
    if (!numeric) {
      // a header (units, column names) may precede the numbers; after them it is an error
      if (wl.length === 0 && !Number.isFinite(Number(cells[0]))) continue;
      if (listed++ < MAX_LISTED)
        problems.push({ rule: cells.length < 2 ? 'columns' : 'number', line: i + 1, text: t.slice(0, 60) });
      continue;
    }
    wl.push(nums[0]! * wf);
    raw.push(nums[1]!);
    lineOf.push(i + 1);
  }
  const n = wl.length;
  if (n < SPECTRUM_TABLE_LIMITS.minPoints)
    problems.push({ rule: 'tooFew', count: n, min: SPECTRUM_TABLE_LIMITS.minPoints });
  if (n > SPECTRUM_TABLE_LIMITS.maxPoints)
    problems.push({ rule: 'tooMany', count: n, max: SPECTRUM_TABLE_LIMITS.maxPoints });

  const e = new Array<number>(n);
  let anyLight = false;
  let badW = 0;
  let badE = 0;
  for (let j = 0; j < n; j++) {
    const l = wl[j]!;
    if (!(l > 0)) {
      if (badW++ < MAX_LISTED) problems.push({ rule: 'wavelengthPositive', line: lineOf[j]!, value: l / wf });
    } else if (j > 0 && !(l > wl[j - 1]!)) {
      if (badW++ < MAX_LISTED)
        problems.push({ rule: 'increasing', line: lineOf[j]!, previousNm: wl[j - 1]!, wavelengthNm: l });
    }
    if (!(raw[j]! >= 0)) {
      if (badE++ < MAX_LISTED) problems.push({ rule: 'negative', line: lineOf[j]!, value: raw[j]! });
    }
    e[j] = l > 0 ? toWm2Nm(raw[j]!, l, units.irradiance) : 0;
    if (e[j]! > 0) anyLight = true;
  }
  if (n > 0 && !anyLight && badE === 0) problems.push({ rule: 'allZero' });
  if (problems.length) return { problems };
  return { spectrum: makeSpectrum(name, wl, e), problems };
}

/** The wavelength range a calculation needs, if the spectrum does not cover it. */
export function spectrumCoverage(
  s: { wavelengthNm: ArrayLike<number> },
  startNm: number,
  endNm: number,
): { rule: 'range'; fromNm: number; toNm: number; startNm: number; endNm: number } | undefined {
  const w = s.wavelengthNm;
  const fromNm = w[0]!;
  const toNm = w[w.length - 1]!;
  return fromNm <= startNm && toNm >= endNm ? undefined : { rule: 'range', fromNm, toNm, startNm, endNm };
}

/**
 * A user spectrum that misses the calculation range, as the device check says it (the DeviceSpec
 * check in contracts and the editor's preview, which words it by its code).
 */
export function spectrumCoverageIssue(gap: {
  fromNm: number;
  toNm: number;
  startNm: number;
  endNm: number;
}): CheckIssue {
  return checkIssue(
    'illumination.spectrum',
    'check.spectrum-coverage',
    { fromNm: gap.fromNm, toNm: gap.toNm, startNm: gap.startNm, endNm: gap.endNm },
    `the spectrum covers ${gap.fromNm}-${gap.toNm} nm, not the calculation range ${gap.startNm}-${gap.endNm} nm`,
  );
}

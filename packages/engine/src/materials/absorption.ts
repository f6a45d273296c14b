/**
 * Materials given by their absorption coefficient alpha (cm^-1) instead of n,k, as SCAPS-1D gives
 * them; n is a constant (only the transfer matrix reads it, Beer-Lambert generation does not).
 *
 *   extinction coefficient  k(l) = alpha(l) l / (4 pi)        (l the vacuum wavelength in cm)
 *   square-root law         alpha(hv) = (A + B / hv) sqrt(hv - Eg)   for hv > Eg, else 0
 *                           (hv = hc / (q l) in eV, Eg in eV, A in cm^-1 eV^-1/2, B in cm^-1 eV^1/2)
 *   absorption table        alpha linearly interpolated in wavelength between the table's points,
 *                           then k from alpha at that wavelength; outside the table the rules of an
 *                           n,k table (materials/nk-table.ts): error, 'hold' or 'transparent'.
 *
 * Reference: the SCAPS-1D manual (M. Burgelman et al., University of Gent), its absorption models
 * (the sqrt(hv - Eg) edge of a direct gap with SCAPS's B / hv term) and its .abs files; k from
 * alpha: M. Born and E. Wolf, Principles of Optics, 7th ed. (Cambridge 1999), section 14.1.
 */
import { HC_EV_NM } from '../constants.js';
import { OpticsInputError, requireFinite } from '../optics/errors.js';
import { interpolateNk, type NkExtrapolation, type NkTable } from './nk-table.js';

/** SCAPS-1D's square-root absorption law with a constant n. */
export interface SqrtLawModel {
  kind: 'sqrt-law';
  n: number;
  egEV: number;
  aPerCmSqrtEV: number;
  bSqrtEVPerCm?: number;
}

/**
 * A checked absorption table: `table.k` holds alpha (cm^-1) at `table.wavelengthNm` and `table.n`
 * the constant n, so that interpolation and the extrapolation rules are the n,k table's own.
 */
export interface AbsorptionTableMaterial {
  kind: 'absorption-table';
  table: NkTable;
  extrapolation?: NkExtrapolation;
}

/** alpha (cm^-1) of the square-root law at photon energy hv (eV); 0 at and below the gap. */
export function sqrtLawAlphaPerCm(m: SqrtLawModel, hvEV: number): number {
  if (!(hvEV > m.egEV)) return 0;
  return (m.aPerCmSqrtEV + (m.bSqrtEVPerCm ?? 0) / hvEV) * Math.sqrt(hvEV - m.egEV);
}

/** k = alpha l / (4 pi), alpha in cm^-1 and l in nm (1 nm = 1e-7 cm). */
export function kFromAlpha(alphaPerCm: number, wavelengthNm: number): number {
  return (alphaPerCm * wavelengthNm * 1e-7) / (4 * Math.PI);
}

/**
 * Checks an absorption table (as many alpha values as wavelengths, wavelengths > 0 and strictly
 * increasing, alpha finite and >= 0, n > 0); `field` names the layer in errors.
 */
export function makeAbsorptionTable(
  field: string,
  m: { name?: string; n: number; wavelengthNm: ArrayLike<number>; alphaPerCm: ArrayLike<number> },
): NkTable {
  requireFinite(m.n, `${field}.n`);
  if (!(m.n > 0)) throw new OpticsInputError(`${field}.n`, `must be > 0 (got ${m.n})`);
  const len = m.wavelengthNm.length;
  if (len < 1) throw new OpticsInputError(`${field}.wavelengthNm`, 'the absorption table is empty');
  if (m.alphaPerCm.length !== len)
    throw new OpticsInputError(
      field,
      `wavelength and absorption columns differ in length (${len}, ${m.alphaPerCm.length})`,
    );
  const w = Float64Array.from(m.wavelengthNm);
  const a = Float64Array.from(m.alphaPerCm);
  for (let i = 0; i < len; i++) {
    const wi = w[i]!;
    if (!Number.isFinite(wi) || wi <= 0)
      throw new OpticsInputError(`${field}.wavelengthNm[${i}]`, `must be > 0 (got ${wi})`);
    if (i > 0 && !(wi > w[i - 1]!))
      throw new OpticsInputError(
        `${field}.wavelengthNm[${i}]`,
        `wavelengths must increase strictly (${w[i - 1]} then ${wi})`,
      );
    if (!Number.isFinite(a[i]!) || a[i]! < 0)
      throw new OpticsInputError(`${field}.alphaPerCm[${i}]`, `must be >= 0 (got ${a[i]})`);
  }
  return { name: m.name ?? field, wavelengthNm: w, n: new Float64Array(len).fill(m.n), k: a };
}

/** n and k of an absorption-given material on a wavelength grid (nm); `field` names the layer. */
export function absorptionNk(
  m: SqrtLawModel | AbsorptionTableMaterial,
  wavelengthNm: ArrayLike<number>,
  field: string,
): { n: Float64Array; k: Float64Array } {
  if (m.kind === 'absorption-table') {
    // interpolate alpha (the table's k column), then convert at the wavelength itself
    const out = interpolateNk(m.table, wavelengthNm, field, m.extrapolation ?? 'none');
    for (let i = 0; i < wavelengthNm.length; i++) out.k[i] = kFromAlpha(out.k[i]!, wavelengthNm[i]!);
    return out;
  }
  requireFinite(m.n, `${field}.n`);
  requireFinite(m.egEV, `${field}.egEV`);
  requireFinite(m.aPerCmSqrtEV, `${field}.aPerCmSqrtEV`);
  if (m.bSqrtEVPerCm !== undefined) requireFinite(m.bSqrtEVPerCm, `${field}.bSqrtEVPerCm`);
  if (!(m.n > 0)) throw new OpticsInputError(`${field}.n`, `must be > 0 (got ${m.n})`);
  if (!(m.egEV > 0)) throw new OpticsInputError(`${field}.egEV`, `must be > 0 (got ${m.egEV})`);
  if (!(m.aPerCmSqrtEV >= 0))
    throw new OpticsInputError(`${field}.aPerCmSqrtEV`, `must be >= 0 (got ${m.aPerCmSqrtEV})`);
  if (!((m.bSqrtEVPerCm ?? 0) >= 0))
    throw new OpticsInputError(`${field}.bSqrtEVPerCm`, `must be >= 0 (got ${m.bSqrtEVPerCm})`);
  const len = wavelengthNm.length;
  const n = new Float64Array(len).fill(m.n);
  const k = new Float64Array(len);
  for (let i = 0; i < len; i++) {
    const l = wavelengthNm[i]!;
    if (!(l > 0) || !Number.isFinite(l)) throw new OpticsInputError(`wavelengthNm[${i}]`, `must be > 0 (got ${l})`);
    k[i] = kFromAlpha(sqrtLawAlphaPerCm(m, HC_EV_NM / l), l);
  }
  return { n, k };
}

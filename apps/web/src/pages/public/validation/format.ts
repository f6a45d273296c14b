import type { TFunction } from 'i18next';

/** Keys the page has a phrase for (tolerance keys with "." written as "_"). */
const KNOWN = new Set([
  'abs',
  'rel',
  'profile_rel',
  'profile_abs',
  'J_abs_mA_cm2',
  'J_rel',
  'Jsc_rel',
  'Voc_abs_V',
  'Vmp_abs_V',
  'Jmp_rel',
  'Pmax_rel',
  'FF_abs',
  'rmse_factor',
  'rmse_abs_floor_mA_cm2',
  'params_Jph_mA_cm2',
  'params_J0_mA_cm2',
  'params_n',
  'params_Rs_ohm_cm2',
  'params_Rsh_ohm_cm2',
  'curves_J_bulk_factor',
  'curves_J_if_factor',
  'curves_J_Aug_abs_frac_of_Jrec',
  'curves_ranking_top',
  'Z_rel',
  'Z_abs_ohm_cm2',
  'J_dc_rel',
  'J_dc_abs_mA_cm2',
]);

/** A number with at most three significant digits, no trailing zeros (1e-6, 0.005, 1.25). */
export function short(v: number): string {
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a < 1e-3 || a >= 1e5) return v.toExponential(2).replace(/\.?0+e/, 'e');
  return String(Number(v.toPrecision(3)));
}

/** Relative tolerances (and fractions) read better as percentages. */
const isShare = (k: string) => /(^|_)rel$/.test(k) || k.startsWith('params_') || k.endsWith('_frac_of_Jrec');

/** One tolerance entry in words, in the page's language. */
export function toleranceText(key: string, value: number, t: TFunction): string {
  const k = key.replace(/\./g, '_');
  const v = isShare(k) ? `${short(value * 100)} %` : short(value);
  return t(`validation.tol.${KNOWN.has(k) ? k : 'other'}`, { v });
}

/** The worst deviation as a share of the tolerance: "45 %", "5.8e-7 %". */
export function deviationText(ratio: number): string {
  return `${short(ratio * 100)} %`;
}

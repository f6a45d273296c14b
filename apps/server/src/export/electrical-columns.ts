/**
 * Columns shared by the electrical sheets: the figures of merit of a J-V curve or a scan, and the
 * columns of one profile sheet (a J-V bias or a transient time): position, bands and quasi-Fermi
 * levels, potential, field, densities, currents, generation and recombination, and the mobile ion
 * densities of each species, the dissociation probability, exciton density and geminate and
 * band-to-band rates when the device has them.
 */
import { defectProfileColumns } from './defects.js';
import type { Shape } from './shape.js';
import type { Cell } from './table.js';
import { h, U } from './units.js';

/** Figures of merit: key in the engine's figures, header. */
export const FIGURE_COLUMNS: [key: string, header: string][] = [
  ['Jsc_mA_cm2', h('Jsc', U.mAcm2)],
  ['Voc_V', h('Voc', U.V)],
  ['FF', h('FF', U.fraction)],
  ['PCE_percent', h('PCE', U.percent)],
  ['Vmp_V', h('Vmp', U.V)],
  ['Jmp_mA_cm2', h('Jmp', U.mAcm2)],
  ['Pmax_mW_cm2', h('Pmax', U.mWcm2)],
];

export const PROFILE_COLUMNS: [key: string, header: string][] = [
  ['Ec_eV', h('Ec', U.eV)],
  ['Ev_eV', h('Ev', U.eV)],
  ['EFn_eV', h('EFn', U.eV)],
  ['EFp_eV', h('EFp', U.eV)],
  ['potential_V', h('Potential', U.V)],
  ['field_V_cm', h('Field', U.Vcm)],
  ['n_cm3', h('n', U.cm3)],
  ['p_cm3', h('p', U.cm3)],
  ['Jn_mA_cm2', h('Jn', U.mAcm2)],
  ['Jp_mA_cm2', h('Jp', U.mAcm2)],
  ['G_cm3_s', h('G', U.cm3s)],
  ['R_srh_cm3_s', h('R SRH', U.cm3s)],
  ['R_rad_cm3_s', h('R radiative', U.cm3s)],
  ['R_auger_cm3_s', h('R Auger', U.cm3s)],
];

/**
 * Profile columns of the exciton and tunnelling models, present only when the device has them:
 * the CT-state dissociation probability and the generation lost to geminate recombination
 * (organic blends), the exciton density (bilayers), the band-to-band tunnelling rate.
 */
export const MODEL_PROFILE_COLUMNS: [key: string, header: string][] = [
  ['P_dissociation', h('Dissociation probability P', U.fraction)],
  ['R_geminate_cm3_s', h('R geminate', U.cm3s)],
  ['X_cm3', h('Exciton density X', U.cm3)],
  ['R_btbt_cm3_s', h('R band-to-band tunnelling', U.cm3s)],
];

export function profileColumns(
  o: Record<string, unknown>,
  pp: string,
  s: Shape,
): { header: string; values: ArrayLike<Cell> }[] {
  const x = s.nums(o['x_nm'], `${pp}.x_nm`);
  const cols: { header: string; values: ArrayLike<Cell> }[] = [
    { header: h('Position', U.nm), values: x },
    ...PROFILE_COLUMNS.map(([key, header]) => ({ header, values: s.nums(o[key], `${pp}.${key}`, x.length) })),
    ...MODEL_PROFILE_COLUMNS.filter(([key]) => o[key] !== undefined).map(([key, header]) => ({
      header,
      values: s.nums(o[key], `${pp}.${key}`, x.length),
    })),
  ];
  if (o['ions'] !== undefined)
    s.arr(o['ions'], `${pp}.ions`).forEach((ion, k) => {
      const ip = `${pp}.ions[${k}]`;
      const io = s.obj(ion, ip);
      const sign = s.num(io['sign'], `${ip}.sign`) > 0 ? '+' : '-';
      cols.push({
        header: h(`Ions ${k + 1} ${s.str(io['layer'], `${ip}.layer`)} ${sign}`, U.cm3),
        values: s.nums(io['density_cm3'], `${ip}.density_cm3`, x.length),
      });
    });
  cols.push(...defectProfileColumns(o, pp, x.length, s));
  return cols;
}

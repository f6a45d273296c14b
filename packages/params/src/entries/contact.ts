/**
 * A contact (front or back; ContactElectricalSpec). The surface recombination velocities are
 * nullable: null (or absent) stands for an infinite velocity, the carriers at equilibrium with
 * the metal. SCAPS-1D writes both contacts with the same keys (in its "front contact" and "back
 * contact" sections); SIMsalabim names them by side, L (first layer) and R (last layer).
 */
import type { ParamEntry, Words } from '../types.js';

const S_WHY: Words = {
  zh: '复合速度不会超过载流子的热速度（约 1e7 cm/s），低于 1e-3 cm/s 等于阻挡，不如填 0；要表示“无穷大”（载流子与金属平衡）请留空，而不是填一个极大的数。',
  en: 'a recombination velocity cannot exceed the thermal velocity of the carriers (about 1e7 cm/s), and below 1e-3 cm/s the contact blocks, for which 0 is clearer; for “infinite” (carriers at equilibrium with the metal) leave it empty rather than enter a huge number.',
};

const P = 'electrical.contacts.*.';

/** Literal (`as const`) so the engine's field lists and types follow from the entries. */
export const CONTACT_PARAMS = [
  {
    path: `${P}workFunctionEV`,
    place: 'contact',
    group: 'contact',
    unit: 'eV',
    engine: { name: 'workFunction_eV', factor: 1 },
    // no element or compound binds its electrons 10 eV below vacuum (the library's bound)
    hard: { min: 0, minExclusive: true, max: 10 },
    plausible: {
      min: 2,
      max: 7,
      why: {
        zh: '功函数从约 2.1 eV（铯）到约 6.9 eV（MoO₃）；常用电极 Al 4.1–4.3，Au 5.1，ITO 4.4–4.8。更大的值没有材料能达到。',
        en: 'work functions run from about 2.1 eV (caesium) to about 6.9 eV (MoO₃); common electrodes: Al 4.1–4.3, Au 5.1, ITO 4.4–4.8. No material reaches larger values.',
      },
    },
    log: false,
    label: { zh: '功函数', en: 'Work function' },
    symbol: 'W',
    tip: {
      zh: '电极的功函数（eV），肖特基接触必填，大于 0 且至多 10；决定电极费米能级在能带图中的位置。欧姆接触不用此值。',
      en: 'Work function of the contact (eV), required for a Schottky contact, > 0 and at most 10; it places the contact’s Fermi level in the band diagram. An ohmic contact does not use it.',
    },
    docs: 'drift-diffusion.md#boundary-and-interface-conditions',
    scaps: {
      key: 'Fi_m',
      unit: 'eV',
      factor: 1,
      note: 'with "flatband : 0"; SCAPS’s flatband contact (1) is an ohmic contact here',
    },
    simsalabim: {
      key: 'W_L',
      unit: 'eV',
      factor: 1,
      note: 'W_L is the contact of the first layer, W_R of the last; SIMsalabim writes sfb for a flat-band (ohmic) contact',
    },
    material: 'workFunctionEV',
  },
  {
    path: `${P}sNCmPerS`,
    place: 'contact',
    group: 'contact',
    unit: 'cm/s',
    engine: { name: 'S_n_cm_s', factor: 1 },
    hard: { min: 0 },
    plausible: { min: 1e-3, max: 1e8, why: S_WHY },
    log: true,
    label: { zh: '电子表面复合速度', en: 'Electron surface recombination velocity' },
    symbol: 'Sn',
    tip: {
      zh: '电极处电子的表面复合速度（cm/s），不小于 0；留空表示无穷大（载流子与金属平衡），0 表示电极阻挡电子。',
      en: 'Surface recombination velocity of electrons at the contact (cm/s), at least 0; empty = infinite (carriers at equilibrium with the metal), 0 makes the contact block electrons.',
    },
    docs: 'drift-diffusion.md#boundary-and-interface-conditions',
    scaps: { key: 'Sn', unit: 'm/s', factor: 100 },
    simsalabim: {
      key: 'S_n_L',
      unit: 'm/s',
      factor: 100,
      note: 'S_n_L at the first layer, S_n_R at the last; a negative value means infinite (null here)',
    },
    nullable: true,
  },
  {
    path: `${P}sPCmPerS`,
    place: 'contact',
    group: 'contact',
    unit: 'cm/s',
    engine: { name: 'S_p_cm_s', factor: 1 },
    hard: { min: 0 },
    plausible: { min: 1e-3, max: 1e8, why: S_WHY },
    log: true,
    label: { zh: '空穴表面复合速度', en: 'Hole surface recombination velocity' },
    symbol: 'Sp',
    tip: {
      zh: '电极处空穴的表面复合速度（cm/s），不小于 0；留空表示无穷大（载流子与金属平衡），0 表示电极阻挡空穴。',
      en: 'Surface recombination velocity of holes at the contact (cm/s), at least 0; empty = infinite (carriers at equilibrium with the metal), 0 makes the contact block holes.',
    },
    docs: 'drift-diffusion.md#boundary-and-interface-conditions',
    scaps: { key: 'Sp', unit: 'm/s', factor: 100 },
    simsalabim: {
      key: 'S_p_L',
      unit: 'm/s',
      factor: 100,
      note: 'S_p_L at the first layer, S_p_R at the last; a negative value means infinite (null here)',
    },
    nullable: true,
  },
] as const satisfies readonly ParamEntry[];

/**
 * Parameters only a library material carries (not DeviceSpec fields): the exciton binding energy,
 * kept with a material's excitons for the reader and for what an organic absorber is marked as.
 */
import type { ParamEntry } from '../types.js';

export const MATERIAL_PARAMS: readonly ParamEntry[] = [
  {
    path: 'material.exciton.bindingEnergyEV',
    place: 'material',
    group: 'exciton',
    unit: 'eV',
    // the library's bound: no exciton is bound by more than the widest gaps
    hard: { min: 0, max: 5 },
    plausible: {
      max: 1.5,
      why: {
        zh: '激子结合能：无机半导体与钙钛矿约 0.005–0.05 eV，有机半导体约 0.3–1 eV；超过 1.5 eV 只见于极宽带隙的分子晶体，多为把激子能量当成了结合能。',
        en: 'exciton binding energies: inorganic semiconductors and perovskites about 0.005–0.05 eV, organic semiconductors about 0.3–1 eV; above 1.5 eV occurs only in very wide-gap molecular crystals, usually the exciton energy entered as its binding energy.',
      },
    },
    log: false,
    label: { zh: '激子结合能', en: 'Exciton binding energy' },
    symbol: 'Eb',
    tip: {
      zh: '材料中激子的结合能（eV），不小于 0；大于约 0.1 eV 的材料（有机物）光生的是激子而非自由载流子。',
      en: 'Binding energy of the material’s excitons (eV), at least 0; materials above about 0.1 eV (organics) generate excitons, not free carriers.',
    },
    docs: 'excitons.md#in-the-product',
    material: 'exciton.bindingEnergyEV',
  },
];

import type { Migration } from 'kysely';
import { defectSetsMigration, type MaterialDefectSet } from './migrations-material-defects.js';

/**
 * 0022: a transport layer's typical defect set (issue 20 asks for cited sets for the transport layers
 * too). Only values a publication states are shipped: the hole-transport layers of a SCAPS-1D study
 * carry a neutral single level 0.10 eV above the valence band at 1e14 cm-3 with capture
 * cross-sections of 1e-15 cm2. Other transport materials get a set when a source for theirs is found.
 * Frozen here, as a shipped migration must be; the seed file says the same (a test checks).
 */
export const TRANSPORT_DEFECT_SETS: readonly MaterialDefectSet[] = [
  {
    key: 'spiro_ometad',
    defects: [
      {
        name: 'shallow level above E_v',
        type: 'neutral',
        densityCm3: 100000000000000.0,
        energyEV: 0.1,
        energyReference: 'valence',
        distribution: 'single',
        sigmaNCm2: 1e-15,
        sigmaPCm2: 1e-15,
      },
    ],
    source: 'ijp2017_htm',
    citation:
      'Effect of Different HTM Layers and Electrical Parameters on ZnO Nanorod-Based Lead-Free Perovskite Solar Cell for High-Efficiency Performance, Int. J. Photoenergy 2017, 9846310 (2017), https://doi.org/10.1155/2017/9846310 - Table 1 (SCAPS-1D input): spiro-OMeTAD with a neutral single defect 0.10 eV above E_v, N_t = 1e14 cm-3, capture cross-sections 1e-15 cm2 for electrons and holes. Used here as given.',
  },
];

export function transportDefectsMigration(): Migration {
  return defectSetsMigration(TRANSPORT_DEFECT_SETS);
}

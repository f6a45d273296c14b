import type { MaterialModelAddition } from './migrations-exciton-library.js';

/**
 * 0028: SnO2 becomes usable as an electrical layer: the SnO2 column of a SCAPS-1D input table (Adv.
 * Mater. Sci. Eng. 2023, 4154962, Table 1), whose band gap is the library's 3.6 eV. Guarded as 0024:
 * a public row is updated only while its notes are the seeded ones and it has none of the added
 * fields. Frozen here, as a shipped migration must be; the seed file says the same (a test checks).
 */
export const SNO2_ADDITIONS: readonly MaterialModelAddition[] = [
  {
    key: 'sno2',
    electrical: { epsR: 9, chiEV: 4, ncCm3: 2.2e18, nvCm3: 1.8e19, muNCm2PerVs: 100, muPCm2PerVs: 25, ndCm3: 5e14 },
    sources: {
      epsR: 'amse2023_sno2',
      chiEV: 'amse2023_sno2',
      ncCm3: 'amse2023_sno2',
      nvCm3: 'amse2023_sno2',
      muNCm2PerVs: 'amse2023_sno2',
      muPCm2PerVs: 'amse2023_sno2',
      ndCm3: 'amse2023_sno2',
    },
    references: {
      amse2023_sno2:
        'A Numerical Approach to Analysis of an Environment-Friendly Sn-Based Perovskite Solar Cell with SnO2 Buffer Layer Using SCAPS-1D, Adv. Mater. Sci. Eng. 2023, 4154962 (2023), https://doi.org/10.1155/2023/4154962 - Table 1 (SCAPS-1D input), column SnO2 (the buffer layer): band gap 3.6 eV, electron affinity 4 eV, relative permittivity 9, Nc = 2.2e18 cm-3, Nv = 1.8e19 cm-3, thermal velocities 1e7 cm/s, electron and hole mobilities 100 and 25 cm2/Vs, donors 5e14 cm-3. Used here as given.',
    },
    oldNotes:
      'Direct band gap ~3.6 eV (Batzill & Diebold 2005). The n,k table has no named original publication (OghmaNano data).',
    newNotes:
      "Direct band gap ~3.6 eV (Batzill & Diebold 2005), the value the SCAPS-1D input table of Adv. Mater. Sci. Eng. 2023, 4154962 also uses; the other electrical values are that table's SnO2 column: model parameters of that study (a lightly doped buffer layer, 5e14 cm-3 donors), not measurements of one film. Defect levels are not given there. The n,k table has no named original publication (EYcalc data).",
  },
];

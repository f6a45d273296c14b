import type { MaterialModelAddition } from './migrations-exciton-library.js';

/**
 * 0024: cited parameter sets for further library materials (issues 20 and 13, last points). Only
 * values read in the cited publication's own table are shipped: MASnI3 gets the CH3NH3SnI3 column of
 * a SCAPS-1D input table (its defect set, and the band and transport values that place the defect
 * in a gap and make the layer usable). Materials whose source could not be read keep no set
 * (docs/physics/defects-input.md, "Examples"). A public row is updated only while its notes are the
 * seeded ones and it has none of the added fields; an administrator's edit is kept. Frozen here,
 * as a shipped migration must be; the seed files say the same (a test checks).
 */
export const LIBRARY_CITATION_ADDITIONS: readonly MaterialModelAddition[] = [
  {
    key: 'masni3',
    electrical: {
      epsR: 10,
      chiEV: 4.2,
      ncCm3: 1e18,
      nvCm3: 1e18,
      muNCm2PerVs: 1.6,
      muPCm2PerVs: 1.6,
      naCm3: 3.2e15,
      defects: [
        {
          name: 'deep level above E_v',
          type: 'neutral',
          densityCm3: 4.5e16,
          energyEV: 0.7,
          energyReference: 'valence',
          distribution: 'single',
          sigmaNCm2: 1e-16,
          sigmaPCm2: 1e-14,
        },
      ],
    },
    sources: {
      epsR: 'ijp2017_htm',
      chiEV: 'ijp2017_htm',
      ncCm3: 'ijp2017_htm',
      nvCm3: 'ijp2017_htm',
      muNCm2PerVs: 'ijp2017_htm',
      muPCm2PerVs: 'ijp2017_htm',
      naCm3: 'ijp2017_htm',
      defects: 'ijp2017_htm',
    },
    references: {
      ijp2017_htm:
        "Effect of Different HTM Layers and Electrical Parameters on ZnO Nanorod-Based Lead-Free Perovskite Solar Cell for High-Efficiency Performance, Int. J. Photoenergy 2017, 9846310 (2017), https://doi.org/10.1155/2017/9846310 - Table 1 (SCAPS-1D input), column CH3NH3SnI3: band gap 1.30 eV, electron affinity 4.20 eV, relative permittivity 10, Nc = Nv = 1.0e18 cm-3, electron and hole mobilities 1.6 cm2/Vs, shallow acceptors 3.2e15 cm-3, thermal velocities 1e7 cm/s, and a neutral single defect 0.7 eV above E_v with N_t = 4.5e16 cm-3 and capture cross-sections 1e-16 cm2 (electrons) and 1e-14 cm2 (holes). Used here as given (the engine's default thermal velocity is the table's 1e7 cm/s).",
    },
    oldNotes:
      'Band gap 1.3 eV (Hao et al. 2014). No public Sn-perovskite n,k table: the optical model is a PROXY, the wide-range MAPbI3 table (edge ~1.6 eV), which misses the absorption between ~800 and ~950 nm. Replace with measured n,k (e.g. Ghimire et al., AIP Adv. 7 (2017)) before quantitative optics.',
    newNotes:
      'Band gap 1.3 eV (Hao et al. 2014, the same value as the SCAPS-1D table). The other electrical values and the defect set are the CH3NH3SnI3 column of the SCAPS-1D input table of Int. J. Photoenergy 2017, 9846310: model parameters of that study, consistent within its device, not measurements of one film. No public Sn-perovskite n,k table: the optical model is a PROXY, the wide-range MAPbI3 table (edge ~1.6 eV), which misses the absorption between ~800 and ~950 nm. Replace with measured n,k (e.g. Ghimire et al., AIP Adv. 7 (2017)) before quantitative optics.',
  },
];

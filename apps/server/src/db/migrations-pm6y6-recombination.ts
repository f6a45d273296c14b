import type { MaterialModelAddition } from './migrations-exciton-library.js';

/**
 * 0027: the one PM6:Y6 parameter a readable source states (issue 13, library point): the Langevin
 * prefactor 1/180 of Hosseini et al., Sol. RRL 4, 2000498 (2020). No other electrical value of the
 * blend (permittivity, levels, mobilities, charge-transfer dissociation) could be read in a citable
 * source, so none is shipped. The public row is updated only while its notes are the seeded ones and
 * it has no prefactor; an administrator's edit is kept. Frozen here, as a shipped migration must be;
 * the seed file says the same (a test checks).
 */
export const PM6_Y6_ADDITIONS: readonly MaterialModelAddition[] = [
  {
    key: 'pm6_y6',
    electrical: { langevinPrefactor: 0.0056 },
    sources: { langevinPrefactor: 'hosseini2020' },
    references: {
      hosseini2020:
        'S. M. Hosseini, N. Tokmoldin, Y. W. Lee, Y. Zou, H. Y. Woo, D. Neher, S. Shoaee, Putting Order into PM6:Y6 Solar Cells to Reduce the Langevin Recombination in 400 nm Thick Junction, Sol. RRL 4, 2000498 (2020), https://doi.org/10.1002/solr.202000498 - abstract: in an about 400 nm thick PM6:Y6 cell processed with 1.5 % chloronaphthalene, bimolecular recombination is reduced below the Langevin rate by a factor of 180. Used here: langevinPrefactor = 1/180 = 0.0056.',
    },
    oldNotes:
      'Optical table only, from a source that names no original publication (OghmaNano data); values plausible for the blend. No electrical set confirmed from a citable source.',
    newNotes:
      'Optical table from a source that names no original publication (OghmaNano data); values plausible for the blend. Electrical: only the Langevin prefactor 1/180 (k2 = k_L/180) that Hosseini et al. (2020) report for a thick (about 400 nm) PM6:Y6 layer processed with 1.5 % chloronaphthalene; it holds for that processing and applies with the mobilities the user gives (k_L = q (mu_n + mu_p) / eps). No permittivity, energy levels, mobilities or charge-transfer dissociation parameters confirmed from a citable source, so a layer made of it needs them entered.',
  },
];

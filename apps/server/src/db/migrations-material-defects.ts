import { type Kysely, type Migration, sql } from 'kysely';

/**
 * 0017: the seeded MAPbI3 and CIGS gain their typical defect sets (cited), now that layers carry
 * defects (issue 20): a layer made of the material gets them. The seeding is idempotent by key and
 * never touches a stored material, so public rows seeded before get the set here, with its source
 * and reference, only where the row has no defects of its own (an administrator's set is kept).
 * The sets are frozen here, as a shipped migration must be.
 */

type AnyDb = Kysely<unknown>;

export interface MaterialDefectSet {
  key: string;
  defects: Record<string, unknown>[];
  /** Reference key of the set and its citation (added when the row lacks it). */
  source: string;
  citation: string;
}

export const MATERIAL_DEFECT_SETS: readonly MaterialDefectSet[] = [
  {
    key: 'mapbi3',
    defects: [
      {
        name: 'deep Gaussian defect',
        type: 'neutral',
        densityCm3: 100000000000000.0,
        energyEV: 0.6,
        energyReference: 'conduction',
        distribution: 'gaussian',
        widthEV: 0.1,
        sigmaNCm2: 1e-15,
        sigmaPCm2: 1e-15,
      },
    ],
    source: 'chowdhury2020',
    citation:
      'M. S. Chowdhury, S. A. Shahahmadi, P. Chelvanathan, S. K. Tiong, N. Amin, K. Techato, N. Nuthammachot, T. Chowdhury, M. Suklueng, Effect of deep-level defect density of the absorber layer and n/i interface in perovskite solar cells by SCAPS-1D, Results Phys. 16, 102839 (2020), https://doi.org/10.1016/j.rinp.2019.102839 - a Gaussian defect 0.6 eV below the conduction band with characteristic energy 0.1 eV. Used here: the deep Gaussian defect (0.6 eV below E_c, width 0.1 eV) assumed by Chowdhury et al. (2020) at the 1e14 cm-3 density below which they find the defects stop limiting the cell; cross-sections 1e-15 cm2 are design values.',
  },
  {
    key: 'cigs',
    defects: [
      {
        name: 'conduction-band tail',
        type: 'acceptor',
        densityCm3: 1e16,
        energyReference: 'conduction',
        distribution: 'tail',
        widthEV: 0.03,
        sigmaNCm2: 1e-15,
        sigmaPCm2: 1e-15,
      },
      {
        name: 'valence-band tail',
        type: 'donor',
        densityCm3: 1e16,
        energyReference: 'valence',
        distribution: 'tail',
        widthEV: 0.03,
        sigmaNCm2: 1e-15,
        sigmaPCm2: 1e-15,
      },
    ],
    source: 'troviano2009',
    citation:
      'M. Troviano, K. Taretto, Urbach energy in CIGS extracted from quantum efficiency analysis of high performance CIGS solar cells, Proc. 24th European Photovoltaic Solar Energy Conference, Hamburg, 2933-2937 (2009), https://doi.org/10.4229/24thEUPVSEC2009-3BV.5.22 - room-temperature Urbach energies around 30 meV. Used here: exponential band tails with the 30 meV Urbach energy of Troviano and Taretto (2009); tail densities and cross-sections are design values.',
  },
];

function parse(text: unknown): Record<string, unknown> | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

interface Row {
  id: number;
  electrical: string;
  sources: string;
  refs: string;
}

/** Gives public rows of each set's material the set (see above); later migrations reuse it with their own frozen sets. */
export function defectSetsMigration(sets: readonly MaterialDefectSet[]): Migration {
  return {
    async up(db: AnyDb) {
      for (const set of sets) {
        const rows = await sql<Row>`select id, electrical, sources, refs from materials
          where ${sql.ref('key')} = ${set.key} and owner_id is null`.execute(db);
        for (const row of rows.rows) {
          const electrical = parse(row.electrical);
          if (!electrical || electrical['defects'] !== undefined) continue;
          const refs = parse(row.refs) ?? {};
          const sources = parse(row.sources) ?? {};
          if (refs[set.source] === undefined) refs[set.source] = set.citation;
          if (sources['defects'] === undefined) sources['defects'] = set.source;
          await sql`update materials set electrical = ${JSON.stringify({ ...electrical, defects: set.defects })},
            sources = ${JSON.stringify(sources)}, refs = ${JSON.stringify(refs)} where id = ${row.id}`.execute(db);
        }
      }
    },
    async down() {
      // The defect sets stay: removing them would drop data a user may rely on.
    },
  };
}

export function materialDefectsMigration(): Migration {
  return defectSetsMigration(MATERIAL_DEFECT_SETS);
}

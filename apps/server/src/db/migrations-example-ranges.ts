import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The CIGS examples were seeded with a wavelength range from 300 nm, but the ZnO n,k table of their
 * window layer starts at 301.6 nm: since the range is checked before queuing (issue 19), a platform
 * seeded earlier refuses its own public examples until a user edits them. The files now start at
 * 305 nm (assets/devices); this moves the stored public examples there too. A row is changed only
 * where it is still the example (its name, public) and still starts at 300 nm; every other field of
 * the stored spec, and a copy a user saved, is kept.
 */

type AnyDb = Kysely<unknown>;

export const EXAMPLE_RANGE_FIXES: readonly { name: string; fromStartNm: number; toStartNm: number }[] = [
  { name: 'CIGS cell (AZO/ZnO/CIGS), drift-diffusion with uniform generation', fromStartNm: 300, toStartNm: 305 },
  {
    name: 'CIGS cell with band tails and a Gaussian mid-gap defect, drift-diffusion with uniform generation',
    fromStartNm: 300,
    toStartNm: 305,
  },
];

interface SpecWithRange {
  illumination?: { wavelength?: { startNm?: unknown } };
}

export function exampleRangesMigration(): Migration {
  return {
    async up(db: AnyDb) {
      for (const f of EXAMPLE_RANGE_FIXES) {
        const rows = await sql<{ id: string; spec: string }>`select id, spec from devices
          where is_public = 1 and name = ${f.name}`.execute(db);
        for (const row of rows.rows) {
          let spec: SpecWithRange;
          try {
            spec = JSON.parse(row.spec) as SpecWithRange;
          } catch {
            continue; // not ours to repair
          }
          const range = spec.illumination?.wavelength;
          if (!range || range.startNm !== f.fromStartNm) continue;
          range.startNm = f.toStartNm;
          await sql`update devices set spec = ${JSON.stringify(spec)} where id = ${row.id}`.execute(db);
        }
      }
    },
    async down() {
      // Moving the examples back to a range their optics refuses would only break them again.
    },
  };
}

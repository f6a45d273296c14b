import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationList } from '../../src/db/migrations.js';
import { MATERIAL_ION_CORRECTIONS } from '../../src/db/migrations-material-ions.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { seedMaterial } from './helpers/seed-assets.js';

/**
 * Migration 0008 on a database whose public library was seeded before the ions of the seeded
 * perovskites had their charge and reference temperature: on SQLite by default, on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

const seed = seedMaterial;

/** A public row as seeded before: today's seed with the ions, their added sources and the notes of before. */
function asSeededBefore(key: string, n: number) {
  const c = MATERIAL_ION_CORRECTIONS.find((x) => x.key === key)!;
  const m = seed(key);
  const sources = Object.fromEntries(Object.entries(m.sources).filter(([f]) => !(f in c.sources)));
  return {
    uuid: `00000000-0000-4000-8000-00000000000${n}`,
    key,
    name: key,
    category: 'lead_perovskite',
    created_at: 1,
    updated_at: 1,
    status: 'public',
    optical: '{"kind":"table","materialId":"mapbi3"}',
    electrical: JSON.stringify({ ...m.electrical, ions: c.oldIons }),
    sources: JSON.stringify(sources),
    refs: JSON.stringify(m.references),
    notes: c.oldNotes,
  };
}

const row = (key: string) =>
  t.db.kysely.selectFrom('materials').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
const run = () => migrationList(t.db.dialect)['0008_material_ions']!.up(t.db.kysely);

describe('migration 0008: the charge and reference temperature of the seeded perovskites’ ions', () => {
  it('freezes what the seed files say today', () => {
    for (const c of MATERIAL_ION_CORRECTIONS) {
      expect(seed(c.key).electrical.ions, c.key).toEqual(c.newIons);
      expect(seed(c.key).notes, c.key).toBe(c.newNotes);
      for (const [f, ref] of Object.entries(c.sources)) expect(seed(c.key).sources[f], `${c.key} ${f}`).toBe(ref);
    }
    // the triple cation's mobile species are anions: without this migration they would read as +1
    expect((seed('csfama').electrical['ions'] as Record<string, number> | undefined)?.['sign']).toBe(-1);
  });

  it('brings rows seeded before up to the seed files, and keeps what an administrator edited', async () => {
    const k = t.db.kysely;
    const edited = { ...asSeededBefore('csfama', 2) };
    // an administrator changed the triple cation's ion density (and left its notes alone)
    edited.electrical = JSON.stringify({
      ...JSON.parse(edited.electrical),
      ions: { densityCm3: 1e17, diffusionCm2PerS: 1.29e-8 },
    });
    await k
      .insertInto('materials')
      .values([asSeededBefore('mapbi3', 1), edited])
      .execute();

    await run();

    const mapbi3 = await row('mapbi3');
    expect(JSON.parse(mapbi3.electrical)).toEqual(seed('mapbi3').electrical);
    expect(JSON.parse(mapbi3.sources)).toEqual(seed('mapbi3').sources);
    expect(mapbi3.notes).toBe(seed('mapbi3').notes);
    const csfama = await row('csfama');
    expect(JSON.parse(csfama.electrical).ions).toEqual({ densityCm3: 1e17, diffusionCm2PerS: 1.29e-8 });
    expect(csfama.notes).toBe(seed('csfama').notes);

    // running it again changes nothing
    await run();
    expect(await row('mapbi3')).toEqual(mapbi3);
    expect(await row('csfama')).toEqual(csfama);
  });
});

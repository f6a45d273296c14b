import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationList } from '../../src/db/migrations.js';
import { MATERIAL_DEFECT_SETS } from '../../src/db/migrations-material-defects.js';
import { TRANSPORT_DEFECT_SETS } from '../../src/db/migrations-transport-defects.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { seedMaterial } from './helpers/seed-assets.js';

/**
 * Migration 0013 on a database whose public library was seeded before the seeded materials had
 * their defect sets: on SQLite by default, on PostgreSQL when TEST_DATABASE_URL is set.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

const seed = seedMaterial;

/** A public row as seeded before: today's seed without its defects, their source and reference. */
function asSeededBefore(key: string, n: number, own?: unknown[]) {
  const m = seed(key);
  const { defects: _d, ...electrical } = m.electrical;
  const { defects: ref, ...sources } = m.sources;
  const { [ref!]: _r, ...refs } = m.references;
  return {
    uuid: `00000000-0000-4000-8000-00000000001${n}`,
    key: own ? `${key}_own` : key,
    name: key,
    category: m.category,
    created_at: 1,
    updated_at: 1,
    status: 'public',
    optical: '{"kind":"constant","n":2,"k":0}',
    electrical: JSON.stringify(own ? { ...electrical, defects: own } : electrical),
    sources: JSON.stringify(sources),
    refs: JSON.stringify(refs),
  };
}

const row = (key: string) =>
  t.db.kysely.selectFrom('materials').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
const run = () => migrationList(t.db.dialect)['0017_material_defects']!.up(t.db.kysely);

describe('migration 0013: the defect sets of the seeded materials', () => {
  it('freezes what the seed files say today', () => {
    for (const s of [...MATERIAL_DEFECT_SETS, ...TRANSPORT_DEFECT_SETS]) {
      const m = seed(s.key);
      expect(m.electrical['defects'], s.key).toEqual(s.defects);
      expect(m.sources['defects'], s.key).toBe(s.source);
      expect(m.references[s.source], s.key).toBe(s.citation);
    }
  });

  it('gives rows seeded before their set with its source and reference, once, and keeps a set of their own', async () => {
    const own = [{ type: 'neutral', densityCm3: 1, energyReference: 'intrinsic', cNCm3PerS: 1e-9, cPCm3PerS: 1e-9 }];
    await t.db.kysely
      .insertInto('materials')
      .values([asSeededBefore('mapbi3', 1), asSeededBefore('cigs', 2)])
      .execute();
    await run();
    await run();
    for (const key of ['mapbi3', 'cigs']) {
      const r = await row(key);
      const s = MATERIAL_DEFECT_SETS.find((x) => x.key === key)!;
      expect(JSON.parse(r.electrical as string).defects).toEqual(s.defects);
      expect(JSON.parse(r.sources as string).defects).toBe(s.source);
      expect(JSON.parse(r.refs as string)[s.source]).toBe(s.citation);
      // the rest of the row is as it was
      expect(JSON.parse(r.electrical as string).egEV).toBe(seed(key).electrical['egEV']);
    }
    // a public row edited to a set of its own (under the seeded key) keeps it
    await t.db.kysely.deleteFrom('materials').where('key', '=', 'mapbi3').execute();
    const edited = { ...asSeededBefore('mapbi3', 3, own), key: 'mapbi3' };
    await t.db.kysely.insertInto('materials').values(edited).execute();
    await run();
    expect(JSON.parse((await row('mapbi3')).electrical as string).defects).toEqual(own);
  });
});

describe('migration 0022: the cited defect set of a transport layer', () => {
  it('gives the seeded spiro-OMeTAD row its set, once, and leaves other rows alone', async () => {
    await t.db.kysely
      .insertInto('materials')
      .values([asSeededBefore('spiro_ometad', 4)])
      .execute();
    const before = await row('cigs');
    const up = migrationList(t.db.dialect)['0022_transport_defects']!.up;
    await up(t.db.kysely);
    await up(t.db.kysely);
    const r = await row('spiro_ometad');
    const s = TRANSPORT_DEFECT_SETS[0]!;
    expect(JSON.parse(r.electrical as string).defects).toEqual(s.defects);
    expect(JSON.parse(r.sources as string).defects).toBe(s.source);
    expect(JSON.parse(r.refs as string)[s.source]).toBe(s.citation);
    expect(JSON.parse(r.electrical as string).naCm3).toBe(seed('spiro_ometad').electrical['naCm3']);
    expect(await row('cigs')).toEqual(before);
  });
});

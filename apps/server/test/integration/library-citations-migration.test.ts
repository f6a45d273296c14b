import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationList } from '../../src/db/migrations.js';
import { LIBRARY_CITATION_ADDITIONS } from '../../src/db/migrations-library-citations.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { seedMaterial } from './helpers/seed-assets.js';

/**
 * Migration 0024 on a database whose public library was seeded before the cited sets: on SQLite by
 * default, on PostgreSQL when TEST_DATABASE_URL is set.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

const seed = seedMaterial;
const without = <T extends Record<string, unknown>>(o: T, keys: string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

/** A public row as seeded before 0024: today's seed without the added fields, their sources, references and notes. */
function asSeededBefore(key: string, n: number) {
  const m = seed(key);
  const a = LIBRARY_CITATION_ADDITIONS.find((x) => x.key === key)!;
  return {
    uuid: `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`,
    key,
    name: key,
    category: m.category,
    created_at: 1,
    updated_at: 1,
    status: 'public',
    optical: '{"kind":"constant","n":2,"k":0}',
    electrical: JSON.stringify(without(m.electrical, Object.keys(a.electrical))),
    sources: JSON.stringify(without(m.sources, Object.keys(a.sources))),
    refs: JSON.stringify(without(m.references, Object.keys(a.references))),
    notes: a.oldNotes,
  };
}

const row = (key: string) =>
  t.db.kysely.selectFrom('materials').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
const up = () => migrationList(t.db.dialect)['0024_library_citations']!.up(t.db.kysely);

describe('migration 0024: cited parameter sets of further library materials', () => {
  it('freezes what the seed files say today', () => {
    expect(LIBRARY_CITATION_ADDITIONS.length).toBeGreaterThan(0);
    for (const a of LIBRARY_CITATION_ADDITIONS) {
      const m = seed(a.key);
      for (const [k, v] of Object.entries(a.electrical)) expect(m.electrical[k], `${a.key}.${k}`).toEqual(v);
      for (const [k, v] of Object.entries(a.sources)) expect(m.sources[k], `${a.key} source of ${k}`).toBe(v);
      for (const [k, v] of Object.entries(a.references)) expect(m.references[k], `${a.key} reference ${k}`).toBe(v);
      expect(m.notes, a.key).toBe(a.newNotes);
      // the row as seeded before had none of the added fields and the old notes
      expect(a.oldNotes, a.key).not.toBe(a.newNotes);
    }
  });

  it('gives rows seeded before their set, once, and leaves edited and other rows alone', async () => {
    const keys = LIBRARY_CITATION_ADDITIONS.map((a) => a.key);
    await t.db.kysely
      .insertInto('materials')
      .values(keys.map((k, i) => asSeededBefore(k, i)))
      .execute();
    // a public row an administrator edited (notes changed) and a row of another material
    const edited = { ...asSeededBefore(keys[0]!, 90), key: `${keys[0]}_edited`, notes: 'edited' };
    const other = { ...asSeededBefore(keys[0]!, 91), key: 'other_material' };
    await t.db.kysely.insertInto('materials').values([edited, other]).execute();
    await up();
    await up();
    for (const a of LIBRARY_CITATION_ADDITIONS) {
      const r = await row(a.key);
      const m = seed(a.key);
      expect(JSON.parse(r.electrical as string), a.key).toEqual(m.electrical);
      expect(JSON.parse(r.sources as string), a.key).toEqual(m.sources);
      expect(JSON.parse(r.refs as string), a.key).toEqual(m.references);
      expect(r.notes, a.key).toBe(a.newNotes);
    }
    expect((await row(`${keys[0]}_edited`)).electrical).toBe(edited.electrical);
    expect((await row('other_material')).electrical).toBe(other.electrical);
  });

  it('keeps a row whose notes are still the seeded ones but that has a defect set of its own', async () => {
    const k = LIBRARY_CITATION_ADDITIONS[0]!.key;
    const own = [{ type: 'neutral', densityCm3: 1, energyReference: 'intrinsic', cNCm3PerS: 1e-9, cPCm3PerS: 1e-9 }];
    await t.db.kysely.deleteFrom('materials').where('key', '=', k).execute();
    const before = asSeededBefore(k, 92);
    const withOwn = { ...before, electrical: JSON.stringify({ ...JSON.parse(before.electrical), defects: own }) };
    await t.db.kysely.insertInto('materials').values(withOwn).execute();
    await up();
    const r = await row(k);
    expect(JSON.parse(r.electrical as string).defects).toEqual(own);
    expect(r.notes).toBe(LIBRARY_CITATION_ADDITIONS[0]!.oldNotes);
  });
});

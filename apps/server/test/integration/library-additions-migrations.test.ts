import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationList } from '../../src/db/migrations.js';
import type { MaterialModelAddition } from '../../src/db/migrations-exciton-library.js';
import { LIBRARY_CITATION_ADDITIONS } from '../../src/db/migrations-library-citations.js';
import { PM6_Y6_ADDITIONS } from '../../src/db/migrations-pm6y6-recombination.js';
import { SNO2_ADDITIONS } from '../../src/db/migrations-sno2-electrical.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { seedMaterial } from './helpers/seed-assets.js';

/**
 * The migrations that add cited values to public library rows (0024: defect and band sets; 0027: the
 * PM6:Y6 Langevin prefactor; 0028: the SnO2 electrical set) on a database whose library was seeded before them: on SQLite by
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

const MIGRATIONS: { name: string; additions: readonly MaterialModelAddition[] }[] = [
  { name: '0024_library_citations', additions: LIBRARY_CITATION_ADDITIONS },
  { name: '0027_pm6y6_recombination', additions: PM6_Y6_ADDITIONS },
  { name: '0028_sno2_electrical', additions: SNO2_ADDITIONS },
];

describe.each(MIGRATIONS.map((m, i) => ({ ...m, i })))(
  'migration $name: cited values for library materials',
  ({ name, additions, i }) => {
    /** A public row as seeded before the migration: today's seed without the added fields, their sources, references and notes. */
    function asSeededBefore(key: string, n: number) {
      const m = seed(key);
      const a = additions.find((x) => x.key === key)!;
      return {
        uuid: `00000000-0000-4000-8000-00000000${i}2${String(n).padStart(2, '0')}`,
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
    const up = () => migrationList(t.db.dialect)[name]!.up(t.db.kysely);

    it('freezes what the seed files say today', () => {
      expect(additions.length).toBeGreaterThan(0);
      for (const a of additions) {
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
      const keys = additions.map((a) => a.key);
      await t.db.kysely
        .insertInto('materials')
        .values(keys.map((k, i) => asSeededBefore(k, i)))
        .execute();
      // a public row an administrator edited (notes changed) and a row of another material
      const edited = { ...asSeededBefore(keys[0]!, 90), key: `${keys[0]}_edited`, notes: 'edited' };
      const other = { ...asSeededBefore(keys[0]!, 91), key: `other_material_${i}` };
      await t.db.kysely.insertInto('materials').values([edited, other]).execute();
      await up();
      await up();
      for (const a of additions) {
        const r = await row(a.key);
        const m = seed(a.key);
        expect(JSON.parse(r.electrical as string), a.key).toEqual(m.electrical);
        expect(JSON.parse(r.sources as string), a.key).toEqual(m.sources);
        expect(JSON.parse(r.refs as string), a.key).toEqual(m.references);
        expect(r.notes, a.key).toBe(a.newNotes);
      }
      expect((await row(`${keys[0]}_edited`)).electrical).toBe(edited.electrical);
      expect((await row(`other_material_${i}`)).electrical).toBe(other.electrical);
    });

    it('keeps a row whose notes are still the seeded ones but that has a value of its own for an added field', async () => {
      const k = additions[0]!.key;
      const field = Object.keys(additions[0]!.electrical)[0]!;
      const own =
        field === 'defects'
          ? [{ type: 'neutral', densityCm3: 1, energyReference: 'intrinsic', cNCm3PerS: 1e-9, cPCm3PerS: 1e-9 }]
          : 0.5;
      await t.db.kysely.deleteFrom('materials').where('key', '=', k).execute();
      const before = asSeededBefore(k, 92);
      const withOwn = { ...before, electrical: JSON.stringify({ ...JSON.parse(before.electrical), [field]: own }) };
      await t.db.kysely.insertInto('materials').values(withOwn).execute();
      await up();
      const r = await row(k);
      expect(JSON.parse(r.electrical as string)[field]).toEqual(own);
      expect(r.notes).toBe(additions[0]!.oldNotes);
    });
  },
);

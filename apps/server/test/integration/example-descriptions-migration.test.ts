import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationList } from '../../src/db/migrations.js';
import { EXAMPLE_DEVICE_NAMES, wordedExampleText } from '../../src/db/migrations-example-descriptions.js';
import { DEMO_DEVICES } from '../../src/seed/demo-devices.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
// the examples as they shipped when this migration was written (0031 renamed them)
import { insertSeedOwner, seedDeviceBefore0031 as seedDevice } from './helpers/seed-assets.js';

/**
 * Migration 0026 on a platform seeded when the example devices' texts named repository files and
 * code keys: the stored public examples read as the files now ship, a user's private copy is kept.
 * The texts as seeded before are in test/fixtures/example-texts-before-0026.json (from the files and
 * seed/demo-devices.ts of that time). On SQLite by default, on PostgreSQL when TEST_DATABASE_URL is set.
 */

interface Before {
  file: string;
  description: string | null;
  citation: string | null;
}
const before = JSON.parse(
  readFileSync(new URL('../fixtures/example-texts-before-0026.json', import.meta.url), 'utf8'),
) as Before[];
/** The citation as the seed stores it: the table's, else the file's own, else the description. */
const citationNow = (file: string) =>
  DEMO_DEVICES.find((d) => d.file === file)?.citation ?? seedDevice(file).citation ?? seedDevice(file).description;

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

const CODE_WORDS = /assets\/|SOURCES\.md|material keys?\b|\binterfaces\[\d\]|\bc_si\b|\bp3ht_pc61bm\b|\bspiro_ometad\b/;

describe('migration 0026: the example devices say their sources in words', () => {
  it('the shipped texts name no repository file or code key, and the fix turns the old texts into them', () => {
    expect(EXAMPLE_DEVICE_NAMES.slice().sort()).toEqual(before.map((b) => seedDevice(b.file).name).sort());
    for (const b of before) {
      const file = seedDevice(b.file);
      expect(file.description ?? '', b.file).not.toMatch(CODE_WORDS);
      expect(citationNow(b.file) ?? '', b.file).not.toMatch(CODE_WORDS);
      expect(wordedExampleText(b.description ?? ''), b.file).toBe(file.description ?? '');
      if (b.citation) expect(wordedExampleText(b.citation), b.file).toBe(citationNow(b.file));
    }
    // the old texts did hold them: the test can fail
    expect(before.filter((b) => CODE_WORDS.test(`${b.description} ${b.citation}`)).length).toBeGreaterThanOrEqual(8);
  });

  it('rewrites the stored public examples, keeps a private copy and other fields', async () => {
    const user = await insertSeedOwner(t.db.kysely);
    const ids = before.map((_, k) => k.toString(16).padStart(32, 'a'));
    const privateId = 'f'.repeat(32);
    const stored = (b: Before) => {
      const spec = seedDevice(b.file);
      if (b.description === null) delete spec.description;
      else spec.description = b.description;
      return spec;
    };
    const row = (id: string, b: Before, isPublic: number) => ({
      id,
      user_id: user,
      kind: 'elec',
      is_public: isPublic,
      status: isPublic ? 'public' : 'private',
      name: seedDevice(b.file).name,
      created_at: 1,
      spec: JSON.stringify(stored(b)),
      description: b.description,
      citation: b.citation ?? b.description,
    });
    await t.db.kysely
      .insertInto('devices')
      .values([...before.map((b, k) => row(ids[k]!, b, 1)), row(privateId, before[0]!, 0)] as never)
      .execute();

    await migrationList(t.db.dialect)['0026_example_descriptions']!.up(t.db.kysely);

    const device = (id: string) =>
      t.db.kysely.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    for (const [k, b] of before.entries()) {
      const r = await device(ids[k]!);
      expect(JSON.parse(r.spec as string), b.file).toEqual(seedDevice(b.file));
      expect(r.description, b.file).toBe(seedDevice(b.file).description ?? null);
      expect(r.citation, b.file).toBe(citationNow(b.file) ?? null);
    }
    const kept = await device(privateId);
    expect(kept.description).toBe(before[0]!.description);
    expect(JSON.parse(kept.spec as string).description).toBe(before[0]!.description);
  });
});

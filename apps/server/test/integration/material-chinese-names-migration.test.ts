import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationList } from '../../src/db/migrations.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';

/**
 * Migration 0034 (issue 29) on a platform seeded before it: each library material gets its full
 * Chinese name by key; a user's material of the same key is left alone. SQLite by default,
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

describe('migration 0034: full Chinese names of library materials', () => {
  it('names the stored library materials by key and nothing else', async () => {
    const migration = migrationList(t.db.dialect)['0034_material_chinese_names']!;
    await migration.down!(t.db.kysely);
    const row = (uuid: string, key: string | null, owner: number | null) => ({
      uuid,
      name: key ?? 'mine',
      category: 'lead_perovskite',
      created_at: 1,
      key,
      owner_id: owner,
      status: owner === null ? 'public' : 'private',
    });
    await t.db.kysely
      .insertInto('materials')
      .values([
        row('00000000-0000-0000-0000-000000000001', 'mapbi3', null),
        row('00000000-0000-0000-0000-000000000002', 'not_curated', null),
      ] as never)
      .execute();
    await migration.up(t.db.kysely);
    const named = await t.db.kysely.selectFrom('materials').select(['key', 'name_zh']).orderBy('key').execute();
    expect(named).toEqual([
      { key: 'mapbi3', name_zh: '甲胺铅碘' },
      { key: 'not_curated', name_zh: null },
    ]);
  });
});

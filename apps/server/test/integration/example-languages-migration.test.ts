import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationList } from '../../src/db/migrations.js';
import { EXAMPLE_TEXTS } from '../../src/db/migrations-example-languages.js';
import { checkCalculationInput } from '../../src/jobs/validate.js';
import { DEMO_DEVICES } from '../../src/seed/demo-devices.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { insertSeedOwner, seedDevice } from './helpers/seed-assets.js';

/**
 * Migration 0035 (issue 29) on a platform seeded before it, whose examples are named "中文 | English"
 * with a bilingual description (as 0031 left them, and as the files still ship): each public
 * example gets its name and description in each language, its `name`, `description` and DeviceSpec
 * texts become the English ones and a citation that repeated the description still does; an
 * administrator's own description is kept (the per-language descriptions stay empty, so it is
 * shown), and a user's private copy is left alone. SQLite by default, PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

const device = (id: string) =>
  t.db.kysely.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('migration 0035: the examples in each language', () => {
  it('covers every shipped example under the name it ships with', () => {
    for (const e of EXAMPLE_TEXTS) {
      expect(seedDevice(e.file).name, e.file).toBe(e.oldName);
      for (const s of [e.nameZh, e.nameEn]) expect(s.length, s).toBeLessThanOrEqual(100);
      for (const s of [e.descriptionZh, e.descriptionEn]) expect(s.length, e.file).toBeLessThanOrEqual(2000);
    }
  });

  it('gives the stored examples both languages and leaves an edited description and a private copy', async () => {
    const migration = migrationList(t.db.dialect)['0035_example_languages']!;
    await migration.down!(t.db.kysely);
    const owner = await insertSeedOwner(t.db.kysely);
    const row = (id: string, file: string, over: Record<string, unknown> = {}) => {
      const spec = seedDevice(file);
      return {
        id,
        user_id: owner,
        kind: spec.electrical ? 'elec' : 'opt',
        is_public: 1,
        status: 'public',
        name: spec.name,
        created_at: 1,
        spec: JSON.stringify(spec),
        description: spec.description,
        citation: DEMO_DEVICES.find((d) => d.file === file)?.citation ?? spec.description,
        reference_dois: '["10.1000/kept"]',
        ...over,
      };
    };
    const ids = EXAMPLE_TEXTS.map((_, k) => k.toString(16).padStart(32, 'a'));
    const [edited, mine] = ['e', 'f'].map((c) => c.repeat(32)) as [string, string];
    const cdte = 'cdte-electrical.device.json';
    await t.db.kysely
      .insertInto('devices')
      .values([
        ...EXAMPLE_TEXTS.map((e, k) => row(ids[k]!, e.file)),
        row(edited, cdte, { name: `${seedDevice(cdte).name}`, description: '管理员改写的说明', citation: null }),
        row(mine, cdte, { is_public: 0, status: 'private' }),
      ] as never)
      .execute();

    await migration.up(t.db.kysely);

    for (const [k, e] of EXAMPLE_TEXTS.entries()) {
      const stored = await device(ids[k]!);
      expect(stored, e.file).toMatchObject({
        name: e.nameEn,
        name_zh: e.nameZh,
        name_en: e.nameEn,
        description: e.descriptionEn,
        description_zh: e.descriptionZh,
        description_en: e.descriptionEn,
        reference_dois: '["10.1000/kept"]',
      });
      const own = DEMO_DEVICES.find((d) => d.file === e.file)?.citation;
      expect(stored.citation, e.file).toBe(own ?? e.descriptionEn);
      const spec = JSON.parse(stored.spec as string);
      expect({ name: spec.name, description: spec.description }, e.file).toEqual({
        name: e.nameEn,
        description: e.descriptionEn,
      });
      // the platform still accepts the example for queuing
      expect(checkCalculationInput(stored.kind as 'elec' | 'opt', spec).ok, e.file).toBe(true);
    }
    const kept = await device(edited);
    expect(kept).toMatchObject({ description: '管理员改写的说明', description_zh: null, description_en: null });
    expect(kept.name_zh).toBe(EXAMPLE_TEXTS.find((e) => e.file === cdte)?.nameZh);
    const copy = await device(mine);
    expect(copy).toMatchObject({
      name: seedDevice(cdte).name,
      name_zh: null,
      description: seedDevice(cdte).description,
    });
  });
});

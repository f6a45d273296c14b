import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationList } from '../../src/db/migrations.js';
import { doisInText } from '../../src/db/migrations-example-references.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { insertSeedOwner, seedDevice } from './helpers/seed-assets.js';

/**
 * Migration 0033 (issue 29): a public example whose citation only repeats its description gets the
 * DOIs that description cites as its references; stored references, a citation of its own and
 * private devices are left alone. On SQLite by default, on PostgreSQL when TEST_DATABASE_URL is set.
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

describe('migration 0033: the DOIs an example cites become its references', () => {
  it('finds DOIs in running text, bare and once', () => {
    expect(
      doisInText('见 10.1016/j.rinp.2019.102839。Also 10.1021/acsenergylett.7b00236, and 10.1016/j.rinp.2019.102839.'),
    ).toEqual(['10.1016/j.rinp.2019.102839', '10.1021/acsenergylett.7b00236']);
    expect(doisInText('no reference here')).toEqual([]);
  });

  it('links the cited DOIs of a public example and leaves the rest', async () => {
    const owner = await insertSeedOwner(t.db.kysely);
    const spec = seedDevice('perovskite-pin-defects-electrical.device.json');
    const description = spec.description as string;
    const row = (id: string, over: Record<string, unknown>) => ({
      id,
      user_id: owner,
      kind: 'elec',
      is_public: 1,
      status: 'public',
      name: `${spec.name} ${id.slice(0, 4)}`.slice(0, 100),
      created_at: 1,
      spec: JSON.stringify(spec),
      description,
      citation: description,
      ...over,
    });
    const [repeat, own, stored, mine] = ['a', 'b', 'c', 'd'].map((c) => c.repeat(32)) as [
      string,
      string,
      string,
      string,
    ];
    await t.db.kysely
      .insertInto('devices')
      .values([
        row(repeat, {}),
        row(own, { citation: 'Table 2 of the paper' }),
        row(stored, { reference_dois: '["10.1039/C8EE01576G"]' }),
        row(mine, { is_public: 0, status: 'private' }),
      ] as never)
      .execute();

    await migrationList(t.db.dialect)['0033_example_references']!.up(t.db.kysely);

    expect(JSON.parse((await device(repeat)).reference_dois ?? '[]')).toEqual(
      expect.arrayContaining(['10.1016/j.rinp.2019.102839', '10.1021/acsenergylett.7b00236']),
    );
    expect((await device(own)).reference_dois).toBeNull();
    expect((await device(stored)).reference_dois).toBe('["10.1039/C8EE01576G"]');
    expect((await device(mine)).reference_dois).toBeNull();
  });
});

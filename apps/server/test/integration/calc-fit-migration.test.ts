import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationList } from '../../src/db/migrations.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { insertSeedOwner } from './helpers/seed-assets.js';

/**
 * Migration 0029 on a platform with calculations from before it: the kind 'fit' is stored only
 * after it, every row stays with its id (a sweep's children still pointing at their parent), ids
 * are never handed out twice, and the table's other rules hold as before (kinds outside the list,
 * foreign keys, the indexes). SQLite rebuilds the table, PostgreSQL replaces the constraint: on
 * SQLite by default, on PostgreSQL when TEST_DATABASE_URL is set.
 */
let t: TestDatabase;
const migration = () => migrationList(t.db.dialect)['0029_calc_kind_fit']!;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

describe('migration 0029: the calculation kind fit', () => {
  it('lets a fit be stored, keeping every row, id and rule of the table', async () => {
    const k = t.db.kysely;
    // the table as 0001 left it
    await migration().down!(k);
    const user = Number(await insertSeedOwner(k));
    const row = (kind: string, extra: Record<string, unknown> = {}) => ({
      user_id: user,
      kind,
      status: 'succeeded',
      created_at: 1,
      name: `${kind} row`,
      input: '{"x":1}',
      ...extra,
    });
    const insert = async (kind: string, extra: Record<string, unknown> = {}) =>
      (
        await k
          .insertInto('calculations')
          .values(row(kind, extra) as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await expect(insert('fit')).rejects.toThrow();
    const parent = await insert('elec');
    const child = await insert('elec', { parent_id: parent });
    const circuit = await insert('circle2', { result: Buffer.from([1, 2, 3]), result_size: 3 });
    const last = await insert('opt');
    // the newest row goes: its id must not come back
    await k.deleteFrom('calculations').where('id', '=', last).execute();
    const before = await k.selectFrom('calculations').selectAll().orderBy('id').execute();

    await migration().up(k);

    expect(await k.selectFrom('calculations').selectAll().orderBy('id').execute()).toEqual(before);
    const fit = await insert('fit');
    expect(fit).toBeGreaterThan(last);
    expect(await k.selectFrom('calculations').select('kind').where('id', '=', fit).executeTakeFirst()).toEqual({
      kind: 'fit',
    });
    // the other rules stand
    await expect(insert('sweep')).rejects.toThrow();
    await expect(insert('opt', { user_id: user + 1000 })).rejects.toThrow();
    await k.deleteFrom('calculations').where('id', '=', parent).execute();
    expect(await k.selectFrom('calculations').select('id').where('id', '=', child).executeTakeFirst()).toBeUndefined();
    expect(
      (await k.selectFrom('calculations').select('result').where('id', '=', circuit).executeTakeFirstOrThrow()).result,
    ).toEqual(Buffer.from([1, 2, 3]));
    const indexes =
      t.db.dialect === 'postgres'
        ? await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where tablename = 'calculations'`.execute(k)
        : await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'calculations'`.execute(k);
    expect(indexes.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['calculations_user_idx', 'calculations_status_idx', 'calculations_parent_idx']),
    );
  });
});

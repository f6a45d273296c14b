import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from './database.js';

/**
 * 0029: the calculation kind 'fit' (a device fit, issue 27). Migration 0001 gave
 * `calculations.kind` a CHECK over the four kinds of its day, so a fit could not be stored.
 * PostgreSQL replaces the constraint. SQLite cannot alter a CHECK: the table is rebuilt (its own
 * SQL with the wider list, the rows copied with their ids, the indexes made again, the id sequence
 * kept so that no id is ever handed out twice, e.g. to a ledger reference `calc:<id>`), with
 * foreign keys off meanwhile so that dropping the old table deletes nothing; the rebuild runs in
 * one transaction and ends with a foreign key check.
 */
const BEFORE = ['opt', 'elec', 'circle', 'circle2'] as const;
const AFTER = ['opt', 'elec', 'circle', 'circle2', 'fit'] as const;

/** The CHECK clause over fixed literals of this file (DDL takes no parameters). */
const checkText = (kinds: readonly string[]) => `check (kind in (${kinds.map((k) => `'${k}'`).join(', ')}))`;

async function postgres(db: Kysely<unknown>, kinds: readonly string[]): Promise<void> {
  // 0001 left the constraint its generated name; it is found by what it checks
  const found = await sql<{ conname: string }>`
    select conname from pg_constraint
    where conrelid = 'calculations'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%kind%'`.execute(
    db,
  );
  for (const { conname } of found.rows)
    await sql`alter table calculations drop constraint ${sql.id(conname)}`.execute(db);
  await sql`alter table calculations add constraint calculations_kind_check ${sql.raw(checkText(kinds))}`.execute(db);
}

async function sqlite(db: Kysely<unknown>, from: readonly string[], to: readonly string[]): Promise<void> {
  const table = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'calculations'`.execute(db);
  const create = table.rows[0]?.sql;
  if (!create?.includes(checkText(from)))
    throw new Error(`calculations: the kind check is not the expected ${checkText(from)}; refusing to rebuild`);
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'index' and tbl_name = 'calculations' and sql is not null`.execute(db);
  const seq = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'calculations'`.execute(db);
  const rebuilt = create
    .replace(/^CREATE TABLE "calculations"/, 'CREATE TABLE "calculations_rebuilt"')
    .replace(checkText(from), checkText(to));
  // PRAGMA foreign_keys cannot change inside a transaction: off before it, on again after it
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql.raw(rebuilt).execute(db);
      await sql`insert into calculations_rebuilt select * from calculations`.execute(db);
      await sql`drop table calculations`.execute(db);
      await sql`alter table calculations_rebuilt rename to calculations`.execute(db);
      for (const i of indexes.rows) await sql.raw(i.sql).execute(db);
      const last = seq.rows[0]?.seq;
      await sql`delete from sqlite_sequence where name = 'calculations'`.execute(db);
      if (last !== undefined)
        await sql`insert into sqlite_sequence (name, seq) values ('calculations', ${last})`.execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length) throw new Error(`calculations rebuild: ${broken.rows.length} broken foreign keys`);
      await sql`commit`.execute(db);
    } catch (err) {
      await sql`rollback`.execute(db);
      throw err;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export function calcFitKindMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') await postgres(db, AFTER);
      else await sqlite(db, BEFORE, AFTER);
    },
    async down(db: Kysely<unknown>) {
      // the fits go: the narrower check would refuse them
      await sql`delete from calculations where kind = 'fit'`.execute(db);
      if (dialect === 'postgres') await postgres(db, BEFORE);
      else await sqlite(db, AFTER, BEFORE);
    },
  };
}

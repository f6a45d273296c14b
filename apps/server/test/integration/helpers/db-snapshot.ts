import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../src/db/database.js';

/** The counter the write triggers bump; it is the test's, so snapshots leave it out. */
const COUNTER = 'fuzz_row_writes';

async function tableNames(db: Db): Promise<string[]> {
  const rows =
    db.dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db.kysely)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely);
  return rows.rows
    .map((r) => r.name)
    .filter((n) => n !== COUNTER)
    .sort();
}

/** A table name read from the catalogue, quoted for interpolation (identifiers cannot be bound). */
function ident(name: string) {
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`unexpected table name ${name}`);
  return sql.id(name);
}

export type Snapshot = Record<string, { rows: number; sha256: string }>;

/** A table, or the rows of a table whose column holds a value (one user's rows). */
export type TableRows = string | { table: string; column: string; value: number };

/**
 * Row count and a SHA-256 of every table's rows (each row as JSON, the rows sorted), so that two
 * snapshots are equal exactly when no stored row was added, removed or changed; `only`: of these
 * tables or rows alone (cheap enough to take around every request).
 */
export async function snapshot(db: Db, only?: readonly TableRows[]): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const part of only ?? (await tableNames(db))) {
    const name = typeof part === 'string' ? part : part.table;
    const rows =
      typeof part === 'string'
        ? await sql<Record<string, unknown>>`select * from ${ident(name)}`.execute(db.kysely)
        : await sql<
            Record<string, unknown>
          >`select * from ${ident(name)} where ${ident(part.column)} = ${part.value}`.execute(db.kysely);
    const lines = rows.rows
      .map((r) =>
        JSON.stringify(r, (_k, v: unknown) =>
          typeof v === 'bigint' ? v.toString() : Buffer.isBuffer(v) ? v.toString('base64') : v,
        ),
      )
      .sort();
    const hash = createHash('sha256');
    for (const l of lines) hash.update(l).update('\n');
    out[name] = { rows: lines.length, sha256: hash.digest('hex') };
  }
  return out;
}

/** The tables whose snapshots differ. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => JSON.stringify(before[n]) !== JSON.stringify(after[n])).sort();
}

/**
 * Row-level triggers on every table that count inserted, updated and deleted rows per table, so a
 * test can tell after each request, in one cheap query, whether it wrote anything (a full snapshot
 * per request would be too slow for thousands of requests). The triggers write inside the request's
 * own transaction: a write that is rolled back is not counted, as it changed nothing.
 */
export async function installWriteCounter(db: Db): Promise<void> {
  const tables = await tableNames(db);
  await sql`create table ${sql.id(COUNTER)} (tbl varchar(100) primary key, n integer not null)`.execute(db.kysely);
  for (const t of tables) await sql`insert into ${sql.id(COUNTER)} (tbl, n) values (${t}, 0)`.execute(db.kysely);
  if (db.dialect === 'postgres') {
    await sql
      .raw(`create function fuzz_count_write() returns trigger language plpgsql as $$
        begin update ${COUNTER} set n = n + 1 where tbl = TG_TABLE_NAME; return null; end $$`)
      .execute(db.kysely);
    for (const t of tables) {
      await sql`create trigger ${ident(`fuzz_w_${t}`)} after insert or update or delete on ${ident(t)}
        for each row execute function fuzz_count_write()`.execute(db.kysely);
    }
    return;
  }
  for (const t of tables) {
    ident(t); // the name is interpolated below: only catalogue names of the expected shape
    for (const event of ['insert', 'update', 'delete'] as const) {
      // SQLite triggers cannot take the table's name as an argument: each names its own.
      await sql
        .raw(`create trigger "fuzz_w_${t}_${event}" after ${event} on "${t}" for each row
          begin update ${COUNTER} set n = n + 1 where tbl = '${t}'; end`)
        .execute(db.kysely);
    }
  }
}

/** Rows written so far, per table (only tables with writes). */
export async function writeCounts(db: Db): Promise<Record<string, number>> {
  const rows = await sql<{
    tbl: string;
    n: number | string;
  }>`select tbl, n from ${sql.id(COUNTER)} where n > 0`.execute(db.kysely);
  return Object.fromEntries(rows.rows.map((r) => [r.tbl, Number(r.n)]));
}

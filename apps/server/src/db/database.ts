import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

const PG_INT8 = 20;

/**
 * Per-pool type parsers: bigint columns (times in ms) and count(*) come back as numbers. Both stay
 * far below 2^53, and a per-pool setting leaves other pg users in the process untouched.
 */
function pgTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, fmt?: 'text' | 'binary') =>
      oid === PG_INT8
        ? (v: string) => Number(v)
        : pg.types.getTypeParser(oid, fmt)) as pg.CustomTypesConfig['getTypeParser'],
  };
}

export function openDatabase(opts: {
  databaseUrl: string | undefined;
  sqliteFile: string;
  /** Where an idle PostgreSQL connection's error goes (default: stderr). */
  onIdleError?: (err: Error) => void;
}): Db {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      types: pgTypes(),
      // A server that does not answer (host gone, network partition) fails the request after 10 s
      // instead of holding it open for ever; a refused connection fails at once anyway.
      connectionTimeoutMillis: 10_000,
    });
    // An idle pooled connection that the server drops (PostgreSQL restarted, an administrator ended
    // it) makes the pool emit 'error'; unheard, that event would crash the whole process. The pool
    // discards the client and opens a new one for the next query, so noting it is enough.
    const lost = (err: Error) => {
      if (opts.onIdleError) opts.onIdleError(err);
      else process.stderr.write(`pvforge: PostgreSQL connection lost: ${err.message}\n`);
    };
    pool.on('error', lost);
    // A connection lost while checked out (mid-query, or between the queries of a transaction) fails
    // its query and then also emits 'error' on the client, where the pool no longer listens: without
    // this the process would crash at a PostgreSQL restart under load. The query's own error still
    // reaches the caller, and the pool drops the broken client when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  mkdirSync(path.dirname(opts.sqliteFile), { recursive: true });
  const sqlite = new SQLite(opts.sqliteFile);
  // WAL lets readers proceed while a write is in progress; busy_timeout rides out short locks.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

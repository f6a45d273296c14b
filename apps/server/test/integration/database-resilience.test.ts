import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';

/**
 * PostgreSQL may end a pooled connection at any time (a restart, an administrator). The server must
 * note it and carry on with a fresh connection, not crash on the pool's 'error' event.
 */
const url = process.env['TEST_DATABASE_URL'];

describe('PostgreSQL connection loss', () => {
  it.runIf(url?.startsWith('postgres') === true)(
    'reports an idle connection ended by the server and keeps answering queries',
    async () => {
      const seen: Error[] = [];
      const db = openDatabase({ databaseUrl: url, sqliteFile: '', onIdleError: (e) => seen.push(e) });
      try {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db.kysely);
        const pid = rows[0]!.pid;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await admin.end();
        for (let i = 0; i < 50 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
        expect(seen.length).toBe(1);
        const again = await sql<{ one: number }>`select 1 as one`.execute(db.kysely);
        expect(again.rows[0]!.one).toBe(1);
      } finally {
        await db.close();
      }
    },
  );
});

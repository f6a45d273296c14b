import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Db, openDatabase } from '../../../src/db/database.js';
import { migrateToLatest } from '../../../src/db/migrations.js';

export interface TestDatabase {
  db: Db;
  /** A scratch directory for this database's app (session secret, SQLite file). */
  dataDir: string;
  /** PostgreSQL: the URL of this fresh database (tests that reach it through a relay); SQLite: undefined. */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database per test file: a temp SQLite file by default, or, when
 * TEST_DATABASE_URL names a PostgreSQL server, a new database with a random name created through
 * that (admin) connection and dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pvforge-test-'));
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) {
    const db = openDatabase({ databaseUrl: undefined, sqliteFile: path.join(dataDir, 'pvforge.sqlite') });
    await migrateToLatest(db.kysely, db.dialect);
    return {
      db,
      dataDir,
      async drop() {
        await db.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `pvforge_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // The name is ours (hex digits), never input: identifiers cannot be bound as parameters.
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openDatabase({ databaseUrl: url.toString(), sqliteFile: '' });
  await migrateToLatest(db.kysely, db.dialect);
  return {
    db,
    dataDir,
    url: url.toString(),
    async drop() {
      await db.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { outagePart } from '../../../src/db/outage.js';

/** Real failures, made here, sorted into the part that is out (or none: an ordinary error). */
describe('outagePart', () => {
  it('names a refused connection a database outage', async () => {
    const err = await new Promise<Error>((resolve) => {
      // Port 1 on loopback: nothing listens there, the connection is refused at once.
      const s = connect(1, '127.0.0.1');
      s.on('error', resolve);
    });
    expect(outagePart(err)).toBe('database');
    expect(outagePart(new AggregateError([err], 'connect failed'))).toBe('database');
  });

  it('names the PostgreSQL states of a lost or refused connection a database outage', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300'])
      expect(outagePart(Object.assign(new Error('x'), { code })), code).toBe('database');
    expect(outagePart(new Error('Connection terminated unexpectedly'))).toBe('database');
    // A constraint violation or a syntax error is no outage.
    expect(outagePart(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeUndefined();
    expect(outagePart(Object.assign(new Error('syntax'), { code: '42601' }))).toBeUndefined();
  });

  it('names a database SQLite cannot write a storage outage, and other SQLite errors nothing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pvforge-outage-'));
    try {
      const db = new SQLite(path.join(dir, 'x.sqlite'));
      db.exec('create table t (v text unique)');
      db.pragma('query_only = 1');
      let readonly: unknown;
      try {
        db.exec("insert into t values ('a')");
      } catch (e) {
        readonly = e;
      }
      expect(outagePart(readonly)).toBe('storage');
      db.pragma('query_only = 0');
      db.exec("insert into t values ('a')");
      let unique: unknown;
      try {
        db.exec("insert into t values ('a')");
      } catch (e) {
        unique = e;
      }
      expect(outagePart(unique)).toBeUndefined();
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(outagePart(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBe('storage');
    expect(outagePart('not an error')).toBeUndefined();
  });
});

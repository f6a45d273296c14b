import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type AppConfig, loadConfig } from '../../src/config.js';
import { type Db, openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { sdmJob } from './calc/helpers.js';
import { TEST_ARGON2 } from './helpers/app.js';
import { post, registerUser, signed, validRegistration } from './helpers/client.js';
import { TestClock } from './helpers/clock.js';

/**
 * DATA_DIR (the SQLite database and the session secret) full or read-only (issue 15): writes are
 * refused with code 5002, which names the server's data storage in the user's language; nothing is
 * half written (SQLite rolls the transaction back); reads go on; once space is back, writes work
 * and the database passes its integrity check. A server started on a read-only DATA_DIR stops with
 * a message naming the folder.
 *
 * The tests run as root in CI, and root ignores file permissions (chmod cannot make a folder
 * read-only for it), so DATA_DIR is a real file system of its own: a 4 MiB tmpfs, filled with a
 * file until the disk is full, and a tmpfs mounted read-only. Where mounting is not permitted (no
 * CAP_SYS_ADMIN) those two cases are skipped. (SQLite's page limit, PRAGMA max_page_count, is no
 * stand-in: a small insert fits in the free room of existing pages and never meets it.)
 */
const mountable = (() => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pvforge-mnt-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'ignore' });
    execFileSync('umount', [dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})();

const mounts: string[] = [];
function tmpfs(options: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pvforge-datadir-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
  mounts.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of mounts) {
    try {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

async function serverOn(dataDir: string): Promise<{ app: FastifyInstance; db: Db; clock: TestClock }> {
  const db = openDatabase({ databaseUrl: undefined, sqliteFile: path.join(dataDir, 'pvforge.sqlite') });
  await migrateToLatest(db.kysely, db.dialect);
  const clock = new TestClock();
  const config: AppConfig = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
      JOB_CONCURRENCY: '1',
    }),
    argon2: TEST_ARGON2,
  };
  const app = await buildApp(config, { db, clock });
  await app.ready();
  return { app, db, clock };
}

async function userCount(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `fill` makes the storage full, `free` gives the space back. */
async function refusesWhileFull(dataDir: string, fill: (db: Db) => Promise<void>, free: (db: Db) => Promise<void>) {
  const { app, db, clock } = await serverOn(dataDir);
  try {
    const alice = (await registerUser(app)).session;
    const submitted = await post(app, '/calc/sys/calc/circle', { job: sdmJob() }, { headers: signed(alice, clock) });
    expect(submitted.code).toBe('1000');
    const users = await userCount(db);
    await fill(db);

    const reg = await post(app, '/calc/sys/user/reg', validRegistration());
    expect([reg.status, reg.code, reg.msg]).toEqual([
      503,
      '5002',
      '服务器数据存储已满或只读，暂时无法保存，请稍后再试或联系管理员',
    ]);
    const job = await post(
      app,
      '/calc/sys/calc/circle',
      { job: sdmJob() },
      { headers: { ...signed(alice, clock), 'x-lang': 'en' } },
    );
    expect([job.status, job.code]).toEqual([503, '5002']);
    expect(job.msg).toMatch(/data storage is full or read-only/);
    // Reads go on; the refused registration left nothing behind.
    const list = await post<{ total: number }>(
      app,
      '/calc/sys/calc/circleCalcList',
      { page: 1, size: 10 },
      { headers: signed(alice, clock) },
    );
    expect(list.code).toBe('1000');
    expect(await userCount(db)).toBe(users);

    await free(db);
    expect((await post(app, '/calc/sys/user/reg', validRegistration())).code).toBe('1000');
    expect(await userCount(db)).toBe(users + 1);
    const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db.kysely);
    expect(check.rows.map((r) => r.integrity_check)).toEqual(['ok']);
  } finally {
    await app.close();
    await db.close();
  }
}

describe('DATA_DIR full', () => {
  it.runIf(mountable)(
    'refuses writes with 5002 on a full disk, corrupts nothing, and recovers when space returns',
    async () => {
      const dataDir = tmpfs('size=4m');
      const filler = path.join(dataDir, 'filler');
      await refusesWhileFull(
        dataDir,
        async (db) => {
          // An emptied WAL file must grow for the next write, which the full disk refuses.
          await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db.kysely);
          const fd = openSync(filler, 'w');
          const block = Buffer.alloc(64 * 1024);
          try {
            for (;;) writeSync(fd, block);
          } catch (err) {
            expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
          } finally {
            closeSync(fd);
          }
        },
        async () => rmSync(filler),
      );
    },
  );
});

describe('DATA_DIR read-only', () => {
  it.runIf(mountable)(
    'stops the server at start with a message naming DATA_DIR',
    async () => {
      const dataDir = tmpfs('size=1m,ro');
      const repoRoot = path.join(import.meta.dirname, '..', '..', '..', '..');
      const child = spawn(
        process.execPath,
        ['--conditions=@pvforge/source', '--import', 'tsx', 'apps/server/src/main.ts'],
        {
          cwd: repoRoot,
          env: {
            ...process.env,
            DATA_DIR: dataDir,
            DATABASE_URL: '',
            REDIS_URL: '',
            SESSION_SECRET: '',
            PORT: '1',
            HOST: '127.0.0.1',
            WEB_DIST: path.join(tmpdir(), 'no-web'),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (d: Buffer) => {
        output += d.toString();
      });
      child.stderr.on('data', (d: Buffer) => {
        output += d.toString();
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain(`DATA_DIR (${dataDir}) cannot be written (read-only or full)`);
      expect(output).toMatch(/EROFS|read-only/i);
    },
    60_000,
  );

  it('refuses writes with 5002 while the database cannot be written, and takes them again after', async () => {
    // A file system turned read-only under a running server (ext4 errors=remount-ro) cannot be
    // staged here: remounting read-only is refused while the database file is open for writing.
    // SQLite's query_only switch makes the same connection refuse writes with SQLITE_READONLY.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pvforge-ro-'));
    mkdirSync(dataDir, { recursive: true });
    const { app, db } = await serverOn(dataDir);
    try {
      const users = await userCount(db);
      await sql`pragma query_only = 1`.execute(db.kysely);
      const reg = await post(app, '/calc/sys/user/reg', validRegistration(), { headers: { 'x-lang': 'en' } });
      expect([reg.status, reg.code]).toEqual([503, '5002']);
      expect(await userCount(db)).toBe(users);
      await sql`pragma query_only = 0`.execute(db.kysely);
      expect((await post(app, '/calc/sys/user/reg', validRegistration())).code).toBe('1000');
    } finally {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

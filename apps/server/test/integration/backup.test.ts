/**
 * `npm run backup` / `npm run restore` round trip on the SQLite deployment: a backup taken while the
 * app runs and writes holds exactly the state at that moment, restores into a fresh DATA_DIR, and
 * the platform works on it (logins, sessions signed with the restored secret). Corrupt or tampered
 * backups are refused before anything is replaced.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { SERVER_LOCK_FILE } from '../../src/backup/server-lock.js';
import { backupDataDir, DATABASE_FILE, restoreDataDir } from '../../src/backup/sqlite-backup.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { TEST_ARGON2 } from './helpers/app.js';
import { login, registerUser } from './helpers/client.js';
import { freePort, startServer } from './helpers/processes.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'pvforge-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const repoRoot = path.join(import.meta.dirname, '..', '..', '..', '..');

async function openApp(dataDir: string) {
  const db = openDatabase({ databaseUrl: undefined, sqliteFile: path.join(dataDir, DATABASE_FILE) });
  await migrateToLatest(db.kysely, db.dialect);
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web') }),
    argon2: TEST_ARGON2,
  };
  const app = await buildApp(config, { db });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

describe('SQLite backup and restore', () => {
  it('keeps the state at backup time, taken while the app is open, and the platform runs on the restore', async () => {
    const live = path.join(scratch, 'live');
    const a = await openApp(live);
    const before = await registerUser(a.app);
    const backup = path.join(scratch, 'backup-1');
    const manifest = await backupDataDir(live, backup);
    expect(manifest.files).toEqual(['pvforge.sqlite', 'session-secret']);
    const after = await registerUser(a.app); // written after the backup: must not be in it
    await a.close();

    const restored = path.join(scratch, 'restored');
    restoreDataDir(backup, restored);
    expect(readFileSync(path.join(restored, 'session-secret'), 'utf8')).toBe(
      readFileSync(path.join(live, 'session-secret'), 'utf8'),
    );
    const b = await openApp(restored);
    expect((await login(b.app, before.email, before.password)).code).toBe('1000');
    expect((await login(b.app, after.email, after.password)).code).not.toBe('1000');
    await b.close();

    // an existing database is never overwritten without --force, and is kept beside when forced
    expect(() => restoreDataDir(backup, restored)).toThrow(/--force/);
    restoreDataDir(backup, restored, { force: true });
    const kept = (await import('node:fs')).readdirSync(restored).filter((f) => f.includes('before-restore'));
    expect(kept.length).toBe(1);
  });

  it('refuses a tampered or corrupt backup before touching the data directory', async () => {
    const live = path.join(scratch, 'live2');
    const a = await openApp(live);
    await registerUser(a.app);
    const backup = path.join(scratch, 'backup-2');
    await backupDataDir(live, backup);
    await a.close();

    const manifestFile = path.join(backup, 'manifest.json');
    const m = JSON.parse(readFileSync(manifestFile, 'utf8')) as { rows: Record<string, number> };
    const table = Object.keys(m.rows).find((k) => k === 'users') ?? Object.keys(m.rows)[0]!;
    writeFileSync(manifestFile, JSON.stringify({ ...m, rows: { ...m.rows, [table]: m.rows[table]! + 1 } }));
    const target = path.join(scratch, 'untouched');
    expect(() => restoreDataDir(backup, target)).toThrow(/rows/);
    expect(existsSync(path.join(target, DATABASE_FILE))).toBe(false);

    const dbFile = path.join(backup, DATABASE_FILE);
    const bytes = readFileSync(dbFile);
    bytes.fill(0x5a, 4096, 8192); // scribble over the second page
    writeFileSync(dbFile, bytes);
    expect(() => restoreDataDir(backup, target)).toThrow();
    expect(existsSync(path.join(target, DATABASE_FILE))).toBe(false);
  });

  it('refuses to restore while a server process runs on the data directory, --force or not; restores once it is gone', async () => {
    const live = path.join(scratch, 'live4');
    const a = await openApp(live);
    await registerUser(a.app);
    await a.close();
    const backup = path.join(scratch, 'backup-4');
    await backupDataDir(live, backup);
    const server = await startServer(await freePort(), {
      DATA_DIR: live,
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST: path.join(live, 'no-web'),
    });
    try {
      const lock = JSON.parse(readFileSync(path.join(live, SERVER_LOCK_FILE), 'utf8')) as { pid: number };
      expect(lock.pid).toBe(server.child.pid);
      for (const force of [false, true])
        expect(() => restoreDataDir(backup, live, { force })).toThrow(
          new RegExp(`server \\(process ${server.child.pid}, .*is running on`),
        );
      // the database was not touched
      expect(readdirSync(live).filter((f) => f.includes('before-restore'))).toEqual([]);
    } finally {
      // killed: no orderly exit, so its lock stays, naming a process that is gone
      await server.kill();
    }
    expect(existsSync(path.join(live, SERVER_LOCK_FILE))).toBe(true);
    restoreDataDir(backup, live, { force: true });
    expect(readdirSync(live).filter((f) => f.includes('before-restore')).length).toBe(1);
  }, 60_000);

  it('runs as npm run backup and npm run restore', async () => {
    const live = path.join(scratch, 'live3');
    const a = await openApp(live);
    const u = await registerUser(a.app);
    await a.close();
    const env = { ...process.env, DATA_DIR: live, DATABASE_URL: '' };
    const out = path.join(scratch, 'cli-backup');
    execFileSync('npm', ['run', '-s', 'backup', '--', out], { cwd: repoRoot, env, stdio: 'pipe' });
    const restored = path.join(scratch, 'cli-restored');
    execFileSync('npm', ['run', '-s', 'restore', '--', out], {
      cwd: repoRoot,
      env: { ...env, DATA_DIR: restored },
      stdio: 'pipe',
    });
    const b = await openApp(restored);
    expect((await login(b.app, u.email, u.password)).code).toBe('1000');
    await b.close();
  });
});

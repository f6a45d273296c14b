/**
 * Backup and restore of a single-machine (SQLite) deployment: the database file and the generated
 * session secret, the only state under DATA_DIR. The database is copied with SQLite's online backup
 * API, so a backup taken while the server runs is consistent (a plain file copy of a WAL database
 * is not). A restore checks the copy's integrity before it replaces anything, and refuses to
 * overwrite an existing database unless told to. PostgreSQL deployments use pg_dump (docs/deploy.md).
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { runningServer, SERVER_LOCK_FILE } from './server-lock.js';

export const DATABASE_FILE = 'pvforge.sqlite';
const SECRET_FILE = 'session-secret';
const MANIFEST = 'manifest.json';

export interface BackupManifest {
  format: 'pvforge-sqlite-backup';
  version: 1;
  createdAt: string;
  files: string[];
  /** Rows per table at backup time: what a restore is checked against. */
  rows: Record<string, number>;
}

function tableRows(db: SQLite.Database): Record<string, number> {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[];
  const rows: Record<string, number> = {};
  // table names come from sqlite_master, never from input; quoting keeps odd names safe
  for (const { name } of tables)
    rows[name] = (db.prepare(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`).get() as { n: number }).n;
  return rows;
}

function checkIntegrity(file: string): Record<string, number> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`the database copy ${file} fails its integrity check: ${String(result)}`);
    return tableRows(db);
  } finally {
    db.close();
  }
}

/** Writes a backup of dataDir into the new directory `target`; returns its manifest. */
export async function backupDataDir(dataDir: string, target: string): Promise<BackupManifest> {
  const source = path.join(dataDir, DATABASE_FILE);
  if (!existsSync(source)) throw new Error(`no SQLite database at ${source} (is DATABASE_URL set to PostgreSQL?)`);
  if (existsSync(target) && readdirSync(target).length > 0) throw new Error(`${target} exists and is not empty`);
  mkdirSync(target, { recursive: true });
  const db = new SQLite(source, { fileMustExist: true });
  try {
    await db.backup(path.join(target, DATABASE_FILE));
  } finally {
    db.close();
  }
  const files = [DATABASE_FILE];
  if (existsSync(path.join(dataDir, SECRET_FILE))) {
    copyFileSync(path.join(dataDir, SECRET_FILE), path.join(target, SECRET_FILE));
    files.push(SECRET_FILE);
  }
  const manifest: BackupManifest = {
    format: 'pvforge-sqlite-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    files,
    rows: checkIntegrity(path.join(target, DATABASE_FILE)),
  };
  writeFileSync(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Restores a backup directory into dataDir. The server must be stopped. An existing database is
 * kept beside the restored one as pvforge.sqlite.before-restore-<time> when `force` is given.
 */
export function restoreDataDir(backup: string, dataDir: string, opts: { force?: boolean } = {}): BackupManifest {
  const manifestFile = path.join(backup, MANIFEST);
  if (!existsSync(manifestFile)) throw new Error(`${backup} is not a PVForge backup (no ${MANIFEST})`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== 'pvforge-sqlite-backup' || manifest.version !== 1)
    throw new Error(`${backup}: unknown backup format`);
  const rows = checkIntegrity(path.join(backup, DATABASE_FILE));
  for (const [table, n] of Object.entries(manifest.rows))
    if (rows[table] !== n) throw new Error(`${backup}: table ${table} has ${rows[table]} rows, the manifest says ${n}`);
  mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, DATABASE_FILE);
  // a server running on the database would keep serving its open copy of the old data
  const server = runningServer(dataDir);
  if (server)
    throw new Error(
      server.host === hostname()
        ? `a PVForge server (process ${server.pid}, started ${server.startedAt}) is running on ${dataDir}: stop it, then restore (--force does not override this)`
        : `${path.join(dataDir, SERVER_LOCK_FILE)} says a PVForge server on ${server.host} (process ${server.pid}) runs on ${dataDir}: stop it (or, if none runs there, delete that file), then restore`,
    );
  if (existsSync(target)) {
    if (!opts.force) throw new Error(`${target} exists: stop the server and pass --force to replace it`);
    const stamp = new Date().toISOString().replaceAll(':', '-');
    renameSync(target, `${target}.before-restore-${stamp}`);
    for (const ext of ['-wal', '-shm']) rmSync(`${target}${ext}`, { force: true });
  }
  // copy to a temporary name first so that a crash mid-copy never leaves a half database in place
  copyFileSync(path.join(backup, DATABASE_FILE), `${target}.restoring`);
  renameSync(`${target}.restoring`, target);
  if (manifest.files.includes(SECRET_FILE))
    copyFileSync(path.join(backup, SECRET_FILE), path.join(dataDir, SECRET_FILE));
  return manifest;
}

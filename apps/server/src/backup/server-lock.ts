/**
 * Which server process serves a SQLite data directory: DATA_DIR/server.lock holds its pid, host and
 * start time from its start until it stops. A restore replaces the database file under DATA_DIR; a
 * server still running on it would go on serving its open copy of the old data (and write into a
 * file no one reads again), so `npm run restore` refuses while the process named here lives. A lock
 * left by a server that was killed names a process that no longer exists and is ignored.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export const SERVER_LOCK_FILE = 'server.lock';

export interface ServerLock {
  pid: number;
  host: string;
  startedAt: string;
}

/** Writes this process's lock into dataDir; the returned function removes it (if still ours). */
export function holdServerLock(dataDir: string): () => void {
  const file = path.join(dataDir, SERVER_LOCK_FILE);
  const mine: ServerLock = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  writeFileSync(file, `${JSON.stringify(mine)}\n`);
  return () => {
    const now = readLock(file);
    if (now?.pid === mine.pid && now.host === mine.host) rmSync(file, { force: true });
  };
}

function readLock(file: string): ServerLock | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const l = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServerLock>;
    return typeof l.pid === 'number' && typeof l.host === 'string'
      ? { pid: l.pid, host: l.host, startedAt: String(l.startedAt ?? '') }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Is a process alive? (signal 0 tests without signalling; EPERM: it exists, owned by another user) */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The server that holds dataDir, or undefined when none does: no lock, or the lock of a process of
 * this machine that is gone. A lock of another machine cannot be checked and counts as held.
 */
export function runningServer(dataDir: string): ServerLock | undefined {
  const lock = readLock(path.join(dataDir, SERVER_LOCK_FILE));
  if (!lock) return undefined;
  if (lock.host === hostname() && !alive(lock.pid)) return undefined;
  return lock;
}

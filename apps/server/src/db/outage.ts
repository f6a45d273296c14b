/**
 * Which outside part a failure belongs to, so that an outage is answered as one (503 with the part
 * named in the user's language) instead of as an internal error, and never crashes the process:
 *   'database'  PostgreSQL is unreachable or ended the connection (restart, failover, an
 *               administrator's pg_terminate_backend); the pool opens fresh connections once it is back.
 *   'storage'   DATA_DIR cannot take a write (disk full, read-only file system): SQLite refuses the
 *               transaction and rolls it back, so nothing is half written.
 */
export type OutagePart = 'database' | 'storage';

/** PostgreSQL SQLSTATEs of a lost or refused connection: class 08, and 57P01–57P03 (shutdown, not yet up). */
const PG_CONNECTION_STATES = /^(08...|57P0[123]|53300)$/;
const NETWORK_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
const STORAGE_ERRNOS = new Set(['ENOSPC', 'EROFS', 'EDQUOT']);
/** better-sqlite3's codes for a database file that cannot be written (SQLITE_READONLY_* included). */
const SQLITE_STORAGE = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN)/;
/** node-postgres reports a socket that died mid-query with these messages and no code. */
const PG_LOST = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect/;

export function outagePart(err: unknown): OutagePart | undefined {
  if (!(err instanceof Error)) return undefined;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SQLITE_STORAGE.test(code) || STORAGE_ERRNOS.has(code)) return 'storage';
    if (PG_CONNECTION_STATES.test(code) || NETWORK_ERRNOS.has(code)) return 'database';
  }
  if (PG_LOST.test(err.message)) return 'database';
  // pg wraps connect failures of a pool in an AggregateError (IPv4 and IPv6 both refused).
  if (err instanceof AggregateError) {
    for (const e of err.errors) {
      const part = outagePart(e);
      if (part) return part;
    }
  }
  return undefined;
}

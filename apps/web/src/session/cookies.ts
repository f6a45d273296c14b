import { normalizeRole, type Role, type SessionData } from '@pvforge/contracts';

/**
 * Pure cookie helpers (no document access) so that the session rules are unit-testable in node.
 * The session lives in three cookies on the root path, expiring when the server says it does (spec §3).
 */
export const COOKIE = { token: 'token', uid: 'user_id', role: 'role' } as const;

export interface Session {
  token: string;
  uid: string;
  role: Role;
}

export interface CookieOptions {
  expires?: Date;
  path?: string;
}

export function serializeCookie(name: string, value: string, opts: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `path=${opts.path ?? '/'}`];
  if (opts.expires) parts.push(`expires=${opts.expires.toUTCString()}`);
  // Lax: the cookies are read by our own scripts only, never needed on cross-site requests.
  parts.push('SameSite=Lax');
  return parts.join('; ');
}

/** A cookie string that deletes `name` on the root path. */
export function expiredCookie(name: string): string {
  return serializeCookie(name, '', { expires: new Date(0) });
}

export function parseCookies(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

/** The three cookie strings that store a session until its expire_time (ms since the epoch). */
export function sessionCookies(data: Pick<SessionData, 'mytoken' | 'user_id' | 'expire_time'> & { role?: unknown }) {
  const expires = new Date(data.expire_time);
  return [
    serializeCookie(COOKIE.token, data.mytoken, { expires }),
    serializeCookie(COOKIE.uid, String(data.user_id), { expires }),
    serializeCookie(COOKIE.role, String(normalizeRole(data.role)), { expires }),
  ];
}

/** Reads a session from a cookie header; a session needs both a token and a user id. */
export function readSession(cookieHeader: string): Session | null {
  const c = parseCookies(cookieHeader);
  const token = c[COOKIE.token];
  const uid = c[COOKIE.uid];
  if (!token || !uid) return null;
  return { token, uid, role: normalizeRole(c[COOKIE.role]) };
}

import type { SessionData, UserAddon } from '@pvforge/contracts';
import { COOKIE, expiredCookie, readSession, type Session, sessionCookies } from './cookies';

/**
 * The browser side of the session: three cookies plus the localStorage keys of spec §3
 * (username only when "remember" is ticked, real_name, user = profile JSON; collapsed is the
 * sidebar's and survives logout). Components subscribe through useSession().
 */
export const LS = { username: 'username', realName: 'real_name', user: 'user', collapsed: 'collapsed', lang: 'lang' };

const listeners = new Set<() => void>();

/**
 * The spec keeps the session in cookies that scripts read (the signature needs the token), so the
 * CookieStore API would do; it is missing from some browsers we support, hence document.cookie.
 */
function writeCookie(c: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see above; all cookie writes go through here
  document.cookie = c;
}
let snapshot: Session | null = typeof document === 'undefined' ? null : readSession(document.cookie);

function emit(): void {
  const next = readSession(document.cookie);
  // Keep the same object while nothing changed, so useSyncExternalStore does not loop.
  if (next?.token !== snapshot?.token || next?.uid !== snapshot?.uid || next?.role !== snapshot?.role) {
    snapshot = next;
  }
  for (const l of listeners) l();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): Session | null {
  // Cookies expire on their own; re-read so an expired session disappears without an event.
  const fresh = readSession(document.cookie);
  if (fresh?.token !== snapshot?.token || fresh?.uid !== snapshot?.uid || fresh?.role !== snapshot?.role) {
    snapshot = fresh;
  }
  return snapshot;
}

export function storeSession(data: SessionData, opts: { remember: boolean; username?: string }): void {
  endedByLogout = false;
  for (const c of sessionCookies(data)) writeCookie(c);
  if (opts.remember && opts.username) localStorage.setItem(LS.username, opts.username);
  else if (!opts.remember) localStorage.removeItem(LS.username);
  emit();
}

/** Adopts a token/uid pair whose expiry the client does not know (phone landing). */
export function storeRawSession(token: string, uid: string, role: number, expireTime: number): void {
  endedByLogout = false;
  for (const c of sessionCookies({ mytoken: token, user_id: Number(uid), expire_time: expireTime, role })) {
    writeCookie(c);
  }
  emit();
}

export function storeProfile(profile: UserAddon): void {
  localStorage.setItem(LS.realName, profile.real_name);
  localStorage.setItem(LS.user, JSON.stringify(profile));
  emit();
}

export function storedRealName(): string {
  return localStorage.getItem(LS.realName) ?? '';
}

export function storedProfile(): UserAddon | null {
  const raw = localStorage.getItem(LS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as UserAddon;
  } catch {
    return null;
  }
}

export function rememberedUsername(): string {
  return localStorage.getItem(LS.username) ?? '';
}

let endedByLogout = false;

/**
 * True after the user logged out (until the next login). The /plat guard then goes home plainly
 * instead of asking for a login that returns to the page just left.
 */
export function sessionEndedByLogout(): boolean {
  return endedByLogout;
}

/** Ends the session locally: the three cookies and the profile keys (spec §4). */
export function clearSession(opts: { logout?: boolean } = {}): void {
  endedByLogout = !!opts.logout;
  for (const name of Object.values(COOKIE)) writeCookie(expiredCookie(name));
  localStorage.removeItem(LS.realName);
  localStorage.removeItem(LS.user);
  emit();
}

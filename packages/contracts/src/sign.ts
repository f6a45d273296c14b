import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Request signatures (DESIGN.md, "Signed requests"):
 *   X-Uid:  <user id>
 *   X-Sign: <ms>.<hex HMAC-SHA256(key = session token, message = "<user id>.<ms>")>
 * <ms> is the client's clock in milliseconds; the server accepts it within ±5 minutes, and each
 * signature once (auth/replay-guard.ts on the server).
 * A pure-JS HMAC is used because WebCrypto is missing on plain-HTTP origins.
 */
export const SIGN_HEADER = 'x-sign';
export const UID_HEADER = 'x-uid';

export function signatureHex(token: string, uid: string, ms: number): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(token), utf8ToBytes(`${uid}.${ms}`)));
}

/** The last time signed without an explicit one: each request gets its own, strictly later. */
let lastSignedMs = 0;

/**
 * How far ahead of the clock a signature's time is drawn, ms: the server takes each signature
 * once, and two signers of one session that do not share this module (two tabs, a tab and a
 * script) would otherwise sign the same millisecond whenever they send together (both tabs
 * refetch on the same live event). Drawn from ten seconds' worth of milliseconds they meet about
 * once in ten thousand, and the client signs again then (2014); well inside the ±5 minutes allowed.
 */
export const SIGN_SPREAD_MS = 10_000;

/**
 * Signs a request at ms (default: now, spread by SIGN_SPREAD_MS). The server accepts each
 * signature once (a replayed request is refused), so without an explicit ms each request of this
 * signer gets a strictly later one, always within the allowed skew.
 */
export function signRequest(token: string, uid: string, ms?: number): string {
  let at = ms;
  if (at === undefined) {
    at = Math.max(Date.now() + Math.floor(Math.random() * SIGN_SPREAD_MS), lastSignedMs + 1);
    lastSignedMs = at;
  }
  return `${at}.${signatureHex(token, uid, at)}`;
}

/** Splits an X-Sign value; undefined when it is not "<digits>.<64 hex>". */
export function parseSignature(value: string | undefined): { ms: number; hex: string } | undefined {
  if (!value) return undefined;
  const m = /^(\d{1,16})\.([0-9a-f]{64})$/.exec(value.trim());
  if (!m?.[1] || !m[2]) return undefined;
  return { ms: Number(m[1]), hex: m[2] };
}

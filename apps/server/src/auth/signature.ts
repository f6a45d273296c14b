import { timingSafeEqual } from 'node:crypto';
import { parseSignature, signatureHex } from '@pvforge/contracts';

export type SignatureVerdict =
  | { ok: true; uid: number; ms: number; hex: string }
  | { ok: false; code: '2001' | '2002' | '2003' };

const UID_RE = /^[1-9]\d{0,15}$/;

/**
 * The checks that need no database: both headers present ('2001'), well formed ('2002'), and
 * the client's time within the allowed skew of ours ('2003').
 */
export function checkSignatureHeaders(
  uidHeader: string | undefined,
  signHeader: string | undefined,
  now: number,
  skewMs: number,
): SignatureVerdict {
  if (!uidHeader || !signHeader) return { ok: false, code: '2001' };
  const parsed = parseSignature(signHeader);
  if (!UID_RE.test(uidHeader.trim()) || !parsed) return { ok: false, code: '2002' };
  if (Math.abs(now - parsed.ms) > skewMs) return { ok: false, code: '2003' };
  return { ok: true, uid: Number(uidHeader.trim()), ms: parsed.ms, hex: parsed.hex };
}

/** Constant-time comparison of the client's HMAC with the one the token gives. */
export function signatureMatches(token: string, uid: number, ms: number, hex: string): boolean {
  const expected = Buffer.from(signatureHex(token, String(uid), ms), 'hex');
  const given = Buffer.from(hex, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

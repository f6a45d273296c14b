import { signatureHex, signRequest } from '@pvforge/contracts';
import { describe, expect, it } from 'vitest';
import { checkSignatureHeaders, signatureMatches } from '../../src/auth/signature.js';

const SKEW = 5 * 60_000;
const NOW = 1_800_000_000_000;

describe('checkSignatureHeaders', () => {
  it('asks for login when either header is missing', () => {
    expect(checkSignatureHeaders(undefined, signRequest('t', '1', NOW), NOW, SKEW)).toEqual({
      ok: false,
      code: '2001',
    });
    expect(checkSignatureHeaders('1', undefined, NOW, SKEW)).toEqual({ ok: false, code: '2001' });
    expect(checkSignatureHeaders('', '', NOW, SKEW)).toEqual({ ok: false, code: '2001' });
  });

  it('calls a malformed value invalid', () => {
    for (const [uid, sign] of [
      ['1', 'nope'],
      ['1', `${NOW}.${'g'.repeat(64)}`],
      ['1', `${NOW}.${'a'.repeat(63)}`],
      ['0', signRequest('t', '0', NOW)],
      ['-1', signRequest('t', '-1', NOW)],
      ['1.5', signRequest('t', '1', NOW)],
    ] as const) {
      expect(checkSignatureHeaders(uid, sign, NOW, SKEW)).toEqual({ ok: false, code: '2002' });
    }
  });

  it('calls a time more than the skew away stale, in either direction, and accepts the edge', () => {
    expect(checkSignatureHeaders('7', signRequest('t', '7', NOW - SKEW - 1), NOW, SKEW)).toEqual({
      ok: false,
      code: '2003',
    });
    expect(checkSignatureHeaders('7', signRequest('t', '7', NOW + SKEW + 1), NOW, SKEW)).toEqual({
      ok: false,
      code: '2003',
    });
    expect(checkSignatureHeaders('7', signRequest('t', '7', NOW - SKEW), NOW, SKEW)).toMatchObject({
      ok: true,
      uid: 7,
    });
  });

  it('answers the parts of a well-formed signature', () => {
    const v = checkSignatureHeaders(' 42 ', signRequest('tok', '42', NOW), NOW, SKEW);
    expect(v).toEqual({ ok: true, uid: 42, ms: NOW, hex: signatureHex('tok', '42', NOW) });
  });
});

describe('signatureMatches', () => {
  it('accepts the HMAC of "<uid>.<ms>" keyed by the token and nothing else', () => {
    const hex = signatureHex('secret-token', '5', NOW);
    expect(signatureMatches('secret-token', 5, NOW, hex)).toBe(true);
    expect(signatureMatches('other-token', 5, NOW, hex)).toBe(false);
    expect(signatureMatches('secret-token', 6, NOW, hex)).toBe(false);
    expect(signatureMatches('secret-token', 5, NOW + 1, hex)).toBe(false);
    expect(signatureMatches('secret-token', 5, NOW, hex.slice(0, 62))).toBe(false);
  });

  it('agrees with a known HMAC-SHA256 vector', () => {
    // HMAC-SHA256(key="key", msg="1.1000"), from `printf 1.1000 | openssl dgst -sha256 -hmac key`.
    expect(signatureHex('key', '1', 1000)).toBe('52d719e9107b334cfc80dea982cec35f31cadb940a8c992507280b691d550320');
  });
});

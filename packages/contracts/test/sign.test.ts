import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSignature, signatureHex, signRequest } from '../src/index.js';

describe('request signatures', () => {
  it('equal node:crypto HMAC-SHA256 keyed with the token over "<uid>.<ms>"', () => {
    const token = 'tok_abc-XYZ_123';
    const ms = 1_790_000_000_123;
    const ref = createHmac('sha256', token).update(`42.${ms}`).digest('hex');
    expect(signatureHex(token, '42', ms)).toBe(ref);
    expect(signRequest(token, '42', ms)).toBe(`${ms}.${ref}`);
  });
  it('differ when the uid, the time or the token differ', () => {
    const a = signatureHex('t', '1', 1000);
    expect(signatureHex('t', '2', 1000)).not.toBe(a);
    expect(signatureHex('t', '1', 1001)).not.toBe(a);
    expect(signatureHex('u', '1', 1000)).not.toBe(a);
  });
  it('parse only "<digits>.<64 hex>"', () => {
    const s = signRequest('t', '1', 123);
    expect(parseSignature(s)).toEqual({ ms: 123, hex: s.split('.')[1] });
    expect(parseSignature(undefined)).toBeUndefined();
    expect(parseSignature('123')).toBeUndefined();
    expect(parseSignature('abc.def')).toBeUndefined();
    expect(parseSignature(`123.${'g'.repeat(64)}`)).toBeUndefined();
  });
});

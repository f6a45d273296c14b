import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { parseSignature, SIGN_SPREAD_MS, signatureHex, signRequest } from '../src/index.js';

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
  it('without an explicit time, sign a little ahead of the clock by a random spread', () => {
    // the first signature of this module: nothing signed before it to stay ahead of
    const spy = vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const before = Date.now();
    const ms = parseSignature(signRequest('t', '1'))!.ms;
    spy.mockRestore();
    expect(ms).toBeGreaterThanOrEqual(before + Math.floor(0.999 * SIGN_SPREAD_MS));
    expect(ms).toBeLessThanOrEqual(Date.now() + SIGN_SPREAD_MS);
  });
  it('without an explicit time, take strictly later times, within the spread of the clock', () => {
    const before = Date.now();
    const times = Array.from({ length: 2000 }, () => parseSignature(signRequest('t', '1'))!.ms);
    const after = Date.now();
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThan(times[i - 1]!);
    expect(times[0]!).toBeGreaterThanOrEqual(before);
    // at most the spread, the previous test's lead and one per signature ahead
    expect(times.at(-1)!).toBeLessThanOrEqual(after + 2 * SIGN_SPREAD_MS + times.length);
  });
});

import { describe, expect, it } from 'vitest';
import { hashToken, newToken, TokenCipher } from '../../src/auth/token-crypto.js';

describe('session tokens', () => {
  it('are 32 random bytes in base64url, different every time', () => {
    const a = newToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(newToken()).not.toBe(a);
  });

  it('hash to a stable sha256 hex', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('TokenCipher', () => {
  const cipher = new TokenCipher('a-session-secret-for-tests');

  it('round-trips a token and never stores it in clear', () => {
    const token = newToken();
    const sealed = cipher.encrypt(token);
    expect(sealed).not.toContain(token);
    expect(cipher.decrypt(sealed)).toBe(token);
  });

  it('uses a fresh IV per encryption', () => {
    expect(cipher.encrypt('same')).not.toBe(cipher.encrypt('same'));
  });

  it('refuses another secret, tampering and garbage', () => {
    const sealed = cipher.encrypt('tok');
    expect(new TokenCipher('another-secret-of-enough-length').decrypt(sealed)).toBeUndefined();
    const raw = Buffer.from(sealed, 'base64url');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(cipher.decrypt(raw.toString('base64url'))).toBeUndefined();
    expect(cipher.decrypt('')).toBeUndefined();
    expect(cipher.decrypt('short')).toBeUndefined();
  });

  it('refuses a secret too short to be one', () => {
    expect(() => new TokenCipher('short')).toThrow(/at least 16/);
  });
});

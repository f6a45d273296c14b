import { describe, expect, it } from 'vitest';
import {
  isChinaPhone,
  isEmail,
  isInteger,
  isNumeric,
  isPositiveInteger,
  isStrongPassword,
  normalizeChinaPhone,
  normalizeRole,
  ROLE,
} from '../src/index.js';

describe('password rule (spec §5: at least 6 characters, two of lowercase/uppercase/digit)', () => {
  it.each(['abc123', 'ABCdef', 'ABC123', 'aB3xyz', 'Passw0rd'])('accepts %s', (p) => {
    expect(isStrongPassword(p)).toBe(true);
  });
  it.each(['abcdef', 'ABCDEF', '123456', 'ab12', '', '!!!!!!!!', 'abc!@#'])('refuses %s', (p) => {
    expect(isStrongPassword(p)).toBe(false);
  });
});

describe('phone numbers: +86 only', () => {
  it.each(['13812345678', '+8613812345678', '+86 138 1234 5678', '0086-13812345678', '86 19912345678'])(
    'accepts %s',
    (p) => {
      expect(isChinaPhone(p)).toBe(true);
    },
  );
  it.each(['+1 415 555 0100', '1381234567', '12812345678', '+4413812345678', 'abc', '', '+86 010 12345678'])(
    'refuses %s',
    (p) => {
      expect(isChinaPhone(p)).toBe(false);
    },
  );
  it('normalises to +86 and the 11 digits', () => {
    expect(normalizeChinaPhone('+86 138-1234-5678')).toBe('+8613812345678');
    expect(normalizeChinaPhone('13812345678')).toBe('+8613812345678');
  });
});

describe('e-mail', () => {
  it.each(['a@b.cn', 'first.last+tag@uni.edu.cn', 'x_y@sub.example.org'])('accepts %s', (e) => {
    expect(isEmail(e)).toBe(true);
  });
  it.each(['a@b', 'a b@c.cn', '@c.cn', 'a@.cn', 'a@@b.cn', ''])('refuses %s', (e) => {
    expect(isEmail(e)).toBe(false);
  });
});

describe('numeric input helpers (spec §5)', () => {
  it('integer: optional sign, surrounding spaces', () => {
    expect(isInteger(' -12 ')).toBe(true);
    expect(isInteger('+7')).toBe(true);
    expect(isInteger('1.5')).toBe(false);
    expect(isInteger('')).toBe(false);
  });
  it('positive integer: greater than zero', () => {
    expect(isPositiveInteger('3')).toBe(true);
    expect(isPositiveInteger('0')).toBe(false);
    expect(isPositiveInteger('-3')).toBe(false);
  });
  it('numeric: decimal or scientific, empty allowed', () => {
    for (const ok of ['', '  ', '1', '-1.5', '.5', '1e-5', ' 2.3E+10 ', '5.']) expect(isNumeric(ok)).toBe(true);
    for (const bad of ['e5', '1e', 'abc', '1.2.3', '--1']) expect(isNumeric(bad)).toBe(false);
  });
});

describe('roles', () => {
  it('a missing or invalid role counts as an ordinary user', () => {
    expect(normalizeRole(undefined)).toBe(ROLE.user);
    expect(normalizeRole('7')).toBe(ROLE.user);
    expect(normalizeRole('abc')).toBe(ROLE.user);
    expect(normalizeRole('1')).toBe(ROLE.admin);
    expect(normalizeRole(1)).toBe(ROLE.admin);
  });
});

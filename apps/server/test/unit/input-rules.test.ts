import { DB_INT_MAX, DB_INT_NUMERAL, UserId } from '@pvforge/contracts';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { firstUnstorable, unboundedIntegers } from '../../src/http/input-rules.js';

describe('input rules every route shares (issue 28)', () => {
  it('finds integers a request schema leaves unbounded, wherever they are', () => {
    const schema = Type.Object({
      id: Type.Integer({ minimum: 1, maximum: DB_INT_MAX }),
      page: Type.Optional(Type.Integer({ minimum: 1 })),
      ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2 ** 53 })),
      peer: Type.Union([Type.Integer({ minimum: -(2 ** 40), maximum: 5 }), Type.String()]),
    });
    expect(unboundedIntegers(schema as never)).toEqual(['page', 'ids[]', 'peer']);
    expect(unboundedIntegers(Type.Object({ to: UserId }) as never)).toEqual([]);
  });

  it('names the first NUL character or non-finite number, keys included', () => {
    expect(firstUnstorable({ a: 'ok', b: [1, 'x\u0000'] }, '')).toEqual({ field: 'b.1', rule: 'format' });
    expect(firstUnstorable({ page: Number.POSITIVE_INFINITY }, '')).toEqual({ field: 'page', rule: 'type' });
    expect(firstUnstorable({ n: Number.NaN }, 'spec')).toEqual({ field: 'spec.n', rule: 'type' });
    expect(firstUnstorable({ 'k\u0000': 1 }, '')).toEqual({ field: 'k\u0000', rule: 'format' });
    expect(firstUnstorable({ a: '😀\u202e', b: 1e308, c: null }, '')).toBeNull();
  });

  it('takes as id numerals exactly 1 .. 2147483647', () => {
    const re = new RegExp(DB_INT_NUMERAL);
    for (const ok of ['1', '9', '10', '999999999', '1000000000', '2147483647', '2147483599', '2099999999'])
      expect(re.test(ok), ok).toBe(true);
    for (const bad of ['0', '01', '-1', '2147483648', '2147483700', '2150000000', '9999999999', '1e3', ' 1', ''])
      expect(re.test(bad), bad).toBe(false);
  });
});

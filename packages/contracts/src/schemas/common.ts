import Type from 'typebox';
import { DB_INT_MAX } from '../limits.js';

/**
 * The decimal numerals 1 .. DB_INT_MAX (2147483647), digit by digit: a longer or larger numeral
 * names no row, and PostgreSQL's integer columns would overflow on it.
 */
export const DB_INT_NUMERAL =
  '^(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}|2147[0-3][0-9]{5}' +
  '|21474[0-7][0-9]{4}|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|21474836[0-3][0-9]|214748364[0-7])$';

/** User ids travel as decimal strings in headers and form bodies; the schema accepts both. */
export const UserId = Type.Union([
  Type.Integer({ minimum: 1, maximum: DB_INT_MAX }),
  Type.String({ pattern: DB_INT_NUMERAL }),
]);

/** Boolean that also accepts the spellings form posts use. */
export const FormBoolean = Type.Union([
  Type.Boolean(),
  Type.Literal('true'),
  Type.Literal('false'),
  Type.Literal('1'),
  Type.Literal('0'),
  Type.Literal('on'),
]);

export function formBooleanValue(v: unknown): boolean {
  return v === true || v === 'true' || v === '1' || v === 'on';
}

export const Paging = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: DB_INT_MAX, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});

/** Wraps a data schema in the {code, msg, data} envelope, for OpenAPI. */
export function Answer<T extends ReturnType<typeof Type.Object> | ReturnType<typeof Type.Any>>(data: T) {
  return Type.Object({ code: Type.String(), msg: Type.String(), data });
}

import Type from 'typebox';

/** User ids travel as decimal strings in headers and form bodies; the schema accepts both. */
export const UserId = Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,15}$' })]);

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
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});

/** Wraps a data schema in the {code, msg, data} envelope, for OpenAPI. */
export function Answer<T extends ReturnType<typeof Type.Object> | ReturnType<typeof Type.Any>>(data: T) {
  return Type.Object({ code: Type.String(), msg: Type.String(), data });
}

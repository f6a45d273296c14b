import { type ApiAnswer, CODES, type Code, format, type Lang } from '@pvforge/contracts';
import type { FastifyRequest } from 'fastify';
import Type, { type TSchema } from 'typebox';
import type { Authenticated } from '../services/sessions.js';
import { AppError } from './errors.js';

export function envelope<T>(lang: Lang, code: Code, data: T, params?: Record<string, string | number>): ApiAnswer<T> {
  return { code, msg: format(CODES[code].msg[lang], params), data };
}

export function success<T>(request: FastifyRequest, data: T): ApiAnswer<T> {
  return envelope(request.lang, '1000', data);
}

/** The {code, msg, data} envelope around a data schema, for OpenAPI and the serializer. */
export function answerOf<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.String(), msg: Type.String(), data });
}

export const NullAnswer = answerOf(Type.Null());

/** The caller of a route with access 'user' or 'admin'; the access hook has set it. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new AppError('2001');
  return request.auth;
}

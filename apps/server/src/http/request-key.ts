import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * The client's key of a submission (the Idempotency-Key header): a client that did not get the
 * answer to a submission (it gave up waiting, the connection broke) sends it again with the same
 * key and is answered with what the first one made, instead of a second calculation. Keys are the
 * client's own (a random string per submission); 8 to 100 letters, digits, '-' or '_'.
 */
export const REQUEST_KEY_HEADER = 'idempotency-key';
const KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The request's key; undefined without one; AppError 4107 when it is malformed. */
export function requestKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[REQUEST_KEY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (typeof key !== 'string' || !KEY.test(key.trim())) throw new AppError('4107');
  return key.trim();
}

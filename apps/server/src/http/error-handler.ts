import { CODES, type Code } from '@pvforge/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { outagePart } from '../db/outage.js';
import { envelope } from './answer.js';
import { AppError, FieldError } from './errors.js';
import { type AjvLikeError, type FieldProblem, problemFromAjv, problemMessage } from './validation.js';

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  code: Code,
  data: unknown = null,
  params?: Record<string, string | number>,
) {
  return reply.status(CODES[code].status).send(envelope(request.lang, code, data, params));
}

function sendProblem(reply: FastifyReply, request: FastifyRequest, problem: FieldProblem) {
  const key = request.routeOptions.config?.fields?.[problem.field];
  const detail = problemMessage(problem, key, request.lang);
  return send(reply, request, '1001', { field: problem.field, rule: problem.rule }, { detail });
}

const PARSE_ERRORS = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
]);

/** Every failure becomes {code, msg, data} with the catalogue's status; internals stay in the log. */
export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError)
    return send(reply, request, error.code, error.data, error.paramsIn?.(request.lang) ?? error.params);
  if (error instanceof FieldError) return sendProblem(reply, request, { field: error.field, rule: error.rule });
  const fe = error as FastifyError;
  if (fe.validation) return sendProblem(reply, request, problemFromAjv(fe.validation as unknown as AjvLikeError[]));
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) return send(reply, request, '1002');
  if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.statusCode === 415) return send(reply, request, '1005');
  if ((fe.code && PARSE_ERRORS.has(fe.code)) || error instanceof SyntaxError || fe.statusCode === 400) {
    return send(reply, request, '1003');
  }
  if (fe.statusCode === 404) return send(reply, request, '1004');
  const part = outagePart(error);
  if (part) {
    // An outage of the database or of DATA_DIR: the part is named, the process carries on.
    request.log.warn({ err: error, part }, 'outage');
    return send(reply, request, part === 'storage' ? '5002' : '5001');
  }
  request.log.error({ err: error }, 'unexpected error');
  return send(reply, request, '5000');
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, request, '1004');
}

import { AppError, FieldError } from '../http/errors.js';

/** The part limits' errors of @fastify/multipart: more parts than the route reads. */
const TOO_MANY = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Reads a multipart upload (request.file, request.parts and the parts' buffers, inside `read`)
 * and answers whatever goes wrong while its body is read as the client's mistake: a body without
 * its boundary, cut short or garbled is one that cannot be parsed (1003), more parts than the
 * route takes is 1007 (naming the fields it does take), a file past the route's limit is the
 * route's own refusal (`tooLarge`). Nothing but the request's bytes is touched while reading, so
 * no error from it can be the server's own (issue 28: these answered 500).
 */
export async function readUpload<T>(
  read: () => Promise<T>,
  upload: { tooLarge: () => Error; fields: readonly string[] },
): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError || err instanceof FieldError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw upload.tooLarge();
    if (code && TOO_MANY.has(code))
      throw new AppError('1007', { fields: upload.fields.join(', ') }, { field: upload.fields[0] ?? 'file' });
    throw new AppError('1003');
  }
}

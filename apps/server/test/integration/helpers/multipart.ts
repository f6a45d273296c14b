/**
 * multipart/form-data bodies byte by byte, so that a test can send what no browser would: names
 * and file names in any bytes (non-UTF-8, NUL, CR LF), parts without a name, a missing closing
 * boundary, parts in any order and any number.
 */

export interface Part {
  /** The form field's name; undefined leaves `name=` out of Content-Disposition. */
  name?: string | Buffer;
  /** A file part's name; undefined makes the part a text field. */
  filename?: string | Buffer;
  /** The part's Content-Type header; undefined sends none. */
  type?: string;
  content: string | Buffer;
  /** Header lines written as they are, after the others (without CR LF). */
  extraHeaders?: (string | Buffer)[];
  /** Replaces the whole header block (without the blank line). */
  rawHeaders?: string | Buffer;
}

export interface MultipartBody {
  payload: Buffer;
  contentType: string;
  boundary: string;
}

const bytes = (v: string | Buffer) => (Buffer.isBuffer(v) ? v : Buffer.from(v, 'utf8'));

/** The body of the parts, closed with the final boundary unless `unterminated`. */
export function multipartBody(
  parts: Part[],
  options: { boundary?: string; unterminated?: boolean; preamble?: string | Buffer } = {},
): MultipartBody {
  const boundary = options.boundary ?? `----pvforgefuzz${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  if (options.preamble !== undefined) chunks.push(bytes(options.preamble), Buffer.from('\r\n'));
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (p.rawHeaders !== undefined) chunks.push(bytes(p.rawHeaders), Buffer.from('\r\n'));
    else {
      const disposition: Buffer[] = [Buffer.from('Content-Disposition: form-data')];
      if (p.name !== undefined) disposition.push(Buffer.from('; name="'), bytes(p.name), Buffer.from('"'));
      if (p.filename !== undefined) disposition.push(Buffer.from('; filename="'), bytes(p.filename), Buffer.from('"'));
      chunks.push(...disposition, Buffer.from('\r\n'));
      if (p.type !== undefined) chunks.push(Buffer.from(`Content-Type: ${p.type}\r\n`));
      for (const h of p.extraHeaders ?? []) chunks.push(bytes(h), Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from('\r\n'), bytes(p.content), Buffer.from('\r\n'));
  }
  if (!options.unterminated) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}`, boundary };
}

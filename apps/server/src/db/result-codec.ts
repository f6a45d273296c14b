import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * Stored results: engine output is mostly long arrays of floats (J-V points, spectra, profiles).
 * They are kept as raw Float64 values next to a JSON skeleton, and the whole is gzipped:
 *
 *   "PVR1" | gzip( u32 LE skeleton length | skeleton JSON (UTF-8) | zero padding to 8 | float64 LE ... )
 *
 * In the skeleton, every numeric array of at least MIN_PACKED values (plain arrays or typed arrays)
 * is replaced by {"$f64": [first, count]}, indices into the float64 block. Binary floats are exact
 * and keep NaN and +-Infinity, which JSON would turn into null; they also compress better than
 * their decimal text. Blobs without the tag are the earlier format (gzip of plain JSON) and still read.
 */
const MAGIC = Buffer.from('PVR1', 'latin1');
const MIN_PACKED = 8;
const MARK = '$f64';

export interface PackedResult {
  blob: Buffer;
  /** Size before compression, bytes: what the record reports as result_size. */
  size: number;
}

function numericArray(v: unknown): ArrayLike<number> | undefined {
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
    const t = v as unknown as ArrayLike<number | bigint>;
    return t.length >= MIN_PACKED && typeof t[0] !== 'bigint' ? (t as ArrayLike<number>) : undefined;
  }
  if (Array.isArray(v) && v.length >= MIN_PACKED && v.every((x) => typeof x === 'number')) return v as number[];
  return undefined;
}

export function packResult(result: unknown): PackedResult {
  const chunks: ArrayLike<number>[] = [];
  let count = 0;
  const skeleton = JSON.stringify(result, (_key, value: unknown) => {
    const arr = numericArray(value);
    if (!arr) return value;
    chunks.push(arr);
    const ref = { [MARK]: [count, arr.length] };
    count += arr.length;
    return ref;
  });
  const json = Buffer.from(skeleton ?? 'null', 'utf8');
  const head = 4 + json.length;
  const pad = (8 - (head % 8)) % 8;
  const body = Buffer.alloc(head + pad + 8 * count);
  body.writeUInt32LE(json.length, 0);
  json.copy(body, 4);
  let at = head + pad;
  for (const arr of chunks) {
    for (let i = 0; i < arr.length; i++, at += 8) body.writeDoubleLE(arr[i]!, at);
  }
  return { blob: Buffer.concat([MAGIC, gzipSync(body, { level: 6 })]), size: body.length };
}

export function unpackResult(blob: Buffer | Uint8Array | null): unknown {
  if (!blob) return null;
  const buf = Buffer.isBuffer(blob) ? blob : Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  if (!buf.subarray(0, 4).equals(MAGIC)) return JSON.parse(gunzipSync(buf).toString('utf8'));
  const body = gunzipSync(buf.subarray(4));
  const len = body.readUInt32LE(0);
  const head = 4 + len;
  const floats = head + ((8 - (head % 8)) % 8);
  return JSON.parse(body.subarray(4, head).toString('utf8'), (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value) && MARK in value) {
      const [first, n] = (value as Record<string, [number, number]>)[MARK]!;
      const out = new Array<number>(n);
      for (let i = 0; i < n; i++) out[i] = body.readDoubleLE(floats + 8 * (first + i));
      return out;
    }
    return value;
  });
}

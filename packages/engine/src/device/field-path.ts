/**
 * A numeric field of a DeviceSpec named by its path (`layers[2].electrical.muNCm2PerVs`): read and
 * written by the parameter sweeps (server jobs/sweep.ts) and the device fit (engine fit/). Paths
 * are names and list indices only, never a key that reaches an object's prototype, so a path from
 * a request can address nothing but the device's own fields.
 */

export type FieldPathSegment = string | number;

const PATH_RE = /^[A-Za-z_][A-Za-z0-9_]*(\[\d{1,4}\])*(\.[A-Za-z_][A-Za-z0-9_]*(\[\d{1,4}\])*)*$/;
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

/** The segments of a field path; undefined when it is not one (quotes, expressions, prototype keys). */
export function parseFieldPath(path: string): FieldPathSegment[] | undefined {
  if (!PATH_RE.test(path)) return undefined;
  const segs: FieldPathSegment[] = [];
  for (const m of path.matchAll(/([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]/g)) {
    if (m[1] !== undefined) {
      if (FORBIDDEN.has(m[1])) return undefined;
      segs.push(m[1]);
    } else segs.push(Number(m[2]));
  }
  return segs;
}

/** The container holding the last segment, when every step exists as an own property / index. */
function parentOf(root: unknown, segs: FieldPathSegment[]): Record<string, unknown> | unknown[] | undefined {
  let cur: unknown = root;
  for (const seg of segs.slice(0, -1)) {
    cur = step(cur, seg);
    if (cur === undefined) return undefined;
  }
  return cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown> | unknown[]) : undefined;
}

function step(cur: unknown, seg: FieldPathSegment): unknown {
  if (typeof seg === 'number') return Array.isArray(cur) && seg < cur.length ? cur[seg] : undefined;
  if (cur === null || typeof cur !== 'object' || Array.isArray(cur) || !Object.hasOwn(cur, seg)) return undefined;
  return (cur as Record<string, unknown>)[seg];
}

/** The finite number at the path, or undefined (absent, not a number, not finite). */
export function readFieldNumber(root: unknown, segs: FieldPathSegment[]): number | undefined {
  const last = segs.at(-1);
  const holder = parentOf(root, segs);
  if (last === undefined || holder === undefined) return undefined;
  const v = step(holder, last);
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** True when the path's container exists (the field itself may be absent: an optional field). */
export function fieldPathHolderExists(root: unknown, segs: FieldPathSegment[]): boolean {
  const holder = parentOf(root, segs);
  return holder !== undefined && !Array.isArray(holder);
}

/** Writes a number at the path; the container must exist (readFieldNumber or fieldPathHolderExists first). */
export function writeFieldNumber(root: unknown, segs: FieldPathSegment[], value: number): void {
  const holder = parentOf(root, segs) as Record<string | number, unknown>;
  holder[segs.at(-1) as string | number] = value;
}

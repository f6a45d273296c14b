import { paramAt } from '@pvforge/params';
import type { InteropMessage, SourceRef } from '../report.js';

/**
 * The text layer of SCAPS files: lines with their numbers, `key : value` split, unit tags and
 * numbers read the way SCAPS writes them (Windows line ends, tabs between the columns of a graded
 * row, unit tags in brackets, comments after the value, `*0000` where a number overflowed its field).
 */

export interface DefLine {
  /** 1-based line number. */
  no: number;
  raw: string;
  /** Trimmed text before the first ':' (absent for a line without one). */
  key?: string;
  /** Text after the first ':', trimmed. */
  value?: string;
}

export function msg(code: string, params: Record<string, string | number>, text: string): InteropMessage {
  return { code, params, text };
}

/** An error that stops an import: a message naming the file and line. Caught at the API edge. */
export class ScapsError extends Error {
  constructor(
    readonly message_: InteropMessage,
    readonly source?: SourceRef,
  ) {
    super(message_.text);
  }
}

export function fail(code: string, params: Record<string, string | number>, text: string, source?: SourceRef): never {
  throw new ScapsError(msg(code, params, source ? `${source.file} line ${source.line}: ${text}` : text), source);
}

/** Files above this size are not SCAPS files a user wrote (the largest .def is about 40 kB, .abs a few 100 kB). */
export const MAX_FILE_CHARS = 4_000_000;

/** Refuses what is not text: NUL bytes or a large share of control characters. */
export function checkText(name: string, text: string): void {
  if (text.length > MAX_FILE_CHARS)
    fail(
      'scaps.too-large',
      { file: name, chars: text.length, max: MAX_FILE_CHARS },
      `${name} is ${text.length} characters long; SCAPS files are far smaller (at most ${MAX_FILE_CHARS})`,
    );
  const head = text.slice(0, 65536);
  let control = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if (c === 0) control += 1000;
    else if (c < 32 && c !== 9 && c !== 10 && c !== 13) control++;
    else if (c === 0xfffd) control++;
  }
  if (control > Math.max(8, head.length / 200))
    fail('scaps.binary', { file: name }, `${name} is not a text file (binary content)`);
}

export function splitLines(text: string): DefLine[] {
  return text.split(/\r\n|\r|\n/).map((raw, i) => {
    const colon = raw.indexOf(':');
    if (colon < 0) return { no: i + 1, raw };
    return { no: i + 1, raw, key: raw.slice(0, colon).trim(), value: raw.slice(colon + 1).trim() };
  });
}

/** A number as SCAPS writes it; NaN for an overflowed field (`*0000`) or anything else. */
export function parseNum(token: string | undefined): number {
  if (token === undefined) return Number.NaN;
  const t = token.trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return Number.NaN;
  return Number(t);
}

/** The unit tag of a value (`[m^2/Vs]`), if any. */
export function unitTag(value: string): string | undefined {
  const m = /\[([^\]]*)\]/.exec(value);
  return m ? m[1]!.trim() : undefined;
}

/** The numbers of a value: one for a plain `key : 1.0e-7 [m]`, the columns of a graded row. */
export function numbersOf(value: string): { nums: number[]; tokens: string[] } {
  const body = value.replace(/\[[^\]]*\][\s\S]*$/, '').replace(/\([^)]*\)/g, ' ');
  const tokens = body.split(/[\t ;]+/).filter((t) => t.length > 0);
  return { nums: tokens.map(parseNum), tokens };
}

/** The scaps name of a registry entry (the only place SCAPS keys, units and factors live). */
export function scapsOf(path: string): { key: string; unit: string; factor: number; note?: string } {
  const s = paramAt(path)?.scaps;
  if (!s) throw new Error(`registry entry ${path} has no SCAPS name`);
  return s;
}

/** Unit tags compared as SCAPS writes them, ignoring spaces and case ('1/m^3' and '/m^3' alike). */
export function sameUnit(a: string, b: string): boolean {
  const n = (u: string) => u.replace(/\s+/g, '').replace(/^1\//, '/').toLowerCase();
  return n(a) === n(b) || (n(a) === '-' && n(b) === '') || (n(a) === '' && n(b) === '-');
}

/** Formats a number the way SCAPS writes its exponent fields. */
export function sci(v: number, digits = 6): string {
  return v.toExponential(digits).replace(/e([+-])(\d)$/, 'e$10$2');
}

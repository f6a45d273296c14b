/**
 * Run-time checks of the result shapes the exporters rely on. Results are read back from storage
 * (possibly from an older engine or a damaged record), so TypeScript types prove nothing here. A
 * JSON round trip turns NaN and infinities into null, and storage may hand back typed arrays, so
 * numeric fields accept numbers, null (read as NaN) and typed arrays.
 */
import { isEngineMessage } from '@pvforge/engine';
import { ExportError } from './errors.js';

export class Shape {
  constructor(readonly what: string) {}

  fail(path: string, expected: string, got: unknown): never {
    this.failText(path, expected, describe(got));
  }

  failText(path: string, expected: string, got: string): never {
    throw new ExportError(`cannot export ${this.what}: ${path} must be ${expected} (got ${got})`);
  }

  obj(v: unknown, path: string): Record<string, unknown> {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) this.fail(path, 'an object', v);
    return v as Record<string, unknown>;
  }

  num(v: unknown, path: string): number {
    if (v === null) return Number.NaN;
    if (typeof v !== 'number') this.fail(path, 'a number', v);
    return v;
  }

  optNum(v: unknown, path: string): number | undefined {
    return v === undefined ? undefined : this.num(v, path);
  }

  str(v: unknown, path: string): string {
    if (typeof v !== 'string') this.fail(path, 'a string', v);
    return v;
  }

  optStr(v: unknown, path: string): string | undefined {
    return v === undefined ? undefined : this.str(v, path);
  }

  bool(v: unknown, path: string): boolean {
    if (typeof v !== 'boolean') this.fail(path, 'true or false', v);
    return v;
  }

  arr(v: unknown, path: string): unknown[] {
    if (!Array.isArray(v)) this.fail(path, 'an array', v);
    return v;
  }

  /** An array of numbers (null read as NaN), of length `len` when given. */
  nums(v: unknown, path: string, len?: number): number[] {
    let out: number[];
    if (ArrayBuffer.isView(v) && !(v instanceof DataView)) out = Array.from(v as unknown as ArrayLike<number>, Number);
    else if (Array.isArray(v)) out = v.map((x, i) => this.num(x, `${path}[${i}]`));
    else return this.fail(path, 'an array of numbers', v);
    if (len !== undefined && out.length !== len)
      this.failText(path, `an array of ${len} numbers`, `${out.length} values`);
    return out;
  }

  strs(v: unknown, path: string): string[] {
    return this.arr(v, path).map((x, i) => this.str(x, `${path}[${i}]`));
  }

  /**
   * An engine message (warning or failure reason) as its English text: exports are in English.
   * A plain string is a message from before codes, or a device-check line.
   */
  msg(v: unknown, path: string): string {
    if (typeof v === 'string') return v;
    if (isEngineMessage(v)) return v.text;
    return this.fail(path, 'a message', v);
  }

  optMsg(v: unknown, path: string): string | undefined {
    return v === undefined ? undefined : this.msg(v, path);
  }

  msgs(v: unknown, path: string): string[] {
    return this.arr(v, path).map((x, i) => this.msg(x, `${path}[${i}]`));
  }
}

function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${JSON.stringify(v)?.slice(0, 40)}`;
}

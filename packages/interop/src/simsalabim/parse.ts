import { refuseUnreadable } from '../guard.js';
import type { SourceFile, SourceRef } from '../report.js';

/**
 * SIMsalabim's parameter files (simulation_setup.txt, L*_parameters.txt, and the one-file
 * device_parameters.txt of 4.x): `key = value * comment` lines, comments after '*', '**' lines
 * left-justified comments; the order is fixed by SIMsalabim but we read by key. Every value keeps
 * its line so the report (and every error) can point at it.
 */

export interface ParsedValue {
  key: string;
  raw: string;
  source: SourceRef;
}

export interface ParsedFile {
  name: string;
  /** `** version: 5.36` when the file says it. */
  version?: string;
  values: ParsedValue[];
  byKey: Map<string, ParsedValue>;
  /** `** name: ...`, `** role: ...`: what PVForge's export writes in comments, read back on import. */
  tags: Map<string, string>;
}

/** A problem with a file's text, before any value is interpreted. */
export interface ParseProblem {
  code: string;
  params: Record<string, string | number>;
  text: string;
  source: SourceRef;
}

/** A file too large or not text, refused as every reader refuses it (../guard.ts). */
export function binaryProblem(file: SourceFile): ParseProblem | undefined {
  const r = refuseUnreadable([file]);
  return r
    ? { code: r.code, params: r.params, text: r.text, source: r.source ?? { file: file.name, line: 1 } }
    : undefined;
}

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function parseParameterFile(
  file: SourceFile,
): { ok: true; file: ParsedFile } | { ok: false; problem: ParseProblem } {
  const bad = binaryProblem(file);
  if (bad) return { ok: false, problem: bad };
  const lines = file.text.split(/\r\n|\r|\n/);
  const values: ParsedValue[] = [];
  const byKey = new Map<string, ParsedValue>();
  const tags = new Map<string, string>();
  let version: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const source = { file: file.name, line: i + 1 };
    if (line === '') continue;
    if (line.startsWith('*')) {
      const tag = /^\*\*\s*(version|name|role)\s*:\s*(.+)$/i.exec(line);
      if (tag) {
        const k = tag[1]!.toLowerCase();
        if (k === 'version') version = tag[2]!.trim();
        else tags.set(k, tag[2]!.trim());
      }
      continue;
    }
    const star = line.indexOf('*');
    const content = (star >= 0 ? line.slice(0, star) : line).trim();
    const eq = content.indexOf('=');
    const key = eq >= 0 ? content.slice(0, eq).trim() : '';
    const raw = eq >= 0 ? content.slice(eq + 1).trim() : '';
    if (eq < 0 || !KEY.test(key) || raw === '') {
      return {
        ok: false,
        problem: {
          code: 'simsalabim.bad-line',
          params: { file: file.name, line: i + 1, text: line.slice(0, 80) },
          text: `${file.name} line ${i + 1}: expected "name = value" (got "${line.slice(0, 80)}")`,
          source,
        },
      };
    }
    if (byKey.has(key)) {
      return {
        ok: false,
        problem: {
          code: 'simsalabim.duplicate',
          params: { file: file.name, line: i + 1, key, first: byKey.get(key)!.source.line },
          text: `${file.name} line ${i + 1}: ${key} is given twice (first on line ${byKey.get(key)!.source.line})`,
          source,
        },
      };
    }
    const v = { key, raw, source };
    values.push(v);
    byKey.set(key, v);
  }
  return { ok: true, file: { name: file.name, version, values, byKey, tags } };
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A number as SIMsalabim writes it (Pascal reals: `1E-7`, `0E21`, `-5E3`), or undefined. */
export function parseNumber(raw: string): number | undefined {
  if (!NUMBER.test(raw)) return undefined;
  const x = Number(raw);
  return Number.isFinite(x) ? x : undefined;
}

/** A file's name without its directory (SIMsalabim names files relative to its folder: `../Data/nk_ITO.txt`). */
export function baseName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1]!;
}

/**
 * A two-or-more-column numeric table (nk files: lambda n k; spectra: lambda I; trap files: E Ntrap;
 * generation profiles: x G_ehp) after one header line; numbers separated by spaces or tabs.
 */
export function parseTable(
  file: SourceFile,
  columns: number,
): { ok: true; header: string; rows: number[][]; lines: number[] } | { ok: false; problem: ParseProblem } {
  const bad = binaryProblem(file);
  if (bad) return { ok: false, problem: bad };
  const lines = file.text.split(/\r\n|\r|\n/);
  let header = '';
  const rows: number[][] = [];
  const at: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const cells = line.split(/[\s,;]+/);
    const nums = cells.map(parseNumber);
    if (nums.some((x) => x === undefined)) {
      if (header === '' && rows.length === 0) {
        header = line;
        continue;
      }
      return {
        ok: false,
        problem: {
          code: 'simsalabim.bad-row',
          params: { file: file.name, line: i + 1, columns, text: line.slice(0, 80) },
          text: `${file.name} line ${i + 1}: expected ${columns} numbers (got "${line.slice(0, 80)}")`,
          source: { file: file.name, line: i + 1 },
        },
      };
    }
    if (nums.length < columns) {
      return {
        ok: false,
        problem: {
          code: 'simsalabim.bad-row',
          params: { file: file.name, line: i + 1, columns, text: line.slice(0, 80) },
          text: `${file.name} line ${i + 1}: expected ${columns} numbers (got "${line.slice(0, 80)}")`,
          source: { file: file.name, line: i + 1 },
        },
      };
    }
    rows.push(nums as number[]);
    at.push(i + 1);
  }
  if (rows.length < 2) {
    return {
      ok: false,
      problem: {
        code: 'simsalabim.short-table',
        params: { file: file.name },
        text: `${file.name}: fewer than two rows of numbers`,
        source: { file: file.name, line: Math.max(1, lines.length) },
      },
    };
  }
  return { ok: true, header, rows, lines: at };
}

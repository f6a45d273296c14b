import { strToU8, zipSync } from 'fflate';
import { cellValue } from './cells.js';
import type { Cell, Table } from './table.js';

/** The UTF-8 byte-order mark: without it Excel reads a CSV as the local code page and garbles Chinese and '⁻³'. */
export const BOM = '\uFEFF';

/**
 * RFC 4180 CSV: comma-separated, CRLF line ends, fields with a comma, quote or line break quoted.
 * Numbers are written with JavaScript's shortest round-trip form (full precision, '1.5e+21').
 */
export function toCsv(t: Table): string {
  const lines = [t.headers.map(field), ...t.rows.map((r) => r.map((c) => field(cellValue(c))))];
  return BOM + lines.map((l) => l.join(',')).join('\r\n') + '\r\n';
}

function field(c: Cell): string {
  if (c === null) return '';
  const s = String(c);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * One CSV per sheet (named after it, numbered to keep the workbook's order), and the input as
 * 'Input.json' (the exact JSON, which can be imported again) instead of a CSV of JSON lines.
 */
export function writeCsvZip(tables: Table[], names: string[], input: string | undefined, mtime: Date): Buffer {
  const files: Record<string, Uint8Array> = {};
  const width = String(tables.length + 1).length;
  const used = new Set<string>();
  tables.forEach((t, i) => {
    const stem = names[i]!.replace(/[<>:"/\\|?*\p{Cc}]/gu, ' ').trim() || `sheet ${i + 1}`;
    let name = `${String(i + 1).padStart(width, '0')} ${stem}.csv`;
    // sheet names are unique without regard to case, and so are these
    for (let k = 2; used.has(name.toLowerCase()); k++) name = `${String(i + 1).padStart(width, '0')} ${stem} ${k}.csv`;
    used.add(name.toLowerCase());
    files[name] = strToU8(toCsv(t));
  });
  if (input !== undefined) files['Input.json'] = strToU8(input);
  // a fixed mtime (the export date) rather than "now" per file; fflate needs a date after 1980
  return Buffer.from(zipSync(files, { level: 6, mtime }));
}

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILTIN_SPECTRA, type DeviceOpticsAssets } from '@pvforge/engine';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** n,k tables and spectra from the repository's assets, as apps/cli/src/commands/run.ts reads them. */
export function fileAssets(root = join(repoRoot, 'assets')): DeviceOpticsAssets {
  const index = JSON.parse(readFileSync(join(root, 'data/nk/index.json'), 'utf8')) as {
    materials: { id: string; file: string }[];
  };
  const files = new Map(index.materials.map((m) => [m.id, m.file]));
  return {
    nkCsv(id) {
      const f = files.get(id);
      if (!f) throw new Error(`unknown material ${id}`);
      return readFileSync(join(root, 'data', f), 'utf8');
    },
    spectrumCsv(id) {
      const f = BUILTIN_SPECTRA[id];
      if (!f) throw new Error(`unknown spectrum ${id}`);
      return readFileSync(join(root, f), 'utf8');
    },
  };
}

export function readJson<T>(rel: string): T {
  return JSON.parse(readFileSync(join(repoRoot, rel), 'utf8')) as T;
}

export async function openXlsx(body: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  // exceljs' typings predate Buffer<ArrayBufferLike>
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}

export type Value = ExcelJS.CellValue;

/** All rows of a worksheet as arrays of cell values (row 1 = headers). */
export function sheetRows(ws: ExcelJS.Worksheet): Value[][] {
  const rows: Value[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: Value[] = [];
    for (let c = 1; c <= ws.columnCount; c++) cells.push(row.getCell(c).value);
    rows[n - 1] = cells;
  });
  return rows;
}

export function sheet(wb: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const ws = wb.getWorksheet(name);
  if (!ws) throw new Error(`no sheet "${name}" (have ${wb.worksheets.map((w) => w.name).join(', ')})`);
  return ws;
}

/** Column of a sheet by its header text (row 1), values below the header. */
export function column(ws: ExcelJS.Worksheet, header: string): Value[] {
  const rows = sheetRows(ws);
  const c = rows[0]!.indexOf(header);
  if (c < 0) throw new Error(`no column "${header}" in ${ws.name} (have ${rows[0]!.join(' | ')})`);
  return rows.slice(1).map((r) => r[c] ?? null);
}

/** The files of a zip as text; Buffer's UTF-8 decoding keeps a BOM (TextDecoder would drop it). */
export function unzip(body: Buffer): Record<string, string> {
  const files = unzipSync(new Uint8Array(body));
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [k, Buffer.from(v).toString('utf8')]));
}

/** Minimal RFC 4180 parser for the tests (quoted fields, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let f = '';
  let q = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (q) {
      if (c === '"' && text[i + 1] === '"') {
        f += '"';
        i++;
      } else if (c === '"') q = false;
      else f += c;
    } else if (c === '"') q = true;
    else if (c === ',') {
      row.push(f);
      f = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(f);
      rows.push(row);
      row = [];
      f = '';
      i++;
    } else f += c;
  }
  if (f || row.length) rows.push([...row, f]);
  return rows;
}

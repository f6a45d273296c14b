import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { Cell } from '@pvforge/engine';
import type ExcelJS from 'exceljs';

/**
 * A measured J-V file as the engine's curve parser takes it: CSV/TXT/DAT as text, SCAPS .iv as text
 * marked 'scaps-iv', XLSX as the cells of its first worksheet that has numbers. The engine does no I/O,
 * so reading (and unzipping a workbook) happens here at the edge.
 */
export type CurveSource = { text: string; format: 'table' | 'scaps-iv' } | { rows: Cell[][] };

export class CurveFileError extends Error {}

export async function readCurveFile(path: string): Promise<CurveSource> {
  const ext = extname(path).toLowerCase();
  if (ext === '.xlsx') return { rows: await readXlsxRows(path) };
  if (ext === '.xls')
    throw new CurveFileError(`${path}: the old binary .xls format is not supported; save it as .xlsx or CSV`);
  const text = readFileSync(path, 'utf8');
  return { text, format: ext === '.iv' ? 'scaps-iv' : 'table' };
}

async function readXlsxRows(path: string): Promise<Cell[][]> {
  // exceljs takes longer to load than most commands take to run: only a workbook brings it in
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  try {
    await wb.xlsx.readFile(path);
  } catch (e) {
    throw new CurveFileError(`${path}: not a readable .xlsx workbook (${e instanceof Error ? e.message : String(e)})`);
  }
  for (const ws of wb.worksheets) {
    const rows: Cell[][] = [];
    ws.eachRow({ includeEmpty: false }, (row) => {
      const cells: Cell[] = [];
      for (let c = 1; c <= row.cellCount; c++) cells.push(cellValue(row.getCell(c).value));
      rows.push(cells);
    });
    if (rows.some((r) => r.some((c) => typeof c === 'number'))) return rows;
  }
  throw new CurveFileError(`${path}: no worksheet contains numbers`);
}

/** Formula cells give their cached result, rich text its plain text, dates and errors nothing usable. */
function cellValue(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof Date) return null;
  if (typeof v === 'object') {
    if ('result' in v) {
      const r = v.result;
      return typeof r === 'number' || typeof r === 'string' || typeof r === 'boolean' ? r : null;
    }
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v && typeof v.text === 'string') return v.text;
  }
  return null;
}

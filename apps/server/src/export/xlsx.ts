import ExcelJS from 'exceljs';
import { cellValue } from './cells.js';
import type { Table } from './table.js';

/** Characters per Input row: under Excel's limit of 32767 per cell. */
export const INPUT_CHUNK = 32000;

/**
 * One worksheet per table: a bold header row frozen at the top, then the rows with numbers as
 * numbers (exceljs writes them with full round-trip precision). `names` are the final sheet names.
 */
export async function writeXlsx(tables: Table[], names: string[], input: string | undefined): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'PVForge';
  tables.forEach((t, i) => {
    const ws = wb.addWorksheet(names[i]!, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = t.headers.map((hd, c) => ({
      header: hd,
      // wide enough for the header and for a number such as -1.2345678901234567e-21
      width: Math.min(60, Math.max(12, hd.length + 2, ...t.rows.slice(0, 50).map((r) => textWidth(r[c])))),
    }));
    ws.getRow(1).font = { bold: true };
    for (const row of t.rows) ws.addRow(row.map(cellValue));
  });
  if (input !== undefined) {
    // the input as pretty JSON, one line per row, so that it reads (and copies back) as text. A
    // line longer than a cell holds is cut into rows of exactly INPUT_CHUNK characters and a last,
    // shorter one (possibly empty): a row of INPUT_CHUNK characters always continues on the next
    const ws = wb.addWorksheet('Input', { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = [{ header: 'Input (JSON)', width: 100 }];
    ws.getRow(1).font = { bold: true };
    for (const line of input.split('\n')) {
      for (let k = 0; ; k += INPUT_CHUNK) {
        const part = line.slice(k, k + INPUT_CHUNK);
        ws.addRow([part]);
        if (part.length < INPUT_CHUNK) break;
      }
    }
  }
  const buf = await wb.xlsx.writeBuffer();
  return Buffer.from(buf as ArrayBuffer);
}

function textWidth(v: unknown): number {
  if (v === null || v === undefined) return 0;
  return Math.min(24, String(v).length + 2);
}

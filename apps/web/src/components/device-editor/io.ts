import type { DeviceSpec } from '@pvforge/contracts';
import { unzipLimited } from '../../lib/unzip';

/**
 * Importing and exporting a DeviceSpec file. Accepted: a .json DeviceSpec; the platform's XLSX
 * export, whose sheet "Input" (the last one written) holds the input JSON one line per row (a row of
 * exactly 32000 characters continues on the next, apps/server/src/export/xlsx.ts); the CSV-zip
 * export with its Input.json. exceljs and fflate load only when such a file is imported.
 */
export const INPUT_CHUNK = 32000;

/** The Input sheet's rows (below the header) back to the JSON text. */
export function inputRowsToJson(rows: readonly string[]): string {
  let out = '';
  rows.forEach((r, i) => {
    out += r;
    if (r.length !== INPUT_CHUNK && i < rows.length - 1) out += '\n';
  });
  return out;
}

/** A calculation input or a library device entry -> the DeviceSpec inside it. */
export function unwrapSpec(v: unknown): unknown {
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (o.schemaVersion === undefined && o.spec && typeof o.spec === 'object') return o.spec;
    if (o.schemaVersion === undefined && o.device && typeof o.device === 'object') return o.device;
  }
  return v;
}

async function xlsxInput(buf: ArrayBuffer): Promise<string> {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf);
  const ws = wb.getWorksheet('Input') ?? wb.worksheets[wb.worksheets.length - 1];
  if (!ws) throw new Error('no worksheet');
  const rows: string[] = [];
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    if (n === 1) return;
    const v = row.getCell(1).value;
    rows.push(v === null || v === undefined ? '' : String(v));
  });
  return inputRowsToJson(rows);
}

async function zipInput(buf: ArrayBuffer, zipName: string): Promise<string | undefined> {
  const isInput = (f: string) => f === 'Input.json' || f.endsWith('/Input.json');
  const [{ strFromU8 }, files] = await Promise.all([
    import('fflate'),
    unzipLimited(new Uint8Array(buf), zipName, isInput),
  ]);
  const name = Object.keys(files).find(isInput);
  return name ? strFromU8(files[name]!) : undefined;
}

/**
 * Why readSpecFile refused a file, as the page says it: `noInput` (the page's words) for a file
 * without a device in it, else the reason the reader gave (a zip refusal is already worded).
 */
export function specFileProblem(e: unknown, noInput: string): string {
  if (e instanceof Error) return e.message === 'no input' ? noInput : e.message;
  return String(e);
}

/** The DeviceSpec (unchecked) in an imported file; throws with a reason. */
export async function readSpecFile(file: File): Promise<unknown> {
  const lower = file.name.toLowerCase();
  let text: string | undefined;
  if (lower.endsWith('.xlsx')) text = await xlsxInput(await file.arrayBuffer());
  else if (lower.endsWith('.zip')) text = await zipInput(await file.arrayBuffer(), file.name);
  else text = await file.text();
  if (text === undefined || !text.trim()) throw new Error('no input');
  return unwrapSpec(JSON.parse(text) as unknown);
}

/** Saves a DeviceSpec as `<name>.device.json`. */
export function downloadSpec(spec: DeviceSpec): void {
  const blob = new Blob([`${JSON.stringify(spec, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${(spec.name || 'device').replace(/[\\/:*?"<>|]+/g, '_').slice(0, 80)}.device.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Hands a spec to a page opened in a new window: stored under a one-off key in localStorage (the
 * same origin), read and removed by the new page (`?draft=<key>`).
 */
export function stashDraft(spec: DeviceSpec): string {
  const key = `d${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  localStorage.setItem(`pvforge.draft.${key}`, JSON.stringify(spec));
  return key;
}

export function takeDraft(key: string): unknown {
  const k = `pvforge.draft.${key}`;
  const v = localStorage.getItem(k);
  localStorage.removeItem(k);
  return v ? (JSON.parse(v) as unknown) : undefined;
}

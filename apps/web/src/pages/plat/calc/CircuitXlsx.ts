/**
 * The cells of an .xlsx workbook's first worksheet that holds numbers, read in the browser without a
 * spreadsheet library: the ZIP container (PKWARE APPNOTE 6.3: end of central directory, central
 * directory, local headers; stored or deflated entries inflated with DecompressionStream) and the
 * SpreadsheetML parts (ECMA-376 Part 1 §18.3 worksheet, §18.4 shared strings). The rows go to the
 * server as `curve.rows`, where the engine's parseCurveRows reads them exactly as the CLI's
 * ExcelJS reader feeds it (empty rows left out, formula cells as their cached value).
 */
import type { Cell } from '@pvforge/engine';

export class XlsxError extends Error {
  override name = 'XlsxError';
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  offset: number;
}

function entries(buf: Uint8Array): Entry[] {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (dv.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new XlsxError('not a ZIP container');
  const count = dv.getUint16(eocd + 10, true);
  let p = dv.getUint32(eocd + 16, true);
  const out: Entry[] = [];
  const dec = new TextDecoder();
  for (let k = 0; k < count; k++) {
    if (p + 46 > buf.length || dv.getUint32(p, true) !== 0x02014b50) throw new XlsxError('broken ZIP directory');
    const nameLen = dv.getUint16(p + 28, true);
    const extraLen = dv.getUint16(p + 30, true);
    const commentLen = dv.getUint16(p + 32, true);
    out.push({
      name: dec.decode(buf.subarray(p + 46, p + 46 + nameLen)),
      method: dv.getUint16(p + 10, true),
      compressedSize: dv.getUint32(p + 20, true),
      offset: dv.getUint32(p + 42, true),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

async function inflateRaw(data: Uint8Array): Promise<Uint8Array> {
  const copy = new Uint8Array(data.byteLength);
  copy.set(data);
  const stream = new Blob([copy]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function readEntry(buf: Uint8Array, e: Entry): Promise<string> {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (dv.getUint32(e.offset, true) !== 0x04034b50) throw new XlsxError(`broken ZIP entry ${e.name}`);
  const start = e.offset + 30 + dv.getUint16(e.offset + 26, true) + dv.getUint16(e.offset + 28, true);
  const raw = buf.subarray(start, start + e.compressedSize);
  let bytes: Uint8Array;
  if (e.method === 0) bytes = raw;
  else if (e.method === 8) bytes = await inflateRaw(raw);
  else throw new XlsxError(`unsupported ZIP compression ${e.method}`);
  return new TextDecoder().decode(bytes);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXml(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(Number.parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number.parseInt(e.slice(1), 10));
    return ENTITIES[e] ?? '';
  });
}

/** Plain text of an <si> or <is>: its <t> runs, phonetic runs (<rPh>) left out. */
function runText(xml: string): string {
  const noPhonetic = xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '');
  let text = '';
  for (const m of noPhonetic.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)) text += decodeXml(m[1] ?? '');
  return text;
}

function sharedStrings(xml: string | undefined): string[] {
  if (!xml) return [];
  return [...xml.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((m) => runText(m[1] ?? ''));
}

function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? '';
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

function sheetRows(xml: string, strings: string[]): Cell[][] {
  const rows: Cell[][] = [];
  for (const rm of xml.matchAll(/<row\b[^>]*?(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const cells: Cell[] = [];
    let next = 0;
    for (const cm of (rm[1] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cm[1] ?? '';
      const body = cm[2] ?? '';
      const ref = /\br="([A-Z]+\d+)"/.exec(attrs)?.[1];
      const col = ref ? columnIndex(ref) : next;
      next = col + 1;
      const type = /\bt="(\w+)"/.exec(attrs)?.[1] ?? 'n';
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let value: Cell = null;
      if (type === 's') value = v === undefined ? null : (strings[Number(v)] ?? null);
      else if (type === 'inlineStr') value = runText(/<is>([\s\S]*?)<\/is>/.exec(body)?.[1] ?? '');
      else if (type === 'str') value = v === undefined ? null : decodeXml(v);
      else if (type === 'b') value = v === undefined ? null : v === '1';
      else if (type === 'e') value = null;
      else value = v === undefined ? null : Number(v);
      while (cells.length < col) cells.push(null);
      cells[col] = value;
    }
    if (cells.some((c) => c !== null && c !== '')) rows.push(cells);
  }
  return rows;
}

/** Rows of cells of the first worksheet that contains a number. */
export async function readXlsxRows(data: ArrayBuffer | Uint8Array): Promise<Cell[][]> {
  const buf = data instanceof Uint8Array ? data : new Uint8Array(data);
  const list = entries(buf);
  const byName = new Map(list.map((e) => [e.name, e]));
  const ss = byName.get('xl/sharedStrings.xml');
  const strings = sharedStrings(ss ? await readEntry(buf, ss) : undefined);
  const sheets = await sheetOrder(buf, byName);
  if (sheets.length === 0) throw new XlsxError('the workbook has no worksheet');
  for (const e of sheets) {
    const rows = sheetRows(await readEntry(buf, e), strings);
    if (rows.some((r) => r.some((c) => typeof c === 'number'))) return rows;
  }
  throw new XlsxError('no worksheet contains numbers');
}

/** Worksheets in the workbook's order (workbook.xml + its relationships), else by file name. */
async function sheetOrder(buf: Uint8Array, byName: Map<string, Entry>): Promise<Entry[]> {
  const fallback = [...byName.values()]
    .filter((e) => /^xl\/worksheets\/sheet\d+\.xml$/.test(e.name))
    .sort((a, b) => Number(/\d+/.exec(a.name)?.[0]) - Number(/\d+/.exec(b.name)?.[0]));
  const wb = byName.get('xl/workbook.xml');
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  if (!wb || !rels) return fallback;
  const wbXml = await readEntry(buf, wb);
  const relXml = await readEntry(buf, rels);
  const targets = new Map<string, string>();
  for (const m of relXml.matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const id = /\bId="([^"]+)"/.exec(m[1] ?? '')?.[1];
    const target = /\bTarget="([^"]+)"/.exec(m[1] ?? '')?.[1];
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  const ordered: Entry[] = [];
  for (const m of wbXml.matchAll(/<sheet\b([^>]*)\/?>/g)) {
    const id = /\br:id="([^"]+)"/.exec(m[1] ?? '')?.[1];
    const e = id ? byName.get(targets.get(id) ?? '') : undefined;
    if (e) ordered.push(e);
  }
  return ordered.length ? ordered : fallback;
}

import type { ForeignCurve, ReportItem, ReportStatus, SourceFile } from '@pvforge/interop';
import { unzipLimited } from '../../lib/unzip';

/**
 * The browser's edge of the SCAPS / SIMsalabim import and export: the files a user drops become
 * `SourceFile`s (a .zip is unpacked), exported files become one download (a .zip when several),
 * and the interop package itself loads only when one of these is used, so that no page carries it
 * in its first download.
 */
export const loadInterop = () => import('@pvforge/interop');

/** The last part of a path inside a zip (`folder/L1_parameters.txt` -> `L1_parameters.txt`). */
const baseName = (p: string) => p.split(/[\\/]/).pop() ?? p;

/**
 * Files as handed over: every file of a .zip (folders flattened, macOS's resource forks left out;
 * a zip that would unpack beyond the limits is refused, lib/unzip.ts), every other file as itself.
 */
export async function sourceFiles(files: readonly File[]): Promise<SourceFile[]> {
  // the interop package's decoding (UTF-8, else Windows-1252 as SCAPS saves in the ANSI code page),
  // the same the CLI reads with
  const { decodeText } = await loadInterop();
  const out: SourceFile[] = [];
  for (const f of files) {
    const bytes = new Uint8Array(await f.arrayBuffer());
    if (/\.zip$/i.test(f.name)) {
      const wanted = (path: string) =>
        !(path.endsWith('/') || path.startsWith('__MACOSX/') || baseName(path).startsWith('._'));
      const entries = await unzipLimited(bytes, f.name, wanted);
      for (const [path, data] of Object.entries(entries)) out.push({ name: baseName(path), text: decodeText(data) });
    } else out.push({ name: f.name, text: decodeText(bytes) });
  }
  return out;
}

/**
 * What an export downloads: its one file as itself, or its files in one .zip named after the
 * device (SIMsalabim reads a folder of files).
 */
export async function exportBlob(files: readonly SourceFile[], zipName: string): Promise<{ name: string; blob: Blob }> {
  if (files.length === 1) {
    const f = files[0]!;
    return { name: f.name, blob: new Blob([f.text], { type: 'text/plain;charset=utf-8' }) };
  }
  const { zipSync, strToU8 } = await import('fflate');
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) entries[f.name] = strToU8(f.text);
  const zipped = zipSync(entries);
  return { name: `${zipName}.zip`, blob: new Blob([zipped as BlobPart], { type: 'application/zip' }) };
}

export const STATUSES: readonly ReportStatus[] = ['mapped', 'approximated', 'refused', 'unused'];

export function statusCounts(items: readonly ReportItem[]): Record<ReportStatus, number> {
  const n: Record<ReportStatus, number> = { mapped: 0, approximated: 0, refused: 0, unused: 0 };
  for (const i of items) n[i.status]++;
  return n;
}

/** The plots a foreign curve can be drawn on. */
export type CurveKind = ForeignCurve['kind'];

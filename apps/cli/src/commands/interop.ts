import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { deviceFileParts, type Lang } from '@pvforge/contracts';
import { computedKRads } from '@pvforge/engine/spec-check';
import {
  decodeText,
  type ExportOutcome,
  exportScaps,
  exportSimsalabim,
  type ImportReport,
  type InteropMessage,
  importDeviceFiles,
  type ReportItem,
  type ReportStatus,
  type SourceFile,
  wordInterop,
} from '@pvforge/interop';
import { fileAssets } from '@pvforge/workers';
import { type CliLang, checkDeviceLines } from './check.js';

/**
 * `pvforge import` and `pvforge export`: SCAPS-1D and SIMsalabim files in and out. The interop
 * package is pure (texts in, texts out), so finding and reading the files beside the one named,
 * and writing what comes back, happen here.
 */

const langOf = (l: CliLang): Lang => (l === 'zh' ? 'zh-CN' : 'en');

/**
 * Files larger than this are not read at all (a device file is a few kB). Files between the interop
 * package's own limit (a few MB) and this one are read, so that its refusal, in the user's language,
 * names them.
 */
const READ_CAP_BYTES = 64 * 1024 * 1024;

const STATUS_WORDS: Record<ReportStatus, Record<CliLang, string>> = {
  mapped: { en: 'mapped', zh: '已映射' },
  approximated: { en: 'approximated', zh: '近似' },
  refused: { en: 'refused', zh: '无法表达' },
  unused: { en: 'not used', zh: '未使用' },
};
const STATUS_ORDER: ReportStatus[] = ['mapped', 'approximated', 'refused', 'unused'];

/** A file as text (the interop guard refuses what is too large or binary, naming the line). */
function readSource(path: string): SourceFile {
  const size = statSync(path).size;
  if (size > READ_CAP_BYTES)
    throw new Error(`${basename(path)} is ${(size / 1024 / 1024).toFixed(0)} MB, far too large for a device file`);
  // SCAPS saves some files in the Windows code page: the one decoding the browser uses too
  return { name: basename(path), text: decodeText(readFileSync(path)) };
}

/** Whether `name` occurs in `text` as a whole file name (not as the tail of a longer one). */
function names(text: string, name: string): boolean {
  const hay = text.toLowerCase();
  const needle = name.toLowerCase();
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + 1)) {
    const before = i === 0 ? '' : hay[i - 1]!;
    const after = hay[i + needle.length] ?? '';
    if (!/[\w.-]/.test(before) && !/[\w.-]/.test(after)) return true;
  }
  return false;
}

/**
 * The named file and every file beside it that it names, and that those name in turn (a
 * simulation_setup.txt names its L*_parameters.txt files, which name their trap files). SCAPS writes
 * an .abs file's name with its Windows path; the name alone is matched, case aside, as on Windows.
 */
export function gatherDeviceFiles(file: string): SourceFile[] {
  const dir = dirname(resolve(file));
  const first = readSource(resolve(file));
  const siblings = readdirSync(dir).filter((n) => {
    if (n === first.name) return false;
    try {
      return statSync(join(dir, n)).isFile();
    } catch {
      return false;
    }
  });
  const taken: SourceFile[] = [first];
  const pending = [first];
  while (pending.length) {
    const f = pending.shift()!;
    for (const n of siblings) {
      if (taken.some((t) => t.name === n) || !names(f.text, n)) continue;
      const s = readSource(join(dir, n));
      taken.push(s);
      pending.push(s);
    }
  }
  return taken;
}

const where = (i: { source?: { file: string; line: number } }) => (i.source ? `${i.source.file}:${i.source.line}` : '');

function said(m: InteropMessage | undefined, lang: CliLang): string {
  return m ? wordInterop(m, langOf(lang)) : '';
}

/** Report items for --json, each message with its words in the chosen language beside its code. */
function worded(items: readonly ReportItem[], lang: CliLang) {
  return items.map((i) => (i.message ? { ...i, words: said(i.message, lang) } : i));
}

/** One report item as a line: status, the tool's name and where it stood, its value, where it went, why. */
export function itemLine(i: ReportItem, lang: CliLang): string {
  // an export's item is the device's own value: its path, and the words (which usually start with it)
  if (i.path !== undefined && i.name === i.path) {
    const words = said(i.message, lang);
    const line = words.startsWith(i.path) ? words : `${i.path}${words ? `: ${words}` : ''}`;
    return `${STATUS_WORDS[i.status][lang]}  ${line}`;
  }
  const at = where(i);
  // graded rows are tab-separated columns: one space each keeps the line readable
  const shown = i.raw?.replace(/\s+/g, ' ').trim();
  const raw = shown ? ` = ${shown}` : '';
  const to = i.path ? ` -> ${i.path}` : '';
  const why = i.message ? `: ${said(i.message, lang)}` : '';
  return `${STATUS_WORDS[i.status][lang]}  ${i.name}${at ? ` (${at})` : ''}${raw}${to}${why}`;
}

export function countLine(items: readonly ReportItem[], lang: CliLang): string {
  return STATUS_ORDER.map((s) => `${items.filter((i) => i.status === s).length} ${STATUS_WORDS[s][lang]}`).join(', ');
}

function reportLines(r: ImportReport, lang: CliLang): string[] {
  const tool = r.tool === 'scaps' ? 'SCAPS-1D' : 'SIMsalabim';
  const lines = [
    `${tool}${r.version ? ` ${r.version}` : ''}: ${r.files.join(', ')}`,
    `${lang === 'zh' ? '报告' : 'report'}: ${countLine(r.items, lang)}`,
  ];
  // what changed the physics first (approximated, refused), then what was read and set aside
  for (const s of STATUS_ORDER.slice(1))
    for (const i of r.items) if (i.status === s) lines.push(`  ${itemLine(i, lang)}`);
  return lines;
}

export interface ImportOptions {
  out: string;
  lang: CliLang;
  json: boolean;
}

/**
 * `pvforge import FILE --out DEVICE.json`: a SCAPS .def (with the .abs files it names) or a
 * SIMsalabim simulation_setup.txt (with the files it names) to a DeviceSpec, and the report.
 * Exit 0 when the device was written, 2 when the files were refused (nothing is written).
 */
export function runImport(
  file: string,
  opts: ImportOptions,
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): number {
  let files: SourceFile[];
  try {
    files = gatherDeviceFiles(file);
  } catch (e) {
    err.write(`import: cannot read ${file}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  const r = importDeviceFiles(files);
  if (!r.ok) {
    const words = said(r.error, opts.lang);
    // the words usually name the file and line already; else they are put before them
    const at = r.error.source && !words.includes(r.error.source.file) ? where(r.error) : '';
    if (opts.json)
      out.write(`${JSON.stringify({ ok: false, error: { ...r.error, words }, report: r.report }, null, 2)}\n`);
    err.write(
      `import: ${opts.lang === 'zh' ? '拒绝导入' : 'refused'}${at ? ` (${at})` : ''}: ${words}\n` +
        `import: ${opts.lang === 'zh' ? '未写入任何文件' : 'nothing was written'}\n`,
    );
    return 2;
  }
  try {
    mkdirSync(dirname(resolve(opts.out)), { recursive: true });
    writeFileSync(resolve(opts.out), `${JSON.stringify(r.device, null, 2)}\n`);
  } catch (e) {
    err.write(`import: cannot write ${opts.out}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  if (opts.json) {
    const items = worded(r.report.items, opts.lang);
    const warnings = r.warnings.map((w) => ({ ...w, words: said(w, opts.lang) }));
    out.write(`${JSON.stringify({ ok: true, out: opts.out, report: { ...r.report, items }, warnings }, null, 2)}\n`);
  } else {
    for (const l of reportLines(r.report, opts.lang)) out.write(`${l}\n`);
    for (const w of r.warnings) out.write(`${opts.lang === 'zh' ? '警告' : 'warning'}: ${said(w, opts.lang)}\n`);
    out.write(`import: ${opts.lang === 'zh' ? '器件已写入' : 'device written to'} ${opts.out}\n`);
  }
  return 0;
}

export interface ExportOptions {
  tool: 'scaps' | 'simsalabim';
  out: string;
  lang: CliLang;
  json: boolean;
}

/**
 * `pvforge export --scaps|--simsalabim DEVICE.json --out DIR`: the other tool's files, and the
 * list of what it cannot express. A device the check refuses is not exported (exit 2).
 */
export function runExport(
  file: string,
  opts: ExportOptions,
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): number {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(resolve(file), 'utf8'));
  } catch (e) {
    err.write(`export: cannot read ${file}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  const checked = checkDeviceLines(raw, opts.lang);
  if (!checked.ok) {
    err.write(`export: ${file} is not a valid DeviceSpec (schemaVersion 1):\n`);
    for (const m of checked.errors) err.write(`  ${m}\n`);
    return 2;
  }
  const spec = deviceFileParts(raw).spec as Parameters<typeof exportScaps>[0];
  let r: ExportOutcome;
  try {
    // a layer that takes k_rad from its absorption: the tools take a fixed value, the run's
    const kRadFromAbsorption = computedKRads(spec, fileAssets());
    r =
      opts.tool === 'scaps'
        ? exportScaps(spec, { kRadFromAbsorption })
        : exportSimsalabim(spec, { kRadFromAbsorption });
  } catch (e) {
    err.write(`export: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  const zh = opts.lang === 'zh';
  const tool = r.tool === 'scaps' ? 'SCAPS-1D' : 'SIMsalabim';
  if (r.files.length === 0) {
    // nothing the tool could read: the reasons, and no empty folder left behind
    if (opts.json)
      out.write(
        `${JSON.stringify({ tool: r.tool, out: opts.out, files: [], items: worded(r.items, opts.lang) }, null, 2)}\n`,
      );
    err.write(
      zh
        ? `export: ${tool} 无法表达本器件，未写入任何文件：\n`
        : `export: ${tool} cannot express this device; nothing was written:\n`,
    );
    for (const i of r.items) err.write(`  ${itemLine(i, opts.lang)}\n`);
    return 2;
  }
  const dir = resolve(opts.out);
  if (existsSync(dir) && !statSync(dir).isDirectory()) {
    err.write(`export: ${opts.out} is a file; --out names a folder\n`);
    return 2;
  }
  mkdirSync(dir, { recursive: true });
  for (const f of r.files) writeFileSync(join(dir, basename(f.name)), f.text);
  if (opts.json) {
    const items = r.items.map((i) => (i.message ? { ...i, words: said(i.message, opts.lang) } : i));
    out.write(
      `${JSON.stringify({ tool: r.tool, out: opts.out, files: r.files.map((f) => f.name), items }, null, 2)}\n`,
    );
    return 0;
  }
  for (const f of r.files) out.write(`${zh ? '已写入' : 'wrote'} ${join(opts.out, basename(f.name))}\n`);
  if (r.items.length === 0)
    out.write(zh ? `${tool} 可以表达本器件的全部参数\n` : `${tool} expresses everything in this device\n`);
  else {
    out.write(
      zh
        ? `${tool} 无法完全表达的参数（${r.items.length} 项）：\n`
        : `what ${tool} cannot express (${r.items.length}):\n`,
    );
    for (const i of r.items) out.write(`  ${itemLine(i, opts.lang)}\n`);
  }
  return 0;
}

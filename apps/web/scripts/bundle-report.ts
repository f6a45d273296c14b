/**
 * What each page makes the browser download: for the public pages and the heavy platform pages,
 * the JavaScript and CSS reachable through static imports from the entry plus the page's own lazy
 * chunk, raw and gzip-compressed. Reads the Vite manifest of a production build
 * (`npm run build -w @pvforge/web` first); prints a Markdown table for BENCHMARKS.md.
 * Run: node apps/web/scripts/bundle-report.ts  (Node 20: via `npx tsx`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest: build the web app first');

/** Every file a chunk pulls in before it can run (static imports, transitively, and their CSS). */
function closure(keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const c = manifest[k];
    if (!c) throw new Error(`manifest has no chunk ${k}`);
    files.add(c.file);
    for (const css of c.css ?? []) files.add(css);
    for (const i of c.imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  return files;
}

function size(files: Iterable<string>): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const buf = readFileSync(join(dist, f));
    raw += buf.length;
    gzip += gzipSync(buf, { level: 9 }).length;
  }
  return { raw, gzip };
}

const kb = (n: number) => (n / 1024).toFixed(0);
const pages: [string, string[]][] = [
  ['/ (home)', ['src/app/PublicLayout.tsx', 'src/pages/public/Home.tsx']],
  ['/help', ['src/app/PublicLayout.tsx', 'src/pages/public/Help.tsx']],
  ['/plat/index', ['src/app/PlatLayout.tsx', 'src/pages/plat/dashboard/Dashboard.tsx']],
  ['/plat/calc/elec (editor)', ['src/app/PlatLayout.tsx', 'src/pages/plat/calc/CalcElec.tsx']],
  ['/plat/rste/:id (plots)', ['src/app/PlatLayout.tsx', 'src/pages/plat/results/ElectricalResult.tsx']],
  ['/plat/calc/circle2', ['src/app/PlatLayout.tsx', 'src/pages/plat/calc/CircuitCircle2.tsx']],
];
const heavy = /LinePlot|HeatmapPlot|WaterfallPlot|echarts|CalcPage|DeviceEditor|exceljs|preview\.worker/;

console.log('| page | JS + CSS (kB) | gzip (kB) | plotting or editor code |');
console.log('|---|---|---|---|');
for (const [page, keys] of pages) {
  const files = closure([entryKey, ...keys.filter((k) => manifest[k])]);
  const s = size(files);
  const loadsHeavy = [...files].some((f) => heavy.test(f));
  console.log(`| ${page} | ${kb(s.raw)} | ${kb(s.gzip)} | ${loadsHeavy ? 'yes' : 'no'} |`);
}

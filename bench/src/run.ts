import { readdirSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchFigure, BenchModule } from './types.js';

/**
 * Runs every bench/src/*.bench.ts (or those whose name contains an argument) and prints a
 * Markdown table to paste into BENCHMARKS.md, with the machine it ran on.
 */
const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

const rows: BenchFigure[] = [];
for (const f of files) {
  const mod = (await import(pathToFileURL(join(here, f)).href)) as { default: BenchModule };
  const figures = await mod.default();
  for (const fig of figures) {
    rows.push(fig);
    process.stderr.write(`${f}: ${fig.name}: median ${fig.medianMs.toFixed(2)} ms\n`);
  }
}
const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `Machine: ${cpu}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);
console.log('');
console.log('| benchmark | median (ms) | target (ms) | other figures |');
console.log('|---|---|---|---|');
for (const r of rows) {
  const extra = Object.entries(r.extra ?? {})
    .map(([k, v]) => `${k}: ${typeof v === 'number' ? Number(v.toPrecision(4)) : v}`)
    .join(', ');
  console.log(`| ${r.name} | ${r.medianMs.toFixed(2)} | ${r.targetMs ?? ''} | ${extra} |`);
}

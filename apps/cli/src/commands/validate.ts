import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type BenchCase, type CaseResult, validateCase, worstDeviation } from '@pvforge/engine';
import { assetsDir } from '../paths.js';

/** Every *.json case under a file or directory, sorted so runs are repeatable. */
export function collectCaseFiles(target: string): string[] {
  const st = statSync(target);
  if (st.isFile()) return [target];
  const out: string[] = [];
  for (const name of readdirSync(target).sort()) {
    const p = join(target, name);
    if (statSync(p).isDirectory()) out.push(...collectCaseFiles(p));
    else if (name.endsWith('.json')) out.push(p);
  }
  return out;
}

function readCase(file: string): BenchCase | { error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return { error: `cannot read JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  const c = raw as Partial<BenchCase>;
  if (typeof c !== 'object' || c === null || typeof c.kind !== 'string' || typeof c.id !== 'string') {
    return { error: 'not a pv-bench case (needs "kind" and "id")' };
  }
  if (c.format !== 'pv-bench/1') return { error: `unsupported format "${String(c.format)}" (expected pv-bench/1)` };
  return c as BenchCase;
}

export interface ValidateOptions {
  json: boolean;
  verbose: boolean;
}

/** Runs the cases; prints one line per case and a closing "N passed, N failed" line. Returns the exit code. */
export async function runValidate(targets: string[], opts: ValidateOptions, out = process.stdout): Promise<number> {
  const files = targets.flatMap((t) => collectCaseFiles(resolve(t)));
  if (files.length === 0) {
    out.write('no case files found\n');
    return 2;
  }
  const root = assetsDir();
  const ctx = { readAsset: (rel: string) => readFileSync(join(root, rel), 'utf8') };
  const results: CaseResult[] = [];
  for (const file of files) {
    const c = readCase(file);
    const r: CaseResult =
      'error' in c && !('kind' in c)
        ? { id: file, kind: '?', pass: false, checks: [], error: c.error }
        : await validateCase(c as BenchCase, ctx);
    results.push(r);
    if (!opts.json) out.write(formatResult(r, opts.verbose));
  }
  const passed = results.filter((r) => r.pass).length;
  const failed = results.length - passed;
  if (opts.json) {
    const withWorst = results.map((r) => ({ ...r, worstDeviation: worstDeviation(r) ?? null }));
    out.write(`${JSON.stringify({ passed, failed, results: withWorst }, null, 2)}\n`);
  } else out.write(`${passed} passed, ${failed} failed\n`);
  return failed === 0 ? 0 : 1;
}

function formatResult(r: CaseResult, verbose: boolean): string {
  const ms = r.elapsedMs === undefined ? '' : ` (${r.elapsedMs.toFixed(0)} ms)`;
  const w = worstDeviation(r);
  const worst = w ? `  worst: ${w.ratio.toPrecision(3)} x tolerance at ${w.name}` : '';
  const head = `${r.pass ? 'PASS' : 'FAIL'}  ${r.kind.padEnd(12)} ${r.id}${ms}${worst}\n`;
  const lines: string[] = [];
  if (r.error) lines.push(`      ${r.error}\n`);
  const shown = verbose ? r.checks : r.checks.filter((k) => !k.pass).slice(0, 10);
  for (const k of shown) {
    lines.push(
      `      ${k.pass ? 'ok  ' : 'bad '} ${k.name}: got ${k.actual ?? '-'} expected ${k.expected ?? '-'} (${k.tolerance ?? ''})\n`,
    );
  }
  const hidden = r.checks.filter((k) => !k.pass).length - shown.filter((k) => !k.pass).length;
  if (!verbose && hidden > 0) lines.push(`      ... ${hidden} more failing checks (use --verbose)\n`);
  return head + lines.join('');
}

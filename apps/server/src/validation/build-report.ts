import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidationCaseReport, ValidationReport, ValidationSource } from '@pvforge/contracts';
import { type BenchCase, type CaseResult, ENGINE_VERSION, validateCase, worstDeviation } from '@pvforge/engine';
import { assetsDir } from '../jobs/assets.js';

/**
 * Runs every public benchmark case (assets/validation/cases) through the engine and summarises
 * the results for the /validation page and the platform paper. Used by the server's report
 * thread (report-worker.ts) and by the paper's build script, so both show the same numbers.
 */

/** The report as the build writes it beside the platform paper (the server answers it at once). */
export const VALIDATION_REPORT_FILE = 'pvforge-validation-report.json';

/** Every *.json under the cases folder, sorted so reports come in a stable order. */
export function caseFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...caseFiles(p));
    else if (name.endsWith('.json')) out.push(p);
  }
  return out;
}

/** The reference a case was computed with, from its `source` text (first match wins). */
export function sourceOf(source: string | undefined): ValidationSource {
  const s = (source ?? '').toLowerCase();
  const rules: [RegExp, ValidationSource][] = [
    [/^tmm\b/, 'tmm'],
    [/pvmismatch/, 'pvmismatch'],
    [/scaps/, 'scaps'],
    [/simsalabim/, 'simsalabim'],
    [/ionmonger/, 'ionmonger'],
    [/^analytic/, 'analytic'],
    [/pvlib/, 'pvlib'],
  ];
  const hit = rules.find(([re]) => re.test(s));
  return hit ? hit[1] : 'other';
}

/** Tolerance entries with nested keys joined by "." (lists of per-curve objects flatten alike). */
export function flattenTolerance(t: unknown, prefix = ''): { key: string; value: number }[] {
  if (typeof t === 'number') return prefix ? [{ key: prefix, value: t }] : [];
  if (Array.isArray(t)) return t.flatMap((x) => flattenTolerance(x, prefix));
  if (typeof t !== 'object' || t === null) return [];
  return Object.entries(t).flatMap(([k, v]) => flattenTolerance(v, prefix ? `${prefix}.${k}` : k));
}

/** Largest |actual - expected| / allowed over the checks that state an allowance (the CLI's figure). */
export function worstRatio(r: CaseResult): number | null {
  const w = worstDeviation(r);
  if (!w) return null;
  // JSON has no infinity: a check that cannot be measured counts as far past its tolerance
  return Number.isFinite(w.ratio) ? w.ratio : Number.MAX_VALUE;
}

/** Seven significant digits are far below what a plot can show and keep the answer small. */
const round = (v: number) => Number(v.toPrecision(7));

function summarise(c: BenchCase, r: CaseResult): ValidationCaseReport {
  const out: ValidationCaseReport = {
    id: c.id,
    kind: c.kind,
    source: sourceOf(c.source),
    description: c.description ?? '',
    tolerance: flattenTolerance(c.tolerance),
    pass: r.pass,
    worstRatio: worstRatio(r),
    checkCount: r.checks.length,
    failedChecks: r.checks.filter((k) => !k.pass).length,
    elapsedMs: Math.round(r.elapsedMs ?? 0),
  };
  if (r.error) out.error = r.error;
  if (r.plot)
    out.plot = {
      kind: r.plot.kind,
      series: r.plot.series.map((s) => {
        // points the engine could not compute (NaN) are left out of the drawing; the checks count them
        const keep = s.x.flatMap((x, i) => (Number.isFinite(x) && Number.isFinite(s.y[i]) ? [i] : []));
        return { ...s, x: keep.map((i) => round(s.x[i]!)), y: keep.map((i) => round(s.y[i]!)) };
      }),
    };
  return out;
}

export function casesDir(): string {
  return join(assetsDir(), 'validation', 'cases');
}

/**
 * Runs the cases one after the other; onProgress(done, total) after each. A case file that is
 * not valid JSON becomes a failing entry, never a crash.
 */
export async function buildValidationReport(
  onProgress: (done: number, total: number) => void = () => undefined,
  dir = casesDir(),
): Promise<ValidationReport> {
  const root = assetsDir();
  const ctx = { readAsset: (rel: string) => readFileSync(join(root, rel), 'utf8') };
  const files = caseFiles(dir);
  const cases: ValidationCaseReport[] = [];
  onProgress(0, files.length);
  for (const [i, file] of files.entries()) {
    let c: BenchCase;
    try {
      c = JSON.parse(readFileSync(file, 'utf8')) as BenchCase;
    } catch (e) {
      const id = file.slice(dir.length + 1);
      c = { format: '?', kind: '?', id, input: {}, expected: {}, tolerance: {} };
      cases.push({ ...summarise(c, { id, kind: '?', pass: false, checks: [] }), error: String(e) });
      onProgress(i + 1, files.length);
      continue;
    }
    cases.push(summarise(c, await validateCase(c, ctx)));
    onProgress(i + 1, files.length);
  }
  const passed = cases.filter((c) => c.pass).length;
  return {
    engineVersion: ENGINE_VERSION,
    generatedAt: new Date().toISOString(),
    passed,
    failed: cases.length - passed,
    cases,
  };
}

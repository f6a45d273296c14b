import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseFiles, casesDir } from '../../src/validation/build-report.js';
import { createTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Answer =
  | { state: 'computing'; done: number; total: number }
  | { state: 'failed'; reason: string }
  | {
      state: 'ready';
      report: {
        engineVersion: string;
        passed: number;
        failed: number;
        cases: {
          id: string;
          source: string;
          pass: boolean;
          worstRatio: number | null;
          plot?: { kind: string; series: { origin: string; x: number[]; y: number[] }[] };
        }[];
      };
    };

async function ask(): Promise<Answer> {
  const res = await t.app.inject({ method: 'GET', url: '/calc/sys/validation/report' });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { code: string; data: Answer };
  expect(body.code).toBe('1000');
  return body.data;
}

describe('GET /calc/sys/validation/report', () => {
  it('answers "computing" with progress at once, then the report of every public case, without a session', async () => {
    const first = await ask();
    expect(first.state).toBe('computing');
    let a = first;
    // the run is on a worker thread: the request thread keeps answering meanwhile
    for (let i = 0; i < 600 && a.state === 'computing'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      a = await ask();
    }
    if (a.state !== 'ready') throw new Error(`report not ready: ${JSON.stringify(a)}`);
    const ids = caseFiles(casesDir()).length;
    expect(a.report.cases).toHaveLength(ids);
    expect(a.report.failed).toBe(0);
    for (const c of a.report.cases) {
      expect(c.pass, c.id).toBe(true);
      expect(c.worstRatio, c.id).not.toBeNull();
      expect(c.worstRatio!, c.id).toBeLessThanOrEqual(1);
      expect(
        c.plot?.series.some((s) => s.origin === 'engine' && s.x.length > 0),
        c.id,
      ).toBe(true);
    }
    const sources = new Set(a.report.cases.map((c) => c.source));
    for (const s of ['tmm', 'pvlib', 'simsalabim', 'ionmonger', 'analytic']) expect(sources).toContain(s);
    expect(sources).not.toContain('other');
    // once computed, the same report is answered again (no second run)
    const again = await ask();
    expect(again.state === 'ready' && again.report).toEqual(a.report);
  }, 320_000);

  it('is documented in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/calc/docs/json' });
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/calc/sys/validation/report');
  });
});

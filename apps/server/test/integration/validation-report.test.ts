import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENGINE_VERSION } from '@pvforge/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseFiles, casesDir, VALIDATION_REPORT_FILE } from '../../src/validation/build-report.js';
import { createTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
// A web folder without the build's report: this server computes its own.
const bare = mkdtempSync(path.join(tmpdir(), 'pvforge-web-'));
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: bare } });
});
afterAll(async () => {
  await t?.close();
  rmSync(bare, { recursive: true, force: true });
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

async function ask(app = t): Promise<Answer> {
  const res = await app.app.inject({ method: 'GET', url: '/calc/sys/validation/report' });
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

  it('answers the report the build stored at once (issue 29), and never one of another engine version', async () => {
    const web = mkdtempSync(path.join(tmpdir(), 'pvforge-web-'));
    mkdirSync(path.join(web, 'downloads'));
    const stored = {
      engineVersion: ENGINE_VERSION,
      generatedAt: '2026-11-01T08:00:00.000Z',
      passed: 1,
      failed: 0,
      cases: [
        {
          id: 'stored-case',
          kind: 'optics',
          source: 'tmm',
          description: 'kept by the build',
          tolerance: [],
          pass: true,
          worstRatio: 0.1,
          checkCount: 1,
          failedChecks: 0,
          elapsedMs: 3,
        },
      ],
    };
    const file = path.join(web, 'downloads', VALIDATION_REPORT_FILE);
    writeFileSync(file, JSON.stringify(stored));
    const withStored = await createTestApp({ env: { WEB_DIST: web } });
    try {
      const a = await ask(withStored);
      expect(a.state).toBe('ready');
      expect(a.state === 'ready' && a.report).toMatchObject({ generatedAt: stored.generatedAt, passed: 1 });
    } finally {
      await withStored.close();
    }
    // A report of another engine (or a damaged file) is not answered: the server computes.
    writeFileSync(file, JSON.stringify({ ...stored, engineVersion: `${ENGINE_VERSION}-old` }));
    const stale = await createTestApp({ env: { WEB_DIST: web } });
    try {
      expect((await ask(stale)).state).toBe('computing');
    } finally {
      await stale.close();
    }
    writeFileSync(file, '{"engineVersion": ');
    const broken = await createTestApp({ env: { WEB_DIST: web } });
    try {
      expect((await ask(broken)).state).toBe('computing');
    } finally {
      await broken.close();
      rmSync(web, { recursive: true, force: true });
    }
  });

  it('is documented in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/calc/docs/json' });
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/calc/sys/validation/report');
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CalcDetail, CalcResultPara } from '@pvforge/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, registerUser, signed, type TestUser } from '../helpers/client.js';
import { TestClock } from '../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { buildCalcApp, calcCount, recordEvents } from './helpers.js';

/**
 * Monolithic tandems through /sys/calc on the real queue and worker threads: a broken tandem is
 * refused before anything is queued, each problem naming its field, the first in the user's
 * language; the perovskite/silicon example runs with both subcells, the series and 4T figures and
 * the key figures a list shows.
 */
const repoRoot = join(import.meta.dirname, '..', '..', '..', '..', '..');
// biome-ignore lint/suspicious/noExplicitAny: tests edit the JSON freely, including into invalid shapes
const example = (): any => {
  const d = JSON.parse(
    readFileSync(join(repoRoot, 'assets/devices/perovskite-silicon-tandem-electrical.device.json'), 'utf8'),
  );
  // coarser optics and mesh keep the test quick; the physics is the example's
  d.illumination.wavelength.stepNm = 20;
  d.electrical.gridPoints = 200;
  d.electrical.tandem.thicknessSweep.points = 3;
  return d;
};

let t: { app: FastifyInstance; clock: TestClock; database: TestDatabase };
let alice: TestUser;
let rec: ReturnType<typeof recordEvents>;
const as = (u: TestUser, lang?: string) => ({
  headers: { ...signed(u.session, t.clock), ...(lang ? { 'x-lang': lang } : {}) },
});

beforeAll(async () => {
  const database = await createTestDatabase();
  const clock = new TestClock();
  const app = await buildCalcApp(database, { JOB_CONCURRENCY: '2', JOB_MAX_PER_USER: '4' }, {}, clock);
  t = { app, clock, database };
  await t.app.services.jobs.start();
  rec = recordEvents(t.app.services.jobs);
  alice = await registerUser(t.app);
});
afterAll(async () => {
  await t?.app.close();
  await t?.database.drop();
});

describe('tandems through the calculation service', () => {
  it('refuses a broken tandem before queuing, naming each field, in the user’s language', async () => {
    const before = await calcCount(t.app);
    const bad = example();
    delete bad.layers[3].subcell;
    bad.electrical.tandem.thicknessSweep.layer = 'n c-Si base';
    bad.layers[0].subcell = 'middle';
    const zh = await post<{ field: string; errors: string[] }>(
      t.app,
      '/calc/sys/calc/elec',
      { device: bad },
      as(alice, 'zh-CN'),
    );
    expect([zh.status, zh.code]).toEqual([400, '4105']);
    expect(zh.data.errors.join('\n')).toMatch(/layers\[0\] "MgF2"\.subcell/);
    const fixed = example();
    delete fixed.layers[3].subcell;
    fixed.electrical.tandem.thicknessSweep.layer = 'n c-Si base';
    const r = await post<{ field: string; errors: string[] }>(
      t.app,
      '/calc/sys/calc/elec',
      { device: fixed },
      as(alice, 'zh-CN'),
    );
    expect(r.code).toBe('4105');
    expect(r.data.errors).toEqual(
      expect.arrayContaining([
        'layers[3] "perovskite".subcell: missing: every electrical layer of a tandem is "top", "junction" or "bottom"',
        'electrical.tandem.thicknessSweep.layer: "n c-Si base" is not a layer of the top cell (subcell "top")',
      ]),
    );
    expect(r.msg).toMatch(/^计算参数无效：/);
    expect(r.msg).not.toMatch(/subcell|electrical\./);
    const en = await post(t.app, '/calc/sys/calc/elec', { device: fixed }, as(alice, 'en'));
    expect(en.msg).not.toMatch(/subcell"|electrical\./);
    expect(await calcCount(t.app)).toBe(before);
  });

  it('runs the perovskite/silicon example: both subcells, 2T and 4T, the mismatch and the key figures', async () => {
    const res = await post<{ id: number }>(t.app, '/calc/sys/calc/elec', { device: example() }, as(alice));
    expect(res.code, res.msg).toBe('1000');
    const id = res.data.id;
    expect(await rec.finished(id, 120_000)).toMatchObject({ status: 'succeeded' });
    const detail = await post<CalcDetail>(t.app, '/calc/sys/calc/calcData', { id }, as(alice));
    const r = detail.data.result as {
      subcells: { subcell: string; converged: boolean; figures: { PCE_percent: number } }[];
      series: { figures: { PCE_percent: number; Voc_V: number } };
      fourTerminal: { pcePercent: number };
      mismatch: { limiting: string };
      thicknessSweep: { thicknessNm: number[] };
    };
    expect(r.subcells.map((c) => [c.subcell, c.converged])).toEqual([
      ['top', true],
      ['bottom', true],
    ]);
    expect(r.series.figures.PCE_percent).toBeLessThanOrEqual(r.fourTerminal.pcePercent);
    expect(r.mismatch.limiting).toBe('bottom');
    expect(r.thicknessSweep.thicknessNm).toHaveLength(3);
    const para = await post<CalcResultPara>(t.app, '/calc/sys/calc/getResultPara', { id }, as(alice));
    expect(para.data.figures['PCE_percent']).toBeCloseTo(r.series.figures.PCE_percent, 12);
    expect(para.data.figures['PCE_4T_percent']).toBeCloseTo(r.fourTerminal.pcePercent, 12);
    expect(para.data.figures['PCE_top_percent']).toBeCloseTo(r.subcells[0]!.figures.PCE_percent, 12);
  }, 150_000);
});

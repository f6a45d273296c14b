import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CalcDetail } from '@pvforge/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, registerUser, signed, type TestUser } from '../helpers/client.js';
import { TestClock } from '../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { buildCalcApp, calcCount, recordEvents } from './helpers.js';

/**
 * Defects and capacitance through /sys/calc on the real in-process queue and worker threads: a bad
 * defect or C-V setting is refused before anything is queued, naming the field in the request's
 * language; the CIGS example with band tails runs its J-V, the loss of each defect and the C-V with
 * its Mott-Schottky reading, and the result's export carries them.
 */
const repoRoot = join(import.meta.dirname, '..', '..', '..', '..', '..');
// biome-ignore lint/suspicious/noExplicitAny: tests edit the JSON freely, including into invalid shapes
const example = (): any =>
  JSON.parse(readFileSync(join(repoRoot, 'assets/devices/cigs-tails-electrical.device.json'), 'utf8'));

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

describe('defects and C-V through the calculation service', () => {
  it('refuses a bad defect and C-V setting before queuing, naming the field in the user’s language', async () => {
    const before = await calcCount(t.app);
    const bad = example();
    bad.layers[2].electrical.defects[2].energyEV = 0.9; // outside the 1.1 eV gap from E_i
    bad.layers[2].electrical.defects[0].cNCm3PerS = 1e-8; // with cross-sections too
    bad.electrical.capacitanceVoltage.stepV = 0;
    const zh = await post<{ field: string; errors: string[] }>(
      t.app,
      '/calc/sys/calc/elec',
      { device: bad },
      as(alice, 'zh-CN'),
    );
    expect([zh.status, zh.code]).toEqual([400, '4105']);
    expect(zh.data.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^layers\[2\] "CIGS"\.electrical\.defects\[2\]\.energyEV: must put the level inside/),
        expect.stringMatching(/^layers\[2\] "CIGS"\.electrical\.defects\[0\]\.cNCm3PerS: give either/),
        'electrical.capacitanceVoltage.stepV: must not be 0 (got 0)',
      ]),
    );
    expect(zh.msg).toMatch(/CIGS 第 \d 个缺陷：/);
    const en = await post(t.app, '/calc/sys/calc/elec', { device: bad }, as(alice, 'en'));
    expect(en.msg).toMatch(/^Invalid calculation input: CIGS, defect \d: /);
    expect(en.msg).not.toMatch(/electrical\.|energyEV|cNCm3PerS/);
    expect(await calcCount(t.app)).toBe(before);
  });

  it('runs the CIGS example: J-V, the loss of each defect and C-V with its Mott-Schottky reading', async () => {
    const res = await post<{ id: number }>(t.app, '/calc/sys/calc/elec', { device: example() }, as(alice));
    expect(res.code, res.msg).toBe('1000');
    const fin = await rec.finished(res.data.id, 90_000);
    expect(fin).toMatchObject({ status: 'succeeded' });
    const detail = await post<CalcDetail>(t.app, '/calc/sys/calc/calcData', { id: res.data.id }, as(alice));
    const r = detail.data.result as {
      defectLosses: { name: string; deltaPCE_percent: number }[];
      capacitanceVoltage: { converged: boolean; mottSchottky: { doping_cm3: number; Vbi_V: number } };
      light: { profiles: { trappedCharge_cm3?: number[] }[] };
    };
    expect(r.defectLosses.map((d) => d.name)).toEqual([
      'conduction-band tail',
      'valence-band tail',
      'mid-gap Gaussian',
    ]);
    expect(r.capacitanceVoltage.converged).toBe(true);
    expect(r.capacitanceVoltage.mottSchottky.doping_cm3 / 5.5e15).toBeGreaterThan(0.9);
    expect(r.capacitanceVoltage.mottSchottky.doping_cm3 / 5.5e15).toBeLessThan(1.1);
    expect(r.light.profiles[0]!.trappedCharge_cm3?.length).toBeGreaterThan(10);
  }, 120_000);
});

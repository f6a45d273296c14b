import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CalcDetail, CalcResultPara, SweepResult } from '@pvforge/contracts';
import { judge, param, sayVerdict } from '@pvforge/params';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, registerUser, signed, type TestUser } from '../helpers/client.js';
import { TestClock } from '../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { buildCalcApp, calcCount, recordEvents, waitUntil } from './helpers.js';

/**
 * Mobile ions, transient protocols and impedance through /sys/calc on the real in-process queue and
 * worker threads: an invalid protocol, ion species or spectrum is refused before anything is queued
 * with every problem naming its field and the first told in the request's language; the mobile-ion
 * example runs with its scans, hysteresis index and impedance; a sweep of the scan rate tabulates
 * the hysteresis index.
 */
const repoRoot = join(import.meta.dirname, '..', '..', '..', '..', '..');
// biome-ignore lint/suspicious/noExplicitAny: tests edit the JSON freely, including into invalid shapes
const example = (): any =>
  JSON.parse(readFileSync(join(repoRoot, 'assets/devices/perovskite-pin-ions-electrical.device.json'), 'utf8'));

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

describe('transients, ions and impedance through the calculation service', () => {
  it('refuses bad protocols, ion species and spectra before queuing, naming each field, in the user’s language', async () => {
    const before = await calcCount(t.app);
    const bad = example();
    delete bad.electrical.transient.rateVPerS;
    bad.electrical.transient.segments[0].durationS = -1;
    bad.electrical.transient.points = 1;
    bad.electrical.impedance.stopHz = 1e-3;
    bad.layers[3].electrical.ions[0].diffusionCm2PerS = 0;
    bad.layers[3].electrical.ions[0].activationEnergyEV = -0.2;

    const zh = await post<{
      field: string;
      errors: string[];
      issues: { path: string; message: { code: string; params: Record<string, unknown>; text: string } }[];
    }>(t.app, '/calc/sys/calc/elec', { device: bad }, as(alice, 'zh-CN'));
    expect([zh.status, zh.code]).toEqual([400, '4105']);
    expect(zh.data.field).toBe('device');
    // a registered field's value in the registry's words; the rules that couple fields in their own
    const registry = (path: string, v: number, lang: 'zh' | 'en') =>
      sayVerdict(param(path), judge(param(path), v)!, v, lang);
    expect(zh.data.errors).toEqual(
      expect.arrayContaining([
        `electrical.transient.segments[0].durationS: ${registry('electrical.transient.segments[].durationS', -1, 'en')}`,
        expect.stringMatching(/^electrical\.transient\.segments\[1\]\.rateVPerS: must be a scan rate > 0/),
        `electrical.transient.points: ${registry('electrical.transient.points', 1, 'en')}`,
        expect.stringMatching(/^electrical\.impedance\.stopHz: must be above startHz/),
        `layers[3] "MAPbI3".electrical.ions[0].diffusionCm2PerS: ${registry('layers[].electrical.ions[].diffusionCm2PerS', 0, 'en')}`,
        `layers[3] "MAPbI3".electrical.ions[0].activationEnergyEV: ${registry('layers[].electrical.ions[].activationEnergyEV', -0.2, 'en')}`,
      ]),
    );
    // the same problems with their codes, in the same order, for the form to word
    expect(zh.data.issues.map((i) => `${i.path}: ${i.message.text}`)).toEqual(zh.data.errors);
    expect(zh.data.issues).toContainEqual({
      path: 'electrical.transient.segments[0].durationS',
      message: {
        code: 'check.param-limit',
        params: {
          param: 'electrical.transient.segments[].durationS',
          rule: 'below',
          limit: 0,
          inclusive: 0,
          got: '-1',
          gotType: 'number',
        },
        text: registry('electrical.transient.segments[].durationS', -1, 'en'),
      },
    });
    // the first problem in words, with its place (the registry's judgements come first)
    const D = 'layers[].electrical.ions[].diffusionCm2PerS';
    expect(zh.msg).toBe(`计算参数无效：MAPbI3 第 1 种可移动离子：${registry(D, 0, 'zh')}`);
    const en = await post(t.app, '/calc/sys/calc/elec', { device: bad }, as(alice, 'en'));
    expect(en.code).toBe('4105');
    expect(en.msg).toBe(`Invalid calculation input: MAPbI3, mobile ion species 1: ${registry(D, 0, 'en')}`);
    expect(en.msg).not.toMatch(/electrical\.|durationS|activationEnergyEV/);

    // a species with an impossible charge is refused by the schema, naming it
    const sign = example();
    sign.layers[3].electrical.ions[0].sign = 2;
    const s = await post<{ errors: string[] }>(t.app, '/calc/sys/calc/elec', { device: sign }, as(alice));
    expect(s.code).toBe('4105');
    expect(s.data.errors.join(' ')).toMatch(/ions\[0\]\.sign/);

    // a sweep whose combination breaks the protocol is refused whole, in words
    const sweep = await post(
      t.app,
      '/calc/sys/calc/sweep',
      { kind: 'elec', device: example(), parameters: [{ path: 'electrical.transient.rateVPerS', values: [0.1, -1] }] },
      as(alice, 'zh-CN'),
    );
    expect(sweep.code).toBe('4106');
    expect(sweep.msg).toContain(
      // the protocol's default rate, after its place
      `electrical.transient.rateVPerS=-1 生成的器件无效：瞬态协议：${registry('electrical.transient.rateVPerS', -1, 'zh')}`,
    );
    expect(await calcCount(t.app)).toBe(before);
  });

  it('runs the mobile-ion example: both scans, the hysteresis index, the impedance, progress per time step', async () => {
    const res = await post<{ id: number }>(t.app, '/calc/sys/calc/elec', { device: example() }, as(alice));
    expect(res.code, res.msg).toBe('1000');
    const id = res.data.id;
    const fin = await rec.finished(id, 60_000);
    expect(fin).toMatchObject({ status: 'succeeded' });
    const details = rec.events.flatMap((e) => (e.jobId === id && e.type === 'progress' ? [e.detail ?? ''] : []));
    expect(details.some((d) => /^transient: t = .+ of 31 s$/.test(d))).toBe(true);
    const detail = await post<CalcDetail>(t.app, '/calc/sys/calc/calcData', { id }, as(alice));
    const r = detail.data.result as {
      transient: { converged: boolean; scans: { direction: string }[]; hysteresisIndex: number; profiles: unknown[] };
      impedance: { converged: boolean; frequency_Hz: number[] };
    };
    expect(r.transient.converged).toBe(true);
    expect(r.transient.scans.map((x) => x.direction)).toEqual(['reverse', 'forward']);
    expect(r.transient.hysteresisIndex).toBeGreaterThan(0.05);
    expect(r.transient.profiles).toHaveLength(4);
    expect(r.impedance.converged).toBe(true);
    expect(r.impedance.frequency_Hz).toHaveLength(40);
    const para = await post<CalcResultPara>(t.app, '/calc/sys/calc/getResultPara', { id }, as(alice));
    expect(para.data.figures['hysteresisIndex']).toBeCloseTo(r.transient.hysteresisIndex, 12);
    expect(para.data.figures['PCE_reverse_percent']).toBeGreaterThan(para.data.figures['PCE_forward_percent']!);
  }, 90_000);

  it('tabulates the hysteresis index of a sweep of the scan rate', async () => {
    const device = example();
    delete device.electrical.transient.profileTimesS;
    delete device.electrical.impedance;
    const res = await post<{ id: number; children: number }>(
      t.app,
      '/calc/sys/calc/sweep',
      {
        kind: 'elec',
        device,
        name: 'rates',
        parameters: [{ path: 'electrical.transient.rateVPerS', values: [0.1, 1], label: 'rate' }],
      },
      as(alice),
    );
    expect(res.code, res.msg).toBe('1000');
    await waitUntil(
      async () => (await t.app.services.calculations.record(res.data.id))?.status !== 'running',
      90_000,
      100,
    );
    const detail = await post<CalcDetail>(t.app, '/calc/sys/calc/calcData', { id: res.data.id }, as(alice));
    const sweep = detail.data.result as SweepResult;
    expect(detail.data.record.status).toBe('succeeded');
    expect(sweep.figureNames).toEqual(
      expect.arrayContaining(['PCE_percent', 'hysteresisIndex', 'PCE_reverse_percent', 'PCE_forward_percent']),
    );
    const [slow, fast] = sweep.table;
    expect(slow!.values).toEqual([0.1]);
    expect(slow!.figures['hysteresisIndex']).toBeGreaterThan(0.05);
    // faster than the ions can follow: more hysteresis
    expect(fast!.figures['hysteresisIndex']!).toBeGreaterThan(slow!.figures['hysteresisIndex']!);
  }, 120_000);
});

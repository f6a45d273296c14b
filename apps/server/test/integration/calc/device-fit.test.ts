import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type {
  CalcDetail,
  CalcResultPara,
  DeviceFitFree,
  DeviceFitJob,
  DeviceFitJvCurve,
  LiveMessage,
} from '@pvforge/contracts';
import type { DeviceFitResult } from '@pvforge/engine';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openXlsx, sheet, sheetRows } from '../../unit/export/helpers.js';
import { post, registerUser, signed, type TestUser } from '../helpers/client.js';
import { TestClock } from '../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { closeAll, connect } from '../live/client.js';
import {
  buildCalcApp,
  calcCount,
  dropRedisPrefix,
  fastFitDevice,
  recordEvents,
  syntheticCurve,
  waitUntil,
} from './helpers.js';

/**
 * The device fit (issue 27) through /sys/calc/fit on the real in-process queue: refusals before
 * queuing, naming the field inside the job in the caller's language; a small fit end to end on
 * real worker threads (the pool thread steering, two threads of its own running the forward runs)
 * with its live progress reaching a real WebSocket, its stored result, export and device; cancel
 * and restart of a running fit; a fit on BullMQ (the real Redis at 127.0.0.1:6379), where workers
 * of `npm run worker` run it. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 *
 * The curves are the engine's own at known values (the p-i-n perovskite example on a 60-point
 * mesh, a forward run of tens of milliseconds), with a fixed pseudo-noise, so the truth is known.
 */
const device = fastFitDevice;

const TAU = 'layers[3].electrical.tauNS';
const RS = 'electrical.rsOhmCm2';
const voltages = Array.from({ length: 25 }, (_, i) => -0.1 + (1.2 * i) / 24);
const NOISE = 0.05;

/** One light J-V of the engine at fit variables u (log10 for the lifetime), with a fixed noise. */
const measured = (free: DeviceFitFree[], u: number[]): DeviceFitJvCurve => syntheticCurve(free, u, voltages, NOISE);

const TRUTH = { tau: 1e-7, rs: 3 };
const FREE: DeviceFitFree[] = [
  { path: TAU, min: 1e-9, max: 1e-5 },
  { path: RS, min: 0, max: 20 },
];
let curve: DeviceFitJvCurve;
const fitJob = (over: Partial<DeviceFitJob> = {}): DeviceFitJob => ({
  device: device(),
  curves: [curve],
  free: FREE,
  options: { maxEvaluations: 80, starts: 4 },
  ...over,
});

let t: { app: FastifyInstance; clock: TestClock; database: TestDatabase };
let alice: TestUser;
let bob: TestUser;
let rec: ReturnType<typeof recordEvents>;
const as = (u: TestUser, lang?: string) => ({
  headers: { ...signed(u.session, t.clock), ...(lang ? { 'x-lang': lang } : {}) },
});

beforeAll(async () => {
  curve = measured(FREE, [Math.log10(TRUTH.tau), TRUTH.rs]);
  const database = await createTestDatabase();
  const clock = new TestClock();
  const app = await buildCalcApp(
    database,
    { JOB_CONCURRENCY: '1', JOB_MAX_PER_USER: '2', PVFORGE_FIT_THREADS: '2' },
    {},
    clock,
  );
  t = { app, clock, database };
  await t.app.services.jobs.start();
  rec = recordEvents(t.app.services.jobs);
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(closeAll);
afterAll(async () => {
  await t?.app.close();
  await t?.database.drop();
});

/** Threads of this process now (Linux): the fit's own threads show here while they live. */
function threadCount(): number {
  const m = /^Threads:\s+(\d+)$/m.exec(readFileSync('/proc/self/status', 'utf8'));
  return Number(m?.[1]);
}

describe('device fit: refusals before queuing', () => {
  it('refuses an anonymous caller', async () => {
    const res = await post(t.app, '/calc/sys/calc/fit', { job: fitJob() });
    expect([res.status, res.code]).toEqual([401, '2001']);
  });

  it('refuses bad jobs naming the field, in Chinese and in English, never with a 500, queuing nothing', async () => {
    const before = await calcCount(t.app);
    const dark = device();
    dark.electrical.generation = { kind: 'dark' };
    const cases: { what: string; job: unknown; field: string; zh: RegExp; en: RegExp }[] = [
      {
        what: 'a curve of one point',
        job: fitJob({ curves: [{ kind: 'jv', intensitySuns: 1, voltageV: [0], jMaCm2: [20] }] }),
        field: 'job.curves[0].voltageV',
        zh: /只有 1 个点.*至少需要 5 个点/,
        en: /has 1 point\(s\): a fit needs at least 5/,
      },
      {
        what: 'a path the registry does not know',
        job: fitJob({ free: [{ path: 'layers[3].electrical.flux', min: 1, max: 2 }] }),
        field: 'job.free[0].path',
        zh: /不是可拟合的器件参数/,
        en: /is not a device parameter that can be fitted/,
      },
      {
        what: 'min >= max',
        job: fitJob({ free: [{ path: TAU, min: 1e-6, max: 1e-8 }] }),
        field: 'job.free[0].max',
        zh: /必须大于下限/,
        en: /must be above the lower bound/,
      },
      {
        what: 'a dark device with a light curve',
        job: fitJob({ device: dark }),
        field: 'job.curves[0].intensitySuns',
        zh: /器件没有光照/,
        en: /the device has no light/,
      },
      {
        what: 'currents far above 1000 (µA/cm² or A/m² read as mA/cm²)',
        job: fitJob({ curves: [{ ...curve, jMaCm2: curve.jMaCm2.map((j) => 1000 * j) }] }),
        field: 'job.curves[0].jMaCm2',
        zh: /单位应为 mA\/cm²/,
        en: /the unit is mA\/cm²/,
      },
      {
        what: 'a job that is not JSON',
        job: '{"device": {',
        field: 'job',
        zh: /不是有效的 JSON 文本/,
        en: /not valid JSON/,
      },
      {
        what: 'an EQE spectrum without its EQE values',
        job: fitJob({ curves: [curve, { kind: 'eqe', wavelengthNm: [400, 500, 600, 700, 800] } as never] }),
        field: 'job.curves[1].eqePercent',
        zh: /job\.curves\[1\]\.eqePercent/,
        en: /job\.curves\[1\]\.eqePercent is required/,
      },
      {
        what: 'a curve of a kind the fit does not know',
        job: fitJob({ curves: [{ kind: 'iv', voltageV: [0, 1] } as never] }),
        field: 'job.curves[0].kind',
        zh: /须为 "jv"（J-V 曲线）、"eqe"（EQE 谱）、"cv"（C-V 曲线）或 "cf"（C-f 曲线）/,
        en: /must be "jv" \(a J-V curve\), "eqe" \(an EQE spectrum\), "cv" \(a C-V curve\) or "cf" \(a C-f curve\)/,
      },
      {
        what: 'a C-V curve without its measuring frequency',
        job: fitJob({
          curves: [
            curve,
            { kind: 'cv', biasV: [-1, -0.5, 0, 0.2, 0.4], capacitanceNFPerCm2: [40, 42, 45, 47, 50] } as never,
          ],
        }),
        field: 'job.curves[1].frequencyHz',
        zh: /job\.curves\[1\]\.frequencyHz/,
        en: /job\.curves\[1\]\.frequencyHz is required/,
      },
      {
        what: 'a C-f curve in µF/cm² read as nF/cm²',
        job: fitJob({
          curves: [
            curve,
            {
              kind: 'cf',
              biasV: 0,
              frequencyHz: [1e2, 1e3, 1e4, 1e5, 1e6],
              capacitanceNFPerCm2: [0.05, 0.045, 0.042, 0.04, 0.04],
            },
          ],
        }),
        field: 'job.curves[1].capacitanceNFPerCm2',
        zh: /是否为 µF\/cm²/,
        en: /the unit is nF\/cm² \(was it µF\/cm²\? multiply by 1000\)/,
      },
      {
        what: 'an EQE given as a fraction',
        job: fitJob({
          curves: [
            curve,
            { kind: 'eqe', wavelengthNm: [400, 500, 600, 700, 800], eqePercent: [0.5, 0.8, 0.8, 0.7, 0.1] },
          ],
        }),
        field: 'job.curves[1].eqePercent',
        zh: /EQE 的单位为 %/,
        en: /PVForge takes EQE in percent/,
      },
      {
        what: 'an EQE bias light given in mW/cm² rather than suns',
        job: fitJob({
          curves: [
            curve,
            {
              kind: 'eqe',
              wavelengthNm: [400, 500, 600, 700, 800],
              eqePercent: [50, 80, 80, 70, 10],
              biasLightSuns: 100,
            },
          ],
        }),
        field: 'job.curves[1].biasLightSuns',
        zh: /须在 0 到 2 个太阳之间/,
        en: /must be between 0 and 2 suns \(the unit is suns, not mW\/cm²\)/,
      },
      {
        what: 'a budget above its ceiling',
        job: fitJob({ options: { maxEvaluations: 1_000_000 } }),
        field: 'job.options.maxEvaluations',
        zh: /job\.options\.maxEvaluations.*5000/,
        en: /job\.options\.maxEvaluations.*5000/,
      },
      {
        what: 'a device the device check refuses',
        job: fitJob({ device: { ...device(), electrical: { ...device().electrical, gridPoints: -3 } } }),
        field: 'job.device',
        zh: /计算参数无效/,
        en: /Invalid calculation input/,
      },
    ];
    for (const c of cases) {
      for (const [lang, words] of [
        ['zh-CN', c.zh],
        ['en', c.en],
      ] as const) {
        const res = await post<{ field: string; errors: string[]; problems?: { field: string; msg: string }[] }>(
          t.app,
          '/calc/sys/calc/fit',
          { job: typeof c.job === 'string' ? c.job : JSON.stringify(c.job) },
          as(alice, lang),
        );
        expect([res.status, res.code], `${c.what} (${lang}): ${res.msg}`).toEqual([400, '4105']);
        expect(res.data.field, c.what).toBe(c.field);
        expect(res.msg, `${c.what} (${lang})`).toMatch(words);
        if (c.field !== 'job.device') expect(res.msg, `${c.what} (${lang}) names the field`).toContain(c.field);
        if (res.data.problems)
          expect(res.data.problems[0]).toEqual({ field: c.field, msg: expect.stringMatching(words) });
      }
    }
    // the body itself: a job missing altogether is the schema's refusal, with the field
    const none = await post<{ field: string }>(t.app, '/calc/sys/calc/fit', { name: 'x' }, as(alice, 'en'));
    expect([none.status, none.code, none.data.field]).toEqual([400, '1001', 'job']);
    expect(await calcCount(t.app)).toBe(before);
  });
});

describe('device fit: a run', () => {
  it('fits two parameters end to end: live progress with the fit state, a result whose intervals hold the truth, the export, the device saved', async () => {
    const live = connect(t.app, alice.session);
    await live.next((m) => m.act === 'online');
    const res = await post<{ id: number }>(
      t.app,
      '/calc/sys/calc/fit',
      { job: fitJob(), name: 'tau and Rs' },
      as(alice),
    );
    expect(res.code, res.msg).toBe('1000');
    const id = res.data.id;
    expect(await rec.finished(id, 60_000)).toMatchObject({ status: 'succeeded', kind: 'fit' });

    // live: fireFit, progress messages carrying the fit's state at most five a second, finishFit
    const done = await live.next((m) => m.act === 'finishFit' && m.jobId === id, 10_000);
    expect(done).toMatchObject({ kind: 'fit', status: 'succeeded', recordId: id });
    const mine = live.messages.filter((m) => m.jobId === id);
    expect(mine[0]).toMatchObject({ act: 'fireFit', kind: 'fit' });
    const progress = mine.filter((m): m is LiveMessage & { fit: NonNullable<LiveMessage['fit']> } => !!m.fit);
    expect(progress.length).toBeGreaterThan(0);
    for (const m of progress) {
      expect(m.act).toBe('progress');
      expect(m.fit.maxEvaluations).toBe(80);
      expect(m.percent).toBe(Math.min(99, Math.floor((100 * m.fit.evaluations) / 80)));
      expect(m.detail).toMatch(/^fit: (start design|least squares|intervals), \d+\/80 runs/);
    }
    const last = progress.at(-1)!.fit;
    expect(last.values).toHaveLength(2);
    expect(last.curves).toHaveLength(1);
    expect(last.curves![0]).toHaveLength(voltages.length);
    expect(last.chiSquare).toBeGreaterThan(0);
    const percents = progress.map((m) => m.percent!);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));

    const detail = await post<CalcDetail>(t.app, '/calc/sys/calc/calcData', { id }, as(alice));
    expect(detail.data.record).toMatchObject({
      id,
      kind: 'fit',
      status: 'succeeded',
      name: 'tau and Rs',
      progress: 100,
    });
    expect((detail.data.input as DeviceFitJob).free).toEqual(FREE);
    const result = detail.data.result as DeviceFitResult;
    expect(result.status).toBe('converged');
    const [tau, rs] = result.parameters;
    expect(tau).toMatchObject({ path: TAU, identifiable: true });
    expect(rs).toMatchObject({ path: RS, identifiable: true });
    expect(tau!.low!).toBeLessThan(TRUTH.tau);
    expect(tau!.high!).toBeGreaterThan(TRUTH.tau);
    expect(rs!.low!).toBeLessThan(TRUTH.rs);
    expect(rs!.high!).toBeGreaterThan(TRUTH.rs);
    // the intervals say something: not the whole range
    expect(tau!.high! / tau!.low!).toBeLessThan(100);
    expect(rs!.high! - rs!.low!).toBeLessThan(10);
    const fitted = result.device as { layers: { electrical?: { tauNS?: number } }[]; electrical: { rsOhmCm2: number } };
    expect(fitted.layers[3]!.electrical!.tauNS).toBe(tau!.value);
    expect(fitted.electrical.rsOhmCm2).toBe(rs!.value);
    // not another user's
    expect((await post(t.app, '/calc/sys/calc/calcData', { id }, as(bob))).code).toBe('4101');
    const para = await post<CalcResultPara>(t.app, '/calc/sys/calc/getResultPara', { id }, as(alice));
    expect(para.data.figures).toMatchObject({
      chiSquare: result.chiSquare,
      evaluations: result.evaluations,
      [`fit_${TAU}`]: tau!.value,
      [`fit_${RS}`]: rs!.value,
    });

    // the export: parameters with their intervals, the curves, the correlations, the history
    const file = await t.app.inject({
      method: 'POST',
      url: '/calc/sys/calc/outputData',
      headers: { ...as(alice, 'en').headers, 'content-type': 'application/json' },
      payload: { id },
    });
    expect(file.statusCode).toBe(200);
    const wb = await openXlsx(file.rawPayload);
    const rows = sheetRows(sheet(wb, 'Fitted parameters'));
    expect(rows[0]!.slice(0, 7)).toEqual([
      'Path',
      'Parameter',
      'Unit',
      'Value',
      'CI low 95%',
      'CI high 95%',
      'Determined by the data',
    ]);
    expect(rows[1]!.slice(0, 7)).toEqual([TAU, tau!.label.en, tau!.unit, tau!.value, tau!.low, tau!.high, true]);
    const c1 = sheetRows(sheet(wb, 'Curve 1 1 sun'));
    expect(c1[0]).toEqual([
      'V (V)',
      'J data (mA/cm²)',
      'J fit (mA/cm²)',
      'Residual fit - data (mA/cm²)',
      'Weighted residual (noise units)',
    ]);
    expect(c1).toHaveLength(voltages.length + 1);
    expect(sheetRows(sheet(wb, 'Correlations'))[1]!.slice(0, 2)).toEqual([TAU, RS]);
    expect(sheetRows(sheet(wb, 'Fit history')).length).toBe(result.history.length + 1);
    // the circuit export route is not for it
    const wrong = await post(t.app, '/calc/sys/calc/circleData', { id }, as(alice));
    expect(wrong.code).toBe('4101');

    // the fitted device goes to the user's library through the existing route
    const saved = await post<{ id: string; name: string }>(
      t.app,
      '/calc/sys/device/save',
      { spec: result.device, name: 'fitted' },
      as(alice),
    );
    expect(saved.code, saved.msg).toBe('1000');
  }, 90_000);

  it('cancels a running fit: the job is cancelled and the fit’s own threads end with it', async () => {
    const res = await post<{ id: number }>(
      t.app,
      '/calc/sys/calc/fit',
      { job: fitJob({ options: { maxEvaluations: 5000, starts: 2 } }) },
      as(alice),
    );
    expect(res.code, res.msg).toBe('1000');
    const id = res.data.id;
    // a batch of runs has come back from the fit's two threads: they are running now
    await waitUntil(() => rec.events.some((e) => e.type === 'progress' && e.jobId === id && e.fit), 30_000);
    const during = threadCount();
    expect((await t.app.services.calculations.record(id))?.status).toBe('running');
    expect((await post(t.app, '/calc/sys/calc/cancel', { id }, as(bob))).code).toBe('4101');
    expect((await post(t.app, '/calc/sys/calc/cancel', { id }, as(alice))).code).toBe('1000');
    expect(await rec.finished(id)).toMatchObject({ status: 'cancelled' });
    // the pool thread is replaced by a fresh one (-1 +1); the fit's two threads are gone with the
    // old one: were they left running, the count would stay where it was
    await waitUntil(() => threadCount() <= during - 2, 15_000, 100);
    expect((await t.app.services.calculations.record(id))?.status).toBe('cancelled');
  }, 60_000);

  it('goes back to the queue when the server stops mid-fit, and runs again at the next start', async () => {
    const res = await post<{ id: number }>(
      t.app,
      '/calc/sys/calc/fit',
      { job: fitJob({ options: { maxEvaluations: 5000, starts: 2 } }) },
      as(alice),
    );
    const id = res.data.id;
    await waitUntil(() => rec.events.some((e) => e.type === 'progress' && e.jobId === id && e.fit), 30_000);
    await t.app.services.jobs.stop(); // as a process that ends: the job stays 'running'
    expect((await t.app.services.calculations.record(id))?.status).toBe('running');
    await t.app.services.jobs.start();
    // recovered as every job is: queued again and started a second time (its run is the first
    // test's; this one is cancelled once it has started again)
    await waitUntil(async () => {
      const r = await t.app.services.calculations.record(id);
      return r?.status === 'running' && r.attempts === 2;
    }, 30_000);
    expect((await post(t.app, '/calc/sys/calc/cancel', { id }, as(alice))).code).toBe('1000');
    expect(await rec.finished(id)).toMatchObject({ status: 'cancelled' });
  }, 90_000);
});

describe('device fit on BullMQ', () => {
  const prefix = `pvtest-${randomBytes(4).toString('hex')}`;
  let b: { app: FastifyInstance; clock: TestClock; database: TestDatabase };
  let user: TestUser;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const clock = new TestClock();
    const app = await buildCalcApp(
      database,
      { JOB_CONCURRENCY: '1', PVFORGE_FIT_THREADS: '2', REDIS_URL: 'redis://127.0.0.1:6379' },
      { prefix },
      clock,
    );
    b = { app, clock, database };
    await app.services.jobs.start();
    user = await registerUser(app);
  });
  afterAll(async () => {
    await b?.app.close();
    await b?.database.drop();
    await dropRedisPrefix(prefix);
  });

  it('runs a fit on a BullMQ worker, its progress with the fit state crossing Redis', async () => {
    const events = recordEvents(b.app.services.jobs);
    const one: DeviceFitFree[] = [{ path: TAU, min: 1e-9, max: 1e-5 }];
    const res = await post<{ id: number }>(
      b.app,
      '/calc/sys/calc/fit',
      { job: fitJob({ free: one, curves: [measured(one, [Math.log10(TRUTH.tau)])], options: { starts: 4 } }) },
      { headers: signed(user.session, b.clock) },
    );
    expect(res.code, res.msg).toBe('1000');
    expect(await events.finished(res.data.id, 60_000)).toMatchObject({ status: 'succeeded', kind: 'fit' });
    const withFit = events.events.filter((e) => e.type === 'progress' && e.jobId === res.data.id && e.fit);
    expect(withFit.length).toBeGreaterThan(0);
    const result = (await b.app.services.calculations.result(res.data.id)) as DeviceFitResult;
    expect(result.parameters[0]!.low!).toBeLessThan(TRUTH.tau);
    expect(result.parameters[0]!.high!).toBeGreaterThan(TRUTH.tau);
  }, 60_000);
});

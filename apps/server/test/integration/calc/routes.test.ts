import { randomBytes } from 'node:crypto';
import type { CalcDetail, CalcListData, CalcResultPara, StatData } from '@pvforge/contracts';
import { modifiedCircuit, SdmSolver, simulateCircuit, simulateSdm } from '@pvforge/engine';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, registerUser, signed, type TestUser } from '../helpers/client.js';
import { TestClock } from '../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { buildCalcApp, calcCount, dropRedisPrefix, fixtureDevice, recordEvents, sdmJob } from './helpers.js';

/**
 * /sys/calc/* on both queue adapters: in-process, and BullMQ on the real Redis at 127.0.0.1:6379
 * (a key prefix of this file's own, removed afterwards). Real worker threads, real database.
 */
const adapters = [
  { adapter: 'in-process', env: {} as Record<string, string> },
  { adapter: 'bullmq', env: { REDIS_URL: 'redis://127.0.0.1:6379' } as Record<string, string> },
];

describe.each(adapters)('calculation routes ($adapter)', ({ env }) => {
  let t: { app: FastifyInstance; clock: TestClock; database: TestDatabase; close(): Promise<void> };
  const prefix = `pvtest-${randomBytes(4).toString('hex')}`;
  let alice: TestUser;
  let bob: TestUser;
  let rec: ReturnType<typeof recordEvents>;
  const as = (u: TestUser) => ({ headers: signed(u.session, t.clock) });

  beforeAll(async () => {
    const database = await createTestDatabase();
    const clock = new TestClock();
    const app = await buildCalcApp(
      database,
      { JOB_CONCURRENCY: '2', JOB_MAX_PER_USER: '2', ...env },
      { prefix },
      clock,
    );
    t = {
      app,
      clock,
      database,
      async close() {
        await app.close();
        await database.drop();
        if (env['REDIS_URL']) await dropRedisPrefix(prefix);
      },
    };
    await t.app.services.jobs.start();
    rec = recordEvents(t.app.services.jobs);
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs a circuit simulation: started, progress in order, finished, right key figures', async () => {
    const res = await post<{ id: number }>(t.app, '/calc/sys/calc/circle', { job: sdmJob(), name: 'sdm' }, as(alice));
    expect(res.code).toBe('1000');
    const id = res.data.id;
    const fin = await rec.finished(id);
    expect(fin).toMatchObject({
      type: 'finished',
      status: 'succeeded',
      userId: alice.session.user_id,
      kind: 'circle',
    });
    const mine = rec.events.filter((e) => e.jobId === id);
    expect(mine[0]?.type).toBe('started');
    expect(mine.at(-1)?.type).toBe('finished');
    const percents = mine.flatMap((e) => (e.type === 'progress' ? [e.percent] : []));
    expect(percents.length).toBeGreaterThan(0);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);

    const para = await post<CalcResultPara>(t.app, '/calc/sys/calc/getResultPara', { id }, as(alice));
    const job = sdmJob() as {
      params: { jphMaCm2: number; j0MaCm2: number; n: number; rsOhmCm2: number; rshOhmCm2: number; tK: number };
      voltageV: number[];
    };
    const expected = simulateSdm(job.params, job.voltageV).keyFigures;
    expect(para.data.figures['vocV']).toBeCloseTo(expected.vocV, 9);
    expect(para.data.figures['jscMaCm2']).toBeCloseTo(expected.jscMaCm2, 9);
    // Jsc = Jph / (1 + Rs/Rsh) at V = 0 for a negligible diode current
    expect(para.data.figures['jscMaCm2']).toBeCloseTo(23 / (1 + 3 / 2000), 3);

    const data = await post<CalcDetail>(t.app, '/calc/sys/calc/calcData', { id }, as(alice));
    expect(data.data.record).toMatchObject({ id, kind: 'circle', status: 'succeeded', progress: 100, name: 'sdm' });
    expect(data.data.record.input_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(data.data.input).toEqual(sdmJob());
    expect((data.data.result as { curve: { jMaCm2: number[] } }).curve.jMaCm2).toHaveLength(50);
  });

  it('fits a known single-diode curve (form post, job as JSON text) and recovers its parameters', async () => {
    const v = Array.from({ length: 200 }, (_, i) => -0.1 + (1.3 * i) / 199);
    const j = Array.from(
      new SdmSolver({ jphMaCm2: 23, j0MaCm2: 3e-12, n: 1.5, rsOhmCm2: 3, rshOhmCm2: 2000, tK: 300 }).curve(v),
    );
    const job = { kind: 'fit', model: 'sdm', tK: 300, curve: { voltageV: v, jMaCm2: j } };
    const res = await post<{ id: number }>(
      t.app,
      '/calc/sys/calc/circle',
      { job: JSON.stringify(job) },
      { ...as(alice), form: true },
    );
    expect(res.code).toBe('1000');
    expect((await rec.finished(res.data.id)).type).toBe('finished');
    const para = await post<CalcResultPara>(
      t.app,
      '/calc/sys/calc/getResultPara',
      { id: res.data.id },
      { ...as(alice), form: true },
    );
    expect(para.data.status).toBe('succeeded');
    expect(para.data.figures['fit_n']).toBeCloseTo(1.5, 2);
    expect(para.data.figures['fit_rsOhmCm2']).toBeCloseTo(3, 1);
    expect(para.data.figures['r2']).toBeGreaterThan(0.9999);
  });

  it('fits two curves of one device with the modified model, and refuses a fit without the absorber facts', async () => {
    const absorber = { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300 };
    const params = { yBulkPerS: 1e6, uIfPerCm2S: 1e3, yAugerPerS: 0, rsOhmCm2: 3, rshOhmCm2: 3000 };
    const v = Array.from({ length: 120 }, (_, i) => -0.1 + (1.35 * i) / 119);
    const curve = (jph: number) => simulateCircuit(modifiedCircuit({ ...params, jphMaCm2: jph }, absorber), v).jMaCm2;
    const job = {
      kind: 'fit',
      model: 'modified',
      tK: 300,
      absorber,
      knowns: { bulk: { tauBulkS: 5e-7 }, auger: 'off' },
      curves: [
        { label: '1 sun', voltageV: v, jMaCm2: curve(23), pinMwCm2: 100 },
        { label: '0.5 sun', voltageV: v, jMaCm2: curve(11.5), pinMwCm2: 50 },
      ],
    };
    const res = await post<{ id: number }>(t.app, '/calc/sys/calc/circle2', { job }, as(alice));
    expect(res.code).toBe('1000');
    expect(await rec.finished(res.data.id)).toMatchObject({ status: 'succeeded' });
    const data = await post<CalcDetail>(t.app, '/calc/sys/calc/calcData', { id: res.data.id }, as(alice));
    const result = data.data.result as {
      fit: { curves: { label: string; params: Record<string, number> }[] };
      curves: { label: string; split: { interface: number[] }; ranking: string[] }[];
    };
    expect(result.fit.curves.map((c) => c.label)).toEqual(['1 sun', '0.5 sun']);
    expect(result.fit.curves[1]!.params['jphMaCm2']).toBeCloseTo(11.5, 2);
    expect(result.curves[0]!.split.interface).toHaveLength(120);
    expect(result.curves[1]!.ranking.length).toBe(4);

    const before = await calcCount(t.app);
    const { knowns: _k, ...noKnowns } = job;
    const bad = await post<{ errors: string[] }>(t.app, '/calc/sys/calc/circle2', { job: noKnowns }, as(alice));
    expect(bad.code).toBe('4105');
    expect(bad.data.errors.join('\n')).toMatch(/^knowns: the split needs what is known of the absorber/m);
    // half a sun of light cannot carry more power above the gap than the incident power
    const flat = { wavelengthNm: [300, 800], irradianceWm2Nm: [1.5, 1.5] };
    const dim = await post<{ errors: string[] }>(
      t.app,
      '/calc/sys/calc/circle2',
      { job: { ...job, spectrum: flat, curves: [{ ...job.curves[0]!, pinMwCm2: 50, suns: 1 }] } },
      as(alice),
    );
    expect(dim.code).toBe('4105');
    expect(dim.data.errors.join('\n')).toMatch(
      /^curves\[0\]\.pinMwCm2: the spectrum carries .* more than the incident power 50/m,
    );
    expect(await calcCount(t.app)).toBe(before);
  });

  it('runs an optical calculation of a DeviceSpec and draws its structure', async () => {
    const res = await post<{ id: number }>(t.app, '/calc/sys/calc/opt', { device: fixtureDevice('opt') }, as(alice));
    expect(res.code).toBe('1000');
    expect((await rec.finished(res.data.id)).type).toBe('finished');
    const para = await post<CalcResultPara>(t.app, '/calc/sys/calc/getResultPara', { id: res.data.id }, as(alice));
    expect(para.data.status).toBe('succeeded');
    // photocurrent absorbed in MAPbI3 (400 nm, AM1.5G 310-900 nm): ~21 mA/cm2, same as the engine's CLI run
    expect(para.data.figures['jphAbsorbersMaCm2']).toBeGreaterThan(18);
    expect(para.data.figures['jphAbsorbersMaCm2']).toBeLessThan(24);
    const st = await post<{ layers: { name: string; thicknessNm: number; material: string }[] }>(
      t.app,
      '/calc/sys/calc/getOptStruct',
      { id: res.data.id },
      as(alice),
    );
    expect(st.data.layers.map((l) => l.name)).toEqual(['glass', 'ITO', 'PEDOT:PSS', 'MAPbI3', 'PC61BM', 'Ag']);
    expect(st.data.layers[3]).toMatchObject({ thicknessNm: 400, material: 'mapbi3' });
  });

  it('runs the coupled electrical simulation and stores its J-V figures', async () => {
    const res = await post<{ id: number }>(t.app, '/calc/sys/calc/elec', { device: fixtureDevice('elec') }, as(alice));
    expect(res.code).toBe('1000');
    const fin = await rec.finished(res.data.id, 60_000);
    expect(fin).toMatchObject({ status: 'succeeded', kind: 'elec' });
    const para = await post<CalcResultPara>(t.app, '/calc/sys/calc/getResultPara', { id: res.data.id }, as(alice));
    expect(para.data.figures['Voc_V']).toBeGreaterThan(0.9);
    expect(para.data.figures['Jsc_mA_cm2']).toBeGreaterThan(15);
    expect(para.data.figures['FF']).toBeGreaterThan(0.5);
    // The user watches the sweep: progress names the bias point, and never goes back; it is told
    // at most five times a second (the run's 60-100 bias points in a few seconds would flood the page)
    const progress = rec.events.filter((e) => e.jobId === res.data.id && e.type === 'progress');
    const details = progress.map((e) => (e.type === 'progress' ? (e.detail ?? '') : ''));
    expect(details.filter((d) => /^light J-V: V = [-\d.]+ V \(\d+\/\d+\)$/.test(d)).length).toBeGreaterThan(0);
    expect(progress.length).toBeLessThan(60);
    const percents = progress.map((e) => (e.type === 'progress' ? e.percent : -1));
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  }, 90_000);

  it('refuses before queuing a wavelength range an n,k table does not cover (no extrapolation), naming the layer', async () => {
    const before = await calcCount(t.app);
    for (const kind of ['opt', 'elec'] as const) {
      const device = fixtureDevice(kind) as { illumination: { wavelength: Record<string, number> } };
      device.illumination.wavelength = { startNm: 300, endNm: 1600, stepNm: 1 };
      const r = await post<{ field: string; errors: string[] }>(t.app, `/calc/sys/calc/${kind}`, { device }, as(alice));
      expect(r.code).toBe('4105');
      // the first layer whose table ends before 1600 nm (PEDOT:PSS in the optical fixture, PTAA in the electrical one)
      expect(r.data.errors.join('\n')).toMatch(
        kind === 'opt'
          ? /^layers\[\d\] "PEDOT:PSS"\.optical: n,k of "[^"]+" missing at \d+ nm: the table covers/m
          : /^layers\[\d\] "PTAA"\.optical: n,k of "ptaa" missing at 1101 nm: the table covers 300-1100 nm/m,
      );
    }
    expect(await calcCount(t.app)).toBe(before);
  });

  it('refuses invalid payloads with the field and queues nothing', async () => {
    const before = await calcCount(t.app);
    const badParams = {
      ...sdmJob(),
      params: { jphMaCm2: 23, j0MaCm2: -1, n: 1.5, rsOhmCm2: 3, rshOhmCm2: 2000, tK: 300 },
    };
    const a = await post<{ field: string; errors: string[] }>(
      t.app,
      '/calc/sys/calc/circle',
      { job: badParams },
      as(alice),
    );
    expect(a.status).toBe(400);
    expect(a.code).toBe('4105');
    expect(a.data.errors.join(' ')).toMatch(/params\.j0MaCm2/);
    const zh = await post(
      t.app,
      '/calc/sys/calc/circle',
      { job: badParams },
      { headers: { ...signed(alice.session, t.clock), 'x-lang': 'zh-CN' } },
    );
    expect(zh.msg).toMatch(/^计算参数无效/);
    const en = await post(
      t.app,
      '/calc/sys/calc/circle',
      { job: badParams },
      { headers: { ...signed(alice.session, t.clock), 'x-lang': 'en' } },
    );
    expect(en.msg).toMatch(/^Invalid calculation input/);

    // what the job schema leaves loose, the engine's own check refuses before anything is queued
    const badTwoDiode = {
      kind: 'simulate-2dm',
      params: { jphMaCm2: 20, j01MaCm2: -1e-12, j02MaCm2: 1e-8, rsOhmCm2: 1, rshOhmCm2: null, tK: 300 },
      voltageV: [0, 0.5, 1],
    };
    const b = await post<{ field: string; errors: string[] }>(
      t.app,
      '/calc/sys/calc/circle',
      { job: badTwoDiode },
      as(alice),
    );
    expect(b.code).toBe('4105');
    expect(b.data.errors).toEqual(['params.j01MaCm2: must be >= 0 (got -1e-12)']);

    // a modified-model job is not a 'circle' job
    expect((await post(t.app, '/calc/sys/calc/circle', { job: { kind: 'losses' } }, as(alice))).code).toBe('4105');
    expect((await post(t.app, '/calc/sys/calc/circle', { job: '{not json' }, as(alice))).code).toBe('4105');
    expect((await post(t.app, '/calc/sys/calc/circle', {}, as(alice))).code).toBe('1001');

    const device = fixtureDevice('opt') as { layers: { thicknessNm: number }[] };
    device.layers[3]!.thicknessNm = -5;
    const d = await post<{ field: string }>(t.app, '/calc/sys/calc/opt', { device }, as(alice));
    expect(d.code).toBe('4105');
    const unknownMaterial = fixtureDevice('opt') as { layers: { optical: unknown }[] };
    unknownMaterial.layers[3]!.optical = { kind: 'table', materialId: 'unobtainium' };
    expect((await post(t.app, '/calc/sys/calc/opt', { device: unknownMaterial }, as(alice))).code).toBe('4105');
    // an optical-only device is not an electrical calculation
    expect((await post(t.app, '/calc/sys/calc/elec', { device: fixtureDevice('opt') }, as(alice))).code).toBe('4105');
    expect(await calcCount(t.app)).toBe(before);
  });

  it("keeps every user's calculations to that user", async () => {
    const res = await post<{ id: number }>(t.app, '/calc/sys/calc/circle', { job: sdmJob() }, as(alice));
    const id = res.data.id;
    await rec.finished(id);
    for (const path of ['calcData', 'getResultPara', 'cancel', 'delete', 'getOptStruct', 'inputData', 'circleData']) {
      const r = await post(t.app, `/calc/sys/calc/${path}`, { id }, as(bob));
      expect([r.status, r.code], path).toEqual([404, '4101']);
    }
    const list = await post<CalcListData>(t.app, '/calc/sys/calc/circleCalcList', {}, as(bob));
    expect(list.data.list.map((r) => r.id)).not.toContain(id);
    // without a session: refused before anything else
    expect((await post(t.app, '/calc/sys/calc/calcData', { id })).status).toBe(401);
    expect((await post(t.app, '/calc/sys/calc/circle', { job: sdmJob() })).status).toBe(401);
    // still there for its owner
    expect((await post(t.app, '/calc/sys/calc/calcData', { id }, as(alice))).code).toBe('1000');
  });

  it('lists with paging and filters, reports performance, exports the input, deletes', async () => {
    const circ = await post<CalcListData>(t.app, '/calc/sys/calc/circleCalcList', { page: 1, size: 2 }, as(alice));
    expect(circ.data.total).toBeGreaterThanOrEqual(3);
    expect(circ.data.list).toHaveLength(2);
    expect(circ.data.list[0]!.id).toBeGreaterThan(circ.data.list[1]!.id);
    const opt = await post<CalcListData>(
      t.app,
      '/calc/sys/calc/calcList',
      { kind: 'opt', status: 'succeeded' },
      as(alice),
    );
    expect(opt.data.list.every((r) => r.kind === 'opt' && r.status === 'succeeded')).toBe(true);
    expect(opt.data.total).toBe(1);

    const perf = await post<{
      byKind: Record<string, number>;
      byStatus: Record<string, number>;
      total: number;
      meanRunMs: number;
    }>(t.app, '/calc/sys/calc/performance', {}, as(alice));
    expect(perf.data.byKind['opt']).toBe(1);
    expect(perf.data.byKind['elec']).toBe(1);
    expect(perf.data.byStatus['succeeded']).toBe(perf.data.total);
    expect(perf.data.meanRunMs).toBeGreaterThanOrEqual(0);

    const id = circ.data.list[0]!.id;
    const file = await t.app.inject({ method: 'POST', url: '/calc/sys/calc/inputData', payload: { id }, ...as(alice) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/attachment; filename="pvforge-circle-\d+-input\.json"/);
    const again = await post<{ id: number }>(t.app, '/calc/sys/calc/circle', { job: file.body }, as(alice));
    expect(again.code).toBe('1000');
    await rec.finished(again.data.id);

    const stats = await get<StatData>(t.app, '/calc/sys/stat/all');
    const circuits = stats.data.data[stats.data.names.indexOf('circuitCalculations')];
    expect(circuits).toBe((await post<CalcListData>(t.app, '/calc/sys/calc/circleCalcList', {}, as(alice))).data.total);

    expect((await post(t.app, '/calc/sys/calc/delete', { id }, as(alice))).code).toBe('1000');
    expect((await post(t.app, '/calc/sys/calc/calcData', { id }, as(alice))).code).toBe('4101');
    expect((await post(t.app, '/calc/sys/calc/cancel', { id: again.data.id }, as(alice))).code).toBe('4103');
  });

  it('exports results as XLSX and CSV zip (outputData, circleData)', async () => {
    const opt = (await post<CalcListData>(t.app, '/calc/sys/calc/calcList', { kind: 'opt' }, as(alice))).data.list[0]!;
    const x = await t.app.inject({
      method: 'POST',
      url: '/calc/sys/calc/outputData',
      payload: { id: opt.id },
      ...as(alice),
    });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toMatch(/spreadsheetml/);
    expect(x.headers['content-disposition']).toMatch(/^attachment; filename=".*\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const names = book.worksheets.map((w) => w.name);
    expect(names).toContain('Input');
    expect(names.length).toBeGreaterThan(2);

    const circ = (await post<CalcListData>(t.app, '/calc/sys/calc/circleCalcList', { status: 'succeeded' }, as(alice)))
      .data.list[0]!;
    const z = await t.app.inject({
      method: 'POST',
      url: '/calc/sys/calc/circleData',
      payload: { id: circ.id, format: 'csv-zip' },
      ...as(alice),
    });
    expect(z.statusCode).toBe(200);
    expect(z.headers['content-type']).toBe('application/zip');
    expect(z.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    // a circuit record is not a device export, and the other way round
    expect((await post(t.app, '/calc/sys/calc/outputData', { id: circ.id }, as(alice))).code).toBe('4101');
    expect((await post(t.app, '/calc/sys/calc/circleData', { id: opt.id }, as(alice))).code).toBe('4101');
  });

  it('documents every calc route in the OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/calc/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const p of [
      'opt',
      'elec',
      'circle',
      'circle2',
      'calcList',
      'circleCalcList',
      'calcData',
      'getResultPara',
      'delete',
      'performance',
      'getOptStruct',
      'inputData',
      'outputData',
      'circleData',
      'cancel',
    ])
      expect(Object.keys(doc.paths), p).toContain(`/calc/sys/calc/${p}`);
  });
});

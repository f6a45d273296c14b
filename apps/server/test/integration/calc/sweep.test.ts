import { randomBytes } from 'node:crypto';
import type { CalcDetail, CalcResultPara, CalcSweepChildren } from '@pvforge/contracts';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SweepResult } from '../../../src/jobs/sweep.js';
import { post, registerUser, signed, type TestUser } from '../helpers/client.js';
import { TestClock } from '../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { buildCalcApp, calcCount, dropRedisPrefix, fixtureDevice, waitUntil } from './helpers.js';

/**
 * Parameter sweeps (/sys/calc/sweep) on both queue adapters: real child jobs through the real
 * queue and worker threads, aggregated into the sweep's record when the last child ends.
 */
const adapters = [
  { adapter: 'in-process', env: {} as Record<string, string> },
  { adapter: 'bullmq', env: { REDIS_URL: 'redis://127.0.0.1:6379' } as Record<string, string> },
];

describe.each(adapters)('parameter sweeps ($adapter)', ({ env }) => {
  let t: { app: FastifyInstance; clock: TestClock; database: TestDatabase; close(): Promise<void> };
  const prefix = `pvtest-${randomBytes(4).toString('hex')}`;
  let alice: TestUser;
  let bob: TestUser;
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
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * The sweep's record once it has left 'running'. Polls the table, not calcData (which would
   * aggregate on read): the children's 'finished' events must complete the sweep on their own.
   */
  async function ended(id: number, user: TestUser): Promise<CalcDetail> {
    await waitUntil(async () => (await t.app.services.calculations.record(id))?.status !== 'running', 60_000, 100);
    return (await post<CalcDetail>(t.app, '/calc/sys/calc/calcData', { id }, as(user))).data;
  }

  it('sweeps the absorber thickness (1-D): children in order, absorber Jph grows with thickness', async () => {
    const res = await post<{ id: number; children: number }>(
      t.app,
      '/calc/sys/calc/sweep',
      {
        kind: 'opt',
        device: fixtureDevice('opt'),
        name: 'thickness',
        parameters: [{ path: 'layers[3].thicknessNm', values: [200, 400, 600], label: 'd_abs' }],
      },
      as(alice),
    );
    expect(res.code).toBe('1000');
    expect(res.data.children).toBe(3);
    const id = res.data.id;

    const detail = await ended(id, alice);
    expect(detail.record).toMatchObject({ id, kind: 'opt', status: 'succeeded', parent_id: null, name: 'thickness' });
    const r = detail.result as SweepResult;
    expect(r.parameters).toEqual([{ path: 'layers[3].thicknessNm', label: 'd_abs', values: [200, 400, 600] }]);
    expect(r.table.map((row) => row.values)).toEqual([[200], [400], [600]]);
    expect(r.table.every((row) => row.status === 'succeeded')).toBe(true);
    const jph = r.table.map((row) => row.figures['jphAbsorbersMaCm2'] as number);
    expect(jph[0]).toBeGreaterThan(5);
    expect(jph[1]).toBeGreaterThan(jph[0] as number);
    expect(jph[2]).toBeGreaterThan(jph[1] as number);
    expect(r.map).toBeUndefined();

    const children = await post<CalcSweepChildren>(t.app, '/calc/sys/calc/sweepChildren', { id }, as(alice));
    expect(children.data.children.map((c) => c.values)).toEqual([[200], [400], [600]]);
    expect(children.data.children.map((c) => c.id)).toEqual(r.table.map((row) => row.id));
    // each child is an ordinary calculation of the varied device, pointing at its sweep
    const child = await post<CalcDetail>(
      t.app,
      '/calc/sys/calc/calcData',
      { id: children.data.children[2]?.id },
      as(alice),
    );
    expect(child.data.record.parent_id).toBe(id);
    // named by the sweep and the combination, so its runs are told apart in every list
    expect(child.data.record.name).toBe('thickness · d_abs = 600');
    expect((child.data.input as { layers: { thicknessNm: number }[] }).layers[3]?.thicknessNm).toBe(600);

    const para = await post<CalcResultPara>(t.app, '/calc/sys/calc/getResultPara', { id }, as(alice));
    expect(para.data.figures).toEqual({ combinations: 3, succeeded: 3 });
    expect((para.data.sweep as SweepResult).table).toHaveLength(3);
  }, 90_000);

  it('sweeps two parameters (2x2) into a [i][j] map', async () => {
    const res = await post<{ id: number; children: number }>(
      t.app,
      '/calc/sys/calc/sweep',
      {
        kind: 'opt',
        device: JSON.stringify(fixtureDevice('opt')),
        parameters: [
          { path: 'layers[3].thicknessNm', values: [300, 500] },
          { path: 'illumination.suns', values: [1, 2] },
        ],
      },
      as(alice),
    );
    expect(res.code).toBe('1000');
    expect(res.data.children).toBe(4);
    const r = (await ended(res.data.id, alice)).result as SweepResult;
    expect(r.table.map((row) => row.values)).toEqual([
      [300, 1],
      [300, 2],
      [500, 1],
      [500, 2],
    ]);
    const map = r.map?.['jphAbsorbersMaCm2'] as number[][];
    expect(map).toHaveLength(2);
    expect(map.map((row) => row.length)).toEqual([2, 2]);
    // thicker absorbs more; twice the light, twice the photocurrent
    expect(map[1]?.[0]).toBeGreaterThan(map[0]?.[0] as number);
    expect(map[0]?.[1]).toBeCloseTo(2 * (map[0]?.[0] as number), 6);
    expect(r.statusMap).toEqual([
      ['succeeded', 'succeeded'],
      ['succeeded', 'succeeded'],
    ]);

    // the export: one row per combination with its figures, and a map sheet per figure
    const x = await t.app.inject({
      method: 'POST',
      url: '/calc/sys/calc/outputData',
      payload: { id: res.data.id },
      ...as(alice),
    });
    expect(x.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const rows = (name: string) => {
      const ws = book.getWorksheet(name);
      if (!ws) throw new Error(`no sheet ${name} in ${book.worksheets.map((w) => w.name).join(', ')}`);
      const out: unknown[][] = [];
      ws.eachRow((row) => {
        out.push((row.values as unknown[]).slice(1));
      });
      return out;
    };
    const sweep = rows('Sweep');
    expect(sweep).toHaveLength(5);
    const jCol = (sweep[0] as string[]).findIndex((h) => /Jph absorbers/.test(h));
    expect(jCol).toBeGreaterThan(1);
    expect(sweep.slice(1).map((row) => [row[0], row[1], row[jCol]])).toEqual(
      r.table.map((row) => [...row.values, row.figures['jphAbsorbersMaCm2']]),
    );
    const mapSheet = rows('Map jphAbsorbersMaCm2');
    expect(mapSheet.slice(1)).toEqual([
      [300, ...(map[0] as number[])],
      [500, ...(map[1] as number[])],
    ]);
  }, 90_000);

  it("sweeps a graded layer's back value and a square-root law's number, and lists the window PCE beside the PCE", async () => {
    // the editor lists both as sweepable: the absorber's gap graded to a back value, and SCAPS's
    // square-root law as the electron transport layer's optics; a coarse, small run (one child)
    const device = fixtureDevice('elec') as {
      layers: { optical: unknown; electrical?: Record<string, unknown> }[];
      electrical: Record<string, unknown>;
    };
    device.layers[3]!.electrical!['grading'] = { law: 'linear', back: { egEV: 1.66 } };
    device.layers[4]!.optical = { kind: 'sqrt-law', n: 2, egEV: 2.0, aPerCmSqrtEV: 1e5 };
    device.electrical['voltageSweep'] = { startV: 0, stopV: 1.3, stepV: 0.05 };
    device.electrical['gridPoints'] = 200;
    delete device.electrical['eqe'];
    const parameters = [
      { path: 'layers[3].electrical.grading.back.egEV', values: [1.68] },
      { path: 'layers[4].optical.egEV', values: [2.2] },
    ];
    const res = await post<{ id: number; children: number }>(
      t.app,
      '/calc/sys/calc/sweep',
      { kind: 'elec', device, name: 'graded', parameters },
      as(alice),
    );
    expect(res.code).toBe('1000');
    expect(res.data.children).toBe(1);
    const detail = await ended(res.data.id, alice);
    const r = detail.result as SweepResult;
    expect(r.table[0]?.status).toBe('succeeded');
    // the child ran the varied device: both values where their paths point
    const children = await post<CalcSweepChildren>(
      t.app,
      '/calc/sys/calc/sweepChildren',
      { id: res.data.id },
      as(alice),
    );
    const child = await post<CalcDetail>(
      t.app,
      '/calc/sys/calc/calcData',
      { id: children.data.children[0]?.id },
      as(alice),
    );
    const input = child.data.input as typeof device & {
      layers: { optical: { egEV?: number }; electrical?: { grading?: { back: { egEV?: number } } } }[];
    };
    expect(input.layers[3]?.electrical?.grading?.back.egEV).toBe(1.68);
    expect(input.layers[4]?.optical.egEV).toBe(2.2);
    // the window PCE (as SCAPS divides) right after the full-spectrum PCE, and not below it: the
    // 300-850 nm window's power is part of the full spectrum's
    expect(r.figureNames.indexOf('pceWindowPercent')).toBe(r.figureNames.indexOf('PCE_percent') + 1);
    const full = r.table[0]?.figures['PCE_percent'] as number;
    const window = r.table[0]?.figures['pceWindowPercent'] as number;
    expect(full).toBeGreaterThan(1);
    expect(window).toBeGreaterThan(full);
  }, 180_000);

  it('refuses bad paths, too many values or combinations, and invalid children, with nothing queued', async () => {
    const before = await calcCount(t.app);
    const sweep = (parameters: unknown[], headers = as(alice)) =>
      post<{ field: string; errors: string[] }>(
        t.app,
        '/calc/sys/calc/sweep',
        { kind: 'opt', device: fixtureDevice('opt'), parameters },
        headers,
      );
    for (const path of ['layers[30].thicknessNm', 'layers[3].name', 'layers[3].nope', '__proto__.x', 'layers[3]']) {
      const a = await sweep([{ path, values: [1, 2] }]);
      expect(a.status, path).toBe(400);
      expect(a.code, path).toBe('4106');
      expect(a.data.field).toBe('parameters[0].path');
    }
    const many = Array.from({ length: 11 }, (_, i) => 100 + 10 * i);
    const tooMany = await sweep([
      { path: 'layers[3].thicknessNm', values: many },
      { path: 'layers[1].thicknessNm', values: many.slice(0, 10) },
    ]);
    expect(tooMany.code).toBe('4106');
    expect(tooMany.data.field).toBe('parameters');
    const fiftyOne = await sweep([
      { path: 'layers[3].thicknessNm', values: Array.from({ length: 51 }, (_, i) => i + 1) },
    ]);
    expect(fiftyOne.data.field).toBe('parameters[0].values');
    // a child the single-job check would refuse (negative thickness) refuses the whole sweep
    const negative = await sweep([{ path: 'layers[3].thicknessNm', values: [300, -5] }]);
    expect(negative.code).toBe('4106');
    expect(negative.data.errors.join(' ')).toMatch(/layers\[3\]\.thicknessNm=-5/);
    // the message in both languages
    const zh = await sweep([{ path: 'layers[30].thicknessNm', values: [1] }], {
      headers: { ...signed(alice.session, t.clock), 'x-lang': 'zh-CN' },
    });
    expect(zh.msg).toMatch(/^参数扫描无效：.*不是器件中存在的数值字段/);
    const en = await sweep([{ path: 'layers[30].thicknessNm', values: [1] }], {
      headers: { ...signed(alice.session, t.clock), 'x-lang': 'en' },
    });
    expect(en.msg).toMatch(/^Invalid parameter sweep: .*is not a numeric field of the device/);
    expect((await sweep([])).code).toBe('1001');
    expect(await calcCount(t.app)).toBe(before);
  });

  it("is the owner's only: another user gets 404", async () => {
    const res = await post<{ id: number }>(
      t.app,
      '/calc/sys/calc/sweep',
      { kind: 'opt', device: fixtureDevice('opt'), parameters: [{ path: 'layers[3].thicknessNm', values: [350] }] },
      as(alice),
    );
    const id = res.data.id;
    for (const path of ['calcData', 'getResultPara', 'sweepChildren', 'delete']) {
      const a = await post(t.app, `/calc/sys/calc/${path}`, { id }, as(bob));
      expect(a.status, path).toBe(404);
      expect(a.code, path).toBe('4101');
    }
    await ended(id, alice);
  }, 60_000);

  it('completes a sweep whose children ended unseen (a restart) when it is read; none succeeded: failed', async () => {
    // As a server that went down between the last child's end and its event leaves it: a running
    // sweep record whose children are all final, and no event to come.
    const repo = t.app.services.calculations;
    const userId = alice.session.user_id;
    const now = t.clock.now();
    const input = {
      sweep: true,
      kind: 'opt',
      device: fixtureDevice('opt'),
      parameters: [{ path: 'layers[3].thicknessNm', label: 'd', values: [100, 200] }],
    };
    const id = await repo.insertSweepParent({ userId, kind: 'opt', name: 'unseen', input, engineVersion: 'x', now });
    for (const reason of ['engine error', 'time limit']) {
      const child = await repo.insert({
        userId,
        kind: 'opt',
        name: 'c',
        priority: 0,
        parentId: id,
        input: {},
        engineVersion: 'x',
        now,
      });
      // straight to running and failed in the table: the dispatcher never sees it queued
      await t.app.services.db.kysely
        .updateTable('calculations')
        .set({ status: 'running' })
        .where('id', '=', child)
        .execute();
      expect(await repo.finish(child, 'failed', now, { reason })).toBe(true);
    }
    const detail = await post<CalcDetail>(t.app, '/calc/sys/calc/calcData', { id }, as(alice));
    expect(detail.data.record.status).toBe('failed');
    expect(detail.data.record.reason).toMatch(/no combination succeeded \(2 failed\)/);
    const r = detail.data.result as SweepResult;
    expect(r.table.map((row) => [row.values, row.status, row.reason])).toEqual([
      [[100], 'failed', 'engine error'],
      [[200], 'failed', 'time limit'],
    ]);
    expect(r.table.every((row) => Object.values(row.figures).every((v) => v === null))).toBe(true);
    expect((await post(t.app, '/calc/sys/calc/delete', { id }, as(alice))).code).toBe('1000');
  });

  it('deleting a sweep cancels and deletes its children', async () => {
    const res = await post<{ id: number; children: number }>(
      t.app,
      '/calc/sys/calc/sweep',
      {
        kind: 'opt',
        device: fixtureDevice('opt'),
        parameters: [{ path: 'layers[3].thicknessNm', values: [250, 300, 350, 450, 550] }],
      },
      as(alice),
    );
    expect(res.data.children).toBe(5);
    const id = res.data.id;
    const children = await post<CalcSweepChildren>(t.app, '/calc/sys/calc/sweepChildren', { id }, as(alice));
    const ids = children.data.children.map((c) => c.id);
    expect(ids).toHaveLength(5);
    expect((await post(t.app, '/calc/sys/calc/delete', { id }, as(alice))).code).toBe('1000');
    expect((await post(t.app, '/calc/sys/calc/calcData', { id }, as(alice))).code).toBe('4101');
    for (const c of ids) expect((await post(t.app, '/calc/sys/calc/calcData', { id: c }, as(alice))).code).toBe('4101');
    const left = await t.app.services.db.kysely
      .selectFrom('calculations')
      .select('id')
      .where('parent_id', '=', id)
      .execute();
    expect(left).toEqual([]);
    // nothing of the sweep keeps a worker: the user's queue drains
    await waitUntil(
      async () => (await t.app.services.calculations.unfinishedCount(alice.session.user_id)) === 0,
      30_000,
    );
  }, 60_000);
});

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, registerUser, signed, type TestUser } from '../helpers/client.js';
import { TestClock } from '../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { buildCalcApp, calcCount, dropRedisPrefix, fixtureDevice, recordEvents, sdmJob } from './helpers.js';

/**
 * Submissions are idempotent (issue 28): a client that did not get its answer (it gave up waiting,
 * the connection broke) sends the submission again with the same Idempotency-Key and is answered
 * with the calculation the first one made; nothing is queued twice and nothing is lost. On both
 * queue adapters (in-process, and BullMQ on the real Redis at 127.0.0.1:6379).
 */
const adapters = [
  { adapter: 'in-process', env: {} as Record<string, string> },
  { adapter: 'bullmq', env: { REDIS_URL: 'redis://127.0.0.1:6379' } as Record<string, string> },
];

const key = () => randomBytes(12).toString('hex');

describe.each(adapters)('idempotent submissions ($adapter)', ({ env }) => {
  let app: FastifyInstance;
  let clock: TestClock;
  let database: TestDatabase;
  const prefix = `pvtest-${randomBytes(4).toString('hex')}`;
  let alice: TestUser;
  let bob: TestUser;
  let rec: ReturnType<typeof recordEvents>;
  const as = (u: TestUser, k?: string, lang?: string) => ({
    headers: {
      ...signed(u.session, clock),
      ...(k !== undefined ? { 'idempotency-key': k } : {}),
      ...(lang ? { 'x-lang': lang } : {}),
    },
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    clock = new TestClock();
    app = await buildCalcApp(database, { JOB_CONCURRENCY: '1', ...env }, { prefix }, clock);
    await app.services.jobs.start();
    rec = recordEvents(app.services.jobs);
    alice = await registerUser(app);
    bob = await registerUser(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (env['REDIS_URL']) await dropRedisPrefix(prefix);
  });

  it('answers a repeated submission with the first one’s calculation, which runs once', async () => {
    const k = key();
    const before = await calcCount(app);
    const first = await post<{ id: number; repeated?: boolean }>(
      app,
      '/calc/sys/calc/circle',
      { job: sdmJob(), name: 'once' },
      as(alice, k),
    );
    expect(first.code, first.msg).toBe('1000');
    expect(first.data.repeated).toBeUndefined();
    const again = await post<{ id: number; repeated?: boolean }>(
      app,
      '/calc/sys/calc/circle',
      { job: sdmJob(), name: 'once' },
      as(alice, k),
    );
    expect(again.code).toBe('1000');
    expect(again.data).toEqual({ id: first.data.id, repeated: true });
    expect(await calcCount(app)).toBe(before + 1);
    expect(await rec.finished(first.data.id)).toMatchObject({ status: 'succeeded' });
    // after it ended, the same key still names it
    const late = await post<{ id: number }>(app, '/calc/sys/calc/circle', { job: sdmJob() }, as(alice, k));
    expect(late.data.id).toBe(first.data.id);
    expect(rec.events.filter((e) => e.jobId === first.data.id && e.type === 'started')).toHaveLength(1);
  });

  it('makes one calculation of retries that race each other', async () => {
    const k = key();
    const before = await calcCount(app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        post<{ id: number }>(app, '/calc/sys/calc/elec', { device: fixtureDevice('elec') }, as(alice, k)),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(6).fill('1000'));
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    expect(await calcCount(app)).toBe(before + 1);
  });

  it('keeps keys per user, and refuses a key reused for another input or malformed, queuing nothing', async () => {
    const k = key();
    const mine = await post<{ id: number }>(app, '/calc/sys/calc/circle', { job: sdmJob() }, as(alice, k));
    const theirs = await post<{ id: number }>(app, '/calc/sys/calc/circle', { job: sdmJob() }, as(bob, k));
    expect(theirs.code).toBe('1000');
    expect(theirs.data.id).not.toBe(mine.data.id);
    const before = await calcCount(app);
    const other = await post(app, '/calc/sys/calc/circle', { job: sdmJob(30) }, as(alice, k));
    expect(other.status).toBe(409);
    expect(other.code).toBe('4108');
    expect(other.msg).toBe(`该请求键已用于另一个不同的计算（#${mine.data.id}）：新的提交请使用新的键`);
    const otherEn = await post(app, '/calc/sys/calc/circle', { job: sdmJob(30) }, as(alice, k, 'en'));
    expect(otherEn.msg).toContain('This request key was used for a different calculation');
    for (const bad of ['short', 'x'.repeat(101), 'has space in it', '键键键键键键键键']) {
      const res = await post(app, '/calc/sys/calc/circle', { job: sdmJob() }, as(alice, bad));
      expect(res.status).toBe(400);
      expect(res.code).toBe('4107');
    }
    expect(await calcCount(app)).toBe(before);
  });

  it('answers a repeated sweep with the first sweep and its children', async () => {
    const k = key();
    const body = {
      kind: 'opt',
      device: fixtureDevice('opt'),
      parameters: [{ path: 'layers[3].thicknessNm', values: [300, 400] }],
    };
    const first = await post<{ id: number; children: number }>(app, '/calc/sys/calc/sweep', body, as(alice, k));
    expect(first.code, first.msg).toBe('1000');
    const before = await calcCount(app);
    const again = await post<{ id: number; children: number; repeated?: boolean }>(
      app,
      '/calc/sys/calc/sweep',
      body,
      as(alice, k),
    );
    expect(again.data).toEqual({ id: first.data.id, children: 2, repeated: true });
    expect(await calcCount(app)).toBe(before);
  });
});

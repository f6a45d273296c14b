import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/clock.js';
import { CalculationsRepository } from '../../../src/db/repositories/calculations.js';
import { INTERRUPTED_REASON, InProcessQueue, type QueueOptions } from '../../../src/jobs/in-process-queue.js';
import { JobLimitError } from '../../../src/jobs/types.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { recordEvents, sdmJob, waitUntil } from './helpers.js';

const silent = { warn() {}, error() {} };

/**
 * The in-process adapter on its own (real worker threads, real database), with test fault inputs
 * enabled: a worker that exits, throws or hangs; cancel; the wall-clock limit; restarts.
 */
describe('in-process job queue', () => {
  let database: TestDatabase;
  let repo: CalculationsRepository;
  let users: number[];
  const queues: InProcessQueue[] = [];

  function queue(opts: Partial<QueueOptions> = {}): InProcessQueue {
    const q = new InProcessQueue(
      repo,
      systemClock,
      {
        concurrency: 2,
        timeLimitMs: 20_000,
        maxRunningPerUser: 2,
        maxPendingPerUser: 100,
        allowFaults: true,
        pollMs: 200,
        ...opts,
      },
      silent,
    );
    queues.push(q);
    return q;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    repo = new CalculationsRepository(database.db.kysely);
    users = [];
    for (const email of ['q1@example.com', 'q2@example.com']) {
      const row = await database.db.kysely
        .insertInto('users')
        .values({
          email,
          password_hash: 'x',
          real_name: 'q',
          gender: 1,
          phone: '13800000000',
          enterprise: 'e',
          address: 'a',
          role: 3,
          created_at: Date.now(),
          updated_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      users.push(row.id);
    }
  });
  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop();
    await database.db.kysely.deleteFrom('calculations').execute();
  });
  afterAll(async () => {
    await database?.drop();
  });
  const [u1, u2] = [() => users[0]!, () => users[1]!];

  it('fails a job whose worker thread exits, and keeps running others on a fresh thread', async () => {
    const q = queue({ concurrency: 1 });
    const ev = recordEvents(q);
    await q.start();
    const crash = await q.submit({ userId: u1(), kind: 'circle', input: { __fault: 'exit' } });
    const after = await q.submit({ userId: u1(), kind: 'circle', input: sdmJob() });
    expect(await ev.finished(crash)).toMatchObject({ status: 'failed' });
    expect((await repo.record(crash))?.reason).toMatch(/worker stopped unexpectedly/);
    expect(await ev.finished(after)).toMatchObject({ status: 'succeeded' });
    const thrown = await q.submit({ userId: u1(), kind: 'circle', input: { __fault: 'throw' } });
    expect(await ev.finished(thrown)).toMatchObject({ status: 'failed', reason: 'test fault: the worker threw' });
    await waitUntil(() => q.runningCount === 0);
  });

  it('tells progress live at most every 200 ms and writes the record at most every 500 ms; stores the result the worker encoded', async () => {
    // issue 18: an electrical run wrote its record 60-100 times in two seconds on the main thread
    const writes: number[] = [];
    const counting = Object.create(repo) as CalculationsRepository;
    counting.progress = async (id, percent, detail) => {
      writes.push(percent);
      await repo.progress(id, percent, detail);
    };
    const q = new InProcessQueue(
      counting,
      systemClock,
      { concurrency: 1, timeLimitMs: 20_000, maxRunningPerUser: 1, maxPendingPerUser: 10, allowFaults: true },
      silent,
    );
    queues.push(q);
    const ev = recordEvents(q);
    await q.start();
    const id = await q.submit({ userId: u1(), kind: 'circle', input: { __fault: 'chatty' } });
    expect(await ev.finished(id)).toMatchObject({ status: 'succeeded' });
    // 200 steps in well under a second: the first is told at once, the rest coalesced (a page
    // re-rendering for each step of a long transient fell behind on a loaded machine)
    const told = ev.events.filter((e) => e.jobId === id && e.type === 'progress');
    expect(told.length).toBeGreaterThanOrEqual(1);
    expect(told.length).toBeLessThanOrEqual(6);
    expect(writes.length).toBeGreaterThanOrEqual(1);
    expect(writes.length).toBeLessThanOrEqual(2);
    expect(await repo.result(id)).toEqual({ chatty: true });
  });

  it('ends a job past the wall-clock limit as nonconvergent and frees its thread', async () => {
    const q = queue({ concurrency: 1, timeLimitMs: 800 });
    const ev = recordEvents(q);
    await q.start();
    const hang = await q.submit({ userId: u1(), kind: 'elec', input: { __fault: 'hang' } });
    const next = await q.submit({ userId: u1(), kind: 'circle', input: sdmJob() });
    expect(await ev.finished(hang)).toMatchObject({ status: 'nonconvergent' });
    expect((await repo.record(hang))?.reason).toMatch(/wall-clock limit/);
    expect(await ev.finished(next)).toMatchObject({ status: 'succeeded' });
  });

  it('cancels a running job at once, freeing the worker for the next', async () => {
    const q = queue({ concurrency: 1 });
    const ev = recordEvents(q);
    await q.start();
    const hang = await q.submit({ userId: u1(), kind: 'circle', input: { __fault: 'hang' } });
    const next = await q.submit({ userId: u1(), kind: 'circle', input: sdmJob() });
    await waitUntil(() => ev.events.some((e) => e.type === 'progress' && e.jobId === hang));
    expect(await q.cancel(hang, u2())).toBe(false); // not the owner
    expect(await q.cancel(hang, u1())).toBe(true);
    // the default limit is minutes: only the cancel can have ended it, and the thread is free
    expect(await ev.finished(hang)).toMatchObject({ status: 'cancelled' });
    expect(await ev.finished(next)).toMatchObject({ status: 'succeeded' });
    expect((await repo.record(hang))?.status).toBe('cancelled');
    // a finished job cannot be cancelled
    expect(await q.cancel(next, u1())).toBe(false);
  });

  it('limits each user to maxRunningPerUser and runs higher priorities first', async () => {
    const q = queue({ concurrency: 2, maxRunningPerUser: 1 });
    const ev = recordEvents(q);
    const h1 = await q.submit({ userId: u1(), kind: 'circle', input: { __fault: 'hang' } });
    const a2 = await q.submit({ userId: u1(), kind: 'circle', input: sdmJob() });
    const b1 = await q.submit({ userId: u2(), kind: 'circle', input: sdmJob() });
    await q.start();
    // user 1's second job waits although a thread is free; user 2's runs
    expect(await ev.finished(b1)).toMatchObject({ status: 'succeeded' });
    expect((await repo.record(a2))?.status).toBe('queued');

    await q.cancel(h1, u1());
    expect(await ev.finished(a2)).toMatchObject({ status: 'succeeded' });
  });

  it('dispatches higher priorities first, ties in submission order', async () => {
    const q = queue({ concurrency: 1 });
    const ev = recordEvents(q);
    await q.start();
    const hang = await q.submit({ userId: u1(), kind: 'circle', input: { __fault: 'hang' } });
    await waitUntil(async () => (await repo.record(hang))?.status === 'running');
    const low = await q.submit({ userId: u2(), kind: 'circle', input: sdmJob(), priority: 0 });
    const high = await q.submit({ userId: u2(), kind: 'circle', input: sdmJob(), priority: 5 });
    const low2 = await q.submit({ userId: u2(), kind: 'circle', input: sdmJob(), priority: 0 });
    await q.cancel(hang, u1());
    await Promise.all([ev.finished(low), ev.finished(high), ev.finished(low2)]);
    const started = ev.events.filter((e) => e.type === 'started').map((e) => e.jobId);
    expect(started).toEqual([hang, high, low, low2]);
  });

  it('refuses a submit past the per-user pending limit', async () => {
    const q = queue({ maxPendingPerUser: 2 });
    await q.submit({ userId: u1(), kind: 'circle', input: sdmJob() });
    await q.submit({ userId: u1(), kind: 'circle', input: sdmJob() });
    await expect(q.submit({ userId: u1(), kind: 'circle', input: sdmJob() })).rejects.toBeInstanceOf(JobLimitError);
    await expect(q.submit({ userId: u2(), kind: 'circle', input: sdmJob() })).resolves.toBeGreaterThan(0);
  });

  it('loses nothing over a restart: queued jobs run, an interrupted one is retried once, then failed', async () => {
    const first = queue({ concurrency: 1 });
    const ev1 = recordEvents(first);
    await first.start();
    const hang = await first.submit({ userId: u1(), kind: 'circle', input: { __fault: 'hang' } });
    const queued = [
      await first.submit({ userId: u1(), kind: 'circle', input: sdmJob() }),
      await first.submit({ userId: u2(), kind: 'circle', input: sdmJob(80) }),
    ];
    await waitUntil(() => ev1.events.some((e) => e.type === 'started' && e.jobId === hang));
    await first.stop(); // as a crashing process would: the running job stays 'running'
    expect((await repo.record(hang))?.status).toBe('running');

    const second = queue({ concurrency: 1, timeLimitMs: 600 });
    const ev2 = recordEvents(second);
    await second.start();
    // the interrupted job runs again (attempt 2) and times out; the queued ones all run
    expect(await ev2.finished(hang)).toMatchObject({ status: 'nonconvergent' });
    expect((await repo.record(hang))?.attempts).toBe(2);
    expect(await ev2.finished(queued[0]!)).toMatchObject({ status: 'succeeded' });
    expect(await ev2.finished(queued[1]!)).toMatchObject({ status: 'succeeded' });

    // interrupted a second time: failed with the reason at the next start
    const again = await second.submit({ userId: u1(), kind: 'circle', input: { __fault: 'hang' } });
    await waitUntil(async () => (await repo.record(again))?.status === 'running');
    await second.stop();
    await database.db.kysely.updateTable('calculations').set({ attempts: 2 }).where('id', '=', again).execute();
    const third = queue({ concurrency: 1 });
    const ev3 = recordEvents(third);
    await third.start();
    expect(await ev3.finished(again)).toMatchObject({ status: 'failed', reason: INTERRUPTED_REASON });
    expect((await repo.record(again))?.status).toBe('failed');
  });
});

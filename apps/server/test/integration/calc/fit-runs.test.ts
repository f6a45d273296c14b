import type { DeviceFitFree, DeviceFitJob } from '@pvforge/contracts';
import type { DeviceFitResult } from '@pvforge/engine';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalculationsRepository } from '../../../src/db/repositories/calculations.js';
import { BullMqQueue } from '../../../src/jobs/bullmq-queue.js';
import { FIT_RUNS_QUEUE, type FitRunResult, fitRunIdPrefix, fitRunKeys } from '../../../src/jobs/fit-runs.js';
import { TestClock } from '../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { hasRedisServer, startWorker } from '../helpers/processes.js';
import { PrivateRedis } from '../helpers/redis-server.js';
import { fastFitDevice, recordEvents, syntheticCurve, waitUntil } from './helpers.js';

/**
 * A device fit's forward runs across `npm run worker` processes (BullMQ mode, the fit-runs queue):
 * two real worker processes (one calculation and one fit thread each) on PostgreSQL and a private
 * Redis. Each run's answer names the process that computed it, heard here through the queue's
 * events: both processes compute runs of one fit, and the fit's intervals hold the truth. Cancel
 * removes the fit's waiting runs. A process killed while it computes a run of another process's
 * fit: the run is picked up again by the survivor (stalled, JOB_LOCK_MS short here) and the fit
 * still succeeds; the process steering a fit killed: the fit runs again elsewhere, as any job. The
 * API side is this test process (a BullMqQueue without workers of its own).
 */
const pgUrl = process.env['TEST_DATABASE_URL'];
const PREFIX = 'pvforge';

const TAU = 'layers[3].electrical.tauNS';
const RS = 'electrical.rsOhmCm2';
const FREE: DeviceFitFree[] = [
  { path: TAU, min: 1e-9, max: 1e-5 },
  { path: RS, min: 0, max: 20 },
];
const TRUTH = { tau: 1e-7, rs: 3 };
const voltages = Array.from({ length: 25 }, (_, i) => -0.1 + (1.2 * i) / 24);

describe.runIf(pgUrl?.startsWith('postgres') === true && hasRedisServer)(
  'device fit runs across worker processes',
  () => {
    const redis = new PrivateRedis();
    let database: TestDatabase;
    let repo: CalculationsRepository;
    let queue: BullMqQueue;
    let events: ReturnType<typeof recordEvents>;
    let runEvents: QueueEvents;
    let runsQueue: Queue;
    let calcQueue: Queue;
    let client: Redis;
    let eventsConnection: Redis;
    let userId: number;
    let job: DeviceFitJob;
    let env: Record<string, string>;
    const workers: Awaited<ReturnType<typeof startWorker>>[] = [];
    /** Every run answered, by run id: which process computed it and whether it was computed. */
    const answered = new Map<string, { worker: string; ok: boolean; gone: boolean }>();
    const stalled = new Set<string>();
    /** Runs put on the queue. */
    const added = new Set<string>();
    /** Runs removed from the queue, with the state they were in. */
    const removed = new Map<string, string>();

    beforeAll(async () => {
      await redis.start();
      database = await createTestDatabase();
      repo = new CalculationsRepository(database.db.kysely);
      queue = new BullMqQueue(
        repo,
        new TestClock(),
        { redisUrl: redis.url, runWorkers: false, timeLimitMs: 120_000, maxRunningPerUser: 2, maxPendingPerUser: 10 },
        { warn: () => undefined, error: () => undefined },
      );
      await queue.start();
      events = recordEvents(queue);
      client = new Redis(redis.url);
      client.on('error', () => undefined);
      // BullMQ leaves connections it was given open: ours to end, quietly once Redis is gone
      eventsConnection = new Redis(redis.url, { maxRetriesPerRequest: null });
      eventsConnection.on('error', () => undefined);
      runEvents = new QueueEvents(FIT_RUNS_QUEUE, { prefix: PREFIX, connection: eventsConnection });
      runEvents.on('completed', ({ jobId, returnvalue }) => {
        const r = returnvalue as unknown as FitRunResult;
        answered.set(jobId, { worker: r.worker, ok: r.ok, gone: !r.ok && /fit has ended/.test(r.reason.en) });
      });
      runEvents.on('stalled', ({ jobId }) => stalled.add(jobId));
      runEvents.on('removed', ({ jobId, prev }) => removed.set(jobId, prev));
      runEvents.on('added', ({ jobId }) => added.add(jobId));
      await runEvents.waitUntilReady();
      runsQueue = new Queue(FIT_RUNS_QUEUE, { prefix: PREFIX, connection: client });
      calcQueue = new Queue('calc', { prefix: PREFIX, connection: client });
      env = {
        DATABASE_URL: database.url!,
        REDIS_URL: redis.url,
        JOB_CONCURRENCY: '1',
        PVFORGE_FIT_THREADS: '1',
        JOB_LOCK_MS: '2000',
      };
      // one after the other: two engines loading at once on two cores only slow each other
      workers.push(await startWorker(env));
      workers.push(await startWorker(env));
      const now = Date.now();
      const user = await database.db.kysely
        .insertInto('users')
        .values({
          email: `fit-runs-${now}@example.com`,
          password_hash: 'not used',
          real_name: 'Fit Runs',
          nickname: null,
          gender: 0,
          phone: '',
          enterprise: '',
          address: '',
          role: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userId = Number(user.id);
      job = {
        device: fastFitDevice(),
        curves: [syntheticCurve(FREE, [Math.log10(TRUTH.tau), TRUTH.rs], voltages, 0.05)],
        free: FREE,
        options: { maxEvaluations: 80, starts: 4 },
      };
    }, 120_000);

    afterAll(async () => {
      for (const w of workers) await w.kill();
      await runEvents?.close();
      await runsQueue?.close();
      await calcQueue?.close();
      client?.disconnect();
      eventsConnection?.disconnect();
      await queue?.stop();
      await redis.kill();
      await database?.drop();
    });

    /** The runs of fit `id` answered so far. */
    const runsOf = (id: number) => [...answered].filter(([runId]) => runId.startsWith(fitRunIdPrefix(id)));
    /** Which worker process a run's answer or a job's processedBy names (ids are host:pid[:word]). */
    const pidOf = (worker: string) => Number(worker.split(':')[1]);
    const pids = () => workers.map((w) => w.child.pid!);

    it('computes one fit’s runs on both worker processes, each once, and the intervals hold the truth', async () => {
      const id = await queue.submit({ userId, kind: 'fit', input: job, name: 'across workers' });
      console.log(
        'DEBUG',
        JSON.stringify(await events.finished(id, 60_000)),
        workers.map((w) => w.output()).join('\n'),
      );
      expect(await events.finished(id, 60_000)).toMatchObject({ status: 'succeeded' });
      const result = (await repo.result(id)) as DeviceFitResult;
      // every run the fit counted came back from a worker once (the answers may trail the end briefly)
      await waitUntil(() => runsOf(id).length >= result.evaluations, 5000);
      const runs = runsOf(id);
      expect(runs).toHaveLength(result.evaluations);
      const by = new Set(runs.map(([, r]) => pidOf(r.worker)));
      expect([...by].sort()).toEqual([...pids()].sort());
      expect(runs.every(([, r]) => !r.gone)).toBe(true);

      const [tau, rs] = result.parameters;
      expect(result.status).toBe('converged');
      expect(tau!.low!).toBeLessThan(TRUTH.tau);
      expect(tau!.high!).toBeGreaterThan(TRUTH.tau);
      expect(rs!.low!).toBeLessThan(TRUTH.rs);
      expect(rs!.high!).toBeGreaterThan(TRUTH.rs);
      expect(tau!.high! / tau!.low!).toBeLessThan(100);
      // the fit's stored job and its list of runs went with it
      const keys = fitRunKeys(PREFIX, id);
      expect(await client.exists(keys.job, keys.runs)).toBe(0);
    }, 90_000);

    it('cancel ends the fit and removes its waiting runs, which are then never computed', async () => {
      // a start design of 61 runs queued at once: most of them wait while two are computed
      const id = await queue.submit({
        userId,
        kind: 'fit',
        input: { ...job, options: { maxEvaluations: 5000, starts: 60 } },
        name: 'cancelled',
      });
      await waitUntil(() => runsOf(id).length > 0, 30_000, 10);
      expect(await queue.cancel(id, userId)).toBe(true);
      expect(await events.finished(id)).toMatchObject({ status: 'cancelled' });
      const keys = fitRunKeys(PREFIX, id);
      await waitUntil(async () => (await client.exists(keys.job, keys.runs)) === 0, 10_000, 50);
      // every run of its start design is accounted for: answered (it ran before the cancel, or it
      // was picked up after it and answered uncomputed), or removed from the queue before it ran
      const queued = [...added].filter((r) => r.startsWith(fitRunIdPrefix(id)));
      expect(queued.length).toBe(61);
      const removedUnrun = () =>
        queued.filter((r) => ['wait', 'prioritized', 'delayed'].includes(removed.get(r) ?? ''));
      await waitUntil(() => queued.every((r) => answered.has(r) || removedUnrun().includes(r)), 10_000, 20);
      expect(removedUnrun().length).toBeGreaterThan(0);
      const computed = runsOf(id).filter(([, r]) => !r.gone);
      expect(computed.length).toBeLessThan(30);
    }, 60_000);

    it('a worker process killed mid-run: its run is picked up again by the other and the fit still succeeds', async () => {
      // a start design of 17 runs queued at once: the process that does not steer the fit gets some
      const id = await queue.submit({
        userId,
        kind: 'fit',
        input: { ...job, options: { maxEvaluations: 120, starts: 16 } },
        name: 'survives a worker',
      });
      await waitUntil(async () => (await calcQueue.getJob(`calc-${id}`))?.processedBy !== undefined, 30_000, 10);
      const steering = pidOf((await calcQueue.getJob(`calc-${id}`))!.processedBy!);
      const other = workers.find((w) => w.child.pid !== steering)!;
      // it holds a run of the fit now
      await waitUntil(
        async () =>
          (await runsQueue.getActive()).some(
            (j) => j.id?.startsWith(fitRunIdPrefix(id)) && j.processedBy && pidOf(j.processedBy) === other.child.pid,
          ),
        30_000,
        5,
      );
      await other.kill();
      expect(await events.finished(id, 60_000)).toMatchObject({ status: 'succeeded' });
      const result = (await repo.result(id)) as DeviceFitResult;
      // the runs the dead process held were taken back from it and computed by the one that lives
      const taken = [...stalled].filter((r) => r.startsWith(fitRunIdPrefix(id)));
      expect(taken.length).toBeGreaterThan(0);
      await waitUntil(() => taken.every((r) => answered.has(r)), 5000);
      for (const r of taken)
        expect(answered.get(r)).toMatchObject({ ok: true, worker: expect.stringContaining(`:${steering}:`) });
      // and every run the fit counted was answered once
      await waitUntil(() => runsOf(id).length >= result.evaluations, 5000);
      expect(runsOf(id)).toHaveLength(result.evaluations);
      // the fit itself ran on, never interrupted
      expect((await repo.record(id))?.attempts).toBe(1);
      const [tau, rs] = result.parameters;
      expect(tau!.low!).toBeLessThan(TRUTH.tau);
      expect(tau!.high!).toBeGreaterThan(TRUTH.tau);
      expect(rs!.low!).toBeLessThan(TRUTH.rs);
      expect(rs!.high!).toBeGreaterThan(TRUTH.rs);
    }, 90_000);

    it('the process steering a fit killed: the fit runs again on the other, as any job, and succeeds', async () => {
      // the survivor of the test before, and a fresh one
      workers.push(await startWorker(env));
      const alive = workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null);
      expect(alive).toHaveLength(2);
      const id = await queue.submit({
        userId,
        kind: 'fit',
        input: { ...job, options: { maxEvaluations: 120, starts: 16 } },
        name: 'steering process killed',
      });
      // under way: its first runs are answered
      await waitUntil(() => runsOf(id).length > 0, 30_000, 10);
      const steering = pidOf((await calcQueue.getJob(`calc-${id}`))!.processedBy!);
      await alive.find((w) => w.child.pid === steering)!.kill();
      expect(await events.finished(id, 60_000)).toMatchObject({ status: 'succeeded' });
      expect((await repo.record(id))?.attempts).toBe(2);
      const result = (await repo.result(id)) as DeviceFitResult;
      const [tau, rs] = result.parameters;
      expect(tau!.low!).toBeLessThan(TRUTH.tau);
      expect(tau!.high!).toBeGreaterThan(TRUTH.tau);
      expect(rs!.low!).toBeLessThan(TRUTH.rs);
      expect(rs!.high!).toBeGreaterThan(TRUTH.rs);
      // nothing of either attempt is left queued, nor its stored job
      const left = (await runsQueue.getJobs(['waiting', 'prioritized', 'delayed', 'active'])).filter((j) =>
        j.id?.startsWith(fitRunIdPrefix(id)),
      );
      expect(left).toHaveLength(0);
      const keys = fitRunKeys(PREFIX, id);
      expect(await client.exists(keys.job, keys.runs)).toBe(0);
    }, 90_000);
  },
);

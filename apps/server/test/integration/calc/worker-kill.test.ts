import { afterAll, describe, expect, it } from 'vitest';
import { CalculationsRepository } from '../../../src/db/repositories/calculations.js';
import { BullMqQueue } from '../../../src/jobs/bullmq-queue.js';
import type { JobEvent } from '../../../src/jobs/types.js';
import { TestClock } from '../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { hasRedisServer, startWorker } from '../helpers/processes.js';
import { PrivateRedis } from '../helpers/redis-server.js';
import { fixtureDevice, sdmJob, waitUntil } from './helpers.js';

/**
 * A `npm run worker` process killed with SIGKILL in the middle of a calculation, on PostgreSQL and
 * Redis (issue 15): the job's lock in Redis lapses (JOB_LOCK_MS, short here), BullMQ hands it to
 * the next worker as stalled, which runs it again (attempt 2) to one result; the job queued behind
 * it runs too, and nothing stays "running". The API side is this test process (a BullMqQueue
 * without workers of its own, as a server sees it); the workers are real processes.
 */
const pgUrl = process.env['TEST_DATABASE_URL'];

describe.runIf(pgUrl?.startsWith('postgres') === true && hasRedisServer)('worker process killed mid-job', () => {
  const redis = new PrivateRedis();
  let database: TestDatabase | undefined;
  let queue: BullMqQueue | undefined;
  const workers: { kill(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const w of workers) await w.kill();
    await queue?.stop();
    await redis.kill();
    await database?.drop();
  });

  it('runs the interrupted job again on the next worker, once, and leaves nothing running', async () => {
    await redis.start();
    database = await createTestDatabase();
    const repo = new CalculationsRepository(database.db.kysely);
    const log = { warn: () => undefined, error: () => undefined };
    queue = new BullMqQueue(
      repo,
      new TestClock(),
      { redisUrl: redis.url, runWorkers: false, timeLimitMs: 120_000, maxRunningPerUser: 2, maxPendingPerUser: 10 },
      log,
    );
    await queue.start();
    const events: JobEvent[] = [];
    queue.onEvent((e) => events.push(e));
    const env = {
      DATABASE_URL: database.url!,
      REDIS_URL: redis.url,
      JOB_CONCURRENCY: '1',
      JOB_LOCK_MS: '2000',
    };
    const first = await startWorker(env);
    workers.push(first);

    const user = await database.db.kysely
      .insertInto('users')
      .values(testUser())
      .returning('id')
      .executeTakeFirstOrThrow();
    const userId = Number(user.id);
    const long = await queue.submit({ userId, kind: 'elec', input: fixtureDevice('elec'), name: 'killed mid-run' });
    const behind = await queue.submit({ userId, kind: 'circle', input: sdmJob(), name: 'queued behind' });
    await waitUntil(() => events.some((e) => e.type === 'progress' && e.jobId === long), 45_000);
    await first.kill();
    expect((await repo.record(long))?.status).toBe('running');

    const second = await startWorker(env);
    workers.push(second);
    await waitUntil(
      async () =>
        ['succeeded', 'failed', 'nonconvergent'].includes((await repo.record(long))?.status ?? '') &&
        (await repo.record(behind))?.status === 'succeeded',
      50_000,
      200,
    );
    const rec = await repo.record(long);
    expect(rec?.status).toBe('succeeded');
    expect(rec?.attempts).toBe(2);
    // One record per submission, one result each, one 'finished' told for each.
    const rows = await database.db.kysely.selectFrom('calculations').select(['id', 'status']).execute();
    expect(rows.map((r) => r.id).sort((x, y) => x - y)).toEqual([long, behind]);
    expect(await repo.result(long)).toBeTruthy();
    await waitUntil(() => events.filter((e) => e.type === 'finished').length >= 2, 5000);
    await new Promise((r) => setTimeout(r, 300)); // room for a duplicate to arrive before counting
    expect(events.filter((e) => e.type === 'finished' && e.jobId === long)).toHaveLength(1);
    expect(events.filter((e) => e.type === 'finished' && e.jobId === behind)).toHaveLength(1);
  }, 120_000);
});

function testUser() {
  const now = Date.now();
  return {
    email: `worker-kill-${now}@example.com`,
    password_hash: 'not used',
    real_name: 'Worker Kill',
    nickname: null,
    gender: 0,
    phone: '',
    enterprise: '',
    address: '',
    role: 0,
    created_at: now,
    updated_at: now,
  };
}

import type { SessionData } from '@pvforge/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { type AppConfig, loadConfig } from '../../../src/config.js';
import { fixtureDevice, sdmJob, waitUntil } from '../calc/helpers.js';
import { TEST_ARGON2 } from '../helpers/app.js';
import { post, registerUser, signed } from '../helpers/client.js';
import { TestClock } from '../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { hasRedisServer } from '../helpers/processes.js';
import { PrivateRedis } from '../helpers/redis-server.js';
import { closeAll, connected } from './client.js';

/**
 * Redis killed (SIGKILL, no persistence: the queue's contents are gone) and started again on the
 * same port while two server instances work (issue 15). A Redis of this test's own, so the shared
 * one other suites use stays up. Afterwards: submissions are taken again and run, the job that
 * was waiting in the lost queue runs too (the instances put the database's queued jobs back at
 * reconnect), the run under way when Redis went keeps its result, and live messages published
 * on one instance reach a user connected to the other again.
 */
describe.runIf(hasRedisServer)('Redis restarted under two instances', () => {
  const redis = new PrivateRedis();
  let database: TestDatabase | undefined;
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await closeAll();
    for (const app of apps) await app.close();
    await redis.kill();
    await database?.drop();
  });

  it('recovers the queue and the live hub', async () => {
    await redis.start();
    database = await createTestDatabase();
    const clock = new TestClock();
    const config: AppConfig = {
      ...loadConfig({
        DATA_DIR: database.dataDir,
        LOG_LEVEL: 'silent',
        WEB_DIST: `${database.dataDir}/no-web-dist`,
        REDIS_URL: redis.url,
        JOB_CONCURRENCY: '1',
        JOB_MAX_PER_USER: '1',
        JOB_LOCK_MS: '2000',
      }),
      argon2: TEST_ARGON2,
    };
    for (let i = 0; i < 2; i++) {
      const app = await buildApp(config, { db: database.db, clock });
      apps.push(app);
      await app.services.jobs.start();
      await app.listen({ port: 0, host: '127.0.0.1' });
    }
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const alice: SessionData = (await registerUser(a)).session;
    const as = () => ({ headers: signed(alice, clock) });
    const onB = await connected(b, alice);
    const status = async (id: number) => (await a.services.calculations.record(id))?.status;

    // An electrical run is under way; the user's next job waits in Redis behind the per-user limit
    // (JOB_MAX_PER_USER=1), whichever instance's worker picks it up.
    const run = (
      await post<{ id: number }>(a, '/calc/sys/calc/elec', { device: fixtureDevice('elec'), name: 'run' }, as())
    ).data.id;
    await waitUntil(async () => (await status(run)) === 'running', 45_000);
    const waiting = (await post<{ id: number }>(a, '/calc/sys/calc/circle', { job: sdmJob(), name: 'waiting' }, as()))
      .data.id;
    expect(await status(waiting)).toBe('queued');

    await redis.kill();
    const refused = await post(a, '/calc/sys/calc/circle', { job: sdmJob() }, as());
    expect([refused.status, refused.code]).toEqual([503, '5001']);
    await redis.start();

    // Submissions are taken again and run; the job lost with Redis's memory runs as well.
    let after = 0;
    await waitUntil(
      async () => {
        const r = await post<{ id: number }>(a, '/calc/sys/calc/circle', { job: sdmJob(), name: 'after' }, as());
        if (r.code === '1000') after = r.data.id;
        return r.code === '1000';
      },
      20_000,
      200,
    );
    await waitUntil(
      async () => (await status(after)) === 'succeeded' && (await status(waiting)) === 'succeeded',
      45_000,
      200,
    );
    // The run under way when Redis went finishes with its result in the database.
    await waitUntil(async () => (await status(run)) === 'succeeded', 45_000, 200);

    // The live hub: a message published on A reaches Alice's socket on B again.
    await waitUntil(
      async () => {
        a.live.toUser(alice.user_id, { act: 'fireCircle', jobId: 777, kind: 'circle' });
        await new Promise((r) => setTimeout(r, 200));
        return onB.messages.some((m) => m.act === 'fireCircle' && m.jobId === 777);
      },
      20_000,
      0,
    );
  }, 120_000);
});

import { loadavg } from 'node:os';
import type { CalcKind } from '@pvforge/contracts';
import { systemClock } from '../../apps/server/src/clock.js';
import { CalculationsRepository } from '../../apps/server/src/db/repositories/calculations.js';
import { BullMqQueue } from '../../apps/server/src/jobs/bullmq-queue.js';
import { fixtureDevice, sdmJob } from '../../apps/server/test/integration/calc/helpers.js';
import { createTestDatabase } from '../../apps/server/test/integration/helpers/database.js';
import { hasRedisServer, startWorker } from '../../apps/server/test/integration/helpers/processes.js';
import { PrivateRedis } from '../../apps/server/test/integration/helpers/redis-server.js';
import { insertBenchUser } from './bench-user.js';
import type { BenchFigure } from './types.js';

/**
 * Scale-out (issue 15): throughput of calculations with one and with two `npm run worker`
 * processes (one worker thread each) sharing PostgreSQL and Redis, jobs submitted at once through
 * the BullMQ queue as a server submits them. Trivial jobs (a 50-point single-diode simulation)
 * measure the queue's own cost per job; electrical ones (the demo perovskite p-i-n: optics, light
 * and dark J-V, EQE) measure the computing. Needs PostgreSQL (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a fresh database is made
 * and dropped) and the redis-server binary (a private Redis on a free port). The load average is
 * printed with each figure: on a shared machine it says how much of it the bench had.
 */
const TRIVIAL_JOBS = 200;
const ELECTRICAL_JOBS = 8;

export default async function scaleOutBench(): Promise<BenchFigure[]> {
  process.env['TEST_DATABASE_URL'] ??=
    process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!hasRedisServer) {
    process.stderr.write('scale-out: skipped (no redis-server binary)\n');
    return [];
  }
  const redis = new PrivateRedis();
  await redis.start();
  const database = await createTestDatabase();
  const repo = new CalculationsRepository(database.db.kysely);
  const queue = new BullMqQueue(
    repo,
    systemClock,
    {
      redisUrl: redis.url,
      runWorkers: false,
      timeLimitMs: 300_000,
      maxRunningPerUser: 1000,
      maxPendingPerUser: 100_000,
    },
    { warn() {}, error() {} },
  );
  await queue.start();
  const finished = new Map<number, string>();
  const waiters = new Map<number, () => void>();
  queue.onEvent((e) => {
    if (e.type !== 'finished') return;
    finished.set(e.jobId, e.status);
    waiters.get(e.jobId)?.();
  });
  const done = (id: number) =>
    finished.has(id) ? Promise.resolve() : new Promise<void>((resolve) => waiters.set(id, resolve));
  const user = await insertBenchUser(database.db.kysely, 'bench-scale@example.com');

  /** Submits n jobs at once and returns the wall time until the last has finished, ms. */
  const batch = async (n: number, kind: CalcKind, input: () => unknown): Promise<number> => {
    const t0 = performance.now();
    const ids = await Promise.all(
      Array.from({ length: n }, () => queue.submit({ userId: user.id, kind, input: input() })),
    );
    await Promise.all(ids.map(done));
    const failed = ids.filter((id) => finished.get(id) !== 'succeeded');
    if (failed.length) throw new Error(`scale-out: ${failed.length} jobs did not succeed`);
    return performance.now() - t0;
  };

  const env = {
    DATABASE_URL: database.url ?? '',
    REDIS_URL: redis.url,
    JOB_CONCURRENCY: '1',
    JOB_MAX_PER_USER: '1000',
  };
  const figures: BenchFigure[] = [];
  const workers: Awaited<ReturnType<typeof startWorker>>[] = [];
  try {
    for (const count of [1, 2]) {
      while (workers.length < count) workers.push(await startWorker(env));
      // Every worker's thread loads the engine and the optical data before the clock starts.
      await batch(4 * count, 'circle', () => sdmJob());
      await batch(2 * count, 'elec', () => fixtureDevice('elec'));
      for (const [kind, n, input, label] of [
        ['circle', TRIVIAL_JOBS, () => sdmJob(), 'trivial (50-point single diode)'],
        ['elec', ELECTRICAL_JOBS, () => fixtureDevice('elec'), 'electrical (perovskite p-i-n demo)'],
      ] as const) {
        const ms = await batch(n, kind, input);
        figures.push({
          name: `scale-out: ${n} ${label} jobs, ${count} worker process${count > 1 ? 'es' : ''}`,
          medianMs: ms / n,
          extra: {
            'jobs/s': (1000 * n) / ms,
            'load average (1 min)': Number(loadavg()[0]!.toFixed(1)),
          },
        });
      }
    }
  } finally {
    for (const w of workers) await w.kill();
    await queue.stop();
    await redis.kill();
    await database.drop();
  }
  return figures;
}

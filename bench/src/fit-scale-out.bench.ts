import { loadavg } from 'node:os';
import type { DeviceFitFree, DeviceFitJob } from '@pvforge/contracts';
import type { DeviceFitResult } from '@pvforge/engine';
import { systemClock } from '../../apps/server/src/clock.js';
import { CalculationsRepository } from '../../apps/server/src/db/repositories/calculations.js';
import { BullMqQueue } from '../../apps/server/src/jobs/bullmq-queue.js';
import { announceFitThreads, withdrawFitThreads } from '../../apps/server/src/jobs/fit-runs.js';
import { fastFitDevice, syntheticCurve } from '../../apps/server/test/integration/calc/helpers.js';
import { createTestDatabase } from '../../apps/server/test/integration/helpers/database.js';
import { hasRedisServer, startWorker } from '../../apps/server/test/integration/helpers/processes.js';
import { PrivateRedis } from '../../apps/server/test/integration/helpers/redis-server.js';
import { insertBenchUser } from './bench-user.js';
import { job as fiveParameterJob, truthsHeld } from './device-fit.bench.js';
import type { BenchFigure } from './types.js';

/**
 * One device fit across worker processes (BullMQ mode, its forward runs on the fit-runs queue): the
 * 5-parameter fit of device-fit.bench.ts submitted through the queue as a server submits it, with
 * one and with two `npm run worker` processes (one calculation thread, which steers the fit, and
 * one fit thread each), sharing a fresh PostgreSQL database and a private Redis, and once more on
 * one process with the two-process fit's batches, so the same runs are timed on one and on two.
 * Timed from the submission to the finished event. Before each timing a small fit loads the engine into every
 * process's threads. Needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres) and the redis-server binary. The one-minute load
 * average is printed at the start and end of each fit: on a shared machine it says how much of the
 * machine the fit had.
 */
export default async function fitScaleOutBench(): Promise<BenchFigure[]> {
  process.env['TEST_DATABASE_URL'] ??=
    process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!hasRedisServer) {
    process.stderr.write('fit-scale-out: skipped (no redis-server binary)\n');
    return [];
  }
  const redis = new PrivateRedis();
  await redis.start();
  const database = await createTestDatabase();
  const repo = new CalculationsRepository(database.db.kysely);
  const queue = new BullMqQueue(
    repo,
    systemClock,
    { redisUrl: redis.url, runWorkers: false, timeLimitMs: 300_000, maxRunningPerUser: 10, maxPendingPerUser: 100 },
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
  const user = await insertBenchUser(database.db.kysely, 'bench-fit-scale@example.com');

  /** Submits one fit and returns its result and the wall time until it finished, ms. */
  const fit = async (input: DeviceFitJob): Promise<{ ms: number; result: DeviceFitResult }> => {
    const t0 = performance.now();
    const id = await queue.submit({ userId: user.id, kind: 'fit', input });
    if (!finished.has(id)) await new Promise<void>((resolve) => waiters.set(id, resolve));
    const ms = performance.now() - t0;
    if (finished.get(id) !== 'succeeded' && finished.get(id) !== 'nonconvergent')
      throw new Error(`fit-scale-out: the fit ended ${finished.get(id)}: ${(await repo.record(id))?.reason}`);
    return { ms, result: (await repo.result(id)) as DeviceFitResult };
  };
  const free: DeviceFitFree[] = [{ path: 'layers[3].electrical.tauNS', min: 1e-9, max: 1e-5 }];
  const voltages = Array.from({ length: 25 }, (_, i) => -0.1 + (1.2 * i) / 24);
  const warmUp: DeviceFitJob = {
    device: fastFitDevice(),
    curves: [syntheticCurve(free, [-7], voltages, 0.05)],
    free,
    options: { maxEvaluations: 40, starts: 8, skipProfiles: true },
  };
  // its time budget at the ceiling: one thread on this kind of machine needs about the default 600 s,
  // and a fit cut short by its budget would be timed, not the fit
  const base = fiveParameterJob();
  const measured: DeviceFitJob = { ...base, options: { ...base.options, maxSeconds: 3600 } };

  const env = {
    DATABASE_URL: database.url ?? '',
    REDIS_URL: redis.url,
    JOB_CONCURRENCY: '1',
    PVFORGE_FIT_THREADS: '1',
    JOB_MAX_PER_USER: '10',
  };
  const figures: BenchFigure[] = [];
  const workers: Awaited<ReturnType<typeof startWorker>>[] = [];
  const announcer = redis.client();
  const name = (count: number, what: string) =>
    `device fit across worker processes: 5 parameters, 3 light + 1 dark J-V of 100 points, ${count} worker process${count > 1 ? 'es' : ''} (1 fit thread each)${what}`;
  try {
    // The fit sizes its batches by the fit threads alive when it starts (one trial step per thread,
    // Jacobian columns side by side), so one process alone computes another sequence of runs than
    // two. The middle case is one process computing the two-process fit's very runs: a second
    // process's thread announced for the fit's start without the process, its runs all done by the one.
    for (const [count, phantom] of [
      [1, false],
      [1, true],
      [2, false],
    ] as const) {
      while (workers.length < count) workers.push(await startWorker(env));
      await fit(warmUp);
      if (phantom) await announceFitThreads(announcer, 'pvforge', 'bench-phantom', 1);
      const loadStart = loadavg()[0]!;
      const { ms, result } = await fit(measured);
      if (phantom) await withdrawFitThreads(announcer, 'pvforge', 'bench-phantom');
      figures.push({
        name: name(count, phantom ? ', batches sized for 2 (the same runs as with 2 processes)' : ''),
        medianMs: ms,
        extra: {
          status: result.status,
          runs: result.evaluations,
          'ms per run': ms / result.evaluations,
          'truths inside their 95 % intervals': truthsHeld(result),
          'load average (1 min) at start': Number(loadStart.toFixed(2)),
          'load average (1 min) at end': Number(loadavg()[0]!.toFixed(2)),
        },
      });
    }
  } finally {
    announcer.disconnect();
    for (const w of workers) await w.kill();
    await queue.stop();
    await redis.kill();
    await database.drop();
  }
  const [alone, same, two] = figures;
  if (alone && same && two) {
    // as a user sees it: one fit, however many runs it takes
    two.extra!['speed-up over 1 process alone'] = alone.medianMs / two.medianMs;
    // the distribution itself: the same runs on one process and on two
    two.extra!['speed-up over 1 process, same runs'] = same.medianMs / two.medianMs;
  }
  return figures;
}

import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../../apps/server/src/clock.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrations.js';
import { CalculationsRepository } from '../../apps/server/src/db/repositories/calculations.js';
import { InProcessQueue } from '../../apps/server/src/jobs/in-process-queue.js';
import type { JobEvent } from '../../apps/server/src/jobs/types.js';
import { insertBenchUser } from './bench-user.js';
import { type BenchFigure, median } from './types.js';

/**
 * The in-process job queue on SQLite (issue 6 targets): submit-to-finished time of a trivial job
 * (a 10-point single-diode simulation), median <= 50 ms; throughput of such jobs submitted at
 * once, >= 100 per second. Both include the database writes (insert, claim, finish with the
 * gzip-compressed result) and the round trip to a worker thread.
 */
const trivial = {
  kind: 'simulate-sdm',
  params: { jphMaCm2: 23, j0MaCm2: 3e-12, n: 1.5, rsOhmCm2: 3, rshOhmCm2: 2000, tK: 300 },
  voltageV: Array.from({ length: 10 }, (_, i) => 0.12 * i),
};

export default async function queueBench(): Promise<BenchFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'pvforge-bench-'));
  const db = openDatabase({ databaseUrl: undefined, sqliteFile: join(dir, 'bench.sqlite') });
  await migrateToLatest(db.kysely, db.dialect);
  const user = await insertBenchUser(db.kysely, 'bench@example.com');
  const threads = availableParallelism();
  const queue = new InProcessQueue(
    new CalculationsRepository(db.kysely),
    systemClock,
    { concurrency: threads, timeLimitMs: 60_000, maxRunningPerUser: threads, maxPendingPerUser: 100_000 },
    { warn() {}, error() {} },
  );
  const waiting = new Map<number, () => void>();
  const early = new Set<number>();
  queue.onEvent((e: JobEvent) => {
    if (e.type !== 'finished') return;
    const w = waiting.get(e.jobId);
    if (w) w();
    else early.add(e.jobId);
  });
  const done = (id: number) =>
    early.has(id) ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(id, resolve));
  await queue.start();
  try {
    const runOne = async () => {
      const t0 = performance.now();
      const id = await queue.submit({ userId: user.id, kind: 'circle', input: trivial });
      await done(id);
      return performance.now() - t0;
    };
    for (let i = 0; i < 2 * threads + 5; i++) await runOne(); // warm every thread
    const latencies: number[] = [];
    for (let i = 0; i < 100; i++) latencies.push(await runOne());
    latencies.sort((a, b) => a - b);

    const n = 500;
    const t0 = performance.now();
    const ids = await Promise.all(
      Array.from({ length: n }, () => queue.submit({ userId: user.id, kind: 'circle', input: trivial })),
    );
    await Promise.all(ids.map(done));
    const seconds = (performance.now() - t0) / 1000;
    const rate = n / seconds;
    return [
      {
        name: 'queue: submit to finished, trivial circuit job, in-process (SQLite)',
        medianMs: median(latencies),
        targetMs: 50,
        extra: { p90Ms: latencies[Math.floor(0.9 * latencies.length)]!, threads },
      },
      {
        name: `queue: throughput, ${n} trivial jobs submitted at once, in-process (SQLite)`,
        medianMs: (seconds * 1000) / n,
        extra: { jobsPerSecond: rate, targetJobsPerSecond: 100, threads },
      },
    ];
  } finally {
    await queue.stop();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

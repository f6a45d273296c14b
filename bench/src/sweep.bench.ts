import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ENGINE_VERSION } from '@pvforge/engine';
import { systemClock } from '../../apps/server/src/clock.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrations.js';
import { CalculationsRepository } from '../../apps/server/src/db/repositories/calculations.js';
import { packResult } from '../../apps/server/src/db/result-codec.js';
import { fileAssets } from '../../apps/server/src/jobs/assets.js';
import { InProcessQueue } from '../../apps/server/src/jobs/in-process-queue.js';
import { createPool } from '../../apps/server/src/jobs/pool-runner.js';
import { runCalculation } from '../../apps/server/src/jobs/run-calculation.js';
import { planSweep, SweepAggregator, type SweepInput } from '../../apps/server/src/jobs/sweep.js';
import type { JobEvent } from '../../apps/server/src/jobs/types.js';
import { checkCalculationInput } from '../../apps/server/src/jobs/validate.js';
import { insertBenchUser } from './bench-user.js';
import type { BenchFigure } from './types.js';

/**
 * A 12-point parameter sweep of the electrical demo device (absorber thickness 300-850 nm) through
 * the in-process queue on SQLite, as /sys/calc/sweep queues it: wall time from the first submit to
 * the sweep's aggregated result with one and with two worker threads (issue 18: two threads gave
 * only 1.35x over one on the 2-core machine). Beside it, what the time is made of: the engine alone
 * (each child run in this thread, no queue), the result encoding the database write does
 * (packResult), the structured clone a worker's result costs, and the progress messages written.
 */
const POINTS = 12;

function device(): unknown {
  const file = join(
    import.meta.dirname,
    '../../packages/engine/test/device/fixtures/perovskite-pin-electrical.device.json',
  );
  const checked = checkCalculationInput('elec', JSON.parse(readFileSync(file, 'utf8')));
  if (!checked.ok) throw new Error(`bench device refused: ${checked.field}`);
  return checked.input;
}

interface SweepRun {
  ms: number;
  progress: number;
  /** Main-thread event-loop busy time during the sweep (database, encoding, events), ms. */
  mainBusyMs: number;
  /** CPU time of the whole process (all threads) during the sweep, ms: insensitive to other load. */
  cpuMs: number;
}

async function runSweep(workers: number, base: unknown, values: number[]): Promise<SweepRun> {
  const dir = mkdtempSync(join(tmpdir(), 'pvforge-sweep-bench-'));
  const db = openDatabase({ databaseUrl: undefined, sqliteFile: join(dir, 'bench.sqlite') });
  await migrateToLatest(db.kysely, db.dialect);
  const user = await insertBenchUser(db.kysely, 'bench@example.com');
  const repo = new CalculationsRepository(db.kysely);
  const queue = new InProcessQueue(
    repo,
    systemClock,
    { concurrency: workers, timeLimitMs: 600_000, maxRunningPerUser: workers, maxPendingPerUser: 1000 },
    { warn() {}, error() {} },
  );
  const sweeps = new SweepAggregator(repo, systemClock, (_kind, result): Record<string, number> => {
    const jv = (result as { light?: { Voc_V?: number } }).light;
    return jv?.Voc_V !== undefined ? { Voc_V: jv.Voc_V } : {};
  });
  let progress = 0;
  const waiters = new Map<number, () => void>();
  queue.onEvent((e: JobEvent) => {
    if (e.type === 'progress') progress++;
    if (e.type !== 'finished') return;
    void sweeps.childFinished(e.jobId).then(() => {
      for (const [id, resolve] of waiters) {
        void repo.record(id).then((r) => {
          if (r?.status !== 'running') resolve();
        });
      }
    });
  });
  await queue.start();
  try {
    // Warm every thread (engine loaded, JIT) with one small job each, as a running server's are.
    const warm = planSweep('elec', base, [{ path: 'layers[3].thicknessNm', values: values.slice(0, workers) }]);
    if (!warm.ok) throw new Error(warm.en);
    const run = async (inputs: unknown[], sweepValues: number[]) => {
      const input: SweepInput = {
        sweep: true,
        kind: 'elec',
        device: base,
        parameters: [{ path: 'layers[3].thicknessNm', label: 'd', values: sweepValues }],
      };
      const elu0 = performance.eventLoopUtilization();
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const parentId = await repo.insertSweepParent({
        userId: user.id,
        kind: 'elec',
        name: 'bench',
        input,
        engineVersion: ENGINE_VERSION,
        now: Date.now(),
      });
      const settled = new Promise<void>((resolve) => waiters.set(parentId, resolve));
      for (const child of inputs) await queue.submit({ userId: user.id, kind: 'elec', input: child, parentId });
      await settled;
      waiters.delete(parentId);
      const parent = await repo.record(parentId);
      if (parent?.status !== 'succeeded') throw new Error(`sweep ended ${parent?.status}: ${parent?.reason}`);
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      return { ms, mainBusyMs: performance.eventLoopUtilization(elu0).active, cpuMs: (cpu.user + cpu.system) / 1000 };
    };
    await run(warm.inputs, values.slice(0, workers));
    const plan = planSweep('elec', base, [{ path: 'layers[3].thicknessNm', values }]);
    if (!plan.ok) throw new Error(plan.en);
    progress = 0;
    const { ms, mainBusyMs, cpuMs } = await run(plan.inputs, values);
    return { ms, progress, mainBusyMs, cpuMs };
  } finally {
    await queue.stop();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same children on a bare worker pool (no database, no progress port): the ceiling. */
async function runBarePool(workers: number, inputs: unknown[]): Promise<{ ms: number; cpuMs: number }> {
  const pool = createPool(workers);
  try {
    await Promise.all(inputs.slice(0, workers).map((input) => pool.run({ kind: 'elec', input })));
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(inputs.map((input) => pool.run({ kind: 'elec', input })));
    const cpu = process.cpuUsage(cpu0);
    return { ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000 };
  } finally {
    await pool.destroy();
  }
}

export default async function sweepBench(): Promise<BenchFigure[]> {
  const base = device();
  const values = Array.from({ length: POINTS }, (_, i) => 300 + 50 * i);
  const plan = planSweep('elec', base, [{ path: 'layers[3].thicknessNm', values }]);
  if (!plan.ok) throw new Error(plan.en);

  // The engine alone, in this thread: what the queue can at best divide among its threads.
  const assets = fileAssets();
  runCalculation(
    'elec',
    plan.inputs[0],
    () => assets,
    () => undefined,
  ); // warm-up
  let engineMs = 0;
  let packMs = 0;
  let cloneMs = 0;
  let bytes = 0;
  let progressCalls = 0;
  for (const input of plan.inputs) {
    const t0 = performance.now();
    const { result } = runCalculation(
      'elec',
      input,
      () => assets,
      () => progressCalls++,
    );
    engineMs += performance.now() - t0;
    const t1 = performance.now();
    structuredClone(result);
    cloneMs += performance.now() - t1;
    const t2 = performance.now();
    bytes += packResult(result).blob.length;
    packMs += performance.now() - t2;
  }

  const bare1 = await runBarePool(1, plan.inputs);
  const bare2 = await runBarePool(2, plan.inputs);
  const one = await runSweep(1, base, values);
  const load1 = loadavg()[0]!;
  const two = await runSweep(2, base, values);
  const load2 = loadavg()[0]!;
  const common = { points: POINTS, cores: availableParallelism() };
  return [
    {
      name: `sweep: ${POINTS}-point electrical sweep, engine alone in one thread (sum of the children)`,
      medianMs: engineMs,
      extra: {
        ...common,
        perChildMs: engineMs / POINTS,
        structuredCloneMs: cloneMs,
        packResultMs: packMs,
        resultKiB: bytes / 1024,
        progressMessages: progressCalls,
      },
    },
    {
      name: `sweep: same children on a bare worker pool (no database, no progress), 1 thread`,
      medianMs: bare1.ms,
      extra: { ...common, cpuMs: bare1.cpuMs, loadAverage: loadavg()[0]! },
    },
    {
      name: `sweep: same children on a bare worker pool, 2 threads`,
      medianMs: bare2.ms,
      extra: { ...common, speedupOverOneThread: bare1.ms / bare2.ms, cpuMs: bare2.cpuMs, loadAverage: loadavg()[0]! },
    },
    {
      name: `sweep: ${POINTS}-point electrical sweep through the in-process queue (SQLite), 1 worker thread`,
      medianMs: one.ms,
      extra: {
        ...common,
        sweepsPerMinute: 60_000 / one.ms,
        overheadOverEngine: one.ms / engineMs,
        progressEvents: one.progress,
        mainThreadBusyMs: one.mainBusyMs,
        cpuMs: one.cpuMs,
        cpuOverBarePool: one.cpuMs / bare1.cpuMs,
        loadAverage: load1,
      },
    },
    {
      name: `sweep: same, 2 worker threads`,
      medianMs: two.ms,
      extra: {
        ...common,
        sweepsPerMinute: 60_000 / two.ms,
        speedupOverOneWorker: one.ms / two.ms,
        progressEvents: two.progress,
        mainThreadBusyMs: two.mainBusyMs,
        cpuMs: two.cpuMs,
        cpuOverBarePool: two.cpuMs / bare2.cpuMs,
        loadAverage: load2,
      },
    },
  ];
}

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { DeviceFitJob } from '@pvforge/contracts';
import type { FitEvaluation } from '@pvforge/engine';
import { type FitThreadPool, fitThreadPool } from '@pvforge/workers';
import { type Job, Worker } from 'bullmq';
import { Redis } from 'ioredis';

/**
 * A device fit's forward runs spread over every worker process (BullMQ mode with
 * FIT_RUNS_ACROSS_WORKERS, the default). The fit's own calculation thread steers the fit and hands
 * each batch of runs to its process's main thread, which puts them on the queue `fit-runs` and
 * awaits their answers (queue-evaluator.ts); every worker process takes runs from it here, on
 * threads of its own (the fit threads), so a fit uses the cores of all of them.
 *
 * The job is stored once in Redis under the fit's calculation id (`<prefix>:fit-job:<id>`, expiring
 * with the fit's wall-clock limit); a run carries that key and its point u. The key is the fit's
 * life: deleting it (the fit ended, was cancelled or timed out) turns every run still queued or
 * picked up later into an empty answer, so nothing computes for a fit that is gone.
 *
 * A run whose process dies keeps no lock: BullMQ's stalled check (every worker's) puts it back in
 * the queue after about the lock duration and another process runs it. The lock is renewed every
 * half lock by the process's main thread, which never runs the engine (runs are on its threads),
 * so a run of a minute or longer keeps its lock while its process lives.
 */
export const FIT_RUNS_QUEUE = 'fit-runs';

/** One run on the queue: the stored job's key and the fit variables. */
export interface FitRunData {
  key: string;
  u: number[];
}

/** A run's answer: the engine's evaluation and which worker computed it (logs, tests). */
export type FitRunResult = FitEvaluation & { worker: string };

export const fitRunKeys = (prefix: string, calcId: number) => ({
  /** The fit's job as JSON. */
  job: `${prefix}:fit-job:${calcId}`,
  /** The ids of every run it queued (removed when the fit ends). */
  runs: `${prefix}:fit-runs-of:${calcId}`,
});

/** Run ids: the fit's id, one random word per evaluator (a re-run fit never meets its earlier runs), a count. */
export const fitRunId = (calcId: number, set: string, n: number) => `${fitRunIdPrefix(calcId)}${set}-${n}`;
export const fitRunIdPrefix = (calcId: number) => `fit-${calcId}-`;

const capacityKeys = (prefix: string) => ({
  /** The ids of the processes that take runs. */
  members: `${prefix}:fit-workers`,
  /** Their threads, each under a key that lapses unless the process renews it. */
  threads: (id: string) => `${prefix}:fit-worker:${id}`,
});
/** A process renews its thread count this often; a dead one drops out after CAPACITY_TTL_MS. */
const CAPACITY_BEAT_MS = 10_000;
const CAPACITY_TTL_MS = 30_000;

/**
 * Says that process `id` runs `threads` runs at once, for CAPACITY_TTL_MS (a FitRunsHost renews it
 * every CAPACITY_BEAT_MS while it lives).
 */
export async function announceFitThreads(redis: Redis, prefix: string, id: string, threads: number): Promise<void> {
  const k = capacityKeys(prefix);
  await redis.multi().set(k.threads(id), String(threads), 'PX', CAPACITY_TTL_MS).sadd(k.members, id).exec();
}

/** Takes process `id`'s threads back at once (it stops), rather than when its count lapses. */
export async function withdrawFitThreads(redis: Redis, prefix: string, id: string): Promise<void> {
  const k = capacityKeys(prefix);
  await redis.multi().srem(k.members, id).del(k.threads(id)).exec();
}

/**
 * Fit threads of all live worker processes together (at least 1): the fit sizes its batches by it
 * (evaluator.parallel), so a batch keeps every process busy. Processes that stopped renewing their
 * count are dropped from the list here.
 */
export async function fitRunCapacity(redis: Redis, prefix: string): Promise<number> {
  const k = capacityKeys(prefix);
  const ids = await redis.smembers(k.members);
  if (!ids.length) return 1;
  const counts = await redis.mget(ids.map(k.threads));
  const dead = ids.filter((_, i) => counts[i] === null);
  if (dead.length) await redis.srem(k.members, ...dead);
  return Math.max(
    1,
    counts.reduce((s, c) => s + (c === null ? 0 : Number(c)), 0),
  );
}

type Log = { warn(obj: object, msg: string): void };

/** What a run answers when its fit is gone: nobody waits for it. */
const GONE: FitEvaluation = {
  ok: false,
  reason: { zh: '拟合已结束，此次计算未执行', en: 'the fit has ended; the run was not computed' },
};

/**
 * The run consumer of one worker process: a BullMQ Worker on `fit-runs` with as many runs at once as
 * the process has fit threads, each run on one of them (the same fit-thread entry a fit's own
 * threads use).
 */
export class FitRunsHost {
  /** Which process computed a run: host, pid and a random word (one process may host several in tests). */
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private worker: Worker<FitRunData, FitRunResult> | undefined;
  private workerConnection: Redis | undefined;
  private redis: Redis | undefined;
  private pool: FitThreadPool | undefined;
  private beat: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(
    private readonly opts: { redisUrl: string; prefix: string; threads: number; lockMs: number },
    private readonly log: Log,
  ) {}

  async start(): Promise<void> {
    const { redisUrl, prefix, threads, lockMs } = this.opts;
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.redis.on('error', () => undefined);
    // BullMQ leaves a connection it was given open at close(): ours to end in stop().
    this.workerConnection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.workerConnection.on('error', () => undefined);
    this.worker = new Worker<FitRunData, FitRunResult>(FIT_RUNS_QUEUE, (job) => this.run(job), {
      prefix,
      connection: this.workerConnection,
      concurrency: threads,
      // stored on each run it takes (processedBy): which process holds a run
      name: this.id,
      lockDuration: lockMs,
      stalledInterval: Math.max(200, Math.round(lockMs / 2)),
      // a run is cheap to repeat: recovered twice before it counts as failed (the fit then goes on
      // without that point)
      maxStalledCount: 2,
    });
    this.worker.on('error', (err) => this.log.warn({ err }, 'fit runs worker: redis error'));
    await this.worker.waitUntilReady();
    await this.announce();
    this.beat = setInterval(() => {
      this.announce().catch(() => undefined);
    }, CAPACITY_BEAT_MS);
    this.beat.unref();
  }

  private announce(): Promise<void> {
    return announceFitThreads(this.redis!, this.opts.prefix, this.id, this.opts.threads);
  }

  async stop(): Promise<void> {
    // Runs on this process's threads are left to the stalled check: another process runs them.
    this.stopping = true;
    clearInterval(this.beat);
    if (this.redis) await withdrawFitThreads(this.redis, this.opts.prefix, this.id).catch(() => undefined);
    await this.worker?.close(true).catch(() => undefined);
    this.workerConnection?.disconnect();
    await this.pool?.close();
    this.redis?.disconnect();
  }

  private async run(job: Job<FitRunData, FitRunResult>): Promise<FitRunResult> {
    // Read each time rather than kept: the key's presence is the fit's life, and a read of tens of
    // kB is nothing next to a run of a tenth of a second or more.
    const text = await this.redis!.get(job.data.key);
    if (text === null) return { ...GONE, worker: this.id };
    // Threads start with the first run: a process that never gets one keeps none.
    this.pool ??= fitThreadPool(this.opts.threads);
    try {
      const out = await this.pool.run(JSON.parse(text) as DeviceFitJob, job.data.u);
      return { ...out, worker: this.id };
    } catch (err) {
      // Stopping ended the threads under the run: neither completed nor failed in Redis, so its
      // lock lapses and another process runs it.
      if (this.stopping) await new Promise<never>(() => undefined);
      throw err;
    }
  }
}

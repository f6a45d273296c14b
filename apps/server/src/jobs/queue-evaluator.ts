import { randomBytes } from 'node:crypto';
import type { DeviceFitJob } from '@pvforge/contracts';
import type { FitEvaluation, FitEvaluator } from '@pvforge/engine';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import {
  FIT_RUNS_QUEUE,
  type FitRunData,
  type FitRunResult,
  fitRunCapacity,
  fitRunId,
  fitRunKeys,
} from './fit-runs.js';

/** How long a finished run's answer stays in Redis: long enough to be read, short enough not to pile up. */
const KEEP_DONE_S = 60;
const KEEP_FAILED_S = 3600;

type Log = { warn(obj: object, msg: string): void };

/** A fit's evaluator on the queue; close() ends it (see FitRunsClient.evaluator). */
export type QueueEvaluator = FitEvaluator & { close(): Promise<void> };

/**
 * The sending side of the `fit-runs` queue (fit-runs.ts) in one worker process's main thread: the
 * fits this process steers put their batches of runs on the queue through it and get the answers
 * back, whichever process computed them. One QueueEvents for the whole process hears every answer
 * and hands it to whoever waits for that run, so a fit that ends stops waiting by dropping its
 * waiters, with nothing left listening.
 */
export class FitRunsClient {
  private redis: Redis | undefined;
  private eventsConnection: Redis | undefined;
  private queue: Queue<FitRunData, FitRunResult> | undefined;
  private events: QueueEvents | undefined;
  private readonly waiting = new Map<string, (e: FitEvaluation) => void>();

  constructor(
    private readonly opts: { redisUrl: string; prefix: string },
    private readonly log: Log,
  ) {}

  async start(): Promise<void> {
    const { redisUrl, prefix } = this.opts;
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.redis.on('error', () => undefined);
    this.queue = new Queue<FitRunData, FitRunResult>(FIT_RUNS_QUEUE, { prefix, connection: this.redis });
    this.queue.on('error', (err) => this.log.warn({ err }, 'fit runs queue: redis error'));
    // QueueEvents blocks on its connection (XREAD): one of its own. After a reconnect it reads on
    // from the last event it saw, so no answer goes by unheard.
    this.eventsConnection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.eventsConnection.on('error', () => undefined);
    this.events = new QueueEvents(FIT_RUNS_QUEUE, { prefix, connection: this.eventsConnection });
    this.events.on('error', (err) => this.log.warn({ err }, 'fit runs events: redis error'));
    this.events.on('completed', ({ jobId, returnvalue }) =>
      // QueueEvents has parsed the JSON answer already (its type says string)
      this.settle(jobId, evaluation(returnvalue as unknown as FitRunResult)),
    );
    this.events.on('failed', ({ jobId, failedReason }) => this.settle(jobId, failedRun(failedReason)));
    await this.events.waitUntilReady();
  }

  async stop(): Promise<void> {
    for (const id of [...this.waiting.keys()]) this.settle(id, STOPPED);
    await this.events?.close().catch(() => undefined);
    await this.queue?.close().catch(() => undefined);
    this.eventsConnection?.disconnect();
    this.redis?.disconnect();
  }

  private settle(runId: string, e: FitEvaluation): void {
    const resolve = this.waiting.get(runId);
    if (!resolve) return; // another process's run, or one whose fit has ended
    this.waiting.delete(runId);
    resolve(e);
  }

  /**
   * The evaluator of fit `calcId`: stores the job for `ttlMs` (the fit's wall-clock limit and a
   * margin), and puts each batch's points on the queue as runs. Its `parallel` is the fit threads of
   * every process alive now, so each batch gives all of them work. A run that failed on the queue
   * (it was taken from dead processes too often, its thread crashed) answers as a point that could
   * not be computed: the fit goes on without it. close(), however the fit ended (finished,
   * cancelled, out of time), stops waiting and removes the fit's runs (forget).
   */
  async evaluator(job: DeviceFitJob, calcId: number, ttlMs: number): Promise<QueueEvaluator> {
    const redis = this.redis!;
    const queue = this.queue!;
    const keys = fitRunKeys(this.opts.prefix, calcId);
    await redis.set(keys.job, JSON.stringify(job), 'PX', ttlMs);
    const parallel = await fitRunCapacity(redis, this.opts.prefix);
    const set = randomBytes(4).toString('hex');
    const mine = new Set<string>();
    let n = 0;
    let closed = false;
    return {
      parallel,
      evaluate: async (points) => {
        if (closed) return points.map(() => STOPPED);
        const ids = points.map(() => fitRunId(calcId, set, n++));
        // listed before they are added: whoever removes the fit's runs sees every one
        await redis
          .multi()
          .sadd(keys.runs, ...ids)
          .pexpire(keys.runs, ttlMs)
          .exec();
        // waiting before they are added: an answer cannot come before its waiter
        const answers = ids.map(
          (id) =>
            new Promise<FitEvaluation>((resolve) => {
              mine.add(id);
              this.waiting.set(id, (e) => {
                mine.delete(id);
                resolve(e);
              });
            }),
        );
        await queue.addBulk(
          points.map((u, k) => ({
            name: 'run',
            data: { key: keys.job, u: [...u] },
            opts: { jobId: ids[k]!, removeOnComplete: { age: KEEP_DONE_S }, removeOnFail: { age: KEEP_FAILED_S } },
          })),
        );
        return Promise.all(answers);
      },
      close: async () => {
        closed = true;
        for (const id of [...mine]) this.settle(id, STOPPED);
        await this.forget(calcId).catch((err: unknown) =>
          this.log.warn({ err, jobId: calcId }, 'fit runs: removal failed'),
        );
      },
    };
  }

  /**
   * Ends fit `calcId`'s runs: its stored job goes (runs picked up later answer at once,
   * uncomputed) and its waiting runs are removed from the queue; a run already on a thread
   * somewhere finishes, unread. Also before a fit starts, for what an interrupted attempt left.
   */
  async forget(calcId: number): Promise<void> {
    const keys = fitRunKeys(this.opts.prefix, calcId);
    const redis = this.redis!;
    const ids = await redis.smembers(keys.runs);
    await redis.del(keys.job, keys.runs);
    for (const id of ids) {
      // an active run is locked by its worker and cannot be removed: it ends by itself
      await this.queue!.remove(id).catch(() => 0);
    }
  }
}

/** The answer to runs nobody waits for any more (the fit ended, the process stops). */
const STOPPED: FitEvaluation = {
  ok: false,
  reason: { zh: '拟合已停止', en: 'the fit has stopped' },
};

/**
 * The engine's evaluation from a run's JSON answer. JSON writes NaN and ±Infinity as null; they are
 * NaN again here, so a run with a non-finite current counts as not computed, exactly as on a
 * thread (where the numbers cross unchanged), instead of as a current of zero.
 */
function evaluation(answer: FitRunResult): FitEvaluation {
  const { worker: _worker, ...e } = answer;
  if (!e.ok) return e;
  return { ok: true, model: e.model.map((c) => c.map((x: number | null) => x ?? Number.NaN)) };
}

function failedRun(why: string): FitEvaluation {
  return {
    ok: false,
    reason: { zh: `此次计算在任务队列中失败：${why}`, en: `the run failed on the job queue: ${why}` },
  };
}

import { availableParallelism, hostname } from 'node:os';
import type { CalcKind, DeviceFitJob, DeviceFitProgress } from '@pvforge/contracts';
import { ENGINE_VERSION } from '@pvforge/engine';
import { DelayedError, type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Piscina } from 'piscina';
import type { Clock } from '../clock.js';
import type { CalculationsRepository } from '../db/repositories/calculations.js';
import { FitRunsHost } from './fit-runs.js';
import { INTERRUPTED_REASON, type QueueOptions } from './in-process-queue.js';
import { createPool, runOnPool } from './pool-runner.js';
import { coalescedProgressWrites, PROGRESS_LIVE_INTERVAL_MS } from './progress-writes.js';
import { FitRunsClient, type QueueEvaluator } from './queue-evaluator.js';
import { jobTimeLimitMs } from './time-limit.js';
import { type JobEvent, JobLimitError, type JobQueue, type JobSubmission, QueueUnavailableError } from './types.js';
import { writeThroughOutage } from './write-through-outage.js';

/**
 * The scale-out adapter: BullMQ on Redis carries only job ids; the database stays the source of
 * truth for records, states and results (every transition is the same conditional UPDATE as in
 * the in-process adapter). Job events and cancels travel on Redis pub/sub, so every API instance
 * hears every event and a cancel reaches whichever `npm run worker` process runs the job.
 */
export interface BullOptions extends QueueOptions {
  redisUrl: string;
  /** Key prefix (tests use one per file). */
  prefix?: string;
  /** Run workers in this process too (the server without separate `npm run worker` processes). */
  runWorkers: boolean;
  /**
   * How long a worker's hold on a job lasts without renewal (BullMQ lockDuration), ms; a job whose
   * process died is redelivered after about this long. Default 30 s; tests shorten it.
   */
  lockMs?: number | undefined;
  /**
   * A device fit's forward runs go to the `fit-runs` queue, which every worker process takes runs
   * from on its fit threads (fit-runs.ts), rather than to threads of the fit's own process.
   * Default true (FIT_RUNS_ACROSS_WORKERS).
   */
  fitRunsAcrossWorkers?: boolean | undefined;
}

const QUEUE_NAME = 'calc';
interface Data {
  id: number;
}

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

const channels = (prefix: string) => ({ events: `${prefix}:calc:events`, cancel: `${prefix}:calc:cancel` });

/** BullMQ refuses integer-looking custom ids. */
const bullId = (id: number) => `calc-${id}`;

/** BullMQ's priority: 1 is the highest; ours: higher first, 0 by default. */
const bullPriority = (p: number) => Math.max(1, Math.min(2_000_000, 1000 - Math.round(p)));

export class BullMqQueue implements JobQueue {
  /** Events travel over Redis pub/sub, so every server instance sees every job's events. */
  readonly eventsReachEveryInstance = true;
  private queue: Queue<Data> | undefined;
  private connection: Redis | undefined;
  private publisher: Redis | undefined;
  private subscriber: Redis | undefined;
  private workers: BullWorkerHost | undefined;
  private readonly listeners = new Set<(e: JobEvent) => void>();
  private readonly prefix: string;

  constructor(
    private readonly repo: CalculationsRepository,
    private readonly clock: Clock,
    private readonly opts: BullOptions,
    private readonly log: Log,
  ) {
    this.prefix = opts.prefix ?? 'pvforge';
  }

  async start(): Promise<void> {
    // Commands fail at once while Redis is away (no offline queue): submit must answer, not hang.
    // BullMQ leaves a connection it was given open at close(): ours to end in stop().
    this.connection = new Redis(this.opts.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.connection.on('error', () => undefined);
    this.queue = new Queue<Data>(QUEUE_NAME, { prefix: this.prefix, connection: this.connection });
    this.queue.on('error', (err) => this.log.warn({ err }, 'job queue: redis error'));
    this.publisher = new Redis(this.opts.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.publisher.on('error', () => undefined);
    this.subscriber = new Redis(this.opts.redisUrl, { maxRetriesPerRequest: null });
    this.subscriber.on('error', () => undefined);
    const ch = channels(this.prefix);
    await this.subscriber.subscribe(ch.events);
    this.subscriber.on('message', (channel, text) => {
      if (channel !== ch.events) return;
      const e = JSON.parse(text) as JobEvent;
      for (const l of this.listeners) {
        try {
          l(e);
        } catch (err) {
          this.log.error({ err }, 'job event listener failed');
        }
      }
    });
    await this.queue.waitUntilReady();
    // Jobs the database has as queued but Redis lost (flushed, or added while it was away) go back.
    await this.requeueFromDatabase();
    // The same after every reconnect: a Redis restarted without persistence has lost the queue
    // (adding a job id that Redis still has changes nothing, so this is safe on every instance).
    this.connection.on('ready', () => {
      this.requeueFromDatabase().catch((err: unknown) =>
        this.log.warn({ err }, 'job queue: requeue after reconnect failed'),
      );
    });
    if (this.opts.runWorkers) {
      this.workers = new BullWorkerHost(this.repo, this.clock, this.opts, this.log);
      await this.workers.start();
    }
  }

  private async requeueFromDatabase(): Promise<void> {
    const queue = this.queue;
    if (!queue) return;
    for (const r of await this.repo.queued(10_000))
      await queue.add(
        'calc',
        { id: r.id },
        { jobId: bullId(r.id), priority: bullPriority(r.priority), removeOnComplete: true, removeOnFail: 1000 },
      );
  }

  async stop(): Promise<void> {
    await this.workers?.stop();
    this.workers = undefined;
    await this.queue?.close().catch(() => undefined);
    this.connection?.disconnect();
    this.subscriber?.disconnect();
    this.publisher?.disconnect();
    this.queue = undefined;
  }

  async submit(job: JobSubmission): Promise<number> {
    const queue = this.queue;
    if (!queue || this.publisher?.status !== 'ready') throw new QueueUnavailableError('redis is not reachable');
    const pending = await this.repo.unfinishedCount(job.userId);
    if (pending >= this.opts.maxPendingPerUser) throw new JobLimitError(this.opts.maxPendingPerUser);
    const priority = job.priority ?? 0;
    const id = await this.repo.insert({
      userId: job.userId,
      kind: job.kind,
      name: job.name ?? '',
      priority,
      parentId: job.parentId ?? null,
      input: job.input,
      engineVersion: ENGINE_VERSION,
      now: this.clock.now(),
      ...(job.requestKey ? { requestKey: job.requestKey } : {}),
    });
    try {
      await queue.add(
        'calc',
        { id },
        { jobId: bullId(id), priority: bullPriority(priority), removeOnComplete: true, removeOnFail: 1000 },
      );
    } catch (err) {
      // Nothing is left half-queued: the record goes as the job could not be handed over.
      await this.repo.delete(id, job.userId);
      throw new QueueUnavailableError(err instanceof Error ? err.message : String(err));
    }
    return id;
  }

  async cancel(jobId: number, userId: number): Promise<boolean> {
    const was = await this.repo.cancel(jobId, userId, this.clock.now(), 'cancelled by the user');
    if (!was) return false;
    const rec = await this.repo.record(jobId);
    const ch = channels(this.prefix);
    try {
      if (was === 'queued') await this.queue?.remove(bullId(jobId));
      else await this.publisher?.publish(ch.cancel, String(jobId));
      if (rec)
        await this.publisher?.publish(
          ch.events,
          JSON.stringify({
            type: 'finished',
            jobId,
            userId: rec.user_id,
            kind: rec.kind as CalcKind,
            status: 'cancelled',
            reason: 'cancelled by the user',
          } satisfies JobEvent),
        );
    } catch (err) {
      // The record says cancelled: a worker that picks the job up later skips it.
      this.log.warn({ err, jobId }, 'cancel: redis not reachable');
    }
    return true;
  }

  onEvent(listener: (event: JobEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/**
 * The BullMQ workers of one process (`npm run worker`, or the server with runWorkers): a BullMQ
 * Worker hands job ids to a piscina pool of the same size, exactly as the in-process adapter runs
 * them. A job whose process died is redelivered by BullMQ as stalled: run again once, then failed.
 * With fitRunsAcrossWorkers the process also takes device fits' forward runs from the `fit-runs`
 * queue (FitRunsHost), its own fits' and every other process's, and the fits it runs put their
 * runs there (FitRunsClient): their pool threads only steer.
 */
export class BullWorkerHost {
  private worker: Worker<Data> | undefined;
  private connection: Redis | undefined;
  private pool: Piscina | undefined;
  private publisher: Redis | undefined;
  private subscriber: Redis | undefined;
  private fitRunsHost: FitRunsHost | undefined;
  private fitRuns: FitRunsClient | undefined;
  private readonly running = new Map<number, AbortController>();
  private readonly prefix: string;
  private readonly concurrency: number;
  private stopping = false;

  constructor(
    private readonly repo: CalculationsRepository,
    private readonly clock: Clock,
    private readonly opts: Omit<BullOptions, 'runWorkers'>,
    private readonly log: Log,
  ) {
    this.prefix = opts.prefix ?? 'pvforge';
    this.concurrency = Math.max(1, opts.concurrency ?? availableParallelism());
  }

  async start(): Promise<void> {
    this.pool = createPool(this.concurrency);
    this.publisher = new Redis(this.opts.redisUrl, { maxRetriesPerRequest: null });
    this.publisher.on('error', () => undefined);
    this.subscriber = new Redis(this.opts.redisUrl, { maxRetriesPerRequest: null });
    this.subscriber.on('error', () => undefined);
    const ch = channels(this.prefix);
    await this.subscriber.subscribe(ch.cancel);
    this.subscriber.on('message', (_c, text) => this.running.get(Number(text))?.abort());
    // BullMQ leaves a connection it was given open at close(): ours to end in stop().
    this.connection = new Redis(this.opts.redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', () => undefined);
    this.worker = new Worker<Data>(QUEUE_NAME, (job, token) => this.process(job, token), {
      prefix: this.prefix,
      connection: this.connection,
      concurrency: this.concurrency,
      // stored on each job it takes (processedBy): which process runs a calculation
      name: `${hostname()}:${process.pid}`,
      maxStalledCount: 1,
      lockDuration: this.opts.lockMs ?? 30_000,
      stalledInterval: Math.max(200, Math.round((this.opts.lockMs ?? 30_000) / 2)),
    });
    this.worker.on('error', (err) => this.log.warn({ err }, 'job worker: redis error'));
    await this.worker.waitUntilReady();
    if (this.opts.fitRunsAcrossWorkers !== false) {
      this.fitRunsHost = new FitRunsHost(
        {
          redisUrl: this.opts.redisUrl,
          prefix: this.prefix,
          threads: Math.max(1, this.opts.fitThreads ?? availableParallelism()),
          lockMs: this.opts.lockMs ?? 30_000,
        },
        this.log,
      );
      await this.fitRunsHost.start();
      this.fitRuns = new FitRunsClient({ redisUrl: this.opts.redisUrl, prefix: this.prefix }, this.log);
      await this.fitRuns.start();
    }
  }

  async stop(): Promise<void> {
    // Running jobs are left to BullMQ's stalled-job recovery (and 'running' in the database).
    this.stopping = true;
    for (const c of this.running.values()) c.abort();
    await this.worker?.close(true).catch(() => undefined);
    this.connection?.disconnect();
    await this.fitRunsHost?.stop();
    await this.fitRuns?.stop();
    await this.pool?.destroy();
    this.subscriber?.disconnect();
    this.publisher?.disconnect();
  }

  private publish(e: JobEvent): void {
    this.publisher?.publish(channels(this.prefix).events, JSON.stringify(e)).catch(() => undefined);
  }

  private async process(job: Job<Data>, token: string | undefined): Promise<void> {
    const id = job.data.id;
    const rec = await this.repo.record(id);
    if (!rec) return; // deleted meanwhile
    const base = { jobId: id, userId: rec.user_id, kind: rec.kind as CalcKind };
    if (rec.status === 'running') {
      // Redelivered after its process died: retried once, then failed with the reason.
      if (rec.attempts >= 2) {
        if (await this.repo.finish(id, 'failed', this.clock.now(), { reason: INTERRUPTED_REASON }))
          this.publish({ type: 'finished', ...base, status: 'failed', reason: INTERRUPTED_REASON });
        return;
      }
      await this.repo.requeue(id);
    } else if (rec.status !== 'queued') return; // cancelled meanwhile
    if ((await this.repo.runningCount(rec.user_id)) >= this.opts.maxRunningPerUser) {
      // The user's limit is reached: back into the queue for a moment, without counting as a try.
      await job.moveToDelayed(Date.now() + 200, token);
      throw new DelayedError();
    }
    if (!(await this.repo.claim(id, this.clock.now()))) return;
    const ctrl = new AbortController();
    this.running.set(id, ctrl);
    this.publish({ type: 'started', ...base });
    // a fit's runs on the fit-runs queue: however it ends, they end with it (close)
    let fitRuns: QueueEvaluator | undefined;
    try {
      const input = await this.repo.input(id);
      const timeLimitMs = jobTimeLimitMs(base.kind, input, this.opts.timeLimitMs);
      if (base.kind === 'fit' && this.fitRuns) {
        // runs an interrupted earlier attempt left queued would compute for nobody
        await this.fitRuns.forget(id);
        // the stored job outlives the fit's thread by a minute at most
        fitRuns = await this.fitRuns.evaluator(input as DeviceFitJob, id, timeLimitMs + 60_000);
      }
      let done = false;
      const writes = coalescedProgressWrites((percent, detail) => this.repo.progress(id, percent, detail));
      const live = coalescedProgressWrites<DeviceFitProgress>(async (percent, detail, fit) => {
        if (!done)
          this.publish({ type: 'progress', ...base, percent, ...(detail ? { detail } : {}), ...(fit ? { fit } : {}) });
      }, PROGRESS_LIVE_INTERVAL_MS);
      const out = await runOnPool(
        this.pool!,
        {
          kind: base.kind,
          input,
          allowFaults: this.opts.allowFaults === true,
          fitThreads: this.opts.fitThreads,
        },
        {
          timeLimitMs,
          signal: ctrl.signal,
          fitRuns,
          onProgress: (percent, detail, fit) => {
            if (done) return;
            live.push(percent, detail, fit);
            writes.push(percent, detail);
          },
        },
      ).finally(() => {
        writes.stop();
        live.stop();
      });
      done = true;
      if (out.status === 'aborted' && this.stopping) {
        // Neither completed nor failed in Redis: its lock lapses and BullMQ redelivers it as stalled.
        await new Promise<never>(() => undefined);
      }
      if (out.status === 'aborted') return;
      const finishedAt = this.clock.now();
      const ok = await writeThroughOutage(
        () =>
          this.repo.finish(id, out.status, finishedAt, {
            ...(out.packed !== undefined ? { packed: out.packed } : {}),
            reason: out.reason,
          }),
        {
          stopping: () => this.stopping,
          onRetry: (err) => this.log.warn({ err, jobId: id }, 'result write waits for the database'),
        },
      );
      if (ok)
        this.publish({ type: 'finished', ...base, status: out.status, ...(out.reason ? { reason: out.reason } : {}) });
    } catch (err) {
      // A database error around the run: failed in the record too, never left 'running'.
      const reason = `internal error: ${err instanceof Error ? err.message : String(err)}`;
      if (await this.repo.finish(id, 'failed', this.clock.now(), { reason }).catch(() => false))
        this.publish({ type: 'finished', ...base, status: 'failed', reason });
      throw err;
    } finally {
      this.running.delete(id);
      // the fit's thread has ended (finished, cancelled, out of time, failed): stop waiting for its
      // runs and remove those still queued. A process that stops never gets here: its fit runs
      // again elsewhere, which clears them.
      await fitRuns?.close();
    }
  }
}

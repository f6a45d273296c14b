import { availableParallelism } from 'node:os';
import type { CalcKind, DeviceFitProgress } from '@pvforge/contracts';
import { ENGINE_VERSION } from '@pvforge/engine';
import type { Piscina } from 'piscina';
import type { Clock } from '../clock.js';
import type { CalculationsRepository } from '../db/repositories/calculations.js';
import { createPool, runOnPool } from './pool-runner.js';
import { coalescedProgressWrites, PROGRESS_LIVE_INTERVAL_MS } from './progress-writes.js';
import { jobTimeLimitMs } from './time-limit.js';
import { type JobEvent, JobLimitError, type JobQueue, type JobSubmission } from './types.js';
import { writeThroughOutage } from './write-through-outage.js';

export interface QueueOptions {
  /** Worker threads (calculations at once); default os.availableParallelism(). */
  concurrency?: number;
  /** Wall-clock limit of one calculation, ms; past it the job is nonconvergent. */
  timeLimitMs: number;
  /** Calculations of one user running at once. */
  maxRunningPerUser: number;
  /** Calculations of one user queued or running; submit refuses more. */
  maxPendingPerUser: number;
  /** Tests only: honour `{"__fault": ...}` inputs (see worker.ts). */
  allowFaults?: boolean;
  /** How often the table is polled for work besides submit and finish (ms). */
  pollMs?: number;
  /** Worker threads of one device fit's forward runs (PVFORGE_FIT_THREADS); default os.availableParallelism(). */
  fitThreads?: number | undefined;
}

export const INTERRUPTED_REASON = 'interrupted twice by a server restart';

interface Running {
  userId: number;
  kind: CalcKind;
  ctrl: AbortController;
  done: boolean;
}

/**
 * The default adapter: the calculations table is the queue, a piscina worker_threads pool runs
 * the engine. One dispatcher per database (the BullMQ adapter is the one for several servers).
 * Cancel and the wall-clock limit abort the task, which makes piscina terminate the thread at
 * once and start a fresh one; a thread that exits or throws fails its job.
 */
export class InProcessQueue implements JobQueue {
  private pool: Piscina | undefined;
  private readonly running = new Map<number, Running>();
  private readonly listeners = new Set<(e: JobEvent) => void>();
  private readonly concurrency: number;
  private started = false;
  private stopping = false;
  private pumping = false;
  private pumpAgain = false;
  private poll: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly repo: CalculationsRepository,
    private readonly clock: Clock,
    private readonly opts: QueueOptions,
    private readonly log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void },
  ) {
    this.concurrency = Math.max(1, opts.concurrency ?? availableParallelism());
  }

  async start(): Promise<void> {
    if (this.started) return;
    const now = this.clock.now();
    const { failed } = await this.repo.recoverInterrupted(now, INTERRUPTED_REASON);
    for (const id of failed) {
      const rec = await this.repo.record(id);
      if (rec)
        this.emit({
          type: 'finished',
          jobId: id,
          userId: rec.user_id,
          kind: rec.kind as CalcKind,
          status: 'failed',
          reason: INTERRUPTED_REASON,
        });
    }
    this.pool = createPool(this.concurrency);
    this.started = true;
    this.stopping = false;
    this.poll = setInterval(() => this.pump(), this.opts.pollMs ?? 2000);
    this.poll.unref();
    this.pump();
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.stopping = true;
    if (this.poll) clearInterval(this.poll);
    for (const r of this.running.values()) {
      r.ctrl.abort();
    }
    await Promise.allSettled([...this.inFlight]);
    await this.pool?.destroy();
    this.pool = undefined;
    this.started = false;
  }

  async submit(job: JobSubmission): Promise<number> {
    const pending = await this.repo.unfinishedCount(job.userId);
    if (pending >= this.opts.maxPendingPerUser) throw new JobLimitError(this.opts.maxPendingPerUser);
    const id = await this.repo.insert({
      userId: job.userId,
      kind: job.kind,
      name: job.name ?? '',
      priority: job.priority ?? 0,
      parentId: job.parentId ?? null,
      input: job.input,
      engineVersion: ENGINE_VERSION,
      now: this.clock.now(),
      ...(job.requestKey ? { requestKey: job.requestKey } : {}),
    });
    this.pump();
    return id;
  }

  async cancel(jobId: number, userId: number): Promise<boolean> {
    const was = await this.repo.cancel(jobId, userId, this.clock.now(), 'cancelled by the user');
    if (!was) return false;
    const r = this.running.get(jobId);
    if (r) {
      r.done = true;
      r.ctrl.abort();
    }
    const rec = await this.repo.record(jobId);
    if (rec)
      this.emit({
        type: 'finished',
        jobId,
        userId: rec.user_id,
        kind: rec.kind as CalcKind,
        status: 'cancelled',
        reason: 'cancelled by the user',
      });
    this.pump();
    return true;
  }

  onEvent(listener: (event: JobEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Jobs running in this process now (tests and the bench read it). */
  get runningCount(): number {
    return this.running.size;
  }

  private emit(e: JobEvent): void {
    for (const l of this.listeners) {
      try {
        l(e);
      } catch (err) {
        this.log.error({ err }, 'job event listener failed');
      }
    }
  }

  /** Fills free threads; calls while a fill is under way make it go round once more. */
  private pump(): void {
    if (!this.started || this.stopping) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    this.fill()
      .catch((err: unknown) => this.log.error({ err }, 'job dispatch failed'))
      .finally(() => {
        this.pumping = false;
        if (this.pumpAgain) {
          this.pumpAgain = false;
          this.pump();
        }
      });
  }

  private async fill(): Promise<void> {
    while (!this.stopping && this.running.size < this.concurrency) {
      const perUser = new Map<number, number>();
      for (const r of this.running.values()) perUser.set(r.userId, (perUser.get(r.userId) ?? 0) + 1);
      // One user's long queue must not hide the others': read well past the free slots.
      const candidates = await this.repo.queued(64 + this.concurrency * this.opts.maxRunningPerUser);
      const next = candidates.find((c) => (perUser.get(c.user_id) ?? 0) < this.opts.maxRunningPerUser);
      if (!next) return;
      if (!(await this.repo.claim(next.id, this.clock.now()))) continue;
      const entry: Running = {
        userId: next.user_id,
        kind: next.kind as CalcKind,
        ctrl: new AbortController(),
        done: false,
      };
      this.running.set(next.id, entry);
      const p = this.execute(next.id, entry)
        .catch(async (err: unknown) => {
          // A database error around the run: the job must not stay 'running' for ever.
          this.log.error({ err, jobId: next.id }, 'job run failed');
          const reason = `internal error: ${err instanceof Error ? err.message : String(err)}`;
          const failedAt = this.clock.now();
          const write = () => this.repo.finish(next.id, 'failed', failedAt, { reason });
          if (await writeThroughOutage(write, { stopping: () => this.stopping }).catch(() => false))
            this.emit({
              type: 'finished',
              jobId: next.id,
              userId: entry.userId,
              kind: entry.kind,
              status: 'failed',
              reason,
            });
        })
        .finally(() => {
          this.inFlight.delete(p);
          this.running.delete(next.id);
          this.pump();
        });
      this.inFlight.add(p);
    }
  }

  private async execute(id: number, r: Running): Promise<void> {
    const base = { jobId: id, userId: r.userId, kind: r.kind };
    this.emit({ type: 'started', ...base });
    const input = await this.repo.input(id);
    const writes = coalescedProgressWrites((percent, detail) => this.repo.progress(id, percent, detail));
    const live = coalescedProgressWrites<DeviceFitProgress>(async (percent, detail, fit) => {
      if (!r.done)
        this.emit({ type: 'progress', ...base, percent, ...(detail ? { detail } : {}), ...(fit ? { fit } : {}) });
    }, PROGRESS_LIVE_INTERVAL_MS);
    const out = this.pool
      ? await runOnPool(
          this.pool,
          { kind: r.kind, input, allowFaults: this.opts.allowFaults === true, fitThreads: this.opts.fitThreads },
          {
            timeLimitMs: jobTimeLimitMs(r.kind, input, this.opts.timeLimitMs),
            signal: r.ctrl.signal,
            onProgress: (percent, detail, fit) => {
              if (r.done) return;
              live.push(percent, detail, fit);
              writes.push(percent, detail);
            },
          },
        ).finally(() => {
          writes.stop();
          live.stop();
        })
      : ({ status: 'aborted' } as const);
    r.done = true;
    // Off the books before the outcome is told: a listener that submits again finds the slot free.
    this.running.delete(id);
    // The thread is free now: the next job starts while this one's outcome is written (it used to
    // wait for the database write and the listeners, the thread idle meanwhile).
    this.pump();
    // Aborted: a cancel (already recorded) or a shutdown (left running, recovered at the next start).
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
    if (ok) this.emit({ type: 'finished', ...base, status: out.status, ...(out.reason ? { reason: out.reason } : {}) });
  }
}

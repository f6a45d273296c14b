import { MessageChannel } from 'node:worker_threads';
import type { CalcKind, DeviceFitProgress } from '@pvforge/contracts';
import type { FitEvaluator } from '@pvforge/engine';
import { threadEntry } from '@pvforge/workers';
import { Piscina } from 'piscina';
import type { PackedResult } from '../db/result-codec.js';
import type { RunsAnswer, ThreadMessage, WorkerOutcome, WorkerTask } from './worker.js';

/** Time a worker thread may take to start and load the engine before the limit runs anyway. */
const THREAD_START_ALLOWANCE_MS = 30_000;

export function createPool(threads: number): Piscina {
  const entry = threadEntry(import.meta.url, 'worker');
  return new Piscina({
    filename: entry.filename,
    execArgv: entry.execArgv,
    minThreads: threads,
    maxThreads: threads,
    concurrentTasksPerWorker: 1,
    idleTimeout: 60_000,
  });
}

export type PoolOutcome =
  /** packed: the result as the database stores it, encoded in the worker thread. */
  | { status: 'succeeded' | 'nonconvergent' | 'failed'; packed?: PackedResult; reason?: string }
  /** Stopped from outside (cancel, shutdown): the caller decides what it means. */
  | { status: 'aborted' };

/**
 * Runs one calculation on a pool thread. Aborting `signal` or passing the wall-clock limit makes
 * piscina terminate the thread at once (and start a fresh one); a thread that exits or throws
 * gives 'failed' with the reason. Progress arrives in order on the task's own MessagePort. Given
 * `fitRuns`, a device fit's thread asks its batches of forward runs on that port too, and they are
 * run by it here (the BullMQ host's queue evaluator); the caller closes it.
 */
export async function runOnPool(
  pool: Piscina,
  task: { kind: CalcKind; input: unknown; allowFaults: boolean; fitThreads?: number | undefined },
  opts: {
    timeLimitMs: number;
    signal: AbortSignal;
    onProgress: (percent: number, detail?: string, fit?: DeviceFitProgress) => void;
    fitRuns?: FitEvaluator | undefined;
  },
): Promise<PoolOutcome> {
  const ctrl = new AbortController();
  let expired = false;
  let done = false;
  const expire = () => {
    expired = true;
    ctrl.abort();
  };
  const outer = () => ctrl.abort();
  if (opts.signal.aborted) return { status: 'aborted' };
  opts.signal.addEventListener('abort', outer, { once: true });
  // The limit counts from the moment the thread has the task (a fresh thread first loads the engine).
  let timer = setTimeout(expire, opts.timeLimitMs + THREAD_START_ALLOWANCE_MS);
  const { port1, port2 } = new MessageChannel();
  // The result comes back on piscina's channel, the progress on this port: no order between the
  // two, so a finished task waits (briefly) for the port's last message before it is reported.
  let ended: () => void = () => undefined;
  const endSeen = new Promise<void>((resolve) => {
    ended = resolve;
  });
  port1.on('message', (m: ThreadMessage) => {
    if ('runs' in m) {
      const { batch, points } = m.runs;
      const answer = (a: RunsAnswer) => {
        if (!done) port1.postMessage(a);
      };
      if (!opts.fitRuns) answer({ batch, error: 'no evaluator for the fit runs' });
      else
        opts.fitRuns.evaluate(points).then(
          (answers) => answer({ batch, answers }),
          (err: unknown) => answer({ batch, error: err instanceof Error ? err.message : String(err) }),
        );
      return;
    }
    if (m.end) {
      ended();
      return;
    }
    if (m.begun) {
      clearTimeout(timer);
      timer = setTimeout(expire, opts.timeLimitMs);
      return;
    }
    // After the outcome is known, a late progress message would come after 'finished'.
    if (!done) opts.onProgress(m.percent, m.detail, m.fit);
  });
  try {
    const { fitThreads, ...rest } = task;
    const t: WorkerTask = {
      ...rest,
      ...(fitThreads !== undefined ? { fitThreads } : {}),
      ...(opts.fitRuns ? { fitRuns: { parallel: opts.fitRuns.parallel } } : {}),
      port: port2,
    };
    const out = (await pool.run(t, { signal: ctrl.signal, transferList: [port2] as never })) as WorkerOutcome;
    await Promise.race([endSeen, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    // A Buffer crosses the thread boundary as a plain Uint8Array: the same bytes, no copy here.
    const b = out.packed.blob;
    const packed: PackedResult = { blob: Buffer.from(b.buffer, b.byteOffset, b.byteLength), size: out.packed.size };
    return out.nonconvergent
      ? { status: 'nonconvergent', packed, reason: out.nonconvergent }
      : { status: 'succeeded', packed };
  } catch (err) {
    if (expired)
      return {
        status: 'nonconvergent',
        reason: `no result within ${Math.round(opts.timeLimitMs / 1000)} s (wall-clock limit)`,
      };
    if (opts.signal.aborted) return { status: 'aborted' };
    const msg = err instanceof Error ? err.message : String(err);
    return { status: 'failed', reason: /exit|terminat/i.test(msg) ? `the worker stopped unexpectedly (${msg})` : msg };
  } finally {
    done = true;
    clearTimeout(timer);
    opts.signal.removeEventListener('abort', outer);
    port1.close();
  }
}

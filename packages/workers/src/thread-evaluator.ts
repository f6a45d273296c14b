import type { DeviceFitJob } from '@pvforge/contracts';
import type { FitEvaluation, FitEvaluator } from '@pvforge/engine';
import { Piscina } from 'piscina';
import type { FitThreadTask } from './fit-thread.js';
import { threadEntry } from './thread-entry.js';

/** Worker threads that run single forward runs of device fits (fit-thread.ts), any job's. */
export interface FitThreadPool {
  readonly threads: number;
  run(job: DeviceFitJob, u: readonly number[]): Promise<FitEvaluation>;
  close(): Promise<void>;
}

/**
 * `threads` threads, one run per thread at a time. The job crosses to a thread with every task (a
 * DeviceSpec and the curves, tens of kB, against a run of about a hundred milliseconds); each
 * thread reads the asset files once and keeps the optics of the devices it ran. Used by one fit
 * (threadEvaluator) and by the server's queue workers, which run the runs of every fit on the
 * queue (apps/server/src/jobs/fit-runs.ts).
 */
export function fitThreadPool(threads: number, assetsRoot?: string): FitThreadPool {
  const entry = threadEntry(import.meta.url, 'fit-thread');
  const pool = new Piscina({
    filename: entry.filename,
    execArgv: entry.execArgv,
    minThreads: threads,
    maxThreads: threads,
    concurrentTasksPerWorker: 1,
    idleTimeout: 60_000,
  });
  return {
    threads,
    run: (job, u) => pool.run({ job, u: [...u], ...(assetsRoot ? { assetsRoot } : {}) } satisfies FitThreadTask),
    close: () => pool.destroy(),
  };
}

/**
 * A device fit's evaluator on worker threads: each batch of forward runs (a Jacobian's columns, a
 * start design) is spread over `threads` threads of its own. close() ends the threads.
 */
export function threadEvaluator(
  job: DeviceFitJob,
  threads: number,
  assetsRoot?: string,
): FitEvaluator & { close(): Promise<void> } {
  const pool = fitThreadPool(threads, assetsRoot);
  return {
    parallel: threads,
    evaluate: (points) => Promise.all(points.map((u) => pool.run(job, u))),
    close: () => pool.close(),
  };
}

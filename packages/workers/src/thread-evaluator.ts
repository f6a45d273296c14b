import type { DeviceFitJob } from '@pvforge/contracts';
import type { FitEvaluator } from '@pvforge/engine';
import { Piscina } from 'piscina';
import type { FitThreadTask } from './fit-thread.js';
import { threadEntry } from './thread-entry.js';

/**
 * A device fit's evaluator on worker threads: each batch of forward runs (a Jacobian's columns, a
 * start design) is spread over `threads` threads, one run per thread at a time. The job crosses
 * to a thread with every task (a DeviceSpec and the curves, tens of kB, against a run of about a
 * hundred milliseconds); each thread reads the asset files once. close() ends the threads.
 */
export function threadEvaluator(
  job: DeviceFitJob,
  threads: number,
  assetsRoot?: string,
): FitEvaluator & { close(): Promise<void> } {
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
    parallel: threads,
    evaluate: (points) =>
      Promise.all(
        points.map((u) => pool.run({ job, u: [...u], ...(assetsRoot ? { assetsRoot } : {}) } satisfies FitThreadTask)),
      ),
    close: () => pool.destroy(),
  };
}

import type { MessagePort } from 'node:worker_threads';
import type { CalcKind, DeviceFitJob, DeviceFitProgress } from '@pvforge/contracts';
import type { DeviceOpticsAssets, FitEvaluation, FitEvaluator } from '@pvforge/engine';
import { packResult } from '../db/result-codec.js';
import { fileAssets } from './assets.js';
import { runCalculation, runDeviceFit } from './run-calculation.js';

/**
 * The worker-thread entry of the in-process pool (piscina) and the body of the BullMQ workers.
 * Progress goes back on the task's own MessagePort, so it arrives in order and only for this job.
 */
export interface WorkerTask {
  kind: CalcKind;
  input: unknown;
  port?: MessagePort;
  /**
   * Tests only: lets an input `{"__fault": "exit" | "throw" | "hang"}` crash, fail or hang the
   * thread; "chatty" reports progress 200 times at once, then succeeds. Set by the queue from its own options, never from a request.
   */
  allowFaults?: boolean;
  /**
   * A device fit's forward runs go to this many threads of its own, started from this one
   * (PVFORGE_FIT_THREADS); default os.availableParallelism().
   */
  fitThreads?: number;
  /**
   * A device fit's forward runs are asked of the main thread on the port instead (RunsRequest),
   * which puts them on the queue every worker process takes runs from (BullMQ mode,
   * queue-evaluator.ts); `parallel` is how many run at once there. This thread only steers the fit.
   */
  fitRuns?: { parallel: number };
}

export interface ProgressMessage {
  percent: number;
  detail?: string;
  /** A device fit's state, for its live messages. */
  fit?: DeviceFitProgress;
  /** The first message: the thread has the task (the wall-clock limit counts from here). */
  begun?: true;
  /** The last message: every progress message was sent before it. */
  end?: true;
}

/** A batch of a fit's forward runs this thread asks of the main thread (WorkerTask.fitRuns). */
export interface RunsRequest {
  runs: { batch: number; points: number[][] };
}

/** The main thread's answer to a RunsRequest: each point's evaluation, or why none could be had. */
export type RunsAnswer = { batch: number; answers: FitEvaluation[] } | { batch: number; error: string };

/** What the thread posts on the task's port. */
export type ThreadMessage = ProgressMessage | RunsRequest;

/**
 * A fit's evaluator whose runs are done by the owner of the port's other end (pool-runner.ts,
 * which hands them to the fit-runs queue): each batch goes there and comes back answered.
 */
function portEvaluator(port: MessagePort, parallel: number): FitEvaluator {
  const waiting = new Map<number, { resolve(a: FitEvaluation[]): void; reject(e: Error): void }>();
  let next = 0;
  port.on('message', (m: RunsAnswer) => {
    const w = waiting.get(m.batch);
    waiting.delete(m.batch);
    if ('error' in m) w?.reject(new Error(m.error));
    else w?.resolve(m.answers);
  });
  return {
    parallel,
    evaluate: (points) =>
      new Promise((resolve, reject) => {
        const batch = next++;
        waiting.set(batch, { resolve, reject });
        port.postMessage({ runs: { batch, points: points.map((u) => [...u]) } } satisfies RunsRequest);
      }),
  };
}

/**
 * What a task returns: the result already encoded as the database stores it (result-codec.ts).
 * Encoding here, in the worker thread, keeps the JSON + gzip work (about 20 ms for an electrical
 * result) and the structured clone of the whole result object off the main thread, which every
 * job's database writes and live messages go through.
 */
export interface WorkerOutcome {
  packed: { blob: Uint8Array; size: number };
  nonconvergent?: string;
}

let assets: DeviceOpticsAssets | undefined;
const lazyAssets = () => {
  assets ??= fileAssets();
  return assets;
};

function fault(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const f = (input as { __fault?: unknown }).__fault;
  return typeof f === 'string' ? f : undefined;
}

export default async function work(task: WorkerTask): Promise<WorkerOutcome> {
  const post = (percent: number, detail?: string, fit?: DeviceFitProgress) => {
    const m: ProgressMessage = detail === undefined ? { percent } : { percent, detail };
    if (fit) m.fit = fit;
    task.port?.postMessage(m);
  };
  task.port?.postMessage({ percent: 0, begun: true } satisfies ProgressMessage);
  try {
    const f = task.allowFaults ? fault(task.input) : undefined;
    if (f === 'exit') process.exit(3);
    if (f === 'throw') throw new Error('test fault: the worker threw');
    if (f === 'hang') {
      post(1, 'test fault: hanging');
      // Busy, not idle: a hung engine loop does not yield to the event loop either.
      for (;;) {
        /* spin until terminated */
      }
    }
    if (f === 'chatty') {
      for (let i = 1; i <= 200; i++) post(i / 2.5, `step ${i}`);
      return { packed: packResult({ chatty: true }) };
    }
    if (f === 'noop') {
      post(50, 'noop');
      return { packed: packResult({ noop: true }) };
    }
    // A device fit awaits its forward runs on threads of its own; every other kind runs here,
    // synchronously, as before.
    const out =
      task.kind === 'fit'
        ? await runDeviceFit(
            task.input as DeviceFitJob,
            task.fitRuns && task.port
              ? { evaluator: portEvaluator(task.port, task.fitRuns.parallel) }
              : { threads: task.fitThreads },
            post,
          )
        : runCalculation(task.kind, task.input, lazyAssets, post);
    return { packed: packResult(out.result), ...(out.nonconvergent ? { nonconvergent: out.nonconvergent } : {}) };
  } finally {
    task.port?.postMessage({ percent: 100, end: true } satisfies ProgressMessage);
    task.port?.close();
  }
}

import { availableParallelism } from 'node:os';
import type { CalcKind, DeviceFitJob, DeviceFitProgress } from '@pvforge/contracts';
import {
  type CircuitJob,
  type DeviceFitResult,
  type DeviceLike,
  type DeviceOpticsAssets,
  type FitEvaluator,
  fitDevice,
  runCircuitJob,
  runDeviceOptics,
  runDeviceSimulation,
  runTandemSimulation,
} from '@pvforge/engine';
import { threadEvaluator } from '@pvforge/workers';

export type ProgressFn = (percent: number, detail?: string, fit?: DeviceFitProgress) => void;

/** The kinds that run synchronously in one thread (runCalculation); a device fit is runDeviceFit's. */
export type SyncCalcKind = Exclude<CalcKind, 'fit'>;

/**
 * The result, and for an electrical run whose J-V sweep did not converge, the engine's reason in
 * English (the job's reason column, for logs and API clients). The reason's code and numbers stay
 * in the result (light/dark.error, subcells[].error), where the UI words it.
 */
export interface CalculationOutcome {
  result: unknown;
  nonconvergent?: string;
}

/** Points per layer of the G(x) sample kept in optical results. */
const PROFILE_POINTS = 101;

/**
 * Runs one calculation with the engine: pure apart from the progress callback. Electrical runs
 * report each bias point (and the stage: light, dark, EQE); optics and circuits are fast enough
 * that coarse stages serve.
 * Throws on bad input or an engine failure (the queue records it as failed with the message).
 */
export function runCalculation(
  kind: SyncCalcKind,
  input: unknown,
  assets: () => DeviceOpticsAssets,
  progress: ProgressFn,
): CalculationOutcome {
  switch (kind) {
    case 'opt': {
      progress(10, 'optics: transfer matrices over the spectrum');
      const { report } = runDeviceOptics(input as DeviceLike, assets(), PROFILE_POINTS);
      progress(95, 'optics: done');
      return { result: report };
    }
    case 'elec': {
      progress(5, 'optics and mesh');
      // One message per whole percent at most: each becomes a database write and a live message.
      let last = 5;
      const onProgress = (fraction: number, detail: string) => {
        const percent = Math.min(95, Math.floor(5 + 90 * fraction));
        if (percent > last) {
          last = percent;
          progress(percent, detail);
        }
      };
      const spec = input as Parameters<typeof runDeviceSimulation>[0];
      if (spec.electrical?.tandem) return runTandem(spec, assets(), onProgress, progress);
      const res = runDeviceSimulation(spec, assets(), { profilePoints: PROFILE_POINTS, onProgress });
      progress(95, 'J-V sweep done');
      const failed = [res.light, res.dark].find((r) => r && !r.converged);
      // The partial sweep is kept: it shows where the solver gave up.
      if (failed) return { result: res, nonconvergent: failed.error?.text ?? 'the J-V sweep did not converge' };
      return { result: res };
    }
    case 'circle':
    case 'circle2': {
      const job = input as CircuitJob;
      progress(10, `circuit: ${job.kind}`);
      const result = runCircuitJob(job);
      progress(95, `circuit: ${job.kind} done`);
      return { result };
    }
    default:
      throw new Error(`unknown calculation kind "${String(kind)}"`);
  }
}

/** A monolithic tandem: the subcells in series (and the whole stack when asked), engine/tandem. */
function runTandem(
  spec: Parameters<typeof runTandemSimulation>[0],
  assets: DeviceOpticsAssets,
  onProgress: (fraction: number, detail: string) => void,
  progress: ProgressFn,
): CalculationOutcome {
  const res = runTandemSimulation(spec, assets, { profilePoints: PROFILE_POINTS, onProgress });
  progress(95, 'tandem J-V done');
  const failed = res.subcells.find((c) => !c.converged);
  if (failed)
    return {
      result: res,
      nonconvergent: `${failed.subcell} cell: ${failed.error?.text ?? 'the J-V sweep did not converge'}`,
    };
  return { result: res };
}

/** What a fit's stages are called in the progress detail (the record's progress_detail, logs). */
const FIT_STAGES: Record<DeviceFitProgress['stage'], string> = {
  start: 'start design',
  fit: 'least squares',
  intervals: 'intervals',
};

/**
 * A device fit (issue 27): fitDevice with its forward runs spread over `threads` worker threads
 * started from this one, or done by the given evaluator (BullMQ mode: the main thread's, on the
 * queue every worker process takes runs from); either way this pool thread only steers the fit.
 * When the pool thread is terminated (cancel, wall-clock limit) Node stops the threads it started
 * with it; a fit that ends by itself closes them here. The progress is the share of the run budget
 * spent, the fit's state going with it for the page. A fit that ran out of runs or time is
 * nonconvergent, its best point kept as the result (as a J-V sweep that gave up keeps its partial
 * curve).
 */
export async function runDeviceFit(
  job: DeviceFitJob,
  how: { threads?: number | undefined } | { evaluator: FitEvaluator },
  progress: ProgressFn,
): Promise<CalculationOutcome> {
  const evaluator =
    'evaluator' in how
      ? { ...how.evaluator, close: async () => undefined }
      : threadEvaluator(job, Math.max(1, how.threads ?? availableParallelism()));
  try {
    progress(1, 'fit: starting');
    const result: DeviceFitResult = await fitDevice(job, evaluator, {
      onProgress: (p) => {
        // the budget may be spent to the last run only in the interval checks: 99 until the end
        const percent = Math.min(99, Math.floor((100 * p.evaluations) / Math.max(1, p.maxEvaluations)));
        const chi = p.chiSquare === null ? '' : `, chi2 ${p.chiSquare.toPrecision(4)}`;
        // the engine's progress is the contract's DeviceFitProgress, sent to the page as it is
        progress(percent, `fit: ${FIT_STAGES[p.stage]}, ${p.evaluations}/${p.maxEvaluations} runs${chi}`, p);
      },
    });
    if (result.status === 'budget')
      return { result, nonconvergent: `the fit spent its budget of ${result.maxEvaluations} runs before converging` };
    if (result.status === 'time')
      return { result, nonconvergent: `the fit spent its time budget of ${result.maxSeconds} s before converging` };
    return { result };
  } finally {
    await evaluator.close();
  }
}

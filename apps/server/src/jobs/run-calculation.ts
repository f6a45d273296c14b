import type { CalcKind } from '@pvforge/contracts';
import {
  type CircuitJob,
  type DeviceLike,
  type DeviceOpticsAssets,
  runCircuitJob,
  runDeviceOptics,
  runDeviceSimulation,
  runTandemSimulation,
} from '@pvforge/engine';

export type ProgressFn = (percent: number, detail?: string) => void;

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
  kind: CalcKind,
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

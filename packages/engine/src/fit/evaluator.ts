/**
 * Where a device fit's forward runs happen. The fit (device-fit.ts) asks for a batch of points at
 * once (a Jacobian's columns, a start design, damped steps tried side by side) and an evaluator
 * runs them: in this thread one after the other (localEvaluator), or spread over worker threads or
 * queue workers by the caller (the CLI's and the server's pools), each running evaluateFitPoint.
 */
import type { DeviceOpticsAssets } from '../optics/device.js';
import { evaluateFitPoint, type FitEvaluation } from './forward.js';
import type { DeviceFitJob } from './job.js';

export interface FitEvaluator {
  /** How many points it runs at the same time (the fit sizes its batches by it). */
  readonly parallel: number;
  evaluate(points: readonly number[][]): Promise<FitEvaluation[]>;
}

/** Runs every point in this thread (tests, the browser, a one-core machine). */
export function localEvaluator(job: DeviceFitJob, assets: DeviceOpticsAssets): FitEvaluator {
  // the optics of each light intensity, computed once for all runs that vary only electrical values
  const memo = new Map<string, unknown>();
  return {
    parallel: 1,
    evaluate: async (points) => points.map((u) => evaluateFitPoint(job, u, assets, memo)),
  };
}

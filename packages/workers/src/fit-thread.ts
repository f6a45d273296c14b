import type { DeviceFitJob } from '@pvforge/contracts';
import { type DeviceOpticsAssets, evaluateFitPoint, type FitEvaluation } from '@pvforge/engine';
import { fileAssets } from './assets.js';

/** One forward run of a device fit in a worker thread (thread-evaluator.ts: one fit's threads, or a queue worker's). */
export interface FitThreadTask {
  job: DeviceFitJob;
  u: number[];
  /** The assets folder (default: the repository's). */
  assetsRoot?: string;
}

const assetsByRoot = new Map<string, DeviceOpticsAssets>();
/**
 * The optics of the devices this thread ran (a fit varies electrical values: one optics per
 * intensity). Keyed by everything but the electrical values, so runs of different fits share it safely.
 */
const opticsMemo = new Map<string, unknown>();

export default function evaluate(task: FitThreadTask): FitEvaluation {
  const key = task.assetsRoot ?? '';
  let assets = assetsByRoot.get(key);
  if (!assets) {
    assets = task.assetsRoot ? fileAssets(task.assetsRoot) : fileAssets();
    assetsByRoot.set(key, assets);
  }
  return evaluateFitPoint(task.job, task.u, assets, opticsMemo);
}

import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { DeviceFitFree, DeviceFitJob, DeviceFitJvCurve } from '@pvforge/contracts';
import { type DeviceFitResult, evaluateFitPoint, fitDevice } from '@pvforge/engine';
import { assetsDir, fileAssets, threadEvaluator } from '@pvforge/workers';
import { Prng } from '../../packages/engine/src/circuit/prng.js';
import type { BenchFigure } from './types.js';

/**
 * The device fit (issue 27): five drift-diffusion parameters of the p-i-n perovskite example (its
 * own 400-node mesh and optics) fitted to three light J-V curves (1, 0.5 and 0.2 sun) and a dark
 * one, 100 points each, made by the engine at known values with Gaussian noise (0.05 mA/cm^2 on
 * the light curves, 2 % on the dark one). The fit starts from the example's own values (each
 * parameter 2-10 times off) and runs as the CLI and the platform run it: start design, bounded
 * Levenberg-Marquardt, profile-checked intervals. Once with one worker thread, once with two; the
 * time includes the threads' start (loading the engine). The load average is printed: on a
 * shared machine it says how much of it the fit had.
 */
const ABS = 'layers[3].electrical';
export const FREE: DeviceFitFree[] = [
  { path: `${ABS}.tauNS`, min: 1e-9, max: 1e-5 },
  { path: `${ABS}.tauPS`, tie: `${ABS}.tauNS` },
  { path: `${ABS}.muNCm2PerVs`, min: 1e-3, max: 100 },
  { path: `${ABS}.muPCm2PerVs`, tie: `${ABS}.muNCm2PerVs` },
  { path: `${ABS}.kRadCm3PerS`, min: 1e-12, max: 1e-9 },
  { path: 'layers[4].electrical.muNCm2PerVs', min: 1e-5, max: 1 },
  { path: 'electrical.rsOhmCm2', min: 0, max: 20 },
];
// truth: lifetime 50 ns (example: 200/500 ns), mobility 0.3 (1), k_rad 5e-11 (1e-11),
// ETL electron mobility 1e-3 (1e-2), Rs 3 ohm cm^2 (0)
export const TRUTH = [5e-8, 0.3, 5e-11, 1e-3, 3];
export const TRUTH_U = [Math.log10(5e-8), Math.log10(0.3), Math.log10(5e-11), -3, 3];

/** The fit measured here, also by fit-scale-out.bench.ts across worker processes. */
export function job(): DeviceFitJob {
  const device = JSON.parse(readFileSync(join(assetsDir(), 'devices/perovskite-pin-electrical.device.json'), 'utf8'));
  delete device.electrical.eqe;
  const v = Array.from({ length: 100 }, (_, i) => -0.1 + (1.3 * i) / 99);
  const shells: DeviceFitJvCurve[] = [1, 0.5, 0.2, 0].map((s) => ({
    kind: 'jv',
    intensitySuns: s,
    voltageV: v,
    jMaCm2: v.map(() => 1),
  }));
  const clean = evaluateFitPoint({ device, curves: shells, free: FREE }, TRUTH_U, fileAssets());
  if (!clean.ok) throw new Error(clean.reason.en);
  const rng = new Prng(2027);
  const curves = shells.map((c, k): DeviceFitJvCurve => {
    const dark = c.intensitySuns === 0;
    return {
      ...c,
      label: dark ? 'dark' : `${c.intensitySuns} sun`,
      jMaCm2: clean.model[k]!.map((j) => (dark ? j * (1 + 0.02 * rng.normal()) : j + 0.05 * rng.normal())),
      ...(dark ? { noiseRel: 0.02 } : { noiseMaCm2: 0.05 }),
    };
  });
  return { device, curves, free: FREE, options: { seed: 1 } };
}

/** How many of the fitted (untied) parameters' 95 % intervals (open where undetermined) hold the value the curves were made at. */
export function truthsHeld(res: DeviceFitResult): string {
  const main = res.parameters.filter((p) => !p.tiedTo);
  const held = main.filter(
    // an undetermined side (null) holds every value past the other end
    (p, a) => (p.low === null || p.low <= TRUTH[a]!) && (p.high === null || TRUTH[a]! <= p.high),
  ).length;
  return `${held} of ${main.length}`;
}

export default async function deviceFitBench(): Promise<BenchFigure[]> {
  const j = job();
  const out: BenchFigure[] = [];
  for (const threads of [1, 2]) {
    const load = loadavg()[0]!;
    const t0 = performance.now();
    const ev = threadEvaluator(j, threads);
    const res = await fitDevice(j, ev);
    const ms = performance.now() - t0;
    await ev.close();
    out.push({
      name: `device fit: 5 parameters, 3 light + 1 dark J-V of 100 points, ${threads} worker thread${threads > 1 ? 's' : ''}`,
      medianMs: ms,
      targetMs: 60_000,
      extra: {
        status: res.status,
        runs: res.evaluations,
        'ms per run': ms / res.evaluations,
        'chi2/dof': res.reducedChiSquare ?? Number.NaN,
        'truths inside their 95 % intervals': truthsHeld(res),
        'load average at start': load,
      },
    });
  }
  const [one, two] = out;
  two!.extra!['speed-up over 1 thread'] = one!.medianMs / two!.medianMs;
  return out;
}

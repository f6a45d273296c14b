import type { DeviceFitFree } from '@pvforge/contracts';
import { describe, expect, it } from 'vitest';
import { fitDevice } from '../../src/fit/device-fit.js';
import { localEvaluator } from '../../src/fit/evaluator.js';
import { assets } from '../device/helpers.js';
import { fastDevice, syntheticCurves } from './helpers.js';

/**
 * The stated 95 % intervals hold the truth about 95 % of the time: the same device fitted to 20
 * noise realisations of its own curves. With the true coverage at 0.95, 16 or fewer hits of 20
 * has probability 1.6 %; intervals that were too tight by a factor of two (coverage ~ 0.68) would
 * score about 14. The seeds are fixed, so the count is the same on every run.
 */
describe('device fit: coverage of the intervals', () => {
  it('holds the true values in at least 17 of 20 noise realisations for each parameter', async () => {
    const abs = 'layers[3].electrical';
    const free: DeviceFitFree[] = [
      { path: `${abs}.tauNS`, min: 1e-9, max: 1e-5 },
      { path: `${abs}.tauPS`, tie: `${abs}.tauNS` },
      { path: 'electrical.rsOhmCm2', min: 0, max: 20 },
    ];
    const truth = [5e-8, 3];
    // a coarse mesh keeps twenty fits quick; coverage is a property of the statistics, not the mesh
    const device = fastDevice();
    device.electrical.gridPoints = 60;
    const hits = [0, 0];
    const replicates = 20;
    for (let s = 0; s < replicates; s++) {
      const curves = syntheticCurves(
        device,
        free,
        [Math.log10(truth[0]!), truth[1]!],
        [
          { intensitySuns: 1, n: 15 },
          { intensitySuns: 0, n: 15 },
        ],
        { noiseMaCm2: 0.1, noiseRel: 0.03 },
        100 + s,
      );
      const job = { device, curves, free, options: { starts: 0, seed: 1, maxEvaluations: 200 } };
      const res = await fitDevice(job, localEvaluator(job, assets));
      res.parameters
        .filter((p) => !p.tiedTo)
        .forEach((p, a) => {
          if (p.low !== null && p.high !== null && p.low <= truth[a]! && truth[a]! <= p.high) hits[a]!++;
        });
    }
    for (const h of hits) expect(h).toBeGreaterThanOrEqual(17);
  }, 300_000);
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeviceFitFree, DeviceFitJob, DeviceFitJvCurve } from '@pvforge/contracts';
import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/circuit/prng.js';
import { prepareCurves } from '../../src/fit/curves.js';
import { fitDevice } from '../../src/fit/device-fit.js';
import { localEvaluator } from '../../src/fit/evaluator.js';
import { evaluateFitPoint } from '../../src/fit/forward.js';
import { assets, repoRoot } from '../device/helpers.js';
import { voltages } from './helpers.js';

/**
 * J-V scans of a device with mobile ions in a fit (issue 27): a curve with a direction and a rate is
 * modelled as that scan (the ions settled at its first voltage, then the scan at its rate), so the
 * reverse and forward scans differ as measured cells' do, and the ions' diffusion coefficient,
 * which sets the lag, is found from them. The perovskite example with 1.6e19 cm^-3 mobile
 * vacancies (IonMonger's cell), on 100 nodes.
 */
const D = 'layers[3].electrical.ions[0].diffusionCm2PerS';
const FREE: DeviceFitFree[] = [{ path: D, min: 1e-14, max: 1e-9 }];

// biome-ignore lint/suspicious/noExplicitAny: tests edit the JSON freely
function ionDevice(): any {
  const d = JSON.parse(
    readFileSync(join(repoRoot, 'assets/devices/perovskite-pin-ions-electrical.device.json'), 'utf8'),
  );
  d.electrical.gridPoints = 100;
  delete d.electrical.transient;
  delete d.electrical.impedance;
  return d;
}

const V = voltages(27, -0.1, 1.2);
const scan = (direction: 'forward' | 'reverse', over: Partial<DeviceFitJvCurve> = {}): DeviceFitJvCurve => ({
  kind: 'jv',
  label: `${direction} 0.1 V/s`,
  intensitySuns: 1,
  scan: direction,
  scanRateVPerS: 0.1,
  voltageV: V,
  jMaCm2: V.map(() => 1),
  noiseMaCm2: 0.1,
  ...over,
});

describe('device fit of J-V scans with mobile ions', () => {
  it('models a scan with a rate as the scan: reverse and forward differ, and without a rate it is the steady state', () => {
    const device = ionDevice();
    const truth = [Math.log10(1e-12)];
    const curves = [scan('reverse'), scan('forward'), scan('forward', { scan: undefined, scanRateVPerS: undefined })];
    const r = evaluateFitPoint({ device, curves, free: FREE }, truth, assets);
    if (!r.ok) throw new Error(r.reason.en);
    const [rev, fwd, steady] = r.model as [number[], number[], number[]];
    // hysteresis: near the maximum power point the scans part by far more than the noise
    const k = V.findIndex((v) => v >= 0.9);
    expect(Math.abs(rev[k]! - fwd[k]!)).toBeGreaterThan(1);
    // both scans start from ions settled at their first voltage, the steady state there
    expect(Math.abs(rev[V.length - 1]! - steady[V.length - 1]!)).toBeLessThan(0.5);
    expect(Math.abs(fwd[0]! - steady[0]!)).toBeLessThan(0.5);
    // a very slow scan is the steady state
    const slow = evaluateFitPoint(
      { device, curves: [scan('forward', { scanRateVPerS: 1e-4 })], free: FREE },
      truth,
      assets,
    );
    if (!slow.ok) throw new Error(slow.reason.en);
    slow.model[0]!.forEach((j, i) => {
      expect(Math.abs(j - steady[i]!)).toBeLessThan(0.05);
    });
  }, 120_000);

  it('refuses a rate without a direction and a rate read in mV/s', () => {
    const { problems } = prepareCurves([
      scan('reverse', { scan: undefined }),
      scan('reverse', { scanRateVPerS: 5000 }),
    ]);
    expect(problems.map((p) => p.field)).toEqual(['curves[0].scan', 'curves[1].scanRateVPerS']);
    expect(problems[0]!.words.zh).toMatch('扫描方向');
    expect(problems[1]!.words.en).toMatch('mV/s');
  });

  it('recovers the ion diffusion coefficient from a noisy reverse and forward scan, inside its interval', async () => {
    const truth = [Math.log10(1e-12)];
    const device = ionDevice();
    device.layers[3].electrical.ions[0].diffusionCm2PerS = 1e-11; // the fit starts 10x off
    const shells = [scan('reverse'), scan('forward')];
    const clean = evaluateFitPoint({ device, curves: shells, free: FREE }, truth, assets);
    if (!clean.ok) throw new Error(clean.reason.en);
    const rng = new Prng(5);
    const job: DeviceFitJob = {
      device,
      curves: shells.map((c, i) => ({ ...c, jMaCm2: clean.model[i]!.map((j) => j + 0.1 * rng.normal()) })),
      free: FREE,
      options: { starts: 0 },
    };
    const res = await fitDevice(job, localEvaluator(job, assets));
    expect(res.status).toBe('converged');
    const d = res.parameters[0]!;
    expect(d.identifiable).toBe(true);
    expect(d.low!).toBeLessThan(1e-12);
    expect(d.high!).toBeGreaterThan(1e-12);
    expect(d.high! / d.low!).toBeLessThan(2);
    expect(res.reducedChiSquare!).toBeLessThan(2);
  }, 300_000);
});

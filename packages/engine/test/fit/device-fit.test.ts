import type { DeviceFitFree } from '@pvforge/contracts';
import { describe, expect, it } from 'vitest';
import { DeviceFitInputError, fitDevice } from '../../src/fit/device-fit.js';
import { localEvaluator } from '../../src/fit/evaluator.js';
import { assets } from '../device/helpers.js';
import { fastDevice, syntheticCurves } from './helpers.js';

const ABS = 'layers[3].electrical';
const FREE: DeviceFitFree[] = [
  { path: `${ABS}.tauNS`, min: 1e-9, max: 1e-5 },
  { path: `${ABS}.tauPS`, tie: `${ABS}.tauNS` },
  { path: `${ABS}.muNCm2PerVs`, min: 1e-3, max: 100 },
  { path: `${ABS}.muPCm2PerVs`, tie: `${ABS}.muNCm2PerVs` },
  { path: 'electrical.rsOhmCm2', min: 0, max: 20 },
];
// lifetime 50 ns, mobility 0.3 cm2/Vs, Rs 3 ohm cm2 (u: log10 for the log-scale ones)
const TRUTH_U = [Math.log10(5e-8), Math.log10(0.3), 3];
const TRUTH = [5e-8, 0.3, 3];
const NOISE = { noiseMaCm2: 0.05, noiseRel: 0.02 };

describe('device fit: parameters recovered from the engine’s own curves with noise', () => {
  it('finds lifetime, mobility and series resistance within their intervals, and reports the fit as within the noise', async () => {
    const device = fastDevice();
    const curves = syntheticCurves(
      device,
      FREE,
      TRUTH_U,
      [{ intensitySuns: 1 }, { intensitySuns: 0.3 }, { intensitySuns: 0 }],
      NOISE,
      11,
    );
    const job = { device, curves, free: FREE, options: { seed: 2, maxEvaluations: 300 } };
    const res = await fitDevice(job, localEvaluator(job, assets));
    expect(res.status).toBe('converged');
    // chi-square per degree of freedom of a right model with right noise: about 1
    expect(res.reducedChiSquare!).toBeGreaterThan(0.6);
    expect(res.reducedChiSquare!).toBeLessThan(1.5);
    const main = res.parameters.filter((p) => !p.tiedTo);
    expect(main.map((p) => p.path)).toEqual([`${ABS}.tauNS`, `${ABS}.muNCm2PerVs`, 'electrical.rsOhmCm2']);
    main.forEach((p, a) => {
      expect(p.identifiable, p.path).toBe(true);
      expect(p.low!, p.path).toBeLessThan(TRUTH[a]!);
      expect(p.high!, p.path).toBeGreaterThan(TRUTH[a]!);
      // and the interval is an interval, not the whole range
      expect(p.high! / p.low!, p.path).toBeLessThan(p.scale === 'log' ? 1.5 : 100);
    });
    // tied paths carry their target's value
    const tauP = res.parameters.find((p) => p.path === `${ABS}.tauPS`)!;
    expect(tauP.tiedTo).toBe(`${ABS}.tauNS`);
    expect(tauP.value).toBe(main[0]!.value);
    const dev = res.device as { layers: { electrical?: { tauPS?: number; muPCm2PerVs?: number } }[] };
    expect(dev.layers[3]!.electrical!.tauPS).toBe(main[0]!.value);
    expect(dev.layers[3]!.electrical!.muPCm2PerVs).toBe(main[1]!.value);
    // every curve passes within its noise: chi-square per point about 1
    for (const c of res.curves) expect(c.chiSquare! / c.residual!.length, c.label).toBeLessThan(2);
    expect(res.evaluations).toBeLessThanOrEqual(300);
    expect(res.history.length).toBeGreaterThan(1);
    expect(res.history.at(-1)!.chiSquare).toBeLessThanOrEqual(res.history[0]!.chiSquare);
    expect(res.correlation).toHaveLength(3);
  }, 120_000);

  it('says a parameter the curves do not feel is not determined, with no interval on the open side', async () => {
    const device = fastDevice();
    // the electron mobility of the hole transport layer: electrons are blocked there, so the
    // J-V does not depend on it over decades
    const free: DeviceFitFree[] = [
      { path: `${ABS}.tauNS`, min: 1e-9, max: 1e-5 },
      { path: 'layers[2].electrical.muNCm2PerVs', min: 1e-7, max: 1e-3 },
    ];
    const curves = syntheticCurves(
      device,
      free,
      [Math.log10(5e-8), -5],
      [{ intensitySuns: 1 }, { intensitySuns: 0 }],
      NOISE,
      5,
    );
    const job = { device, curves, free, options: { seed: 3, maxEvaluations: 300 } };
    const res = await fitDevice(job, localEvaluator(job, assets));
    const [tau, mu] = res.parameters;
    expect(tau!.identifiable).toBe(true);
    expect(mu!.identifiable).toBe(false);
    expect(mu!.low === null || mu!.high === null).toBe(true);
    expect(mu!.statement?.en).toMatch(/not determined by these curves/);
    expect(mu!.statement?.zh).toMatch(/不能确定|只给出/);
  }, 120_000);
});

describe('device fit: inputs that make a fit meaningless are refused before any run', () => {
  const base = () => {
    const device = fastDevice();
    const v = [0, 0.2, 0.4, 0.6, 0.8, 1.0];
    return {
      device,
      curves: [{ kind: 'jv' as const, intensitySuns: 1, voltageV: v, jMaCm2: [20, 19.9, 19.7, 19, 15, 2] }],
      free: [{ path: `${ABS}.tauNS` }],
    };
  };
  const refused = (job: ReturnType<typeof base>) =>
    fitDevice(job, {
      parallel: 1,
      evaluate: async () => {
        throw new Error('no run may start');
      },
    });
  const fieldsOf = async (job: ReturnType<typeof base>) => {
    try {
      await refused(job);
    } catch (e) {
      expect(e).toBeInstanceOf(DeviceFitInputError);
      return (e as DeviceFitInputError).problems;
    }
    throw new Error('not refused');
  };

  it('one point', async () => {
    const job = base();
    job.curves[0]!.voltageV = [0];
    job.curves[0]!.jMaCm2 = [20];
    const p = await fieldsOf(job);
    expect(p[0]!.field).toBe('curves[0].voltageV');
    expect(p[0]!.words.zh).toMatch(/至少需要 5 个点/);
  });
  it('NaN', async () => {
    const job = base();
    job.curves[0]!.jMaCm2[2] = Number.NaN;
    expect((await fieldsOf(job))[0]!.words.en).toMatch(/not a finite number/);
  });
  it('voltages in mV and currents in A/m2', async () => {
    const job = base();
    job.curves[0]!.voltageV = job.curves[0]!.voltageV.map((v) => v * 1000);
    job.curves[0]!.jMaCm2 = job.curves[0]!.jMaCm2.map((j) => j * 100);
    const p = await fieldsOf(job);
    expect(p.map((x) => x.field)).toEqual(['curves[0].voltageV', 'curves[0].jMaCm2']);
    expect(p[0]!.words.en).toMatch(/was it mV/);
    expect(p[1]!.words.en).toMatch(/A\/m²/);
  });
  it('a light curve with the photocurrent negative', async () => {
    const job = base();
    job.curves[0]!.jMaCm2 = job.curves[0]!.jMaCm2.map((j) => -j + 5);
    expect((await fieldsOf(job))[0]!.words.en).toMatch(/flip the current/);
  });
  it('a path the registry does not know, bounds outside the limits, a tie to nothing', async () => {
    const job = base() as unknown as { free: DeviceFitFree[] } & ReturnType<typeof base>;
    job.free = [
      { path: 'layers[3].electrical.colour' },
      { path: `${ABS}.muNCm2PerVs`, min: -1, max: 10 },
      { path: `${ABS}.muPCm2PerVs`, tie: `${ABS}.nothing` },
      { path: 'constructor.prototype' },
    ];
    const p = await fieldsOf(job);
    expect(p.map((x) => x.field)).toEqual(['free[0].path', 'free[1].min', 'free[3].path', 'free[2].tie']);
  });
  it('a device without light given a light curve', async () => {
    const job = base();
    job.device.electrical.generation = { kind: 'dark' };
    delete job.device.illumination;
    expect((await fieldsOf(job)).map((x) => x.field)).toContain('curves[0].intensitySuns');
  });
});

describe('device fit: budget', () => {
  it('stops at the budget of runs with the best point so far, and says so', async () => {
    const device = fastDevice();
    const curves = syntheticCurves(device, FREE, TRUTH_U, [{ intensitySuns: 1 }], NOISE, 1);
    const job = { device, curves, free: FREE, options: { maxEvaluations: 20, seed: 1 } };
    let last = 0;
    const res = await fitDevice(job, localEvaluator(job, assets), { onProgress: (p) => (last = p.evaluations) });
    expect(res.status).toBe('budget');
    expect(res.evaluations).toBeLessThanOrEqual(20);
    expect(last).toBe(res.evaluations);
    expect(res.parameters.every((p) => p.low === null && p.high === null && !p.identifiable)).toBe(true);
    expect(res.messages.some((m) => /budget of 20 runs was spent before the fit converged/.test(m.en))).toBe(true);
  }, 60_000);

  it('stops at the time budget (a clock that runs fast)', async () => {
    const device = fastDevice();
    const curves = syntheticCurves(device, FREE, TRUTH_U, [{ intensitySuns: 1 }], NOISE, 1);
    const job = { device, curves, free: FREE, options: { maxSeconds: 5, seed: 1 } };
    let t = 0;
    const res = await fitDevice(job, localEvaluator(job, assets), { clock: () => (t += 1000) });
    expect(res.status).toBe('time');
    expect(res.messages.some((m) => /time budget of 5 s was spent before the fit converged/.test(m.en))).toBe(true);
  }, 60_000);

  it('a curve from another device: the fit says the model cannot reproduce it', async () => {
    const device = fastDevice();
    // a curve with twice this device's photocurrent and a Voc of 0.6 V: no lifetime explains it
    const v = Array.from({ length: 25 }, (_, i) => (0.7 * i) / 24);
    const j = v.map((x) => 40 - 1e-8 * Math.expm1(x / 0.03));
    const job = {
      device,
      curves: [{ kind: 'jv' as const, intensitySuns: 1, voltageV: v, jMaCm2: j, noiseMaCm2: 0.05 }],
      free: [FREE[0]!],
      options: { seed: 1, maxEvaluations: 100 },
    };
    const res = await fitDevice(job, localEvaluator(job, assets));
    expect(res.reducedChiSquare!).toBeGreaterThan(100);
    expect(res.messages.some((m) => /cannot reproduce these curves/.test(m.en))).toBe(true);
  }, 60_000);
});

import type { DeviceFitCfCurve, DeviceFitCvCurve, DeviceFitFree, DeviceFitJob } from '@pvforge/contracts';
import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/circuit/prng.js';
import {
  capacitanceUnitFromHeader,
  detectCapacitanceUnit,
  frequencyFactorFromHeader,
  toNFPerCm2,
} from '../../src/fit/capacitance-units.js';
import { checkDeviceFitInput, deviceCapacitanceScale, fitDevice } from '../../src/fit/device-fit.js';
import { localEvaluator } from '../../src/fit/evaluator.js';
import { evaluateFitPoint } from '../../src/fit/forward.js';
import { assets } from '../device/helpers.js';
import { fastDevice } from './helpers.js';

/**
 * Capacitance curves in a device fit (issue 27): the engine's small-signal capacitance at exactly
 * the measured biases (C-V, one frequency) or frequencies (C-f, one bias), in the dark.
 * C-V: the perovskite absorber doped p-type (1e17 cm^-3 makes a depletion region of ~160 nm in its
 * 500 nm) follows Mott-Schottky, 1/C^2 linear in V with slope -2/(q eps N_A): a C-V determines N_A.
 * C-f: mobile ions in the absorber add a capacitance below a corner frequency set by their
 * conductivity (q^2 N_ion D / kT against the Debye length): with D fixed, a C-f determines N_ion.
 */
const NA = 'layers[3].electrical.naCm3';
const BIAS = Array.from({ length: 17 }, (_, i) => -1 + 0.1 * i);
const F = Array.from({ length: 19 }, (_, i) => 1e-2 * 10 ** (i / 2));

// biome-ignore lint/suspicious/noExplicitAny: tests edit the JSON freely
function doped(): any {
  const d = fastDevice();
  d.layers[3].electrical.naCm3 = 1e16;
  return d;
}

// biome-ignore lint/suspicious/noExplicitAny: tests edit the JSON freely
function withIons(): any {
  const d = fastDevice();
  d.layers[3].electrical.ions = [{ densityCm3: 1e18, diffusionCm2PerS: 1e-12, sign: 1 }];
  return d;
}

const cv = (over: Partial<DeviceFitCvCurve> = {}): DeviceFitCvCurve => ({
  kind: 'cv',
  label: 'C-V 10 kHz',
  frequencyHz: 1e4,
  biasV: BIAS,
  capacitanceNFPerCm2: BIAS.map((v) => 90 + 20 * v),
  noiseRel: 0.005,
  ...over,
});

const cf = (over: Partial<DeviceFitCfCurve> = {}): DeviceFitCfCurve => ({
  kind: 'cf',
  label: 'C-f 0 V',
  biasV: 0,
  frequencyHz: F,
  capacitanceNFPerCm2: F.map((f) => 31 + 70 / (1 + f)),
  noiseRel: 0.005,
  ...over,
});

describe('capacitance units of a lab file', () => {
  it('reads the unit a header names, per area or of the whole device, and a frequency unit', () => {
    expect(capacitanceUnitFromHeader('Cp (pF)')).toBe('pF');
    expect(capacitanceUnitFromHeader('C [nF/cm^2]')).toBe('nF/cm2');
    expect(capacitanceUnitFromHeader('Cp (F cm-2)')).toBe('F/cm2');
    expect(capacitanceUnitFromHeader('C (µF/cm²)')).toBe('uF/cm2');
    expect(capacitanceUnitFromHeader('Capacitance')).toBeUndefined();
    expect(capacitanceUnitFromHeader('Frequency (Hz)')).toBeUndefined();
    expect(frequencyFactorFromHeader('f (kHz)')).toEqual({ factor: 1e3, unit: 'kHz' });
    expect(frequencyFactorFromHeader('omega (rad/s)')!.unit).toBe('rad/s');
    expect(frequencyFactorFromHeader('Bias (V)')).toBeUndefined();
  });

  it('detects F, µF, nF and pF per cm² from the values against the geometric capacitance, and absolute units with an area', () => {
    const geo = 30; // nF/cm², the perovskite cell
    expect(detectCapacitanceUnit(90e-9, geo)).toBe('F/cm2');
    expect(detectCapacitanceUnit(0.09, geo)).toBe('uF/cm2');
    expect(detectCapacitanceUnit(90, geo)).toBe('nF/cm2');
    expect(detectCapacitanceUnit(5000, geo)).toBe('nF/cm2'); // an ionic low-frequency plateau stays nF
    expect(detectCapacitanceUnit(9e4, geo)).toBe('pF/cm2');
    // 90 nF/cm² over 0.1 cm²: 9 nF, 9000 pF or 9e-9 F of the whole cell
    expect(detectCapacitanceUnit(9000, geo, 0.1)).toBe('pF');
    expect(detectCapacitanceUnit(9e-9, geo, 0.1)).toBe('F');
    expect(toNFPerCm2([9000], 'pF', 0.1)[0]).toBeCloseTo(90, 9);
    expect(() => toNFPerCm2([9000], 'pF')).toThrow(/needs the device's area/);
  });
});

describe('device fit: capacitance curves', () => {
  it('knows the device’s geometric capacitance and absorber gap', () => {
    const s = deviceCapacitanceScale(doped());
    // PTAA 10 nm / 3 + MAPbI3 500 nm / 24 + PCBM 25 nm / 5 in series
    expect(s.geometricNFPerCm2!).toBeCloseTo((1e9 * 8.8541878128e-14) / (1e-7 * (10 / 3 + 500 / 24 + 25 / 5)), 6);
    expect(s.absorberGapEV).toBe(1.63);
    expect(s.absorber).toBe('MAPbI3');
  });

  it('refuses capacitance curves that cannot be meant, naming the field, in both languages, before any run', () => {
    const FREE: DeviceFitFree[] = [{ path: NA, min: 1e14, max: 1e18 }];
    const cases: {
      curve: DeviceFitCvCurve | DeviceFitCfCurve;
      device?: unknown;
      field: string;
      en: RegExp;
      zh: RegExp;
    }[] = [
      {
        curve: cv({ biasV: BIAS.slice(0, 3), capacitanceNFPerCm2: [90, 91, 92] }),
        field: 'curves[0].biasV',
        en: /has 3 point\(s\): a fit needs at least 5/,
        zh: /只有 3 个点/,
      },
      {
        curve: cv({ biasV: BIAS.map((v, i) => (i === 4 ? BIAS[3]! : v)) }),
        field: 'curves[0].biasV',
        en: /the bias -0\.7 V twice/,
        zh: /偏压重复/,
      },
      {
        curve: cf({ frequencyHz: F.map((f, i) => (i === 6 ? F[5]! : f)) }),
        field: 'curves[0].frequencyHz',
        en: /the frequency .* Hz twice/,
        zh: /频率重复/,
      },
      {
        curve: cv({ capacitanceNFPerCm2: BIAS.map((v) => (90 + 20 * v) * 1e-9) }),
        field: 'curves[0].capacitanceNFPerCm2',
        en: /below the device's geometric capacitance .* the unit is nF\/cm² \(was it F\/cm²\? multiply by 1000000000\)/,
        zh: /是否为 F\/cm²/,
      },
      {
        curve: cv({ capacitanceNFPerCm2: BIAS.map((v) => (90 + 20 * v) * 1e-3) }),
        field: 'curves[0].capacitanceNFPerCm2',
        en: /was it µF\/cm²\? multiply by 1000/,
        zh: /是否为 µF\/cm²/,
      },
      {
        curve: cf({ capacitanceNFPerCm2: F.map((f) => (31 + 70 / (1 + f)) * 1e6) }),
        field: 'curves[0].capacitanceNFPerCm2',
        en: /times the device's geometric capacitance .*pF of the whole device not divided by its area/,
        zh: /未除以器件面积的 pF/,
      },
      {
        curve: cf({ frequencyHz: F.map((f) => f - 0.01) }),
        field: 'curves[0].frequencyHz',
        en: /the frequency 0 Hz: a frequency must be above zero/,
        zh: /频率必须为正/,
      },
      {
        curve: cv({ frequencyHz: -1e4 }),
        field: 'curves[0].frequencyHz',
        en: /a frequency must be above zero/,
        zh: /频率必须为正/,
      },
      {
        curve: cv({ biasV: BIAS.map((v) => 1000 * v) }),
        field: 'curves[0].biasV',
        en: /the unit is V \(was it mV\?\)/,
        zh: /是否为 mV/,
      },
      {
        curve: cv({ biasV: BIAS.map((v) => v + 1.5) }),
        field: 'curves[0].biasV',
        en: /forward bias of 2.1\d* V, beyond the band gap of the absorber MAPbI3 \(1.63 eV\)/,
        zh: /超过吸收层「MAPbI3」的带隙/,
      },
      {
        curve: cf({ biasV: -8 }),
        field: 'curves[0].biasV',
        en: /reverse bias of -8 V, below -5 V/,
        zh: /已击穿/,
      },
      {
        curve: cv({ intensitySuns: 1 }),
        device: (() => {
          const d = doped();
          d.electrical.generation = { kind: 'dark' };
          return d;
        })(),
        field: 'curves[0].intensitySuns',
        en: /cannot fit a capacitance measured under light/,
        zh: /无法拟合光照下的电容曲线/,
      },
      {
        curve: cf({ noiseNFPerCm2: 0 }),
        field: 'curves[0].noiseNFPerCm2',
        en: /the capacitance noise must be above 0/,
        zh: /电容噪声必须大于 0/,
      },
    ];
    for (const c of cases) {
      const problems = checkDeviceFitInput({ device: c.device ?? doped(), curves: [c.curve], free: FREE });
      const p = problems.find((x) => x.field === c.field);
      expect(p, `${c.field}: ${JSON.stringify(problems)}`).toBeDefined();
      expect(p!.words.en).toMatch(c.en);
      expect(p!.words.zh).toMatch(c.zh);
    }
    // a sensible curve of each kind passes
    expect(checkDeviceFitInput({ device: doped(), curves: [cv(), cf()], free: FREE })).toEqual([]);
  });

  it('recovers the absorber doping from a noisy C-V, within its interval and within the noise', async () => {
    const FREE: DeviceFitFree[] = [{ path: NA, min: 1e15, max: 1e18 }];
    const device = doped();
    const truth = [17]; // 1e17 cm^-3; the device starts at 1e16
    const clean = evaluateFitPoint({ device, curves: [cv()], free: FREE }, truth, assets);
    if (!clean.ok) throw new Error(clean.reason.en);
    const rng = new Prng(5);
    const noise = 0.005;
    const job: DeviceFitJob = {
      device,
      curves: [cv({ capacitanceNFPerCm2: clean.model[0]!.map((c) => c * (1 + noise * rng.normal())) })],
      free: FREE,
    };
    const res = await fitDevice(job, localEvaluator(job, assets));
    expect(res.status).toBe('converged');
    const na = res.parameters[0]!;
    expect(na.identifiable).toBe(true);
    expect(na.low!).toBeLessThan(1e17);
    expect(na.high!).toBeGreaterThan(1e17);
    expect(na.high! / na.low!).toBeLessThan(1.5);
    const c = res.curves[0]!;
    expect(c.kind).toBe('cv');
    if (c.kind !== 'cv') return;
    expect(c.biasV).toEqual(BIAS);
    expect(c.frequencyHz).toBe(1e4);
    expect(c.chiSquare! / BIAS.length).toBeLessThan(2);
    expect(c.rmsNFPerCm2!).toBeLessThan(2 * noise * Math.max(...c.measuredNFPerCm2));
  }, 120_000);

  it('recovers the mobile-ion density from a noisy C-f, within its interval and within the noise', async () => {
    const ION = 'layers[3].electrical.ions[0].densityCm3';
    const FREE: DeviceFitFree[] = [{ path: ION, min: 1e16, max: 1e20 }];
    const device = withIons();
    const truth = [17.5];
    const clean = evaluateFitPoint({ device, curves: [cf()], free: FREE }, truth, assets);
    if (!clean.ok) throw new Error(clean.reason.en);
    const rng = new Prng(7);
    const noise = 0.01;
    const job: DeviceFitJob = {
      device,
      curves: [
        cf({ capacitanceNFPerCm2: clean.model[0]!.map((c) => c * (1 + noise * rng.normal())), noiseRel: noise }),
      ],
      free: FREE,
    };
    const res = await fitDevice(job, localEvaluator(job, assets));
    expect(res.status).toBe('converged');
    const n = res.parameters[0]!;
    expect(n.identifiable).toBe(true);
    expect(n.low!).toBeLessThan(10 ** 17.5);
    expect(n.high!).toBeGreaterThan(10 ** 17.5);
    const c = res.curves[0]!;
    expect(c.kind).toBe('cf');
    if (c.kind !== 'cf') return;
    expect(c.frequencyHz).toEqual(F);
    expect(c.biasV).toBe(0);
    expect(c.chiSquare! / F.length).toBeLessThan(2);
  }, 180_000);
});

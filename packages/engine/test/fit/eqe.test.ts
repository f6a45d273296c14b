import type { DeviceFitEqeCurve, DeviceFitJob } from '@pvforge/contracts';
import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/circuit/prng.js';
import { checkDeviceFitInput, fitDevice } from '../../src/fit/device-fit.js';
import { localEvaluator } from '../../src/fit/evaluator.js';
import { evaluateFitPoint } from '../../src/fit/forward.js';
import { assets } from '../device/helpers.js';
import { collectionLimited, EQE_WAVELENGTHS_NM, eqeCurve, MU_FREE } from './helpers.js';

/**
 * EQE spectra in a device fit (issue 27): the engine's EQE at short circuit without bias light,
 * at the spectrum's wavelengths. The absorber mobility sets how much of what is absorbed is
 * collected (with a 10 ns lifetime, EQE falls from about 38 % to 8 % between 1e-2 and 1e-4
 * cm^2/(V s)), so an EQE spectrum determines it.
 */
const FREE = MU_FREE;
const WL = EQE_WAVELENGTHS_NM;
const eqe = eqeCurve;

describe('device fit: EQE spectra', () => {
  it('refuses spectra that cannot be meant, naming the field, in both languages, before any run', () => {
    const job = (c: DeviceFitEqeCurve, device = collectionLimited()): DeviceFitJob => ({
      device,
      curves: [c],
      free: FREE,
    });
    const cases: { curve: DeviceFitEqeCurve; device?: unknown; field: string; en: RegExp; zh: RegExp }[] = [
      {
        curve: eqe({ eqePercent: WL.map(() => 0.4) }),
        field: 'curves[0].eqePercent',
        en: /EQE in percent \(multiply a fraction by 100\)/,
        zh: /EQE 的单位为 %/,
      },
      {
        curve: eqe({ eqePercent: WL.map(() => 140) }),
        field: 'curves[0].eqePercent',
        en: /above 100 %/,
        zh: /超过 100 %/,
      },
      {
        curve: eqe({ wavelengthNm: WL.map((w) => w / 1000) }),
        field: 'curves[0].wavelengthNm',
        en: /the unit is nm .*was it µm or Å/,
        zh: /单位应为 nm/,
      },
      {
        curve: eqe({ wavelengthNm: WL.map((w, i) => (i === 3 ? WL[2]! : w)) }),
        field: 'curves[0].wavelengthNm',
        en: /the wavelength 420 nm twice/,
        zh: /波长重复/,
      },
      {
        curve: eqe({ wavelengthNm: WL.map((w) => w + 400) }),
        field: 'curves[0].wavelengthNm',
        en: /beyond the device's optical window 300–850 nm/,
        zh: /超出器件光学计算的范围/,
      },
      {
        curve: eqe(),
        device: (() => {
          const d = collectionLimited();
          d.electrical.generation = { kind: 'uniform', gCm3PerS: 1e22 };
          return d;
        })(),
        field: 'curves[0].kind',
        en: /needs the optical part/,
        zh: /EQE 曲线需要器件的光学部分/,
      },
      {
        curve: eqe({ noisePercent: 0 }),
        field: 'curves[0].noisePercent',
        en: /the EQE noise must be above 0/,
        zh: /EQE 噪声必须大于 0/,
      },
    ];
    for (const c of cases) {
      const problems = checkDeviceFitInput(job(c.curve, c.device ?? collectionLimited()));
      const p = problems.find((x) => x.field === c.field);
      expect(p, `${c.field}: ${JSON.stringify(problems)}`).toBeDefined();
      expect(p!.words.en).toMatch(c.en);
      expect(p!.words.zh).toMatch(c.zh);
    }
  });

  it('recovers the absorber mobility from a noisy EQE spectrum, within its interval and within the noise', async () => {
    const truth = [-3]; // 1e-3 cm^2/(V s); the device starts at 1e-2
    const device = collectionLimited();
    const clean = evaluateFitPoint({ device, curves: [eqe()], free: FREE }, truth, assets);
    if (!clean.ok) throw new Error(clean.reason.en);
    const rng = new Prng(11);
    const noise = 0.3;
    const job: DeviceFitJob = {
      device,
      curves: [eqe({ eqePercent: clean.model[0]!.map((y) => y + noise * rng.normal()), noisePercent: noise })],
      free: FREE,
      options: { starts: 0 },
    };
    const res = await fitDevice(job, localEvaluator(job, assets));
    expect(res.status).toBe('converged');
    const mu = res.parameters[0]!;
    expect(mu.identifiable).toBe(true);
    expect(mu.low!).toBeLessThan(1e-3);
    expect(mu.high!).toBeGreaterThan(1e-3);
    expect(mu.high! / mu.low!).toBeLessThan(1.2);
    const c = res.curves[0]!;
    expect(c.kind).toBe('eqe');
    if (c.kind !== 'eqe') return;
    expect(c.wavelengthNm).toEqual(WL);
    expect(c.chiSquare! / WL.length).toBeLessThan(2);
    expect(c.rmsPercent!).toBeLessThan(2 * noise);
  }, 120_000);
});

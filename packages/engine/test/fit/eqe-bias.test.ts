import type { DeviceFitEqeCurve, DeviceFitJob } from '@pvforge/contracts';
import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/circuit/prng.js';
import { runDeviceSimulation } from '../../src/device/simulate.js';
import { checkDeviceFitInput, fitDevice } from '../../src/fit/device-fit.js';
import { localEvaluator } from '../../src/fit/evaluator.js';
import { evaluateFitPoint } from '../../src/fit/forward.js';
import { assets } from '../device/helpers.js';
import { collectionLimited, EQE_WAVELENGTHS_NM, eqeCurve, MU_FREE } from './helpers.js';

/**
 * EQE spectra measured under a bias light and at a bias voltage in a device fit (issue 27). At a
 * forward bias of 0.8 V under one sun the absorber's field is weak, so collection rests on the
 * carriers' mobility: with a 10 ns lifetime the EQE at 400 nm is about 11 % at 1e-3 cm^2/(V s)
 * and 28 % at 1e-2, against 15 % and 38 % at short circuit.
 */
const FREE = MU_FREE;
const WL = EQE_WAVELENGTHS_NM;
const eqe = (over: Partial<DeviceFitEqeCurve> = {}): DeviceFitEqeCurve =>
  eqeCurve({
    label: 'EQE at 0.8 V, 1 sun',
    eqePercent: WL.map((w) => 30 - (w - 400) / 20),
    noisePercent: 0.3,
    biasLightSuns: 1,
    biasV: 0.8,
    ...over,
  });

describe('device fit: EQE under bias light and at a bias voltage', () => {
  it('refuses conditions that cannot be meant, naming the field, in both languages, before any run', () => {
    const cases: { curve: DeviceFitEqeCurve; device?: unknown; field: string; en: RegExp; zh: RegExp }[] = [
      {
        curve: eqe({ biasLightSuns: 100 }),
        field: 'curves[0].biasLightSuns',
        en: /bias light of 100: it must be between 0 and 2 suns \(the unit is suns, not mW\/cm²\)/,
        zh: /偏置光为 100：须在 0 到 2 个太阳之间/,
      },
      {
        curve: eqe({ biasLightSuns: -0.5 }),
        field: 'curves[0].biasLightSuns',
        en: /between 0 and 2 suns/,
        zh: /须在 0 到 2 个太阳之间/,
      },
      {
        curve: eqe({ biasV: -8 }),
        field: 'curves[0].biasV',
        en: /a bias of -8 V, below -5 V, where a cell breaks down/,
        zh: /偏压为 -8 V，低于 -5 V/,
      },
      {
        curve: eqe({ biasV: Number.NaN }),
        field: 'curves[0].biasV',
        en: /bias voltage that is not a finite number/,
        zh: /偏压不是有限数值/,
      },
      {
        curve: eqe({ biasV: 1.8 }),
        field: 'curves[0].biasV',
        en: /a bias of 1.8 V, beyond the band gap of the absorber MAPbI3 \(1.63 eV\)/,
        zh: /偏压 1.8 V 超过吸收层「MAPbI3」的带隙 1.63 eV/,
      },
      {
        curve: eqe(),
        device: (() => {
          const d = collectionLimited();
          d.illumination.suns = 0;
          return d;
        })(),
        field: 'curves[0].biasLightSuns',
        en: /illumination is 0 suns: the bias light is the device's own light scaled/,
        zh: /偏置光是器件自身光照的缩放/,
      },
    ];
    for (const c of cases) {
      const job: DeviceFitJob = { device: c.device ?? collectionLimited(), curves: [c.curve], free: FREE };
      const problems = checkDeviceFitInput(job);
      const p = problems.find((x) => x.field === c.field);
      expect(p, `${c.field}: ${JSON.stringify(problems)}`).toBeDefined();
      expect(p!.words.en).toMatch(c.en);
      expect(p!.words.zh).toMatch(c.zh);
    }
    // the conditions inside their ranges are accepted
    expect(checkDeviceFitInput({ device: collectionLimited(), curves: [eqe({ biasV: -2 })], free: FREE })).toEqual([]);
  });

  it("the model is the engine's EQE under the curve's conditions", () => {
    const device = collectionLimited();
    const model = evaluateFitPoint({ device, curves: [eqe()], free: FREE }, [-2], assets);
    if (!model.ok) throw new Error(model.reason.en);
    const d = collectionLimited();
    d.electrical.eqe = { stepNm: 10, biasLightSuns: 1, biasV: 0.8 };
    const direct = runDeviceSimulation(d, assets, { eqeOnly: true }).eqe!;
    WL.forEach((w, i) => {
      const k = direct.wavelengthNm.indexOf(w);
      expect(model.model[0]![i]!).toBeCloseTo(100 * direct.eqe[k]!, 10);
    });
    const plain = evaluateFitPoint({ device, curves: [eqe({ biasLightSuns: 0, biasV: 0 })], free: FREE }, [-2], assets);
    if (!plain.ok) throw new Error(plain.reason.en);
    expect(plain.model[0]![0]!).toBeGreaterThan(1.2 * model.model[0]![0]!);
  }, 60_000);

  it('recovers the absorber mobility from a noisy EQE measured at 0.8 V under one sun, within its interval', async () => {
    const truth = [-3]; // 1e-3 cm^2/(V s); the device starts at 1e-2
    const device = collectionLimited();
    const clean = evaluateFitPoint({ device, curves: [eqe()], free: FREE }, truth, assets);
    if (!clean.ok) throw new Error(clean.reason.en);
    const rng = new Prng(5);
    const noise = 0.2;
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
    expect(mu.high! / mu.low!).toBeLessThan(1.3);
    const c = res.curves[0]!;
    expect(c.kind).toBe('eqe');
    if (c.kind !== 'eqe') return;
    expect(c.biasLightSuns).toBe(1);
    expect(c.biasV).toBe(0.8);
    expect(c.chiSquare! / WL.length).toBeLessThan(2);
    expect(c.rmsPercent!).toBeLessThan(2 * noise);
  }, 180_000);
});

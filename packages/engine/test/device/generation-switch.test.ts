import { describe, expect, it } from 'vitest';
import { Q_C } from '../../src/constants.js';
import { checkDeviceElectricalCoded } from '../../src/device/check.js';
import { runDeviceSimulation } from '../../src/device/simulate.js';
import { assets, perfectExtraction } from './helpers.js';

/**
 * A layer that absorbs but makes no free carriers (generatesCarriers false, SIMsalabim's
 * layerGen = 0) and a generation profile given as numbers (a SIMsalabim profile file). The
 * reference is carrier conservation: in the ideal extractor every generated pair leaves at short
 * circuit, so Jsc = q * integral of G over the layers that generate.
 */
const G = 2.7e21; // cm^-3 s^-1
const jOf = (thicknessNm: number) => Q_C * G * thicknessNm * 1e-7 * 1e3; // mA/cm^2

function jsc(r: ReturnType<typeof runDeviceSimulation>): number {
  const light = r.light!;
  return light.J_mA_cm2[light.V.indexOf(0)]!;
}

describe('layers that make no free carriers, and a generation profile', () => {
  it('uniform generation: a silent transport layer adds nothing, Jsc = q G d of the others', () => {
    const spec = perfectExtraction();
    spec.electrical!.generation = { kind: 'uniform', gCm3PerS: G };
    const all = runDeviceSimulation(spec, assets);
    expect(jsc(all)).toBeCloseTo(jOf(10 + 500 + 25), 2);
    spec.layers[4]!.electrical!.generatesCarriers = false; // PCBM, 25 nm
    const some = runDeviceSimulation(spec, assets);
    expect(some.generation.jGenerationMaCm2).toBeCloseTo(jOf(10 + 500), 3);
    expect(jsc(some)).toBeCloseTo(jOf(10 + 500), 2);
    // the nodes inside the silent layer carry no generation
    const x = some.generation.x_nm;
    const inside = x.map((v, i) => (v > 511 && v < 534 ? some.generation.G_cm3_s[i]! : 0));
    expect(Math.max(...inside)).toBe(0);
  });

  it('a profile equal to the uniform rate gives the uniform J-V; a profile confined to the absorber its share', () => {
    const spec = perfectExtraction();
    spec.electrical!.generation = { kind: 'uniform', gCm3PerS: G };
    const uniform = runDeviceSimulation(spec, assets);
    spec.electrical!.generation = { kind: 'profile', xNm: [0, 200, 535], gCm3PerS: [G, G, G] };
    const flat = runDeviceSimulation(spec, assets);
    flat.light!.J_mA_cm2.forEach((j, i) => {
      expect(j).toBeCloseTo(uniform.light!.J_mA_cm2[i]!, 6);
    });
    // G only in the absorber (10-510 nm), a ramp: its integral is exact for the box rule only in
    // the limit, so the comparison is with the generation integral the run itself reports
    spec.electrical!.generation = {
      kind: 'profile',
      xNm: [0, 9.999, 10, 510, 510.001, 535],
      gCm3PerS: [0, 0, G, G, 0, 0],
    };
    const absorber = runDeviceSimulation(spec, assets);
    expect(absorber.generation.jGenerationMaCm2).toBeCloseTo(jOf(500), 1);
    expect(jsc(absorber)).toBeCloseTo(absorber.generation.jGenerationMaCm2, 2);
  });

  it('optical generation: the silent layer still absorbs, but its photocurrent is not counted or collected', () => {
    const spec = perfectExtraction();
    spec.electrical!.generation = { kind: 'optical' };
    const all = runDeviceSimulation(spec, assets);
    spec.layers[2]!.electrical!.generatesCarriers = false; // PTAA
    const some = runDeviceSimulation(spec, assets);
    const ptaa = all.optics!.layers[2]!.jphMaCm2;
    expect(ptaa).toBeGreaterThan(0);
    // the same optics: the PTAA still absorbs what it absorbed
    expect(some.optics!.layers[2]!.jphMaCm2).toBeCloseTo(ptaa, 10);
    expect(some.generation.jOpticalMaCm2!).toBeCloseTo(all.generation.jOpticalMaCm2! - ptaa, 6);
    expect(jsc(some)).toBeCloseTo(some.generation.jGenerationMaCm2, 2);
    expect(jsc(some)).toBeLessThan(jsc(all));
  });

  it('refuses a profile that does not reach both faces of the electrical layers', () => {
    const spec = perfectExtraction();
    spec.electrical!.generation = { kind: 'profile', xNm: [0, 300], gCm3PerS: [G, G] };
    const { errors } = checkDeviceElectricalCoded(spec);
    const e = errors.find((i) => i.message.code === 'check.profile-coverage');
    expect(e?.path).toBe('electrical.generation.xNm');
    expect(e?.message.params).toMatchObject({ fromNm: 0, toNm: 300, lengthNm: 535 });
    spec.electrical!.generation = { kind: 'profile', xNm: [0, 300, 200], gCm3PerS: [G, G, G] };
    const order = checkDeviceElectricalCoded(spec).errors.find((i) => i.message.code === 'check.not-increasing');
    expect(order?.path).toBe('electrical.generation.xNm[2]');
  });
});

import { describe, expect, it } from 'vitest';
import { checkDeviceElectrical } from '../../src/device/check.js';
import { runDeviceSimulation } from '../../src/device/simulate.js';
import { DeviceSpecInputError } from '../../src/device/types.js';
import { deviceToOpticsSpec, runDeviceOptics } from '../../src/optics/device.js';
import { generationWeights } from '../../src/optics/profile.js';
import { buildTmmInput } from '../../src/optics/simulate.js';
import { photonFlux, resampleSpectrum } from '../../src/spectra/index.js';
import { runTandemSimulation, tandemThicknessSweep } from '../../src/tandem/simulate.js';
import { assets } from '../device/helpers.js';
import { perovskitePerovskiteTandem, perovskitePerovskiteTandemAnodeFront } from './devices.js';

const Q = 1.602176634e-19;
const rel = (a: number, b: number) => Math.abs(a / b - 1);

/** q times the photon flux of the spectrum on the optical grid, mA/cm^2 (what enters the stack). */
function incidentPhotocurrent(): number {
  const spec = perovskitePerovskiteTandem();
  const os = deviceToOpticsSpec(spec, assets);
  const grid = buildTmmInput(os).wavelengthNm;
  const w = generationWeights(grid, photonFlux(resampleSpectrum(os.spectrum!, grid)), false);
  // the weights carry 1e3 w Phi: J = 1e-4 q sum(weights), mA/cm^2 (device/simulate.ts)
  return 1e-4 * Q * w.reduce((s, v) => s + v, 0);
}

describe('monolithic tandem: subcells in series from the whole-stack optics', () => {
  const spec = perovskitePerovskiteTandem();
  const r = runTandemSimulation(spec, assets);
  const [top, bottom] = r.subcells;

  it('solves both subcells', () => {
    expect(top.converged, top.error?.text).toBe(true);
    expect(bottom.converged, bottom.error?.text).toBe(true);
    expect(top.layers).toEqual(['ETL top', 'WBG', 'HTL top']);
    expect(bottom.layers).toEqual(['ETL bottom', 'NBG', 'HTL bottom']);
  });

  it('conserves photons: subcells + reflection + transmission + parasitic absorption = the incident photon current', () => {
    const total =
      top.jPhotoMaCm2 +
      bottom.jPhotoMaCm2 +
      r.junction.jPhotoMaCm2 +
      r.optical.jParasiticMaCm2 +
      r.optical.jReflectedMaCm2 +
      r.optical.jTransmittedMaCm2;
    expect(rel(total, incidentPhotocurrent())).toBeLessThan(1e-6);
    // the top cell filters the bottom cell's light: the bottom cell alone in air would get more
    const alone = perovskitePerovskiteTandem();
    alone.layers = alone.layers.filter((l) => l.subcell === 'bottom');
    const jAlone = runDeviceOptics(alone, assets, 2).report.layers.reduce((s, l) => s + l.jphMaCm2, 0);
    expect(jAlone).toBeGreaterThan(bottom.jPhotoMaCm2 + 5);
  });

  it('each subcell gets the generation of its own layers: q int G on its mesh is its optical photocurrent', () => {
    for (const c of r.subcells) {
      // the subcell mesh: its layers' node positions are in generation.x_nm; integrate G there
      const x = c.generation.x_nm;
      let s = 0;
      for (let k = 0; k + 1 < x.length; k++)
        s += 0.5 * (x[k + 1]! - x[k]!) * 1e-7 * (c.generation.G_cm3_s[k]! + c.generation.G_cm3_s[k + 1]!);
      expect(rel(Q * s * 1e3, c.jPhotoMaCm2)).toBeLessThan(2e-3);
      // a well-extracting cell collects nearly all of it at short circuit
      expect(rel(c.figures!.Jsc_mA_cm2, c.jPhotoMaCm2)).toBeLessThan(0.02);
    }
  });

  it("2T: one current, voltages added: Jsc is the limiting cell's, Voc the sum of the subcells'", () => {
    const s = r.series!.figures;
    expect(r.mismatch.limiting).toBe('top');
    expect(top.figures!.Jsc_mA_cm2).toBeLessThan(bottom.figures!.Jsc_mA_cm2);
    // the limiting cell in reverse bias still collects a little more than at its own short circuit
    expect(s.Jsc_mA_cm2).toBeGreaterThanOrEqual(top.figures!.Jsc_mA_cm2 - 1e-3);
    expect(s.Jsc_mA_cm2).toBeLessThan(top.figures!.Jsc_mA_cm2 * 1.01);
    expect(Math.abs(s.Voc_V - (top.figures!.Voc_V + bottom.figures!.Voc_V))).toBeLessThan(1e-3);
    expect(r.mismatch.jTopMinusBottomMaCm2).toBeCloseTo(top.jPhotoMaCm2 - bottom.jPhotoMaCm2, 12);
    // the series connection of mismatched cells loses against each cell at its own maximum power point
    expect(r.fourTerminal!.pcePercent).toBeCloseTo(top.figures!.PCE_percent + bottom.figures!.PCE_percent, 12);
    expect(s.PCE_percent).toBeLessThan(r.fourTerminal!.pcePercent);
    expect(s.PCE_percent).toBeGreaterThan(0.9 * r.fourTerminal!.pcePercent);
  });

  it('thickness sweep: the top cell gains and the bottom cell loses current; at the matched thickness they are equal', () => {
    const sw = r.thicknessSweep!;
    expect(sw.thicknessNm).toHaveLength(9);
    for (let k = 1; k < 9; k++) expect(sw.jTopMaCm2[k]!).toBeGreaterThan(sw.jTopMaCm2[k - 1]!);
    expect(sw.jBottomMaCm2[8]!).toBeLessThan(sw.jBottomMaCm2[0]!);
    const d = sw.matchedThicknessNm!;
    expect(d).toBeGreaterThan(300);
    expect(d).toBeLessThan(500);
    // independent check: the optics at the matched thickness (interpolation error of a 100 nm grid)
    const at = tandemThicknessSweep(spec, assets, { layer: 'WBG', fromNm: d, toNm: d + 1, points: 2 });
    expect(Math.abs(at.jTopMaCm2[0]! - at.jBottomMaCm2[0]!)).toBeLessThan(0.3);
  });
});

describe('monolithic tandem: the whole stack as one drift-diffusion device', () => {
  // the same stack with its ideal recombination junction (devices.ts) solved as one device, started
  // from the subcells' solutions (tandem/stitch.ts)
  const spec = perovskitePerovskiteTandem();
  spec.electrical!.tandem = { fullStack: true };
  const r = runTandemSimulation(spec, assets);
  const light = r.fullStack!.light!;

  it('converges over the whole sweep', () => {
    expect(light.converged, light.error?.text).toBe(true);
    expect(r.warnings.filter((w) => typeof w !== 'string' && w.code === 'tandem.stack-not-converged')).toEqual([]);
    expect(light.V[0]).toBe(0);
    expect(Math.max(...light.V)).toBeGreaterThan(light.figures!.Voc_V);
  });

  it('agrees with the subcells in series within 1 % in PCE for an ideal junction', () => {
    const a = r.series!.figures;
    const b = light.figures!;
    expect(rel(b.PCE_percent, a.PCE_percent)).toBeLessThan(0.01);
    // and in the figures it is made of: Voc the sum of the subcells', Jsc the limiting cell's
    expect(Math.abs(b.Voc_V - a.Voc_V)).toBeLessThan(2e-3);
    expect(rel(b.Jsc_mA_cm2, a.Jsc_mA_cm2)).toBeLessThan(5e-3);
    expect(rel(b.FF, a.FF)).toBeLessThan(5e-3);
  });

  it('agrees as well with the holes leaving at the front (the subcells stitched from the back)', () => {
    const s = perovskitePerovskiteTandemAnodeFront();
    s.electrical!.tandem = { fullStack: true };
    const m = runTandemSimulation(s, assets);
    const b = m.fullStack!.light!;
    expect(b.converged, b.error?.text).toBe(true);
    expect(rel(b.figures!.PCE_percent, m.series!.figures.PCE_percent)).toBeLessThan(0.01);
    expect(Math.abs(b.figures!.Voc_V - m.series!.figures.Voc_V)).toBeLessThan(2e-3);
  });

  it('the current crosses the junction by recombination there: at 0 V its interface current is the terminal current', () => {
    const k = light.V.indexOf(0);
    const junction = light.recombination.interfaces.find((q) => q.name === 'HTL top/ETL bottom')!;
    expect(rel(junction.current[k]!, light.J_mA_cm2[k]!)).toBeLessThan(1e-3);
    // while the top cell, the limiting one, is driven into reverse bias and collects all it can
    expect(light.J_mA_cm2[k]!).toBeGreaterThan(r.subcells[0].figures!.Jsc_mA_cm2 - 1e-3);
  });
});

describe('tandem input rules', () => {
  it('names the field of every mistake', () => {
    const s = perovskitePerovskiteTandem();
    delete s.layers[2]!.subcell;
    s.layers[4]!.subcell = 'top';
    s.electrical!.tandem!.thicknessSweep = { layer: 'HTL bottom', fromNm: 0, toNm: -1, points: 100 };
    s.electrical!.eqe = {};
    const errors = checkDeviceElectrical(s);
    expect(errors).toContain(
      'layers[2] "HTL top".subcell: missing: every electrical layer of a tandem is "top", "junction" or "bottom"',
    );
    expect(errors.some((e) => e.startsWith('layers[4] "NBG".subcell: "top" after a "bottom" layer'))).toBe(true);
    expect(
      errors.some((e) =>
        e.startsWith('electrical.tandem.thicknessSweep.layer: "HTL bottom" is not a layer of the top cell'),
      ),
    ).toBe(true);
    expect(errors.some((e) => e.startsWith('electrical.tandem.thicknessSweep.fromNm'))).toBe(true);
    expect(errors.some((e) => e.startsWith('electrical.tandem.thicknessSweep.toNm'))).toBe(true);
    expect(errors.some((e) => e.startsWith('electrical.tandem.thicknessSweep.points'))).toBe(true);
    expect(errors.some((e) => e.startsWith('electrical.eqe: not supported for tandems'))).toBe(true);
  });

  it('refuses a subcell without a tandem block, a tandem without optical generation, and runs neither', () => {
    const s = perovskitePerovskiteTandem();
    delete s.electrical!.tandem;
    expect(checkDeviceElectrical(s)).toContain(
      'layers[0] "ETL top".subcell: only for tandems: the device has no electrical.tandem block',
    );
    const u = perovskitePerovskiteTandem();
    u.electrical!.generation = { kind: 'uniform', gCm3PerS: 1e21 };
    expect(
      checkDeviceElectrical(u).some((e) => e.startsWith('electrical.generation: a tandem needs generation "optical"')),
    ).toBe(true);
    expect(() => runTandemSimulation(u, assets)).toThrow(DeviceSpecInputError);
    const b = perovskitePerovskiteTandem();
    for (const l of b.layers) if (l.subcell === 'bottom') l.subcell = 'top';
    expect(checkDeviceElectrical(b)).toContain('electrical.tandem: no layer has subcell "bottom"');
  });

  it('the single-device run refuses a tandem instead of dropping its subcells', () => {
    expect(() => runDeviceSimulation(perovskitePerovskiteTandem(), assets)).toThrow(
      /electrical\.tandem: a tandem is run subcell by subcell/,
    );
  });

  it('a valid tandem passes the check', () => {
    expect(checkDeviceElectrical(perovskitePerovskiteTandem())).toEqual([]);
  });
});

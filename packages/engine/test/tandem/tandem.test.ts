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
import {
  perovskitePerovskiteTandem,
  perovskitePerovskiteTandemAnodeFront,
  perovskitePerovskiteTunnelJunction,
  perovskitePerovskiteTunnelJunctionAnodeFront,
  SILICON_BTBT,
} from './devices.js';

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

describe('monolithic tandem: the whole stack with a tunnel junction (p++/n++ layers with band-to-band tunnelling)', () => {
  // devices.ts: the same subcells, joined by 15 nm p++ and 15 nm n++ (5e19 cm^-3) of a
  // silicon-like material with Hurkx band-to-band tunnelling; the subcells in series do not see
  // the junction, so the series result is that of the ideal junction
  const run = (A: number) => {
    const s = perovskitePerovskiteTunnelJunction({ ...SILICON_BTBT, btbtACm3PerS: A });
    delete s.electrical!.tandem!.thicknessSweep;
    return runTandemSimulation(s, assets);
  };
  const r = run(SILICON_BTBT.btbtACm3PerS);
  const light = r.fullStack!.light!;
  // weaker tunnelling (A in cm^-3 s^-1): the same junction with a smaller prefactor
  const weaker = [4e12, 1e12, 4e11].map((A) => ({ A, r: run(A) }));
  const junctionBtbt = (l: typeof light, k: number) =>
    l.recombination.layers
      .filter((q) => q.name === 'p++' || q.name === 'n++')
      .reduce((sum, q) => sum + q.bandToBand![k]!, 0);

  it('converges over the whole sweep', () => {
    expect(light.converged, light.error?.text).toBe(true);
    expect(r.warnings).toEqual([]);
    expect(light.V[0]).toBe(0);
    expect(Math.max(...light.V)).toBeGreaterThan(light.figures!.Voc_V);
    for (const { A, r: w } of weaker) expect(w.fullStack!.light!.converged, `A = ${A}`).toBe(true);
  });

  it('an efficient junction (silicon A) agrees with the subcells in series within 1 % in PCE, and only loses', () => {
    const a = r.series!.figures;
    const b = light.figures!;
    expect(rel(b.PCE_percent, a.PCE_percent)).toBeLessThan(0.01);
    expect(b.PCE_percent).toBeLessThanOrEqual(a.PCE_percent);
    expect(Math.abs(b.Voc_V - a.Voc_V)).toBeLessThan(2e-3);
    expect(rel(b.Jsc_mA_cm2, a.Jsc_mA_cm2)).toBeLessThan(5e-3);
  });

  it('the tunnelling carries the current: at 0 V the junction layers recombine the terminal current by band-to-band tunnelling', () => {
    // the junction layers have no other recombination, and band offsets of more than 1 eV keep
    // each carrier out of the other subcell, so the current crosses only by tunnelling
    for (const l of [light, ...weaker.map((w) => w.r.fullStack!.light!)]) {
      const k = l.V.indexOf(0);
      expect(rel(junctionBtbt(l, k), l.J_mA_cm2[k]!)).toBeLessThan(1e-3);
    }
  });

  it('a weaker junction costs fill factor, not Voc: its voltage drop grows as 1/A at the maximum power point', () => {
    const series = r.series!.figures;
    const loss = weaker.map(({ r: w }) => series.PCE_percent - w.fullStack!.light!.figures!.PCE_percent);
    // strictly more loss with less tunnelling
    expect(loss[0]!).toBeGreaterThan(series.PCE_percent - light.figures!.PCE_percent);
    expect(loss[1]!).toBeGreaterThan(loss[0]!);
    expect(loss[2]!).toBeGreaterThan(loss[1]!);
    for (const { r: w } of weaker) {
      const f = w.fullStack!.light!.figures!;
      // at open circuit no current crosses the junction, so it drops no voltage
      expect(Math.abs(f.Voc_V - series.Voc_V)).toBeLessThan(2e-3);
      expect(f.FF).toBeLessThan(series.FF);
    }
    // at a small splitting D ~ (E_Fn - E_Fp) / Vt, so the junction is an ohmic resistance
    // R_j ~ 1/A and costs P = Jmp^2 R_j: a quarter of A, four times the loss
    expect(loss[1]! / loss[0]!).toBeGreaterThan(3.5);
    expect(loss[1]! / loss[0]!).toBeLessThan(4.5);
  });

  // too weak to carry the photocurrent: the local rate is bounded (D <= 1), so the junction passes
  // at most a peak current proportional to A, reached where its field is still high, near Voc
  const limited = [0, 4e10, 2e11].map((A) => ({ A, r: run(A) }));

  it('a junction too weak for the photocurrent converges too (started near open circuit), and its J-V is S-shaped', () => {
    for (const { A, r: w } of limited) {
      const l = w.fullStack!.light!;
      expect(l.converged, `A = ${A}: ${l.error}`).toBe(true);
      expect(l.V[0]).toBe(0);
    }
    const series = r.series!.figures;
    const at = (l: typeof light, v: number) => l.J_mA_cm2[l.V.findIndex((q) => Math.abs(q - v) < 1e-9)]!;
    // no tunnelling (A = 0): from 1 V to the series maximum-power voltage the junction blocks
    const off = limited[0]!.r.fullStack!.light!;
    for (const v of [1.2, 1.6, 2]) expect(Math.abs(at(off, v))).toBeLessThan(0.1);
    expect(off.figures!.PCE_percent).toBeLessThan(0.3 * series.PCE_percent);
    const peaks = limited.slice(1).map(({ r: w }) => {
      const l = w.fullStack!.light!;
      const high = l.V.map((v, k) => ({ v, j: l.J_mA_cm2[k]! })).filter((q) => q.v > 1.6);
      const peak = high.reduce((a, b) => (b.j > a.j ? b : a));
      // S-shaped: a maximum of the current inside the range, below the photocurrent
      expect(peak.j).toBeGreaterThan(at(l, 1.6) + 1);
      expect(peak.j).toBeGreaterThan(high[high.length - 1]!.j + 1);
      expect(peak.j).toBeLessThan(0.8 * series.Jsc_mA_cm2);
      // it crosses the junction by tunnelling, but for the small current over the junction's
      // band offsets (> 1 eV) that flows without any: the blocked junction's current at 2 V
      const btbt = junctionBtbt(l, l.V.indexOf(peak.v));
      expect(rel(btbt, peak.j)).toBeLessThan(0.01);
      expect(Math.abs(peak.j - btbt)).toBeLessThan(1.1 * Math.abs(at(off, 2)));
      return peak.j;
    });
    // the peak current scales with A (five times A, five times the peak; sampled on the sweep's grid)
    expect(peaks[1]! / peaks[0]!).toBeGreaterThan(4.5);
    expect(peaks[1]! / peaks[0]!).toBeLessThan(5.5);
  });

  it('the same with the holes leaving at the front: an efficient junction agrees with the series, a blocked one converges and blocks', () => {
    const [on, off] = [SILICON_BTBT.btbtACm3PerS, 0].map((A) => {
      const s = perovskitePerovskiteTunnelJunctionAnodeFront({ ...SILICON_BTBT, btbtACm3PerS: A });
      return runTandemSimulation(s, assets);
    });
    const b = on!.fullStack!.light!;
    expect(b.converged, b.error?.text).toBe(true);
    expect(rel(b.figures!.PCE_percent, on!.series!.figures.PCE_percent)).toBeLessThan(0.01);
    const l = off!.fullStack!.light!;
    expect(l.converged, l.error?.text).toBe(true);
    const k = l.V.findIndex((v) => Math.abs(v - 2) < 1e-9);
    expect(Math.abs(l.J_mA_cm2[k]!)).toBeLessThan(0.1);
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

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILTIN_SPECTRA, runDeviceSimulation } from '@pvforge/engine';
import { describe, expect, it } from 'vitest';
import { importScaps } from '../../src/scaps/index.js';

const ROOT = join(import.meta.dirname, '../../../..');
const assets = {
  nkCsv: (id: string): string => {
    throw new Error(`an imported SCAPS device reads no n,k table (${id})`);
  },
  spectrumCsv: (id: string) => readFileSync(join(ROOT, 'assets', BUILTIN_SPECTRA[id]!), 'utf8'),
};

/**
 * An imported SCAPS device runs with the engine to a converged light J-V, held to independent
 * bounds: Jsc below the photon flux of AM1.5G above the absorber gap (every photon absorbed), Voc
 * below Eg/q. SCAPS's own figures of the public CsPbI3 device are compared further down.
 */
describe('an imported SCAPS device runs with the engine', () => {
  it('legacy_3305.def (CsPbI3 n-i-p, square-root absorption): converged J-V within physical bounds', () => {
    const o = importScaps([
      {
        name: 'legacy_3305.def',
        text: readFileSync(join(import.meta.dirname, '../fixtures/scaps/own/legacy_3305.def'), 'utf8'),
      },
    ]);
    if (!o.ok) throw new Error(o.error.text);
    const r = runDeviceSimulation(o.device, assets, {}) as unknown as {
      light: { figures: Record<string, number | string> };
    };
    const f = r.light.figures;
    expect(f.method).toBe('solved');
    // photon flux of AM1.5G between 300 nm and the CsPbI3 edge (1239.84 / 1.745 = 710.5 nm), as a current
    const rows = readFileSync(join(ROOT, 'assets', BUILTIN_SPECTRA['AM1.5G']!), 'utf8')
      .split(/\r?\n/)
      .map((l) => l.split(',').map(Number))
      .filter((c) => c.length >= 2 && Number.isFinite(c[0]) && Number.isFinite(c[1]) && c[0]! >= 300 && c[0]! <= 710.5);
    let jMax = 0;
    for (let i = 1; i < rows.length; i++) {
      const [w0, e0] = rows[i - 1]! as [number, number];
      const [w1, e1] = rows[i]! as [number, number];
      // q * E * lambda / (h c) integrated, W/m^2/nm -> mA/cm^2
      jMax +=
        ((0.5 * (e0 * w0 + e1 * w1) * (w1 - w0) * 1e-9) / (6.62607015e-34 * 2.99792458e8)) * 1.602176634e-19 * 0.1;
    }
    expect(jMax).toBeGreaterThan(18);
    expect(f.Jsc_mA_cm2 as number).toBeGreaterThan(0.5 * jMax);
    expect(f.Jsc_mA_cm2 as number).toBeLessThan(jMax);
    expect(f.Voc_V as number).toBeGreaterThan(0.8);
    expect(f.Voc_V as number).toBeLessThan(1.745);
  });
});

/**
 * SCAPS 3.3.12's own J-V of the public CsPbI3 n-i-p device beside PVForge's. The figures are those
 * SCAPS printed at the end of saidulie/scapsml examples/cspbi3_validation/reference_run.iv (commit
 * 53a9860a): the scapsml validation project writes its CsPbI3 parameters (Eg 1.745, chi 3.95, eps
 * 6, Nc 2.8e18, Nv 1.03e19, mu 109.31/72.90, no midgap pinning) into the same ITO/SnO2/CsPbI3/spiro
 * stack as tests/fixtures/cspbi3_base.def with CsPbI3_RSC.abs, and SCAPS ran it with AM1_5G 1 sun.spe
 * cut to 200-800 nm (58.5554 mW/cm² in the window), 300 K, 0 to 1.6 V, Rs = 0 (scapsml applies its Rs
 * sweep to the curve afterwards). CsPbI3_RSC.abs is not published: the stand-in square-root law
 * absorbs to 711 nm where the measured RSC edge is at 679 nm, so PVForge's generation is scaled
 * (suns) to SCAPS's own total generation current j_total_gen = 16.3573694 mA/cm² from the same .iv;
 * what is compared is then the electrical model at the same generated current. Bands and the reasons
 * for them: docs/physics/scaps-import.md, "SCAPS's figures beside PVForge's".
 */
describe("SCAPS 3.3.12's own J-V of the public CsPbI3 device beside PVForge's", () => {
  const SCAPS = { Voc_V: 1.291123, Jsc_mA_cm2: 16.266556, FF_percent: 86.8694, eta_percent: 31.1575 };
  const SCAPS_JGEN_MA_CM2 = 16.3573694;
  const SCAPS_WINDOW_MW_CM2 = 58.5554;
  const fix = join(import.meta.dirname, '../fixtures/scaps');
  const imported = () => {
    const o = importScaps([
      { name: 'scapsml_cspbi3_base.def', text: readFileSync(join(fix, 'public/scapsml_cspbi3_base.def'), 'utf8') },
      { name: 'CsPbI3_RSC.abs', text: readFileSync(join(fix, 'own/CsPbI3_RSC_standin.abs'), 'utf8') },
    ]);
    if (!o.ok) throw new Error(o.error.text);
    // SCAPS's window was 200-800 nm; the AM1.5G table starts at 280 nm, so nothing is lost below
    o.device.illumination = { ...o.device.illumination, wavelength: { startNm: 280, endNm: 800, stepNm: 5 } };
    return o.device;
  };
  type Run = { light: { figures: Record<string, number | string> }; generation: { jGenerationMaCm2: number } };

  it('Jsc, Voc, FF and PCE at SCAPS generation agree within the stated bands', () => {
    const d = imported();
    const first = runDeviceSimulation(d, assets, {}) as unknown as Run;
    // the spectrum window: SCAPS divides by the power inside it; PVForge's window power within 1 %
    const windowPower =
      (first.light.figures.Pmax_mW_cm2 as number) / ((first.light.figures.pceWindowPercent as number) / 100);
    expect(Math.abs(windowPower / SCAPS_WINDOW_MW_CM2 - 1)).toBeLessThan(0.01);
    d.illumination = { ...d.illumination, suns: SCAPS_JGEN_MA_CM2 / first.generation.jGenerationMaCm2 };
    const r = runDeviceSimulation(d, assets, {}) as unknown as Run;
    expect(r.generation.jGenerationMaCm2).toBeCloseTo(SCAPS_JGEN_MA_CM2, 6);
    const f = r.light.figures;
    expect(f.method).toBe('solved');
    const jsc = f.Jsc_mA_cm2 as number;
    const voc = f.Voc_V as number;
    const ff = (f.FF as number) * 100;
    // SCAPS's efficiency is of the power in its window
    const eta = ((f.Pmax_mW_cm2 as number) / SCAPS_WINDOW_MW_CM2) * 100;
    expect(Math.abs(jsc / SCAPS.Jsc_mA_cm2 - 1)).toBeLessThan(0.01);
    expect(Math.abs(voc - SCAPS.Voc_V)).toBeLessThan(0.003);
    expect(Math.abs(ff - SCAPS.FF_percent)).toBeLessThan(1);
    expect(Math.abs(eta / SCAPS.eta_percent - 1)).toBeLessThan(0.02);
  });
});

/**
 * HCWassim/scaps_db_generator's graded CIGS cell (SCAPS 3.3.12, light from the right, Rs and Gsh on)
 * runs to a converged light J-V. Bounds independent of PVForge: Jsc below the AM1.5G photon current
 * above the absorber's smallest gap (1.424 eV, 870.7 nm), Voc below that gap; the voltage step is
 * coarse to keep the run cheap (the figures come from the curve continued to Voc either way).
 */
describe('a public graded CIGS file (HCWassim, SCAPS 3.3.12) runs with the engine', () => {
  it('converged J-V within physical bounds', () => {
    const pub = (n: string) => ({
      name: n,
      text: readFileSync(join(import.meta.dirname, '../fixtures/scaps/public', n), 'utf8'),
    });
    const o = importScaps(
      [
        'HCWassim_CIGS_graded_v2.def',
        'coeff_absorption_GGI=0.0_minoura_corr.abs',
        'coeff_absorption_GGI=1.0_minoura_corr.abs',
        'abs_ZnO.abs',
      ].map(pub),
    );
    if (!o.ok) throw new Error(o.error.text);
    const d = o.device;
    d.electrical = { ...d.electrical!, voltageSweep: { startV: 0, stopV: 0.8, stepV: 0.1 } };
    const r = runDeviceSimulation(d, assets, {}) as unknown as { light: { figures: Record<string, number | string> } };
    const f = r.light.figures;
    expect(f.method).toBe('solved');
    const rows = readFileSync(join(ROOT, 'assets', BUILTIN_SPECTRA['AM1.5G']!), 'utf8')
      .split(/\r?\n/)
      .map((l) => l.split(',').map(Number))
      .filter((c) => c.length >= 2 && Number.isFinite(c[0]) && Number.isFinite(c[1]) && c[0]! >= 300 && c[0]! <= 870.7);
    let jMax = 0;
    for (let i = 1; i < rows.length; i++) {
      const [w0, e0] = rows[i - 1]! as [number, number];
      const [w1, e1] = rows[i]! as [number, number];
      jMax +=
        ((0.5 * (e0 * w0 + e1 * w1) * (w1 - w0) * 1e-9) / (6.62607015e-34 * 2.99792458e8)) * 1.602176634e-19 * 0.1;
    }
    expect(f.Jsc_mA_cm2 as number).toBeGreaterThan(0.5 * jMax);
    expect(f.Jsc_mA_cm2 as number).toBeLessThan(jMax);
    expect(f.Voc_V as number).toBeGreaterThan(0.5);
    expect(f.Voc_V as number).toBeLessThan(1.424);
    expect(f.FF as number).toBeGreaterThan(0.5);
  });
});

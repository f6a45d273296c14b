import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { C_M_PER_S, H_J_S, K_B_J_PER_K, Q_C } from '../../src/circuit/constants.js';
import { bandGapFromEqe, detailedBalance, radiativeJ0MaCm2 } from '../../src/losses/detailed-balance.js';
import { analyseLosses } from '../../src/losses/loss-analysis.js';
import { irradiancePowerWM2, parseIrradianceCsv } from '../../src/losses/spectrum.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const am15g = parseIrradianceCsv(readFileSync(join(root, 'assets/data/spectra/am15g.csv'), 'utf8'));
const am15g1nm = parseIrradianceCsv(readFileSync(join(root, 'assets/data/spectra/am15g_1nm_300_1600.csv'), 'utf8'));
const check = JSON.parse(readFileSync(join(root, 'assets/data/check_values.json'), 'utf8')) as {
  spectra: Record<string, number>;
  jsc_max_mA_cm2: Record<string, { full_spectrum_280_4000: number; grid_1nm_300_1600: number; lambda_g_nm: number }>;
};

describe('AM1.5G spectrum', () => {
  it('integrates to the check values', () => {
    expect(am15g.wavelengthNm.length).toBe(2002);
    expect(irradiancePowerWM2(am15g)).toBeCloseTo(check.spectra['am15g_integral_280_4000_W_m2']!, 9);
    expect(irradiancePowerWM2(am15g1nm)).toBeCloseTo(check.spectra['am15g_1nm_300_1600_integral_W_m2']!, 9);
  });
});

describe('detailed-balance limit (AM1.5G, 300 K)', () => {
  for (const eg of ['1.12', '1.34', '1.55', '1.6']) {
    it(`Jsc at ${eg} eV equals the check value`, () => {
      const ref = check.jsc_max_mA_cm2[`Eg_${eg}_eV`]!;
      const full = detailedBalance(am15g, Number(eg), 300);
      const grid = detailedBalance(am15g1nm, Number(eg), 300);
      expect(full.lambdaGNm).toBeCloseTo(ref.lambda_g_nm, 9);
      expect(Math.abs(full.jscMaCm2 - ref.full_spectrum_280_4000)).toBeLessThan(1e-9);
      expect(Math.abs(grid.jscMaCm2 - ref.grid_1nm_300_1600)).toBeLessThan(1e-9);
    });
  }
  it('PCE at 1.34 eV is within 0.1 % (absolute) of the published 33.7 %', () => {
    const r = detailedBalance(am15g, 1.34, 300);
    console.log(
      `SQ 1.34 eV: PCE ${r.pcePercent.toFixed(4)} %, Voc ${r.vocV.toFixed(5)} V, FF ${r.ff.toFixed(5)}, Jsc ${r.jscMaCm2.toFixed(4)} mA/cm^2`,
    );
    expect(Math.abs(r.pcePercent - 33.7)).toBeLessThan(0.1);
    // the maximum over the gap lies near 1.34 eV
    const pces = [1.1, 1.2, 1.3, 1.34, 1.4, 1.5].map((eg) => detailedBalance(am15g, eg, 300).pcePercent);
    expect(Math.max(...pces)).toBe(pces[3]);
  });
  it('radiative J0: the series equals a direct quadrature of the black-body integral', () => {
    const tK = 300;
    const eg = 1.34;
    const kT = K_B_J_PER_K * tK;
    let s = 0;
    const e0 = eg * Q_C;
    const de = kT / 200;
    for (let i = 0; i < 200 * 60; i++) {
      const ea = e0 + i * de;
      const eb = ea + de;
      const f = (e: number) => (e * e) / Math.expm1(e / kT);
      s += (de / 6) * (f(ea) + 4 * f(0.5 * (ea + eb)) + f(eb));
    }
    const direct = 0.1 * Q_C * ((2 * Math.PI) / (H_J_S ** 3 * C_M_PER_S ** 2)) * s;
    expect(Math.abs(radiativeJ0MaCm2(eg, tK) / direct - 1)).toBeLessThan(1e-9);
  });
  it('Voc and FF of the limit are consistent with the ideal diode', () => {
    const r = detailedBalance(am15g, 1.55, 300);
    const vt = (K_B_J_PER_K * 300) / Q_C;
    expect(r.jscMaCm2 - r.j0MaCm2 * Math.expm1(r.vocV / vt)).toBeCloseTo(0, 9);
    // dP/dV = 0 at Vmp
    const dp = r.jmpMaCm2 - r.vmpV * (r.j0MaCm2 / vt) * Math.exp(r.vmpV / vt);
    expect(Math.abs(dp)).toBeLessThan(1e-9);
  });
});

describe('band gap from EQE', () => {
  it('finds the inflection point of a smooth edge', () => {
    const egTrue = 1.55;
    const wl = Array.from({ length: 301 }, (_, i) => 500 + i);
    const eqe = wl.map((w) => {
      const e = 1239.8419843320025 / w;
      return 0.9 / (1 + Math.exp(-(e - egTrue) / 0.015));
    });
    expect(Math.abs(bandGapFromEqe(wl, eqe) - egTrue)).toBeLessThan(2e-3);
  });
});

describe('loss analysis of a modified-model device', () => {
  const absorber = { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300 };
  const params = { jphMaCm2: 23.5, yBulkPerS: 2e6, uIfPerCm2S: 3e3, yAugerPerS: 1e-10, rsOhmCm2: 2.5, rshOhmCm2: 5000 };
  const a = analyseLosses({ params, absorber, spectrum: am15g });
  it('waterfall steps add up exactly from the incident power to the device output', () => {
    const total = a.waterfall.reduce((s, w) => s + w.lossMwCm2, 0);
    const pin = a.detailedBalance.pinMwCm2;
    expect(Math.abs(pin - total - a.device.pmaxMwCm2)).toBeLessThan(1e-12 * pin);
    expect(a.waterfall.at(-1)!.remainingMwCm2).toBe(a.device.pmaxMwCm2);
    const pctSum = a.waterfall.reduce((s, w) => s + w.lossPercent, 0);
    expect(Math.abs(100 - pctSum - a.pcePercent)).toBeLessThan(1e-10);
    for (const w of a.waterfall) expect(w.lossMwCm2).toBeGreaterThan(0);
    // limit efficiency is the level after the ideal fill factor
    expect(a.waterfall[3]!.remainingMwCm2 / pin).toBeCloseTo(a.detailedBalance.pcePercent / 100, 12);
  });
  it('power at the maximum power point splits exactly', () => {
    const m = a.mpp;
    const sum =
      m.deliveredMwCm2 +
      m.radiativeMwCm2 +
      m.bulkMwCm2 +
      m.interfaceMwCm2 +
      m.augerMwCm2 +
      m.shuntMwCm2 +
      m.seriesMwCm2;
    expect(Math.abs(sum - m.totalMwCm2)).toBeLessThan(1e-9 * m.totalMwCm2);
    expect(m.bulkMwCm2).toBeGreaterThan(m.augerMwCm2);
  });
  it('removing a loss never lowers the PCE; removing all gives the radiative limit of the photocurrent', () => {
    for (const r of a.removal) expect(r.gainPercent).toBeGreaterThanOrEqual(-1e-9);
    const single = a.removal.filter((r) => r.mechanism !== 'all');
    expect(single.reduce((s, r) => s + r.normalised, 0)).toBeCloseTo(1, 12);
    const all = a.removal.find((r) => r.mechanism === 'all')!;
    expect(all.pcePercent).toBeLessThan(a.detailedBalance.pcePercent);
    expect(all.pcePercent).toBeGreaterThan(Math.max(...single.map((r) => r.pcePercent)));
  });
});

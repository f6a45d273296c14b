import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CircuitEvaluator } from '../../src/circuit/diode-circuit.js';
import { CircuitInputError } from '../../src/circuit/input-check.js';
import { circuitKeyFigures } from '../../src/circuit/key-figures.js';
import { modifiedCircuit } from '../../src/circuit/models.js';
import { Prng } from '../../src/circuit/prng.js';
import { C_M_S, H_J_S, KB_J_K, Q_C } from '../../src/constants.js';
import { bandGapFromEqe, detailedBalance } from '../../src/losses/detailed-balance.js';
import { analyseLosses, removalGains } from '../../src/losses/loss-analysis.js';
import { parseSpectrumCsv, radiativeJ0MaCm2, spectrumPowerWm2 } from '../../src/spectra/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const am15g = parseSpectrumCsv(readFileSync(join(root, 'assets/data/spectra/am15g.csv'), 'utf8'), 'AM1.5G');
const am15g1nm = parseSpectrumCsv(
  readFileSync(join(root, 'assets/data/spectra/am15g_1nm_300_1600.csv'), 'utf8'),
  'AM1.5G 1 nm',
);
const check = JSON.parse(readFileSync(join(root, 'assets/data/check_values.json'), 'utf8')) as {
  spectra: Record<string, number>;
  jsc_max_mA_cm2: Record<string, { full_spectrum_280_4000: number; grid_1nm_300_1600: number; lambda_g_nm: number }>;
};

describe('AM1.5G spectrum', () => {
  it('integrates to the check values', () => {
    expect(am15g.wavelengthNm.length).toBe(2002);
    expect(spectrumPowerWm2(am15g)).toBeCloseTo(check.spectra['am15g_integral_280_4000_W_m2']!, 9);
    expect(spectrumPowerWm2(am15g1nm)).toBeCloseTo(check.spectra['am15g_1nm_300_1600_integral_W_m2']!, 9);
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
    const kT = KB_J_K * tK;
    let s = 0;
    const e0 = eg * Q_C;
    const de = kT / 200;
    for (let i = 0; i < 200 * 60; i++) {
      const ea = e0 + i * de;
      const eb = ea + de;
      const f = (e: number) => (e * e) / Math.expm1(e / kT);
      s += (de / 6) * (f(ea) + 4 * f(0.5 * (ea + eb)) + f(eb));
    }
    const direct = 0.1 * Q_C * ((2 * Math.PI) / (H_J_S ** 3 * C_M_S ** 2)) * s;
    expect(Math.abs(radiativeJ0MaCm2(eg, tK) / direct - 1)).toBeLessThan(1e-9);
  });
  it('Voc and FF of the limit are consistent with the ideal diode', () => {
    const r = detailedBalance(am15g, 1.55, 300);
    const vt = (KB_J_K * 300) / Q_C;
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
    const pin = a.pinMwCm2;
    expect(pin).toBe(100);
    expect(Math.abs(pin - total - a.device.pmaxMwCm2)).toBeLessThan(1e-12 * pin);
    expect(a.waterfall.at(-1)!.remainingMwCm2).toBe(a.device.pmaxMwCm2);
    const pctSum = a.waterfall.reduce((s, w) => s + w.lossPercent, 0);
    expect(Math.abs(100 - pctSum - a.pcePercent)).toBeLessThan(1e-10);
    for (const w of a.waterfall) expect(w.lossMwCm2).toBeGreaterThanOrEqual(0);
    // J0,rad is the detailed-balance value: no radiative recombination above the limit
    expect(a.waterfall.find((w) => w.key === 'excess-radiative')!.lossMwCm2).toBe(0);
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

describe('loss waterfall: one incident power, every loss booked under its cause', () => {
  const absorber = { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300 };
  const params = { jphMaCm2: 22.8, yBulkPerS: 3e6, uIfPerCm2S: 2e3, yAugerPerS: 0, rsOhmCm2: 3, rshOhmCm2: 2000 };
  const pceAt = (pin: number) =>
    circuitKeyFigures(new CircuitEvaluator(modifiedCircuit(params, absorber)), { pinMwCm2: pin }).pcePercent;

  it('divides by the incident power the user gave, not by the power of a truncated spectrum table', () => {
    // the 1 nm table stops at 1600 nm and carries 92.35 of the 100 mW/cm^2
    const a = analyseLosses({ params, absorber, spectrum: am15g1nm, pinMwCm2: 100 });
    expect(a.pinMwCm2).toBe(100);
    expect(a.device.pcePercent).toBeCloseTo(pceAt(100), 12);
    expect(a.waterfall.at(-1)!.remainingMwCm2 / 100).toBeCloseTo(a.pcePercent / 100, 14);
    expect(a.removal.find((r) => r.mechanism === 'all')!.pcePercent).toBeCloseTo(
      removalGains(params, { ...absorber, j0RadMaCm2: a.j0RadMaCm2 }, 100).removal.at(-1)!.pcePercent,
      12,
    );
    expect(a.detailedBalance.pcePercent).toBeCloseTo((100 * a.detailedBalance.pmaxMwCm2) / 100, 12);
    expect(a.notes.join(' ')).toMatch(/carries 92\.3\d* of the incident 100 mW\/cm\^2/);
    // default: one sun, 100 mW/cm^2, whatever the table integrates to
    expect(analyseLosses({ params, absorber, spectrum: am15g1nm }).pcePercent).toBeCloseTo(pceAt(100), 12);
  });

  it('takes a table carrying more than 100 mW/cm^2 (AM0) as one sun of itself', () => {
    const am0 = parseSpectrumCsv(readFileSync(join(root, 'assets/data/spectra/am0.csv'), 'utf8'), 'AM0');
    const table = 0.1 * spectrumPowerWm2(am0);
    expect(table).toBeGreaterThan(130);
    const space = analyseLosses({ params, absorber, spectrum: am0, pinMwCm2: table });
    expect(space.suns).toBeCloseTo(1, 12);
    expect(space.pinMwCm2).toBe(table);
    // at 100 mW/cm^2 the AM0 shape is scaled to it, not taken as more light than there is
    const scaled = analyseLosses({ params, absorber, spectrum: am0, pinMwCm2: 100 });
    expect(scaled.suns).toBeCloseTo(100 / table, 12);
    for (const w of scaled.waterfall) expect(w.lossMwCm2).toBeGreaterThanOrEqual(0);
  });

  it('books a J0,rad above the detailed-balance value as radiative recombination, not as optical loss', () => {
    const base = analyseLosses({ params, absorber, spectrum: am15g1nm });
    const high = analyseLosses({ params, absorber: { ...absorber, j0RadMaCm2: 1e-18 }, spectrum: am15g1nm });
    const step = (a: typeof base, key: string) => a.waterfall.find((w) => w.key === key)!.lossPercent;
    expect(high.j0RadMaCm2).toBeGreaterThan(base.j0RadMaCm2);
    // the optical loss is Jph against Jsc_SQ only: the same for both
    expect(step(high, 'optical')).toBeCloseTo(step(base, 'optical'), 12);
    expect(step(base, 'excess-radiative')).toBe(0);
    expect(step(high, 'excess-radiative')).toBeGreaterThan(1);
    for (const w of high.waterfall) expect(w.lossMwCm2).toBeGreaterThanOrEqual(0);
  });

  it('books a J0,rad below the detailed-balance value with the optical loss and says so', () => {
    const low = analyseLosses({
      params,
      absorber: { ...absorber, j0RadMaCm2: 0.5 * radiativeJ0MaCm2(1.6, 300) },
      spectrum: am15g1nm,
    });
    expect(low.waterfall.find((w) => w.key === 'excess-radiative')!.lossMwCm2).toBe(0);
    for (const w of low.waterfall) expect(w.lossMwCm2).toBeGreaterThanOrEqual(0);
    expect(low.notes.join(' ')).toMatch(/below the detailed-balance value .* booked with the optical loss/);
  });

  it('refuses J0,rad = 0, a photocurrent above the limit and an incident power below the above-gap power', () => {
    const fail = (f: () => unknown, field: RegExp) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(CircuitInputError);
        expect((e as CircuitInputError).errors.join('\n')).toMatch(field);
        return;
      }
      throw new Error('no error');
    };
    fail(
      () => analyseLosses({ params, absorber: { ...absorber, j0RadMaCm2: 0 }, spectrum: am15g1nm }),
      /^absorber\.j0RadMaCm2: must be > 0 for a loss analysis/m,
    );
    fail(
      () => analyseLosses({ params: { ...params, jphMaCm2: 30 }, absorber, spectrum: am15g1nm }),
      /^params\.jphMaCm2: 30 mA\/cm\^2 is above the detailed-balance Jsc of Eg = 1\.6 eV/m,
    );
    fail(
      () => analyseLosses({ params, absorber, spectrum: am15g1nm, pinMwCm2: 50, suns: 1 }),
      /^pinMwCm2: the spectrum carries .* above the gap alone, more than the incident power 50/m,
    );
    // AM1.5G taken at 60 mW/cm^2: the table alone carries 92.35
    fail(
      () => analyseLosses({ params, absorber, spectrum: am15g1nm, pinMwCm2: 60, suns: 1 }),
      /^pinMwCm2: the spectrum carries 92\.3\d* mW\/cm\^2, more than the incident power 60 mW\/cm\^2/m,
    );
    fail(
      () => analyseLosses({ params, absorber: { ...absorber, j0RadMaCm2: 1e-40 }, spectrum: am15g1nm }),
      /^absorber\.j0RadMaCm2: 1e-40 mA\/cm\^2 is so far below the detailed-balance value/m,
    );
  });

  it('property: for random valid inputs every step is >= 0 and the steps add up to the incident power', () => {
    const rng = new Prng(2027);
    let analysed = 0;
    for (let k = 0; k < 300; k++) {
      const eg = rng.uniform(1.0, 2.2);
      const suns = 10 ** rng.uniform(-1, 1.7);
      const a = {
        thicknessNm: rng.uniform(100, 1000),
        ncCm3: 10 ** rng.uniform(17, 20),
        nvCm3: 10 ** rng.uniform(17, 20),
        egEV: eg,
        tK: rng.uniform(250, 350),
        nIf: rng.uniform(1, 2),
        ...(rng.uniform(0, 1) < 0.5 ? { j0RadMaCm2: radiativeJ0MaCm2(eg, 300) * 10 ** rng.uniform(-1, 4) } : {}),
      };
      const spectrum = rng.uniform(0, 1) < 0.5 ? am15g : am15g1nm;
      const jscSq = detailedBalance(spectrum, eg, a.tK).jscMaCm2 * suns;
      const p = {
        jphMaCm2: jscSq * rng.uniform(0.3, 1),
        yBulkPerS: 10 ** rng.uniform(0, 9),
        uIfPerCm2S: 10 ** rng.uniform(-3, 8),
        yAugerPerS: rng.uniform(0, 1) < 0.5 ? 0 : 10 ** rng.uniform(-30, -10),
        rsOhmCm2: rng.uniform(0, 1) < 0.2 ? 0 : 10 ** rng.uniform(-2, 1.5),
        rshOhmCm2: rng.uniform(0, 1) < 0.2 ? Number.POSITIVE_INFINITY : 10 ** rng.uniform(1, 7),
      };
      const pin = 100 * suns * rng.uniform(1, 1.2);
      let r: ReturnType<typeof analyseLosses>;
      try {
        r = analyseLosses({ params: p, absorber: a, spectrum, pinMwCm2: pin, suns });
      } catch (e) {
        // what is refused is refused by the check, naming a field
        expect(e, JSON.stringify({ a, p, pin, suns })).toBeInstanceOf(CircuitInputError);
        continue;
      }
      analysed++;
      for (const w of r.waterfall)
        expect(w.lossMwCm2, `${w.key} ${JSON.stringify({ a, p })}`).toBeGreaterThanOrEqual(0);
      const total = r.waterfall.reduce((s, w) => s + w.lossMwCm2, 0);
      expect(Math.abs(pin - total - r.device.pmaxMwCm2)).toBeLessThan(1e-9 * pin);
      expect(r.waterfall.at(-1)!.remainingMwCm2).toBe(r.device.pmaxMwCm2);
      for (const g of r.removal) expect(g.gainPercent).toBeGreaterThanOrEqual(-1e-9);
    }
    expect(analysed).toBeGreaterThan(250);
  });
});

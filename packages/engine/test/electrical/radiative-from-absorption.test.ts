/**
 * k_rad from a layer's absorption (van Roosbroeck-Shockley; electrical/models/recombination/
 * radiative-from-absorption.ts) against independent references:
 *   (a) a step absorber, alpha = alpha0 above Eg with a constant n: the integral in closed form,
 *       int_Eg^inf E^2 / (e^(E/kT) - 1) dE = sum_m (kT/m) e^(-m Eg/kT) (Eg^2 + 2 Eg kT/m + 2 (kT/m)^2);
 *   (b) detailed balance: a radiative-only, weakly absorbing layer (alpha W << 1) between perfectly
 *       selective contacts has the dark current of a Lambertian cell with a perfect back mirror,
 *       J0 = q int 4 n^2 alpha W (2 pi E^2 / (h^3 c^2)) e^(-E/kT) dE (T. Tiedje et al., IEEE Trans.
 *       Electron Devices 31, 711 (1984); E. Yablonovitch, J. Opt. Soc. Am. 72, 899 (1982)), and the
 *       drift-diffusion Voc is kT/q ln(Jsc/J0 + 1);
 *   (c) real materials of the library: silicon's and MAPbI3's n,k give the coefficients measured
 *       and derived from absorption in the literature.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkDeviceElectricalCoded, checkDeviceElectricalIssues } from '../../src/device/check.js';
import { kRadFromAbsorptionIssues } from '../../src/device/radiative-absorption.js';
import { deviceToElectrical, runDeviceSimulation } from '../../src/device/simulate.js';
import type { ElectricalDeviceSpecLike } from '../../src/device/types.js';
import {
  equilibriumEmissionRate,
  radiativeFromAbsorption,
} from '../../src/electrical/models/recombination/radiative-from-absorption.js';
import { makeAbsorptionTable } from '../../src/materials/absorption.js';
import { parseNkCsv } from '../../src/materials/nk-table.js';
import { assets, repoRoot } from '../device/helpers.js';

// CODATA 2018 (exact SI), written out here rather than taken from the engine's constants
const Q = 1.602176634e-19;
const H_EV_S = 6.62607015e-34 / Q;
const C_CM_S = 2.99792458e10;
const KT = (T: number) => (1.380649e-23 * T) / Q;
const HC_EV_NM = (6.62607015e-34 * 2.99792458e8 * 1e9) / Q;

/** int_Eg^inf E^2 / (e^(E/kT) - 1) dE, eV^3, by the series over the Bose factor's terms. */
function stepIntegral(Eg: number, kT: number): number {
  let s = 0;
  for (let m = 1; m <= 6; m++) {
    const a = kT / m;
    s += a * Math.exp(-Eg / a) * (Eg * Eg + 2 * Eg * a + 2 * a * a);
  }
  return s;
}

/** A step absorber as an absorption table: alpha0 below the edge's wavelength, 0 above it. */
function stepTable(Eg: number, alpha0: number, n: number) {
  const edge = HC_EV_NM / Eg;
  return {
    kind: 'absorption-table' as const,
    n,
    wavelengthNm: [250, edge, edge + 1e-6, 3000],
    alphaPerCm: [alpha0, alpha0, 0, 0],
  };
}

describe('k_rad from the absorption: the integral', () => {
  for (const [Eg, T, n, alpha0] of [
    [1.5, 300, 3.5, 1e4],
    [1.12, 300, 3.6, 2e3],
    [1.6, 350, 2.5, 5e4],
  ] as const) {
    it(`a step absorber (Eg ${Eg} eV, ${T} K, n ${n}) matches the closed form to 1e-3`, () => {
      const m = stepTable(Eg, alpha0, n);
      const material = { kind: 'absorption-table' as const, table: makeAbsorptionTable('step', m) };
      const r = radiativeFromAbsorption({ material, field: 'step', egEV: Eg, ncCm3: 1e19, nvCm3: 2e19, T_K: T })!;
      const pre = (8 * Math.PI * n * n * alpha0) / (H_EV_S ** 3 * C_CM_S ** 2);
      const exact = pre * stepIntegral(Eg, KT(T));
      expect(Math.abs(r.emissionCm3PerS / exact - 1)).toBeLessThan(1e-3);
      // B = R_eq / n_i^2 of the same layer
      const ni2 = 1e19 * 2e19 * Math.exp(-Eg / KT(T));
      expect(Math.abs(r.kRadCm3PerS / (exact / ni2) - 1)).toBeLessThan(1e-3);
      // a step has no tail: only the table's 1e-6 nm ramp at the edge lies below the gap
      expect(r.belowGapShare).toBeLessThan(1e-6);
    });
  }

  it('the trapezoidal integral is exact to 1e-6 for a piecewise-linear integrand on its own points', () => {
    // n^2 alpha E^2 / (e^(E/kT) - 1) made linear: alpha chosen so that the integrand is E - 1 on [1, 2]
    const T = 300;
    const kT = KT(T);
    const pre = (8 * Math.PI) / (H_EV_S ** 3 * C_CM_S ** 2);
    const E = Float64Array.from({ length: 11 }, (_, i) => 1 + i / 10);
    const alpha = Float64Array.from(E, (e) => ((e - 1) * Math.expm1(e / kT)) / (pre * e * e));
    const r = equilibriumEmissionRate({ energyEV: E, n: new Float64Array(11).fill(1), alphaPerCm: alpha }, T, 1.5);
    expect(Math.abs(r.total / 0.5 - 1)).toBeLessThan(1e-6);
    expect(Math.abs(r.below / 0.125 - 1)).toBeLessThan(1e-6);
  });

  it('a transparent layer has nothing to emit (null), and data that stop short of the edge are refused (null)', () => {
    const clear = { kind: 'constant' as const, n: 2, k: 0 };
    expect(
      radiativeFromAbsorption({ material: clear, field: 'x', egEV: 1.5, ncCm3: 1e19, nvCm3: 1e19, T_K: 300 }),
    ).toBe(null);
    // a table that ends 0.05 eV above the gap (less than 10 kT) does not cover the edge's emission
    const short = makeAbsorptionTable('short', { n: 3, wavelengthNm: [HC_EV_NM / 1.55, 1500], alphaPerCm: [1e4, 0] });
    expect(
      radiativeFromAbsorption({
        material: { kind: 'absorption-table', table: short },
        field: 'x',
        egEV: 1.5,
        ncCm3: 1e19,
        nvCm3: 1e19,
        T_K: 300,
      }),
    ).toBe(null);
  });
});

/** One radiative-only layer between perfectly selective contacts, its k_rad from its absorption. */
function radiativeCell(
  Eg: number,
  alpha0: number,
  n: number,
  thicknessNm: number,
  G: number,
): ElectricalDeviceSpecLike {
  return {
    schemaVersion: 1,
    name: 'radiative-only cell',
    ambient: { kind: 'constant', n: 1, k: 0 },
    substrate: { kind: 'constant', n: 1, k: 0 },
    layers: [
      {
        name: 'absorber',
        thicknessNm,
        role: 'absorber',
        optical: stepTable(Eg, alpha0, n),
        electrical: {
          epsR: 10,
          chiEV: 4,
          egEV: Eg,
          ncCm3: 1e19,
          nvCm3: 1e19,
          muNCm2PerVs: 10,
          muPCm2PerVs: 10,
          kRadFrom: 'absorption',
        },
      },
    ],
    electrical: {
      contacts: {
        // electrons cannot leave at the anode, holes not at the cathode: perfect selectivity
        front: { kind: 'schottky', workFunctionEV: 4 + Eg - 0.1, sNCmPerS: 0 },
        back: { kind: 'schottky', workFunctionEV: 4.1, sPCmPerS: 0 },
        anode: 'front',
      },
      temperatureK: 300,
      voltageSweep: { startV: 0, stopV: Eg - 0.2, stepV: 0.02 },
      extendToVoc: true,
      generation: { kind: 'uniform', gCm3PerS: G },
    },
  };
}

describe('k_rad from the absorption: detailed balance', () => {
  const Eg = 1.4;
  const n = 3.5;
  const alpha0 = 100; // cm^-1: alpha W = 0.01 for W = 1 um
  const W_nm = 1000;
  const G = 1e20;
  const kT = KT(300);
  // the Lambertian detailed-balance J0 with a perfect back mirror (Boltzmann), A/cm^2
  const j0DB =
    Q *
    4 *
    n *
    n *
    alpha0 *
    (W_nm * 1e-7) *
    ((2 * Math.PI) / (H_EV_S ** 3 * C_CM_S ** 2)) *
    kT *
    Math.exp(-Eg / kT) *
    (Eg * Eg + 2 * Eg * kT + 2 * kT * kT);

  it('q W k_rad n_i^2 of the mapped layer is the detailed-balance J0 to 1e-3', () => {
    const { device } = deviceToElectrical(radiativeCell(Eg, alpha0, n, W_nm, G), assets);
    const l = device.layers[0]!;
    const ni2 = l.Nc_cm3 * l.Nv_cm3 * Math.exp(-Eg / kT);
    const j0DD = Q * (W_nm * 1e-7) * l.k_rad_cm3_s! * ni2;
    expect(Math.abs(j0DD / j0DB - 1)).toBeLessThan(1e-3);
  });

  it('the drift-diffusion Voc is kT/q ln(Jsc/J0 + 1) of detailed balance to 2 mV', () => {
    const r = runDeviceSimulation(radiativeCell(Eg, alpha0, n, W_nm, G), assets);
    const f = r.light!.figures!;
    const jsc = Q * G * W_nm * 1e-7;
    // perfect extraction: Jsc = q G W
    expect(Math.abs(f.Jsc_mA_cm2 / (1e3 * jsc) - 1)).toBeLessThan(1e-3);
    const vocDB = kT * Math.log(jsc / j0DB + 1);
    expect(Math.abs(f.Voc_V - vocDB)).toBeLessThan(2e-3);
  }, 60_000);

  it('an entered k_rad decouples emission from absorption: ten times the value moves Voc by kT ln 10', () => {
    const { device } = deviceToElectrical(radiativeCell(Eg, alpha0, n, W_nm, G), assets);
    const spec = radiativeCell(Eg, alpha0, n, W_nm, G);
    const e = spec.layers[0]!.electrical!;
    delete e.kRadFrom;
    e.kRadCm3PerS = 10 * device.layers[0]!.k_rad_cm3_s!;
    const f = runDeviceSimulation(spec, assets).light!.figures!;
    const vocDB = kT * Math.log((Q * G * W_nm * 1e-7) / j0DB + 1);
    expect(Math.abs(f.Voc_V - (vocDB - kT * Math.log(10)))).toBeLessThan(2e-3);
  }, 60_000);
});

describe('k_rad from the absorption: real materials', () => {
  const table = (id: string) => ({
    kind: 'table' as const,
    table: parseNkCsv(readFileSync(`${repoRoot}/assets/data/nk/${id}.csv`, 'utf8'), id),
    extrapolation: 'none' as const,
  });

  it('crystalline silicon (Green 2008 n,k): B within 10 % of B_low = 4.73e-15 cm^3/s at 300 K', () => {
    // B_low of intrinsic silicon at 300 K with n_i = 9.65e9 cm^-3: P. P. Altermatt et al., J. Appl.
    // Phys. 100, 113715 (2006), from the band-to-band absorption as here; Nc Nv e^(-Eg/kT) set to n_i^2
    const ni = 9.65e9;
    const Eg = 1.12;
    const NcNv = ni * ni * Math.exp(Eg / KT(300));
    const r = radiativeFromAbsorption({
      material: table('c_si'),
      field: 'c_si',
      egEV: Eg,
      ncCm3: NcNv / 1e19,
      nvCm3: 1e19,
      T_K: 300,
    })!;
    expect(Math.abs(r.kRadCm3PerS / 4.73e-15 - 1)).toBeLessThan(0.1);
  });

  it('MAPbI3 (the library material: Eg 1.6 eV, Nc = Nv = 1e19): a few 1e-11 to 1e-10 cm^3/s', () => {
    // transient spectroscopy of MAPbI3 films gives bimolecular constants of order 1e-10 cm^3/s
    // (L. M. Herz, Annu. Rev. Phys. Chem. 67, 65 (2016)), and the van Roosbroeck-Shockley relation on
    // its absorption spectrum the same order (C. L. Davies et al., Nat. Commun. 9, 293 (2018))
    const r = radiativeFromAbsorption({
      material: table('mapbi3'),
      field: 'mapbi3',
      egEV: 1.6,
      ncCm3: 1e19,
      nvCm3: 1e19,
      T_K: 300,
    })!;
    expect(r.kRadCm3PerS).toBeGreaterThan(2e-11);
    expect(r.kRadCm3PerS).toBeLessThan(3e-10);
  });

  it("the product k_rad n_i^2 is the absorption's: another Eg changes k_rad, not the emission", () => {
    const a = radiativeFromAbsorption({
      material: table('mapbi3'),
      field: 'm',
      egEV: 1.6,
      ncCm3: 1e19,
      nvCm3: 1e19,
      T_K: 300,
    })!;
    const b = radiativeFromAbsorption({
      material: table('mapbi3'),
      field: 'm',
      egEV: 1.58,
      ncCm3: 1e19,
      nvCm3: 1e19,
      T_K: 300,
    })!;
    // the same integral on grids anchored at another gap: equal to the quadrature's error, (kT/64)^2 / 12 in kT^2
    expect(Math.abs(b.emissionCm3PerS / a.emissionCm3PerS - 1)).toBeLessThan(1e-5);
    expect(b.kRadCm3PerS / a.kRadCm3PerS).toBeCloseTo(Math.exp(-0.02 / KT(300)), 6);
  });
});

describe('k_rad from the absorption: the device check and the run refuse what cannot emit', () => {
  it('a constant index is refused by the check, naming the layer and the field', () => {
    const spec = radiativeCell(1.4, 100, 3.5, 1000, 1e20);
    spec.layers[0]!.optical = { kind: 'constant', n: 2.5, k: 0.1 };
    const { errors } = checkDeviceElectricalIssues(spec);
    expect(
      errors.some((e) => e.startsWith('layers[0] "absorber".electrical.kRadFrom:') && /absorption edge/.test(e)),
    ).toBe(true);
  });

  it('a fitted table with a sub-gap floor (MAPbI3, Phillips) is refused when the run reads it', () => {
    const spec = radiativeCell(1.6, 100, 3.5, 500, 1e20);
    spec.layers[0]!.optical = { kind: 'table', materialId: 'mapbi3_phillips' };
    // the check cannot read a library table: the run does, and refuses in the check's words
    expect(() => runDeviceSimulation(spec, assets)).toThrow(
      /kRadFrom: the layer's absorption gives .* below the band gap/,
    );
  });

  it('a computed k_rad outside the plausible range is warned, not refused, naming the density of states', () => {
    // the absorption fixes k_rad n_i^2: Nc = Nv a thousand times lower make k_rad a million times higher
    const plain = radiativeCell(1.4, 1e4, 3.5, 1000, 1e20);
    expect(checkDeviceElectricalCoded(plain).warnings.filter((w) => w.path.endsWith('kRadFrom'))).toEqual([]);
    const thin = radiativeCell(1.4, 1e4, 3.5, 1000, 1e20);
    thin.layers[0]!.electrical!.ncCm3 = 1e17;
    thin.layers[0]!.electrical!.nvCm3 = 1e17;
    const { errors, warnings } = checkDeviceElectricalCoded(thin);
    expect(errors).toEqual([]);
    const w = warnings.find((x) => x.path === 'layers[0] "absorber".electrical.kRadFrom');
    expect(w?.message.code).toBe('check.krad-absorption-implausible');
    expect(w?.message.text).toMatch(/outside the usual 1e-16–1e-8 cm³\/s: .*Nc Nv/);
    expect(Number(w?.message.params['value'])).toBeGreaterThan(1e-8);
    // a library table is read where the tables are: the same warning, from the same rule
    const table = radiativeCell(1.6, 1e4, 3.5, 500, 1e20);
    table.layers[0]!.optical = { kind: 'table', materialId: 'mapbi3' };
    table.layers[0]!.electrical!.egEV = 1.6;
    expect(kRadFromAbsorptionIssues(table, assets)).toEqual({ errors: [], warnings: [] });
    table.layers[0]!.electrical!.ncCm3 = 1e17;
    table.layers[0]!.electrical!.nvCm3 = 1e17;
    const t = kRadFromAbsorptionIssues(table, assets);
    expect(t.errors).toEqual([]);
    expect(t.warnings.map((x) => x.message.code)).toEqual(['check.krad-absorption-implausible']);
    // ten times lower again, beyond the hard limit: refused, and for the density of states, not a sub-gap tail
    thin.layers[0]!.electrical!.ncCm3 = 1e16;
    thin.layers[0]!.electrical!.nvCm3 = 1e16;
    const refused = checkDeviceElectricalCoded(thin).errors.find((x) => x.path.endsWith('kRadFrom'));
    expect(refused?.message.code).toBe('check.krad-absorption-limit');
    expect(refused?.message.text).toMatch(/Nc Nv make n_i² small/);
    expect(refused?.message.text).not.toMatch(/below the band gap/);
  });

  it('a value that is not one of the choices is refused', () => {
    const spec = radiativeCell(1.4, 100, 3.5, 1000, 1e20);
    (spec.layers[0]!.electrical as Record<string, unknown>).kRadFrom = 'emission';
    const { errors } = checkDeviceElectricalIssues(spec);
    expect(errors).toContain(
      'layers[0] "absorber".electrical.kRadFrom: must be one of value, absorption (got emission)',
    );
  });
});

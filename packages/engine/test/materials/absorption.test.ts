/**
 * Absorption-given materials (materials/absorption.ts): SCAPS's square-root law and an alpha table,
 * against the formula written out here, the Beer-Lambert integral of a thick layer, and each other.
 */
import { describe, expect, it } from 'vitest';
import { runDeviceSimulation } from '../../src/device/simulate.js';
import type { ElectricalDeviceSpecLike } from '../../src/device/types.js';
import { materialNk } from '../../src/materials/index.js';
import { checkTableCoverage, deviceToOpticsSpec } from '../../src/optics/device.js';
import { OpticsInputError } from '../../src/optics/errors.js';
import { assets } from '../device/helpers.js';

const H = 6.62607015e-34;
const C = 299792458;
const Q = 1.602176634e-19;
/** hc/q in eV nm, written out. */
const HC = (H * C * 1e9) / Q;

/** A CIGS-like edge: Eg 1.15 eV, A 1e5 cm^-1 eV^-1/2, B 2e4 cm^-1 eV^1/2. */
const LAW = { kind: 'sqrt-law' as const, n: 2.9, egEV: 1.15, aPerCmSqrtEV: 1e5, bSqrtEVPerCm: 2e4 };
const alphaOf = (nm: number) => {
  const e = HC / nm;
  return e > LAW.egEV ? (LAW.aPerCmSqrtEV + LAW.bSqrtEVPerCm / e) * Math.sqrt(e - LAW.egEV) : 0;
};

describe('square-root absorption law', () => {
  it('gives k = alpha lambda / (4 pi) above the gap and 0 below, n constant', () => {
    const wl = [300, 450, 700, 900, 1050, 1078, 1079, 1100, 1300];
    const { n, k } = materialNk(LAW, wl, 'layer');
    wl.forEach((l, i) => {
      expect(n[i]).toBe(2.9);
      const want = (alphaOf(l) * l * 1e-7) / (4 * Math.PI);
      expect(k[i]).toBeCloseTo(want, 14);
      if (l > 10) expect(Math.abs(k[i]! - want)).toBeLessThanOrEqual(1e-12 * want);
    });
    // the gap at 1.15 eV lies at 1078.1 nm
    expect(k[5]).toBeGreaterThan(0);
    expect(k[6]).toBe(0);
    expect(k[7]).toBe(0);
    expect(k[8]).toBe(0);
    // 700 nm: alpha of order 1e5 cm^-1, k near 0.5
    expect(k[2]).toBeGreaterThan(0.4);
    expect(k[2]).toBeLessThan(0.6);
  });

  it('refuses a negative coefficient by name', () => {
    expect(() => materialNk({ ...LAW, aPerCmSqrtEV: -1 }, [500], 'layers[0] "CIGS".optical')).toThrow(
      /layers\[0\] "CIGS"\.optical\.aPerCmSqrtEV: must be >= 0/,
    );
  });
});

/** The law sampled every `stepNm` as an absorption table. */
function sampled(from: number, to: number, stepNm: number) {
  const wavelengthNm: number[] = [];
  for (let l = from; l <= to + 1e-9; l += stepNm) wavelengthNm.push(l);
  return {
    kind: 'absorption-table' as const,
    name: 'CIGS.abs',
    n: 2.9,
    wavelengthNm,
    alphaPerCm: wavelengthNm.map(alphaOf),
  };
}

/** A one-layer device: optics only, or with a Beer-Lambert electrical run. */
function device(optical: unknown, thicknessNm: number, wavelength = { startNm: 300, endNm: 1200, stepNm: 1 }) {
  const wl: number[] = [];
  for (let l = 280; l <= 1250; l += 5) wl.push(l);
  return {
    schemaVersion: 1,
    name: 'sqrt-law absorber',
    ambient: { kind: 'constant', n: 1, k: 0 },
    substrate: { kind: 'constant', n: 1, k: 0 },
    illumination: {
      // a lamp with a slope, so that no two wavelengths weigh alike
      spectrum: { kind: 'tabulated', name: 'lamp', wavelengthNm: wl, irradianceWm2Nm: wl.map((l) => 0.5 + l / 1000) },
      wavelength,
    },
    layers: [
      {
        name: 'CIGS',
        thicknessNm,
        role: 'absorber',
        optical,
        electrical: {
          epsR: 13.6,
          chiEV: 4.5,
          egEV: 1.15,
          ncCm3: 2.2e18,
          nvCm3: 1.8e19,
          muNCm2PerVs: 100,
          muPCm2PerVs: 25,
          naCm3: 1e16,
          tauNS: 1e-8,
          tauPS: 1e-8,
        },
      },
    ],
    electrical: {
      contacts: { front: { kind: 'ohmic' }, back: { kind: 'ohmic' }, anode: 'back' },
      voltageSweep: { startV: 0, stopV: 0, stepV: 0.1 },
      generation: { kind: 'beer-lambert' },
      gridPoints: 600,
      extendToVoc: false,
    },
  } as unknown as ElectricalDeviceSpecLike;
}

describe('absorption-given layers in a device', () => {
  it('Beer-Lambert generation of a thick sqrt-law layer is q int Phi (1 - exp(-alpha d)) dlambda', () => {
    const dNm = 3000;
    const r = runDeviceSimulation(device(LAW, dNm), assets);
    // trapezoid rule on the 1 nm grid, photon flux of the lamp E lambda / (hc), in cm^-2 s^-1 nm^-1
    let j = 0;
    for (let l = 300; l <= 1200; l++) {
      const w = l === 300 || l === 1200 ? 0.5 : 1;
      const phi = ((0.5 + l / 1000) * (l * 1e-9)) / (H * C) / 1e4;
      j += w * phi * (1 - Math.exp(-alphaOf(l) * dNm * 1e-7));
    }
    const want = Q * j * 1e3; // mA/cm^2
    expect(want).toBeGreaterThan(20);
    // what is left is the box rule of the exponential on the mesh (about 5e-5 here)
    expect(Math.abs(r.generation.jGenerationMaCm2 / want - 1)).toBeLessThan(2e-4);
  });

  it('an absorption table of the law sampled finely gives the law', () => {
    const spec = (optical: unknown) => deviceToOpticsSpec(device(optical, 1000), assets);
    const grid = Array.from(spec(LAW).wavelengthNm);
    const law = materialNk(spec(LAW).layers[0]!.material, grid, 'law');
    const table = materialNk(spec(sampled(290, 1210, 0.25)).layers[0]!.material, grid, 'table');
    grid.forEach((l, i) => {
      // linear interpolation of a smooth alpha: error ~ h^2 alpha'' / 8, except at the kink at the gap
      const tol = Math.abs(l - 1078) < 1 ? 2e-4 : 1e-5 * law.k[i]! + 1e-12;
      expect(Math.abs(table.k[i]! - law.k[i]!)).toBeLessThanOrEqual(tol);
      expect(table.n[i]).toBe(2.9);
    });
  });

  it('interpolates alpha, not k, between the points of a table', () => {
    const m = { kind: 'absorption-table' as const, n: 2, wavelengthNm: [400, 600], alphaPerCm: [1e4, 3e4] };
    const os = deviceToOpticsSpec(device(m, 500, { startNm: 400, endNm: 600, stepNm: 100 }), assets);
    const { k } = materialNk(os.layers[0]!.material, [500], 'x');
    expect(k[0]).toBeCloseTo((2e4 * 500e-7) / (4 * Math.PI), 15);
  });

  it('keeps the n,k table rules: lengths, order, coverage without extrapolation', () => {
    const base = sampled(400, 800, 100);
    expect(() => deviceToOpticsSpec(device({ ...base, alphaPerCm: [1, 2] }, 500), assets)).toThrow(
      /differ in length \(5, 2\)/,
    );
    expect(() => deviceToOpticsSpec(device({ ...base, wavelengthNm: [400, 500, 450, 700, 800] }, 500), assets)).toThrow(
      /wavelengthNm\[2\]: wavelengths must increase strictly/,
    );
    expect(() => deviceToOpticsSpec(device({ ...base, alphaPerCm: [1, 2, -3, 4, 5] }, 500), assets)).toThrow(
      /alphaPerCm\[2\]: must be >= 0/,
    );
    // the table covers 400-800 nm, the grid 300-1200 nm
    const os = deviceToOpticsSpec(device(base, 500), assets);
    expect(() => checkTableCoverage(os)).toThrow(OpticsInputError);
    expect(() => checkTableCoverage(os)).toThrow(
      /layers\[0\] "CIGS"\.optical: .*missing at 300 nm: the table covers 400-800 nm/,
    );
    const held = deviceToOpticsSpec(device({ ...base, extrapolation: 'transparent' }, 500), assets);
    expect(() => checkTableCoverage(held)).not.toThrow();
    expect(materialNk(held.layers[0]!.material, [1000], 'x').k[0]).toBe(0);
  });
});

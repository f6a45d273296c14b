import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Q_C } from '../../src/constants.js';
import { parseNkCsv } from '../../src/materials/index.js';
import { type DeviceLike, type DeviceOpticsAssets, runDeviceOptics } from '../../src/optics/device.js';
import { integratedProfile } from '../../src/optics/profile.js';
import {
  generationProfile,
  generationProfileAtWavelength,
  layerGeneration,
  type OpticsSpec,
  simulateOptics,
} from '../../src/optics/simulate.js';
import { BUILTIN_SPECTRA, monochromaticSpectrum, parseSpectrumCsv, wavelengthGridNm } from '../../src/spectra/index.js';
import { readAsset, repoRoot } from './helpers.js';

const am15g = parseSpectrumCsv(readAsset('data/spectra/am15g.csv'), 'AM1.5G');
const nk = (id: string) => ({ kind: 'table' as const, table: parseNkCsv(readAsset(`data/nk/${id}.csv`), id) });

function waferSpec(roughnessFactor?: number, rmsRoughnessNm?: number): OpticsSpec {
  const spec: OpticsSpec = {
    wavelengthNm: wavelengthGridNm(300, 1200, 5),
    ambient: { kind: 'constant', n: 1, k: 0 },
    layers: [
      { name: 'SiNx', thicknessNm: 75, coherent: true, material: nk('sinx') },
      { name: 'c-Si', thicknessNm: 180_000, coherent: false, material: nk('c_si'), absorber: true },
      { name: 'Al', thicknessNm: 300, coherent: true, material: nk('al') },
    ],
    substrate: { kind: 'constant', n: 1, k: 0 },
    spectrum: am15g,
  };
  if (roughnessFactor !== undefined) {
    spec.texture = { roughnessFactor, layerIndex: 1 };
    if (rmsRoughnessNm !== undefined) spec.texture.rmsRoughnessNm = rmsRoughnessNm;
  }
  return spec;
}

function sumOne(r: { R: Float64Array; T: Float64Array; A: Float64Array[] }) {
  let worst = 0;
  for (let i = 0; i < r.R.length; i++) {
    let s = r.R[i]! + r.T[i]!;
    for (const A of r.A) s += A[i]!;
    worst = Math.max(worst, Math.abs(s - 1));
  }
  return worst;
}

describe('simulateOptics', () => {
  it('photocurrents, EQE, losses: the absorbed, reflected and transmitted currents add up to q * photon flux', () => {
    const r = simulateOptics(waferSpec());
    const total = r.jphMaCm2!.reduce((a, b) => a + b, 0) + r.jReflectedMaCm2! + r.jTransmittedMaCm2!;
    let flux = 0;
    const w = r.weights!;
    for (let i = 0; i < w.length; i++) flux += w[i]!;
    expect(total).toBeCloseTo(1e-4 * Q_C * flux, 9);
    expect(Array.from(r.eqe)).toEqual(Array.from(r.A[1]!));
    // planar c-Si with SiNx ARC and Al back: Jph in the wafer in the 30s of mA/cm^2
    expect(r.jphMaCm2![1]!).toBeGreaterThan(30);
    expect(r.jphMaCm2![1]!).toBeLessThan(40);
  });

  it('suns scale G and Jph linearly; excitonic layers are labelled', () => {
    const spec = waferSpec();
    spec.layers[1]!.excitonic = true;
    const one = simulateOptics(spec);
    const two = simulateOptics({ ...spec, suns: 2 });
    expect(two.jphMaCm2![1]! / one.jphMaCm2![1]!).toBeCloseTo(2, 12);
    expect(one.carriers).toEqual(['electron-hole pairs', 'excitons', 'electron-hole pairs']);
    const x = [75 + 10, 75 + 1000];
    const g1 = generationProfile(one, x);
    const g2 = generationProfile(two, x);
    expect(g2[0]! / g1[0]!).toBeCloseTo(2, 12);
  });

  it('spectral G(x, lambda) summed with the trapezoid weights gives G(x)', () => {
    const r = simulateOptics(waferSpec());
    const x = [5, 40, 75 + 3, 75 + 5000];
    const g = generationProfile(r, x);
    const sum = new Float64Array(x.length);
    const wl = r.wavelengthNm;
    for (let i = 0; i < wl.length; i++) {
      const gi = generationProfileAtWavelength(r, x, i);
      const w =
        i === 0
          ? (wl[1]! - wl[0]!) / 2
          : i === wl.length - 1
            ? (wl[i]! - wl[i - 1]!) / 2
            : (wl[i + 1]! - wl[i - 1]!) / 2;
      for (let m = 0; m < x.length; m++) sum[m] = sum[m]! + w * gi[m]!;
    }
    for (let m = 0; m < x.length; m++) expect(sum[m]! / g[m]!).toBeCloseTo(1, 12);
  });

  it('G(x) on a global mesh: layer lookup and interfaces', () => {
    const r = simulateOptics(waferSpec());
    const g = generationProfile(r, [-1, 0, 74.999, 75, 180_075 + 300 + 1]);
    expect(g[0]).toBe(0);
    expect(g[4]).toBe(0);
    expect(g[1]).toBeGreaterThan(0);
    // at x = 75 nm the point belongs to the wafer (behind the interface)
    const inWafer = generationProfile(r, [0], 1)[0]!;
    expect(g[3]).toBeCloseTo(inWafer, 6);
    // per-layer evaluation gives both sides of the interface
    expect(layerGeneration(r, 0, [75])[0]! / generationProfile(r, [74.9999999])[0]!).toBeCloseTo(1, 6);
    expect(layerGeneration(r, 0, [75])[0]!).not.toBeCloseTo(inWafer, -18);
    expect(layerGeneration(r, 1, [0])[0]!).toBe(inWafer);
  });

  it('monochromatic light: Jph = q A Phi', () => {
    const spec = waferSpec();
    const m = monochromaticSpectrum(600, 10);
    const r = simulateOptics({ ...spec, wavelengthNm: [600], spectrum: m });
    const phi = (10 * 600e-9) / (6.62607015e-34 * 299792458);
    expect(r.jphMaCm2![1]!).toBeCloseTo(0.1 * Q_C * r.A[1]![0]! * phi, 12);
  });

  it('bad input: empty stack, n,k missing at a wavelength, bad texture', () => {
    expect(() => simulateOptics({ ...waferSpec(), layers: [] })).toThrow(/layers: the stack is empty/);
    const spec = waferSpec();
    spec.wavelengthNm = wavelengthGridNm(300, 1600, 5);
    expect(() => simulateOptics(spec)).toThrow(/layers\[1\] "c-Si"\.optical: n,k of "c_si" missing at 1455 nm/);
    expect(() => simulateOptics(waferSpec(1.5))).toThrow(/texture\.roughnessFactor/);
  });
});

describe('texture', () => {
  it('roughness factor 0 is the planar stack', () => {
    const planar = simulateOptics(waferSpec());
    const flat = simulateOptics(waferSpec(0));
    for (let i = 0; i < planar.R.length; i++) {
      expect(flat.R[i]!).toBeCloseTo(planar.R[i]!, 14);
      expect(flat.A[1]![i]!).toBeCloseTo(planar.A[1]![i]!, 14);
    }
  });

  it('conserves energy, raises the NIR absorption, and G still integrates to Jph', () => {
    const planar = simulateOptics(waferSpec());
    const tex = simulateOptics(waferSpec(1));
    expect(sumOne(tex)).toBeLessThan(1e-12);
    const i1100 = Array.from(tex.wavelengthNm).indexOf(1100);
    expect(tex.A[1]![i1100]!).toBeGreaterThan(2 * planar.A[1]![i1100]!);
    expect(tex.jphMaCm2![1]!).toBeGreaterThan(planar.jphMaCm2![1]! + 1);
    for (let j = 0; j < 3; j++) {
      const integ = integratedProfile(tex.tmm, j);
      for (let i = 0; i < integ.length; i++) expect(Math.abs(integ[i]! - tex.A[j]![i]!)).toBeLessThan(1e-12);
    }
  });

  it('weak absorption with a perfect back reflector reaches the 4 n^2 path enhancement', () => {
    const n = 3.5;
    const k = 1e-7;
    const d = 10_000;
    const lam = 1000;
    const spec: OpticsSpec = {
      wavelengthNm: [lam],
      ambient: { kind: 'constant', n: 1, k: 0 },
      layers: [
        { name: 'abs', thicknessNm: d, coherent: false, material: { kind: 'constant', n, k } },
        // ideal mirror: a very thick, strongly absorbing metal-like layer seen at normal incidence
        { name: 'mirror', thicknessNm: 1000, coherent: true, material: { kind: 'constant', n: 1e-3, k: 1e3 } },
      ],
      substrate: { kind: 'constant', n: 1, k: 0 },
      texture: { roughnessFactor: 1, layerIndex: 0 },
    };
    const r = simulateOptics(spec);
    const alpha = (4 * Math.PI * k) / lam;
    const singlePass = alpha * d;
    const front = 1 - ((n - 1) / (n + 1)) ** 2;
    // A / (T_in alpha d) -> 4 n^2 in the weak-absorption limit
    expect(r.A[0]![0]! / (front * singlePass) / (4 * n * n)).toBeCloseTo(1, 2);
  });

  it('rms roughness makes the haze wavelength dependent (scalar scattering)', () => {
    const tex = simulateOptics(waferSpec(1, 100));
    const h = tex.texture!.haze;
    expect(h[0]!).toBeGreaterThan(h[h.length - 1]!);
    expect(h[0]!).toBeLessThanOrEqual(1);
  });
});

describe('DeviceSpec runner', () => {
  const assets: DeviceOpticsAssets = {
    nkCsv: (id) => readAsset(`data/nk/${id}.csv`),
    spectrumCsv: (id) => readAsset(BUILTIN_SPECTRA[id]!),
  };
  const device = JSON.parse(
    readFileSync(join(repoRoot, 'packages/engine/test/optics/fixtures/perovskite-pin.device.json'), 'utf8'),
  ) as DeviceLike;
  it('runs the example device and reports per-layer A, Jph and G', () => {
    const { report } = runDeviceOptics(device, assets, 11);
    expect(report.wavelengthNm.length).toBe(591);
    const mapi = report.layers.find((l) => l.name === 'MAPbI3')!;
    expect(mapi.jphMaCm2).toBeGreaterThan(15);
    expect(mapi.jphMaCm2).toBeLessThan(25);
    expect(mapi.generation.G_cm3_s.length).toBe(11);
    expect(report.totals.jphAbsorbersMaCm2).toBe(mapi.jphMaCm2);
    expect(report.warnings).toEqual([]);
    // The absorption map leaves the 1 mm glass out of its grid but keeps its place on the axis.
    const map = report.absorptionMap!;
    expect(map.wavelengthNm.length).toBeLessThanOrEqual(121);
    expect(map.wavelengthNm[0]).toBe(report.wavelengthNm[0]);
    expect(map.wavelengthNm.at(-1)).toBe(report.wavelengthNm.at(-1));
    const glass = device.layers.findIndex((l) => l.thicknessNm > 20_000);
    expect(glass).toBeGreaterThanOrEqual(0);
    expect(map.layer).not.toContain(glass);
    // ... and depth starts at the first film behind it, not at 1 mm.
    expect(glass).toBe(0);
    expect(map.positionNm[0]).toBe(0);
    expect(map.positionNm.at(-1)).toBeCloseTo(
      device.layers.slice(1).reduce((sum, l) => sum + l.thicknessNm, 0),
      6,
    );
    expect(map.absorbedPerNm.every((row) => row.length === map.positionNm.length)).toBe(true);
    const coherentGlass = structuredClone(device);
    coherentGlass.layers[0]!.coherent = true;
    const w = runDeviceOptics(coherentGlass, assets, 3).report.warnings[0]!;
    expect(w.code).toBe('optics.thick-coherent');
    expect(w.params).toEqual({ index: 0, layer: 'glass', thickness: 1000000 });
    expect(w.text).toMatch(/layers\[0\] "glass" is 1000000 nm thick and coherent/);
  });
  it('errors name the layer: unknown material, table too short for the grid', () => {
    const bad = structuredClone(device);
    bad.layers[3]!.optical = { kind: 'table', materialId: 'unobtainium' };
    const lib: DeviceOpticsAssets = {
      ...assets,
      nkCsv: (id) => {
        if (id === 'unobtainium') throw new Error('no such file');
        return assets.nkCsv(id);
      },
    };
    expect(() => runDeviceOptics(bad, lib)).toThrow(
      /layers\[3\] "MAPbI3"\.optical\.materialId: unknown material "unobtainium"/,
    );
    const long = structuredClone(device);
    long.illumination!.wavelength = { startNm: 310, endNm: 1000, stepNm: 1 };
    expect(() => runDeviceOptics(long, assets)).toThrow(
      /layers\[3\] "MAPbI3"\.optical: n,k of "mapbi3" missing at 901 nm/,
    );
  });
});

describe('absorption map a(x, l)', () => {
  it('is Beer-Lambert, (1 - R) alpha exp(-alpha x), in a film on a substrate of its own index, and integrates to A', () => {
    const n = 1.5;
    const k = 0.02;
    const lam = 500;
    const d = 400;
    // The substrate has the film's complex index: no backward wave, so no standing wave in the film.
    const device: DeviceLike = {
      schemaVersion: 1,
      name: 'film on its own index',
      ambient: { kind: 'constant', n: 1, k: 0 },
      layers: [{ name: 'film', thicknessNm: d, role: 'absorber', optical: { kind: 'constant', n, k } }],
      substrate: { kind: 'constant', n, k },
      illumination: {
        spectrum: { kind: 'builtin', id: 'AM1.5G' },
        wavelength: { startNm: lam, endNm: lam + 10, stepNm: 10 },
      },
    };
    const assets: DeviceOpticsAssets = {
      nkCsv: (id) => readAsset(`data/nk/${id}.csv`),
      spectrumCsv: (id) => readAsset(BUILTIN_SPECTRA[id]!),
    };
    const { report } = runDeviceOptics(device, assets, 11);
    const map = report.absorptionMap!;
    expect(map.wavelengthNm[0]).toBe(lam);
    const alpha = (4 * Math.PI * k) / lam;
    const front = 1 - report.R[0]!;
    map.positionNm.forEach((x, i) => {
      expect(map.absorbedPerNm[0]![i]! / (front * alpha * Math.exp(-alpha * x))).toBeCloseTo(1, 6);
    });
    // Trapezoid integral over the 21 points (error ~ (alpha h)^2 / 12 ~ 1e-5) against the film's A.
    const a = map.absorbedPerNm[0]!;
    let integral = 0;
    for (let i = 1; i < a.length; i++)
      integral += ((a[i]! + a[i - 1]!) / 2) * (map.positionNm[i]! - map.positionNm[i - 1]!);
    expect(integral / report.layers[0]!.A[0]!).toBeCloseTo(1, 4);
  });
});

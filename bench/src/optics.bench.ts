import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BUILTIN_SPECTRA,
  buildTmmInput,
  type DeviceLike,
  generationProfile,
  type OpticalMaterial,
  type OpticsSpec,
  parseNkCsv,
  parseSpectrumCsv,
  runDeviceOptics,
  simulateOptics,
  TmmSolver,
  wavelengthGridNm,
} from '@pvforge/engine';
import { type BenchFigure, median, timeRuns } from './types.js';

/**
 * Issue 3 target: a 10-layer stack with one incoherent layer (1 mm glass), 1301 wavelengths
 * (300-1600 nm at 1 nm), unpolarised, G(x) on 1000 points; median <= 30 ms per run.
 * One run = n,k interpolation of every layer + transfer matrix (s and p) + G(x) under AM1.5G.
 */
const assets = join(dirname(fileURLToPath(import.meta.url)), '../../assets');
const nk = (id: string): OpticalMaterial => ({
  kind: 'table',
  table: parseNkCsv(readFileSync(join(assets, `data/nk/${id}.csv`), 'utf8'), id),
});

function spec(): OpticsSpec {
  return {
    wavelengthNm: wavelengthGridNm(300, 1600, 1),
    polarization: 'unpolarized',
    ambient: { kind: 'constant', n: 1, k: 0 },
    layers: [
      { name: 'glass', thicknessNm: 1e6, coherent: false, material: nk('glass_soda_lime') },
      { name: 'ITO', thicknessNm: 120, coherent: true, material: nk('ito') },
      { name: 'TiO2', thicknessNm: 30, coherent: true, material: nk('tio2') },
      { name: 'Al2O3', thicknessNm: 10, coherent: true, material: nk('al2o3') },
      { name: 'MAPbBr3', thicknessNm: 500, coherent: true, material: nk('mapbbr3'), absorber: true },
      { name: 'PM6', thicknessNm: 60, coherent: true, material: nk('pm6'), absorber: true, excitonic: true },
      { name: 'a-Si:H', thicknessNm: 20, coherent: true, material: nk('a_si_h') },
      { name: 'GaAs', thicknessNm: 200, coherent: true, material: nk('gaas'), absorber: true },
      { name: 'Au', thicknessNm: 20, coherent: true, material: nk('au') },
      { name: 'Ag', thicknessNm: 150, coherent: true, material: nk('ag') },
    ],
    substrate: { kind: 'constant', n: 1, k: 0 },
    spectrum: parseSpectrumCsv(readFileSync(join(assets, 'data/spectra/am15g.csv'), 'utf8'), 'AM1.5G'),
  };
}

export default function opticsBench(): BenchFigure[] {
  const s = spec();
  const thin = s.layers.slice(1).reduce((a, l) => a + l.thicknessNm, 0);
  // electrical mesh over the thin films behind the glass (x from the front of ITO)
  const uniform = Float64Array.from({ length: 1000 }, (_, i) => (thin * i) / 999);
  // a graded mesh (tanh clustering at both ends): every step different
  const graded = Float64Array.from(
    { length: 1000 },
    (_, i) => (thin * (1 + Math.tanh(3 * ((2 * i) / 999 - 1)) / Math.tanh(3))) / 2,
  );
  const solver = new TmmSolver(s.layers.length + 2);
  const g = new Float64Array(1000);
  let sink = 0;
  const runUniform = () => {
    const r = simulateOptics(s, solver);
    generationProfile(r, uniform, 1, g);
    sink += g[500]!;
  };
  const runGraded = () => {
    const r = simulateOptics(s, solver);
    generationProfile(r, graded, 1, g);
    sink += g[500]!;
  };
  const input = buildTmmInput(s);
  const tmmOnly = () => {
    sink += solver.solve(input).R[0]!;
  };
  const res = simulateOptics(s, solver);
  const gOnly = () => {
    generationProfile(res, uniform, 1, g);
    sink += g[1]!;
  };
  const figures: BenchFigure[] = [];
  const add = (name: string, fn: () => void, runs: number, target?: number) => {
    const t = timeRuns(fn, runs, 5);
    const fig: BenchFigure = {
      name,
      medianMs: median(t),
      extra: { min: t[0]!, p90: t[Math.floor(t.length * 0.9)]!, runs },
    };
    if (target !== undefined) fig.targetMs = target;
    figures.push(fig);
  };
  add(
    'optics: 10 layers (1 incoherent), 1301 wl, unpolarised, n,k + TMM + G(x) on 1000 uniform points',
    runUniform,
    40,
    30,
  );
  add('optics: same, G(x) on a 1000-point graded (non-uniform) mesh', runGraded, 20);
  add('optics: transfer matrix only (1301 wl, s + p, profile coefficients)', tmmOnly, 40);
  add('optics: G(x) only, 1000 uniform points x 1301 wl', gOnly, 40);
  // What an optical calculation runs: the demo DeviceSpec (tables read once, as the worker caches
  // them), with per-layer G(x) and the absorption map a(x, wavelength) in the report.
  const demo = JSON.parse(
    readFileSync(join(assets, 'devices/perovskite-pin-optical.device.json'), 'utf8'),
  ) as DeviceLike;
  const files = new Map<string, string>();
  const read = (rel: string) => {
    if (!files.has(rel)) files.set(rel, readFileSync(join(assets, rel), 'utf8'));
    return files.get(rel)!;
  };
  const deviceAssets = {
    nkCsv: (id: string) => read(`data/nk/${id}.csv`),
    spectrumCsv: (id: keyof typeof BUILTIN_SPECTRA) => read(BUILTIN_SPECTRA[id]!),
  };
  add(
    'optics: demo DeviceSpec (p-i-n on glass, 6 layers, 591 wl) with G(x) and the absorption map',
    () => {
      sink += runDeviceOptics(demo, deviceAssets).report.R[0]!;
    },
    40,
  );
  if (!Number.isFinite(sink)) throw new Error('non-finite result');
  return figures;
}

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BUILTIN_SPECTRA,
  type DeviceOpticsAssets,
  type ElectricalDeviceSpecLike,
  runTandemSimulation,
  tandemThicknessSweep,
} from '@pvforge/engine';
import { type BenchFigure, median, timeRuns } from './types.js';

/**
 * Monolithic tandems (issue 13 target: a 2T perovskite/silicon J-V of about 1000 nodes, median at
 * most 1 s): the public example, its electrical layers meshed with 1000 nodes for the whole stack
 * (each subcell keeps its layers' share), AM1.5G 300-1200 nm in 10 nm steps: the optics of the
 * stack, both subcell J-V sweeps (reverse bias to Voc) and their series connection. Then the
 * current-matching thickness sweep on its own (8 optics runs).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../../assets');
const read = (rel: string) => readFileSync(join(root, rel), 'utf8');
const assets: DeviceOpticsAssets = {
  nkCsv: (id) => read(`data/nk/${id}.csv`),
  spectrumCsv: (id) => read(BUILTIN_SPECTRA[id]!),
};
const example = JSON.parse(
  read('devices/perovskite-silicon-tandem-electrical.device.json'),
) as ElectricalDeviceSpecLike;

export default function tandem(): BenchFigure[] {
  const spec = structuredClone(example);
  spec.electrical!.gridPoints = 1000;
  const sweep = spec.electrical!.tandem!.thicknessSweep!;
  spec.electrical!.tandem = {};
  let points = 0;
  let pce = 0;
  const t = timeRuns(
    () => {
      const r = runTandemSimulation(spec, assets);
      points = r.subcells.reduce((s, c) => s + c.V.length, 0);
      pce = r.series?.figures.PCE_percent ?? Number.NaN;
    },
    7,
    1,
  );
  const s = timeRuns(() => tandemThicknessSweep(example, assets, sweep), 5, 1);
  return [
    {
      name: 'tandem: 2T perovskite/Si, subcells in series, 1000-node stack mesh, AM1.5G 10 nm',
      medianMs: median(t),
      targetMs: 1000,
      extra: { 'subcell bias points': points, 'PCE 2T (%)': pce },
    },
    { name: `tandem: thickness sweep, ${sweep.points} optics runs`, medianMs: median(s) },
  ];
}

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
 *
 * The whole stack as one drift-diffusion device needs its electrical layers contiguous, so its
 * variant of the example replaces the ITO recombination layer by a recombination interface between
 * PTAA and the n+ silicon (S = 1e7 cm/s for both carriers) with the silicon's energies shifted so
 * that its conduction band meets the PTAA valence band (the dipole the ITO provides; a shift of a
 * whole subcell with ohmic back contact changes nothing else in it). Timed: the tandem run with
 * fullStack (optics, both subcells, which the whole stack starts from, and the whole stack) and,
 * inside it, the whole-stack J-V alone.
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

/** The whole-stack variant of the example (see the module comment), its stack meshed with about 1000 nodes. */
export function wholeStackExample(): ElectricalDeviceSpecLike {
  const spec = structuredClone(example);
  spec.layers = spec.layers.filter((l) => l.name !== 'ITO recombination');
  const ptaa = spec.layers.find((l) => l.name === 'PTAA')!.electrical!;
  // the PTAA valence band, eV below vacuum
  const junctionEV = ptaa.chiEV! + ptaa.egEV!;
  for (const l of spec.layers) if (l.subcell === 'bottom') l.electrical!.chiEV = junctionEV;
  spec.electrical!.interfaces = [{ between: ['PTAA', 'n+ c-Si'], sNCmPerS: 1e7, sPCmPerS: 1e7 }];
  spec.electrical!.gridPoints = 1000;
  spec.electrical!.tandem = { fullStack: true };
  return spec;
}

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
  const whole = wholeStackExample();
  const wholeMs: number[] = [];
  let nodes = 0;
  let bias = 0;
  let pceWhole = 0;
  let pceSeries = 0;
  const w = timeRuns(
    () => {
      const r = runTandemSimulation(whole, assets);
      const light = r.fullStack?.light;
      if (!light?.converged) throw new Error(`whole stack did not converge: ${light?.error}`);
      wholeMs.push(light.stats.elapsed_ms);
      nodes = light.mesh.nodes;
      bias = light.V.length;
      pceWhole = light.figures?.PCE_percent ?? Number.NaN;
      pceSeries = r.series?.figures.PCE_percent ?? Number.NaN;
    },
    7,
    1,
  );
  return [
    {
      name: 'tandem: 2T perovskite/Si, subcells in series, 1000-node stack mesh, AM1.5G 10 nm',
      medianMs: median(t),
      targetMs: 1000,
      extra: { 'subcell bias points': points, 'PCE 2T (%)': pce },
    },
    { name: `tandem: thickness sweep, ${sweep.points} optics runs`, medianMs: median(s) },
    {
      name: `tandem: 2T perovskite/Si, whole stack as one device (${nodes} nodes) with its subcells and optics`,
      medianMs: median(w),
      targetMs: 1000,
      extra: {
        'whole-stack J-V alone (ms)': median(wholeMs.slice(1).sort((a, b) => a - b)),
        'bias points': bias,
        'PCE whole stack (%)': pceWhole,
        'PCE series (%)': pceSeries,
      },
    },
  ];
}

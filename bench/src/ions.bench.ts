import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type BenchCase,
  type ElectricalDevice,
  impedanceSpectrum,
  type PvBenchDdInput,
  pvBenchToDevice,
  simulateTransient,
  validateCase,
  worstDeviation,
} from '@pvforge/engine';
import { type BenchFigure, median, timeRuns } from './types.js';

/**
 * Mobile ions and time (issue 12 targets, issue 30's floor), on IonMonger's default cell (the
 * public case ionmonger-perovskite-impedance-1p0V-light: 400 nm perovskite with 1.6e19 cm^-3 mobile
 * vacancies between an electron and a hole transport layer), about 300 nodes:
 * - one hysteresis loop, reverse then forward over 1.3 V from the steady state at 1.3 V, 261
 *   samples, at 1 V/s, 100 mV/s and 10 mV/s (the rates the issue timed IonMonger at; at most
 *   0.25 s per loop);
 * - the case's impedance spectrum (24 frequencies, 1.5 mHz to 0.63 MHz about the steady state at
 *   1.0 V; at most 0.15 s), with its worst check against the IonMonger reference on the same mesh.
 */
const here = dirname(fileURLToPath(import.meta.url));
const assets = join(here, '../../assets');
const caseFile = join(assets, 'validation/cases/dd/ionmonger-perovskite-impedance-1p0V-light.json');
const ionCase = JSON.parse(readFileSync(caseFile, 'utf8')) as BenchCase;
const input = ionCase.input as unknown as PvBenchDdInput & { protocol: { V_dc: number; frequency_Hz: number[] } };
const NODES = 300;
const device: ElectricalDevice = pvBenchToDevice(
  { ...input, voltage_V: [0] },
  { nodes: NODES, standardProfiles: false },
);

export default async function ions(): Promise<BenchFigure[]> {
  const out: BenchFigure[] = [];
  for (const rate of [1, 0.1, 0.01]) {
    const T = 1.3 / rate;
    const sampleTimes = Array.from({ length: 261 }, (_, k) => (k * 2 * T) / 260);
    let loop: ReturnType<typeof simulateTransient> | undefined;
    const loopTimes = timeRuns(
      () => {
        loop = simulateTransient(
          device,
          {
            initial: { V: 1.3, light: 1 },
            segments: [
              { duration_s: T, to_V: 0 },
              { duration_s: T, to_V: 1.3 },
            ],
          },
          { sampleTimes_s: sampleTimes },
        );
      },
      7,
      1,
    );
    if (!loop?.converged) throw new Error(`the loop at ${rate} V/s did not converge: ${loop?.error}`);
    out.push({
      name: `ions: hysteresis loop, IonMonger default cell, ~${NODES} nodes, 1.3 V -> 0 -> 1.3 V at ${rate * 1000} mV/s`,
      medianMs: median(loopTimes),
      targetMs: 250,
      extra: {
        'time steps': loop.stats.steps,
        rejected: loop.stats.rejected,
        'Newton iterations': loop.stats.newtonIterations,
        'ion number drift': Math.max(...loop.ionNumberDrift),
        'min ms': loopTimes[0]!,
      },
    });
  }

  const freqs = input.protocol.frequency_Hz;
  let z: ReturnType<typeof impedanceSpectrum> | undefined;
  const zTimes = timeRuns(
    () => {
      z = impedanceSpectrum(device, input.protocol.V_dc, freqs);
    },
    9,
    1,
  );
  if (!z?.converged) throw new Error(`the impedance did not converge: ${z?.error}`);
  const checked = await validateCase(ionCase, {
    readAsset: (rel) => readFileSync(join(assets, rel), 'utf8'),
    ddNodes: NODES,
  });
  const worst = worstDeviation(checked);
  out.push({
    name: `ions: impedance spectrum, same cell at ${input.protocol.V_dc} V, the case's ${freqs.length} frequencies`,
    medianMs: median(zTimes),
    targetMs: 150,
    extra: {
      'worst deviation / tolerance': worst?.ratio ?? Number.NaN,
      'worst check': worst?.name ?? '',
      'case passes': checked.pass ? 'yes' : 'no',
      'min ms': zTimes[0]!,
      'p90 ms': zTimes[Math.floor(0.9 * (zTimes.length - 1))]!,
    },
  });
  return out;
}

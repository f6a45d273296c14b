import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ElectricalDevice,
  impedanceSpectrum,
  type PvBenchDdInput,
  pvBenchToDevice,
  simulateTransient,
} from '@pvforge/engine';
import { type BenchFigure, median, timeRuns } from './types.js';

/**
 * Mobile ions and time (issue 12 targets), on IonMonger's default cell (the public case
 * ionmonger-perovskite-impedance-1p0V-light: 400 nm perovskite with 1.6e19 cm^-3 mobile vacancies
 * between an electron and a hole transport layer), about 300 nodes:
 * - one hysteresis loop, reverse then forward over 1.3 V at 100 mV/s from the steady state at
 *   1.3 V, 261 samples (median <= 1 s; IonMonger takes seconds to minutes);
 * - an impedance spectrum of 60 frequencies, 1 mHz to 1 MHz, about the steady state at 1.0 V
 *   (median <= 0.5 s).
 */
const here = dirname(fileURLToPath(import.meta.url));
const caseFile = join(here, '../../assets/validation/cases/dd/ionmonger-perovskite-impedance-1p0V-light.json');
const input = (JSON.parse(readFileSync(caseFile, 'utf8')) as { input: PvBenchDdInput }).input;
const device: ElectricalDevice = pvBenchToDevice({ ...input, voltage_V: [0] }, { nodes: 300, standardProfiles: false });

export default function ions(): BenchFigure[] {
  const out: BenchFigure[] = [];

  const T = 1.3 / 0.1;
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
  if (!loop?.converged) throw new Error(`the loop did not converge: ${loop?.error}`);
  out.push({
    name: 'ions: hysteresis loop, IonMonger default cell, ~300 nodes, 1.3 V -> 0 -> 1.3 V at 100 mV/s',
    medianMs: median(loopTimes),
    targetMs: 1000,
    extra: {
      nodes: device.options?.nodes ?? 0,
      'time steps': loop.stats.steps,
      rejected: loop.stats.rejected,
      'Newton iterations': loop.stats.newtonIterations,
      'ion number drift': Math.max(...loop.ionNumberDrift),
      'min ms': loopTimes[0]!,
    },
  });

  const freqs = Array.from({ length: 60 }, (_, k) => 10 ** (-3 + (9 * k) / 59));
  let z: ReturnType<typeof impedanceSpectrum> | undefined;
  const zTimes = timeRuns(
    () => {
      z = impedanceSpectrum(device, 1.0, freqs);
    },
    9,
    1,
  );
  if (!z?.converged) throw new Error(`the impedance did not converge: ${z?.error}`);
  out.push({
    name: 'ions: impedance spectrum, same cell at 1.0 V, 60 frequencies 1 mHz-1 MHz',
    medianMs: median(zTimes),
    targetMs: 500,
    extra: { 'min ms': zTimes[0]!, 'p90 ms': zTimes[Math.floor(0.9 * (zTimes.length - 1))]! },
  });
  return out;
}

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type PvBenchDdInput, pvBenchToDevice, simulateJV } from '@pvforge/engine';
import { type BenchFigure, median, timeRuns } from './types.js';

/**
 * Organic blends (issue 13 target): the J-V of the public case simsalabim-organic-bhj-onsager-braun
 * (100 nm blend, Langevin recombination, Onsager-Braun CT dissociation; 0-1.2 V in 10 mV steps,
 * 400 nodes) against the same J-V without the dissociation model: at most twice the cost.
 */
const here = dirname(fileURLToPath(import.meta.url));
const caseFile = join(here, '../../assets/validation/cases/dd/simsalabim-organic-bhj-onsager-braun.json');
const input = (JSON.parse(readFileSync(caseFile, 'utf8')) as { input: PvBenchDdInput }).input;

export default function organic(): BenchFigure[] {
  const withOb = pvBenchToDevice(input, { nodes: 400, standardProfiles: false });
  const plain = structuredClone(withOb);
  delete plain.layers[0]!.exciton;
  const gaussian = structuredClone(withOb);
  gaussian.layers[0]!.exciton = { ...gaussian.layers[0]!.exciton!, distribution: 'gaussian' };
  const time = (d: typeof withOb) => {
    let its = 0;
    const t = timeRuns(
      () => {
        its = simulateJV(d).stats.totalNewtonIterations;
      },
      9,
      2,
    );
    return { t, its };
  };
  const a = time(withOb);
  const b = time(plain);
  const g = time(gaussian);
  return [
    {
      name: 'organic: BHJ J-V with Onsager-Braun (delta), 400 nodes, 121 points',
      medianMs: median(a.t),
      extra: { 'Newton iterations': a.its, 'cost vs without': median(a.t) / median(b.t), 'target ratio': 2 },
    },
    {
      name: 'organic: same J-V without CT dissociation (Langevin only)',
      medianMs: median(b.t),
      extra: { 'Newton iterations': b.its },
    },
    {
      name: 'organic: same with a Gaussian distribution of CT separations',
      medianMs: median(g.t),
      extra: { 'Newton iterations': g.its, 'cost vs without': median(g.t) / median(b.t) },
    },
  ];
}

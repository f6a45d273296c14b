import { fitCurve, modifiedCircuit, SdmSolver, simulateCircuit } from '@pvforge/engine';
import { type BenchFigure, median, timeRuns } from './types.js';

/**
 * Circuit engine: fit of a 1000-point J-V curve (issue 5 targets: median <= 50 ms for the
 * single-diode model, <= 150 ms for the modified diode model). Noise: Gaussian, 0.1 % of Jsc,
 * fixed seed (Box-Muller on a small LCG so the bench needs nothing from the engine's internals).
 */
function noise(n: number, sigma: number, seed: number): number[] {
  let s = seed >>> 0;
  const u = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s + 0.5) / 4294967296;
  };
  return Array.from({ length: n }, () => sigma * Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u()));
}

export default function circuitBench(): BenchFigure[] {
  const v = Array.from({ length: 1000 }, (_, i) => -0.1 + (1.35 * i) / 999);
  const sdmTruth = { jphMaCm2: 23, j0MaCm2: 3e-12, n: 1.5, rsOhmCm2: 3, rshOhmCm2: 2000, tK: 300 };
  const eps = noise(1000, 0.023, 7);
  const jSdm = Array.from(new SdmSolver(sdmTruth).curve(v), (x, i) => x + eps[i]!);
  const sdmTimes = timeRuns(() => fitCurve({ model: 'sdm', voltageV: v, jMaCm2: jSdm, tK: 300 }), 15);

  const absorber = { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300, j0RadMaCm2: 3e-22 };
  const modTruth = {
    jphMaCm2: 22.5,
    yBulkPerS: 2e6,
    uIfPerCm2S: 3e3,
    yAugerPerS: 1e-10,
    rsOhmCm2: 2.5,
    rshOhmCm2: 5000,
  };
  const jMod = simulateCircuit(modifiedCircuit(modTruth, absorber), v).jMaCm2.map((x, i) => x + eps[i]!);
  const modTimes = timeRuns(() => fitCurve({ model: 'modified', voltageV: v, jMaCm2: jMod, tK: 300, absorber }), 9, 2);
  return [
    {
      name: 'circuit: single-diode fit, 1000 points (Lambert W, global start + bounded LM)',
      medianMs: median(sdmTimes),
      targetMs: 50,
      extra: { minMs: sdmTimes[0]!, maxMs: sdmTimes.at(-1)!, runs: sdmTimes.length },
    },
    {
      name: 'circuit: modified diode model fit, 1000 points (6 parameters)',
      medianMs: median(modTimes),
      targetMs: 150,
      extra: { minMs: modTimes[0]!, maxMs: modTimes.at(-1)!, runs: modTimes.length },
    },
  ];
}

import { fitCurve, fitModifiedDiode, modifiedCircuit, SdmSolver, simulateCircuit } from '@pvforge/engine';
import { type BenchFigure, median, timeRuns } from './types.js';

/**
 * Circuit engine: fit of a 1000-point J-V curve (issue 5 targets: median <= 50 ms for the
 * single-diode model, <= 150 ms for the modified diode model), and the modified-diode split as
 * the platform runs it (what is known held, profile-likelihood intervals) on one curve and on two
 * curves of one device. Noise: Gaussian, 0.1 % of Jsc, fixed seed (Box-Muller on a small LCG so
 * the bench needs nothing from the engine's internals).
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
  const modTimes = timeRuns(
    () => fitCurve({ model: 'modified', voltageV: v, jMaCm2: jMod, tK: 300, absorber, profile: false }),
    9,
    2,
  );
  const knowns = { bulk: { yBulkPerS: modTruth.yBulkPerS }, auger: { yAugerPerS: modTruth.yAugerPerS } };
  const oneCurve = [{ voltageV: v, jMaCm2: jMod }];
  const splitTimes = timeRuns(() => fitModifiedDiode({ tK: 300, absorber, knowns, curves: oneCurve }), 9, 2);
  const eps10 = noise(1000, 0.23, 11);
  const j10 = simulateCircuit(modifiedCircuit({ ...modTruth, jphMaCm2: 225, rshOhmCm2: 500 }, absorber), v).jMaCm2.map(
    (x, i) => x + eps10[i]!,
  );
  const twoCurves = [...oneCurve, { voltageV: v, jMaCm2: j10, pinMwCm2: 1000 }];
  const twoTimes = timeRuns(() => fitModifiedDiode({ tK: 300, absorber, knowns, curves: twoCurves }), 5, 1);
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
    {
      name: 'circuit: modified-diode split, 1000 points (y_bulk, y_Aug known; 5 parameters + profile likelihood)',
      medianMs: median(splitTimes),
      targetMs: 150,
      extra: { minMs: splitTimes[0]!, maxMs: splitTimes.at(-1)!, runs: splitTimes.length },
    },
    {
      name: 'circuit: modified-diode split, 2 curves x 1000 points (1 and 10 suns; 7 parameters + profile likelihood)',
      medianMs: median(twoTimes),
      extra: { minMs: twoTimes[0]!, maxMs: twoTimes.at(-1)!, runs: twoTimes.length },
    },
  ];
}

import {
  type BulkDefect,
  capacitanceVoltage,
  type ElectricalDevice,
  type InterfaceDefect,
  simulateJV,
} from '@pvforge/engine';
import { perovskitePin } from './devices.js';
import { type BenchFigure, median } from './types.js';

/**
 * Charged defects (issue 20 targets), on the three-layer perovskite p-i-n cell of the electrical
 * bench (500 nodes, light J-V 0 to 1.3 V in 10 mV steps):
 * - the J-V with three Gaussian defects in the perovskite (an acceptor, a neutral level and a
 *   donor, each 0.1 eV wide) and a defect sheet at each interface costs at most twice the same J-V
 *   without them;
 * - a C-V sweep of 50 voltages (-1 to 0.96 V) at 10 kHz of that cell with its defects, dark:
 *   median at most 1 s.
 * Each figure is also given in CPU time of the process (user + system): on a shared machine the
 * wall time includes the time the process waited for a core, the CPU time does not.
 */
function timeBoth(fn: () => unknown, runs: number, warmup: number): { wall: number[]; cpu: number[] } {
  for (let i = 0; i < warmup; i++) fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}

/** The electrical bench's perovskite p-i-n cell, without defects. */
const plain: ElectricalDevice = perovskitePin;

const gaussian = (type: BulkDefect['type'], depth: number): BulkDefect => ({
  type,
  N_t_cm3: 1e15,
  level_below_vacuum_eV: depth,
  c_n_cm3_s: 2e-9,
  c_p_cm3_s: 2e-9,
  distribution: { shape: 'gaussian', sigma_eV: 0.1 },
});
const sheet = (type: InterfaceDefect['type'], depth: number): InterfaceDefect => ({
  type,
  N_t_cm2: 1e10,
  level_below_vacuum_eV: depth,
  c_n_cm3_s: 1e-9,
  c_p_cm3_s: 1e-9,
});

const withDefects: ElectricalDevice = {
  ...plain,
  layers: plain.layers.map((l) =>
    l.name === 'perovskite'
      ? { ...l, defects: [gaussian('acceptor', 4.5), gaussian('neutral', 4.7), gaussian('donor', 4.95)] }
      : l,
  ),
  interfaces: [{ defects: [sheet('donor', 4.9)] }, { defects: [sheet('acceptor', 4.6)] }],
};

export default function defects(): BenchFigure[] {
  const out: BenchFigure[] = [];
  const jv = (d: ElectricalDevice) => {
    let r: ReturnType<typeof simulateJV> | undefined;
    const t = timeBoth(
      () => {
        r = simulateJV(d);
      },
      9,
      2,
    );
    if (!r?.converged) throw new Error(`the J-V did not converge: ${r?.error}`);
    return { ...t, r: r! };
  };
  const a = jv(plain);
  const b = jv(withDefects);
  out.push({
    name: 'defects: perovskite p-i-n, 500 nodes, light J-V 0-1.3 V / 10 mV, without defects',
    medianMs: median(a.wall),
    extra: {
      'min ms': a.wall[0]!,
      'CPU ms (median)': median(a.cpu),
      'Newton iterations': a.r.stats?.totalNewtonIterations ?? Number.NaN,
      Voc_V: a.r.figures?.Voc_V ?? Number.NaN,
    },
  });
  out.push({
    name: 'defects: same J-V with 3 Gaussian bulk defects + 2 interface sheets (target: at most 2x the above)',
    medianMs: median(b.wall),
    targetMs: 2 * median(a.wall),
    extra: {
      'cost ratio (wall medians)': median(b.wall) / median(a.wall),
      'cost ratio (wall minima)': b.wall[0]! / a.wall[0]!,
      'cost ratio (CPU medians)': median(b.cpu) / median(a.cpu),
      'min ms': b.wall[0]!,
      'CPU ms (median)': median(b.cpu),
      'Newton iterations': b.r.stats?.totalNewtonIterations ?? Number.NaN,
      Voc_V: b.r.figures?.Voc_V ?? Number.NaN,
    },
  });

  const dark: ElectricalDevice = { ...withDefects, generation: { kind: 'dark' } };
  const V = Array.from({ length: 50 }, (_, k) => -1 + 0.04 * k);
  let cv: ReturnType<typeof capacitanceVoltage> | undefined;
  const cvTimes = timeBoth(
    () => {
      cv = capacitanceVoltage(dark, V, 1e4);
    },
    7,
    1,
  );
  if (!cv?.converged) throw new Error(`the C-V sweep did not converge: ${cv?.error}`);
  out.push({
    name: 'defects: C-V sweep, same cell with its defects, dark, 50 voltages -1..0.96 V at 10 kHz',
    medianMs: median(cvTimes.wall),
    targetMs: 1000,
    extra: {
      'min ms': cvTimes.wall[0]!,
      'p90 ms': cvTimes.wall[Math.floor(0.9 * (cvTimes.wall.length - 1))]!,
      'CPU ms (median)': median(cvTimes.cpu),
      'Newton iterations': cv.stats.newtonIterations,
    },
  });
  return out;
}

export { plain, withDefects };

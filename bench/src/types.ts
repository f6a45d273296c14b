/** One measured figure of a benchmark, printed and copied into BENCHMARKS.md. */
export interface BenchFigure {
  /** What was measured, e.g. "optics: 10 layers, 1301 wavelengths, G(x) on 1000 points". */
  name: string;
  /** Median wall time of one run, ms. */
  medianMs: number;
  /** Other figures worth recording (min, p90, iterations per bias point, ...). */
  extra?: Record<string, number | string>;
  /** The target from the issue, ms, when there is one. */
  targetMs?: number;
}

/** A bench module (bench/src/*.bench.ts) default-exports one of these. */
export type BenchModule = () => Promise<BenchFigure[]> | BenchFigure[];

/** Runs fn `runs` times after `warmup` runs and returns the sorted wall times in ms. */
export function timeRuns(fn: () => unknown, runs: number, warmup = 3): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

export function median(sorted: number[]): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const mid = Math.floor(n / 2);
  return n % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

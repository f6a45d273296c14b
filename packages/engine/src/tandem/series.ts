/**
 * Series connection of subcells (a two-terminal monolithic tandem without bypass diodes).
 *
 * The subcells carry one current J (generation positive, mA/cm^2); the stack's internal voltage is
 * the sum of the subcells' voltages at that current, each read off the inverse of its J-V curve:
 *     V_int(J) = sum_i V_i(J),   V_i = J_i^{-1}
 * (Kirchhoff's laws for elements in series; e.g. M. A. Green, Solar Cells: Operating Principles,
 * Technology and System Applications, UNSW 1998).
 * An external series resistance Rs (Ohm cm^2) and a shunt Rsh across the whole stack then give the
 * terminal point: J_term = J - V_int / Rsh, V_term = V_int - J_term Rs (with the unit factor
 * 1e-3 A/mA).
 *
 * Validity: each V_i(J) must be single-valued, i.e. J_i(V) strictly decreasing (a light J-V without
 * S-shape). The stack is defined only for currents every subcell reaches inside its sampled range:
 * above the smallest subcell photocurrent the limiting cell would have to be driven into reverse
 * breakdown (there is no breakdown model and no bypass), so the curve ends there. Every V_i(J) is a
 * monotone piecewise-cubic (PCHIP) interpolant of the samples, so no overshoot between them.
 */
import { DEFAULT_PIN_MW_CM2, type KeyFigures, MonotoneCubic, sampledKeyFigures } from '../jv/figures.js';

/** A sampled light J-V of one subcell (any order; J generation-positive). */
export interface SubcellCurve {
  V: ArrayLike<number>;
  J_mA_cm2: ArrayLike<number>;
}

export interface SeriesOptions {
  rsOhmCm2?: number;
  /** Shunt across the stack, Ohm cm^2; null or absent: none. */
  rshOhmCm2?: number | null;
  /** Incident power for the PCE, mW/cm^2 (default 100). */
  pinMwCm2?: number;
  /** Points of the uniform current grid added to the samples (default 400). */
  gridPoints?: number;
}

export interface SeriesConnection {
  /** Terminal voltage and current of the stack, sorted by voltage. */
  V: number[];
  J_mA_cm2: number[];
  /** Each subcell's voltage at each point of the stack curve (same order), V. */
  subcellV: number[][];
  figures: KeyFigures;
  /** The current range the stack curve covers, mA/cm^2. */
  jRangeMaCm2: [number, number];
}

/** The largest and smallest current of a curve's samples. */
function range(c: SubcellCurve): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < c.J_mA_cm2.length; i++) {
    lo = Math.min(lo, c.J_mA_cm2[i]!);
    hi = Math.max(hi, c.J_mA_cm2[i]!);
  }
  return [lo, hi];
}

/**
 * Samples in order of increasing voltage, keeping only those where J has decreased by more than
 * rounding since the last one kept: an inverse V(J) exists only on the strictly decreasing part.
 * Where the photocurrent is saturated in reverse bias (J flat to rounding) the lowest voltage is
 * kept, so the limiting cell can still be driven into reverse bias.
 */
function decreasingPart(c: SubcellCurve): SubcellCurve {
  const idx = Array.from({ length: c.V.length }, (_, i) => i).sort((a, b) => c.V[a]! - c.V[b]!);
  let scale = 0;
  for (let i = 0; i < c.J_mA_cm2.length; i++) scale = Math.max(scale, Math.abs(c.J_mA_cm2[i]!));
  // well above the 1e-12 at which the interpolant merges abscissae
  const tol = Math.max(1e-9 * scale, 1e-11);
  const V: number[] = [];
  const J: number[] = [];
  for (const i of idx) {
    if (J.length > 0 && !(c.J_mA_cm2[i]! < J[J.length - 1]! - tol)) continue;
    V.push(c.V[i]!);
    J.push(c.J_mA_cm2[i]!);
  }
  return { V, J_mA_cm2: J };
}

/** The series connection of the curves (see the module comment). Throws when their current ranges do not overlap. */
/** The subcells' J-V curves share no current: no series curve exists (a result warning, not a fault). */
export class SeriesNoOverlap extends Error {
  constructor() {
    super('seriesConnect: the subcells share no current range (their J-V curves do not overlap)');
    this.name = 'SeriesNoOverlap';
  }
}

export function seriesConnect(curves: SubcellCurve[], options: SeriesOptions = {}): SeriesConnection {
  if (curves.length < 2) throw new Error('seriesConnect: needs at least two subcell curves');
  const parts = curves.map(decreasingPart);
  const ranges = parts.map(range);
  const jLo = Math.max(...ranges.map((r) => r[0]));
  const jHi = Math.min(...ranges.map((r) => r[1]));
  if (!(jHi > jLo)) throw new SeriesNoOverlap();
  const inverse = parts.map((p) => new MonotoneCubic(p.J_mA_cm2, p.V));
  // the samples' own currents inside the shared range plus a uniform grid: the stack curve keeps
  // every subcell's detail and is dense where all are smooth
  const js = new Set<number>();
  const n = options.gridPoints ?? 400;
  for (let k = 0; k <= n; k++) js.add(jLo + ((jHi - jLo) * k) / n);
  for (const p of parts) for (const j of Array.from(p.J_mA_cm2)) if (j > jLo && j < jHi) js.add(j);
  const grid = [...js].sort((a, b) => b - a);
  const rs = options.rsOhmCm2 ?? 0;
  const rsh = options.rshOhmCm2 ?? null;
  const V: number[] = [];
  const J: number[] = [];
  const subcellV: number[][] = parts.map(() => []);
  for (const j of grid) {
    let vInt = 0;
    inverse.forEach((f, i) => {
      const v = f.value(j);
      subcellV[i]!.push(v);
      vInt += v;
    });
    const jTerm = rsh !== null ? j - (1e3 * vInt) / rsh : j;
    V.push(vInt - 1e-3 * jTerm * rs);
    J.push(jTerm);
  }
  const figures = sampledKeyFigures(V, J, options.pinMwCm2 ?? DEFAULT_PIN_MW_CM2);
  return { V, J_mA_cm2: J, subcellV, figures, jRangeMaCm2: [jLo, jHi] };
}

/**
 * Figures of merit of a sampled J-V curve, the one routine for every J-V the engine or a user
 * produces (drift-diffusion results, measured curves, the validators and the exports):
 *   Jsc = J(0), Voc = root of J(V) at V > 0, maximum power point (Vmp, Jmp, Pmax = Vmp Jmp),
 *   FF = Pmax / (Jsc Voc), PCE = 100 Pmax / P_in,
 * generation-positive J in mA/cm^2, V in volts, powers in mW/cm^2 (FORMAT.md).
 *
 * Every figure is read off a monotone piecewise-cubic Hermite interpolant (PCHIP) through the
 * points, never snapped to a sample: Fritsch & Carlson, SIAM J. Numer. Anal. 17, 238 (1980), with
 * the weighted-harmonic-mean slopes of Fritsch & Butland (1984) and three-point end slopes (as
 * scipy's PchipInterpolator). It never overshoots monotone data, so a coarse grid cannot create a
 * spurious power maximum; on a 10 mV grid Voc of an ideal diode is exact to about 1 uV. The
 * maximum power point is found by a dense scan of V J(V) over [0, Voc] refined by Brent's method
 * (numerics/maximize.ts), which also copes with S-shaped curves that have more than one local maximum.
 *
 * Circuit models whose equations are known use circuitKeyFigures (circuit/key-figures.ts), which
 * solves them without sampling; this routine is for curves known only by their points.
 */

import { brentMax } from '../numerics/maximize.js';

/** Key figures of a J-V curve; NaN for what the curve does not contain. */
export interface KeyFigures {
  jscMaCm2: number;
  vocV: number;
  vmpV: number;
  jmpMaCm2: number;
  pmaxMwCm2: number;
  ff: number;
  /** Power conversion efficiency in %, for the incident power given (default 100 mW/cm^2). */
  pcePercent: number;
  /** Incident power used for PCE, mW/cm^2. */
  pinMwCm2: number;
}

export const DEFAULT_PIN_MW_CM2 = 100;

/**
 * The figures that follow from Jsc, Voc and the maximum power point, Pmax = Vmp Jmp,
 * FF = Pmax / (Jsc Voc), PCE = 100 Pmax / P_in: one definition for sampled curves and circuit
 * models alike. A NaN in (a figure the curve does not have) stays NaN in what depends on it.
 */
export function keyFiguresFrom(
  jscMaCm2: number,
  vocV: number,
  vmpV: number,
  jmpMaCm2: number,
  pinMwCm2: number,
): KeyFigures {
  const pmax = vmpV * jmpMaCm2;
  return {
    jscMaCm2,
    vocV,
    vmpV,
    jmpMaCm2,
    pmaxMwCm2: pmax,
    ff: pmax / (jscMaCm2 * vocV),
    pcePercent: (100 * pmax) / pinMwCm2,
    pinMwCm2,
  };
}

/** Monotone piecewise-cubic Hermite interpolant (PCHIP) of y(x); duplicate x are dropped. */
export class MonotoneCubic {
  readonly x: number[];
  readonly y: number[];
  private readonly d: number[];

  constructor(x: ArrayLike<number>, y: ArrayLike<number>) {
    const idx = Array.from({ length: x.length }, (_, i) => i).sort((a, b) => x[a]! - x[b]!);
    const xs: number[] = [];
    const ys: number[] = [];
    for (const i of idx) {
      if (xs.length > 0 && Math.abs(x[i]! - xs[xs.length - 1]!) < 1e-12) continue;
      xs.push(x[i]!);
      ys.push(y[i]!);
    }
    this.x = xs;
    this.y = ys;
    const n = xs.length;
    const d = new Array<number>(n).fill(0);
    if (n === 2) {
      const s = (ys[1]! - ys[0]!) / (xs[1]! - xs[0]!);
      d[0] = s;
      d[1] = s;
    } else if (n > 2) {
      const h: number[] = [];
      const del: number[] = [];
      for (let k = 0; k < n - 1; k++) {
        h.push(xs[k + 1]! - xs[k]!);
        del.push((ys[k + 1]! - ys[k]!) / h[k]!);
      }
      for (let k = 1; k < n - 1; k++) {
        const a = del[k - 1]!;
        const b = del[k]!;
        if (a * b <= 0) d[k] = 0;
        else {
          const w1 = 2 * h[k]! + h[k - 1]!;
          const w2 = h[k]! + 2 * h[k - 1]!;
          d[k] = (w1 + w2) / (w1 / a + w2 / b);
        }
      }
      const end = (h0: number, h1: number, d0: number, d1: number): number => {
        let e = ((2 * h0 + h1) * d0 - h0 * d1) / (h0 + h1);
        if (Math.sign(e) !== Math.sign(d0)) e = 0;
        else if (Math.sign(d0) !== Math.sign(d1) && Math.abs(e) > 3 * Math.abs(d0)) e = 3 * d0;
        return e;
      };
      d[0] = end(h[0]!, h[1]!, del[0]!, del[1]!);
      d[n - 1] = end(h[n - 2]!, h[n - 3]!, del[n - 2]!, del[n - 3]!);
    }
    this.d = d;
  }

  get min(): number {
    return this.x[0]!;
  }
  get max(): number {
    return this.x[this.x.length - 1]!;
  }

  private interval(v: number): number {
    const { x } = this;
    let lo = 0;
    let hi = x.length - 1;
    if (v <= x[0]!) return 0;
    if (v >= x[hi]!) return Math.max(hi - 1, 0);
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (x[mid]! <= v) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  value(v: number): number {
    const { x, y, d } = this;
    if (x.length === 1) return y[0]!;
    const i = this.interval(v);
    const h = x[i + 1]! - x[i]!;
    const t = (v - x[i]!) / h;
    const t2 = t * t;
    const t3 = t2 * t;
    return (
      (2 * t3 - 3 * t2 + 1) * y[i]! +
      (t3 - 2 * t2 + t) * h * d[i]! +
      (-2 * t3 + 3 * t2) * y[i + 1]! +
      (t3 - t2) * h * d[i + 1]!
    );
  }
}

function bisect(f: (v: number) => number, a0: number, b0: number): number {
  let a = a0;
  let b = b0;
  let fa = f(a);
  for (let k = 0; k < 200; k++) {
    const c = 0.5 * (a + b);
    const fc = f(c);
    if (fc === 0 || b - a < 1e-13) return c;
    if (fa * fc < 0) b = c;
    else {
      a = c;
      fa = fc;
    }
  }
  return 0.5 * (a + b);
}

/**
 * Key figures of a sampled J-V curve (any order of points). Jsc needs V = 0 inside the range, Voc
 * a change of sign of J from + to - at V > 0; the maximum power point is searched on
 * [0, Voc] (or [0, the last voltage] when the curve ends before Voc). Figures the curve does not
 * contain are NaN.
 */
export function sampledKeyFigures(
  voltageV: ArrayLike<number>,
  jMaCm2: ArrayLike<number>,
  pinMwCm2 = DEFAULT_PIN_MW_CM2,
): KeyFigures {
  const none = keyFiguresFrom(Number.NaN, Number.NaN, Number.NaN, Number.NaN, pinMwCm2);
  if (voltageV.length < 2) return none;
  const sp = new MonotoneCubic(voltageV, jMaCm2);
  if (sp.x.length < 2) return none;
  const jsc = sp.min <= 0 && sp.max >= 0 ? sp.value(0) : Number.NaN;
  // Voc: the first sign change from + to - at V > 0, refined on the interpolant
  const xs = sp.x;
  let voc = Number.NaN;
  for (let i = 0; i < xs.length - 1; i++) {
    const b = xs[i + 1]!;
    if (b <= 0) continue;
    const a = Math.max(xs[i]!, 0);
    const fa = sp.value(a);
    const fb = sp.value(b);
    if (fa > 0 && fb <= 0) {
      voc = bisect((v) => sp.value(v), a, b);
      break;
    }
  }
  // maximum power in the power quadrant: dense scan, then Brent's refinement
  const lo0 = Math.max(sp.min, 0);
  const hi0 = Number.isFinite(voc) ? voc : sp.max;
  let vmp = Number.NaN;
  if (hi0 > lo0) {
    const P = (v: number) => v * sp.value(v);
    const nScan = 400;
    const step = (hi0 - lo0) / nScan;
    let best = 0;
    let vBest = Number.NaN;
    for (let k = 0; k <= nScan; k++) {
      const v = lo0 + k * step;
      const p = P(v);
      if (p > best) {
        best = p;
        vBest = v;
      }
    }
    if (Number.isFinite(vBest))
      vmp = brentMax(P, Math.max(lo0, vBest - step), Math.min(hi0, vBest + step), {
        start: vBest,
        xtol: 1e-12 * Math.max(1, hi0),
      }).x;
  }
  const jmp = Number.isFinite(vmp) ? sp.value(vmp) : Number.NaN;
  return keyFiguresFrom(jsc, voc, vmp, jmp, pinMwCm2);
}

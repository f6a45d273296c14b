/**
 * Key figures of a J-V curve: Jsc (mA/cm^2), Voc (V), Vmp (V), Jmp (mA/cm^2),
 * Pmax = Vmp Jmp (mW/cm^2), FF = Pmax / (Jsc Voc), PCE = 100 Pmax / Pin (%).
 *
 * For a circuit model (diode-circuit.ts) the maximum power point is found in the junction voltage
 * Vd (Bishop 1988): P(Vd) = V(Vd) J(Vd) with V = Vd - 1e-3 Rs J, so
 *   dP/dVd = J + J'(Vd) (Vd - 2e-3 Rs J) = 0,
 * solved by Brent's method between the short-circuit and the open-circuit junction voltages
 * (dP/dVd > 0 at the first, < 0 at the second).
 *
 * For sampled curves (measurements, imported simulations) every figure is interpolated with a
 * local cubic (4-point Lagrange) interpolant of J(V): Jsc is its value at V = 0, Voc its root
 * near the sign change (Brent), and the maximum power point the maximum of V J(V) over the two
 * intervals next to the largest sampled power (golden-section search), so that nothing is snapped
 * to a sampled point.
 */
import type { CircuitEvaluator } from './diode-circuit.js';
import { brentRoot } from './roots.js';

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

export interface CircuitKeyFigureOptions {
  pinMwCm2?: number;
  /** Values from a closed form (e.g. Lambert W for the single-diode model) to use instead. */
  jscMaCm2?: number;
  vocV?: number;
}

/** Key figures of a diode circuit, from its equations (no sampling). */
export function circuitKeyFigures(ev: CircuitEvaluator, opts: CircuitKeyFigureOptions = {}): KeyFigures {
  const pin = opts.pinMwCm2 ?? DEFAULT_PIN_MW_CM2;
  const vdSc = ev.vdAtV(0);
  const jsc = opts.jscMaCm2 ?? ev.jAtVd(vdSc);
  const voc = opts.vocV ?? ev.vocV();
  if (!(jsc > 0) || !(voc > 0)) {
    return { jscMaCm2: jsc, vocV: voc, vmpV: 0, jmpMaCm2: 0, pmaxMwCm2: 0, ff: 0, pcePercent: 0, pinMwCm2: pin };
  }
  const rsK = ev.rsK;
  const dP = (vd: number): number => {
    const j = ev.jAtVd(vd);
    return j + ev.djAtVd(vd) * (vd - 2 * rsK * j);
  };
  const vdMp = brentRoot(dP, vdSc, voc, { xtol: 1e-15 });
  const jmp = ev.jAtVd(vdMp);
  const vmp = vdMp - rsK * jmp;
  const pmax = vmp * jmp;
  return {
    jscMaCm2: jsc,
    vocV: voc,
    vmpV: vmp,
    jmpMaCm2: jmp,
    pmaxMwCm2: pmax,
    ff: pmax / (jsc * voc),
    pcePercent: (100 * pmax) / pin,
    pinMwCm2: pin,
  };
}

/** Local cubic interpolation of y(x) on sorted samples, using the 4 samples around x. */
function cubicAt(x: ArrayLike<number>, y: ArrayLike<number>, t: number): number {
  const n = x.length;
  if (n === 1) return y[0]!;
  let i = 0;
  let hi = n - 1;
  while (hi - i > 1) {
    const mid = (i + hi) >> 1;
    if (x[mid]! <= t) i = mid;
    else hi = mid;
  }
  // interval [i, i+1]; stencil i-1..i+2 clipped to the array
  if (n < 4) {
    const x0 = x[i]!;
    const x1 = x[i + 1]!;
    return y[i]! + ((y[i + 1]! - y[i]!) * (t - x0)) / (x1 - x0);
  }
  const s = Math.min(Math.max(i - 1, 0), n - 4);
  let sum = 0;
  for (let a = s; a < s + 4; a++) {
    let w = 1;
    for (let b = s; b < s + 4; b++) if (b !== a) w *= (t - x[b]!) / (x[a]! - x[b]!);
    sum += w * y[a]!;
  }
  return sum;
}

/** Golden-section maximisation of f on [a, b]. */
function goldenMax(f: (x: number) => number, a0: number, b0: number, tol: number): number {
  const r = (Math.sqrt(5) - 1) / 2;
  let a = a0;
  let b = b0;
  let c = b - r * (b - a);
  let d = a + r * (b - a);
  let fc = f(c);
  let fd = f(d);
  while (b - a > tol) {
    if (fc > fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - r * (b - a);
      fc = f(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + r * (b - a);
      fd = f(d);
    }
  }
  return 0.5 * (a + b);
}

/**
 * Key figures of a sampled illuminated curve (voltage ascending, generation-positive J).
 * Returns NaN for figures the curve does not contain (no V = 0 inside, no sign change of J).
 */
export function sampledKeyFigures(
  voltageV: ArrayLike<number>,
  jMaCm2: ArrayLike<number>,
  pinMwCm2 = DEFAULT_PIN_MW_CM2,
): KeyFigures {
  const n = voltageV.length;
  const v0 = voltageV[0]!;
  const vn = voltageV[n - 1]!;
  const jAt = (t: number): number => cubicAt(voltageV, jMaCm2, t);
  const jsc = v0 <= 0 && vn >= 0 ? jAt(0) : Number.NaN;
  // Voc: first sign change from + to - at V >= 0
  let voc = Number.NaN;
  for (let i = 0; i + 1 < n; i++) {
    const a = jMaCm2[i]!;
    const b = jMaCm2[i + 1]!;
    if (voltageV[i + 1]! > 0 && a > 0 && b <= 0) {
      const lo = Math.max(voltageV[i]!, 0);
      voc = jAt(lo) <= 0 ? lo : brentRoot(jAt, lo, voltageV[i + 1]!, { xtol: 1e-13 });
      break;
    }
  }
  // maximum power: largest sampled V J in the power quadrant, refined on the interpolant
  let best = -1;
  let pBest = 0;
  for (let i = 0; i < n; i++) {
    const v = voltageV[i]!;
    const p = v * jMaCm2[i]!;
    if (v >= 0 && p > pBest && (Number.isNaN(voc) || v <= voc)) {
      pBest = p;
      best = i;
    }
  }
  let vmp = Number.NaN;
  let jmp = Number.NaN;
  let pmax = Number.NaN;
  if (best >= 0) {
    const a = Math.max(voltageV[Math.max(best - 1, 0)]!, 0);
    const b0 = voltageV[Math.min(best + 1, n - 1)]!;
    const b = Number.isNaN(voc) ? b0 : Math.min(b0, voc);
    vmp = goldenMax((t) => t * jAt(t), a, b, 1e-9 * Math.max(1, Math.abs(b)));
    jmp = jAt(vmp);
    pmax = vmp * jmp;
  }
  return {
    jscMaCm2: jsc,
    vocV: voc,
    vmpV: vmp,
    jmpMaCm2: jmp,
    pmaxMwCm2: pmax,
    ff: pmax / (jsc * voc),
    pcePercent: (100 * pmax) / pinMwCm2,
    pinMwCm2,
  };
}

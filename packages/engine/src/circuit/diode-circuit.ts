/**
 * Equivalent circuit of a solar cell with any number of exponential diodes, a series and a shunt
 * resistance. Every circuit model of the engine (single-diode, two-diode, modified diode model)
 * reduces to this form:
 *
 *   J = Jph - sum_k J0k (exp(Vd / (nk Vt)) - 1) - Vd / Rsh,   Vd = V + J Rs        (1)
 *
 * Units and sign convention (assets/validation/FORMAT.md): J, Jph, J0k in mA/cm^2 with generation
 * positive, V in volts, Rs and Rsh in Ohm cm^2, so the series drop is J * 1e-3 * Rs (V) and the
 * shunt current 1e3 * Vd / Rsh (mA/cm^2). Vt = k_B T / q.
 *
 * Equation (1) is explicit in the junction ("diode") voltage Vd (Bishop, Solar Cells 25, 73
 * (1988)): J(Vd) is a strictly decreasing function, V(Vd) = Vd - 1e-3 Rs J(Vd) strictly increasing.
 * J at a terminal voltage V is therefore the unique root of g(Vd) = Vd - 1e-3 Rs J(Vd) - V, which
 * is bracketed by [V, V + 1e-3 Rs J(V)] (either order) and solved by safeguarded Newton
 * (roots.ts). For whole sweeps a faster path is used: J(Vd) is concave, so g is convex and
 * increasing with g' >= 1, and plain Newton from any start converges (after at most one step it
 * approaches the root monotonically from above); a step whose exponentials overflow is halved,
 * and the bracketed solver takes over if 60 iterations do not converge. Jsc = J(V=0); Voc is the root of J(Vd) = 0 (then V = Vd); the maximum power point is
 * the root of dP/dVd = J + J'(Vd) (Vd - 2e-3 Rs J) = 0 between the short-circuit and open-circuit
 * diode voltages (Brent), so none of the key figures is snapped to a sample.
 */

import { newtonBracketed } from '../numerics/roots.js';
import { check, diodeCircuitProblems } from './input-check.js';

export interface Diode {
  /** Saturation current density, mA/cm^2 (>= 0; 0 is a diode that is not there). */
  j0MaCm2: number;
  /** Ideality factor (> 0). */
  n: number;
}

export interface DiodeCircuit {
  /** Photocurrent density, mA/cm^2 (generation positive). */
  jphMaCm2: number;
  diodes: Diode[];
  /** Series resistance, Ohm cm^2 (>= 0). */
  rsOhmCm2: number;
  /** Shunt resistance, Ohm cm^2 (> 0; Infinity for no shunt). */
  rshOhmCm2: number;
  /** Thermal voltage k_B T / q, V. */
  vtV: number;
}

/** Precomputed 1/(n Vt) and shunt conductance of a circuit for fast evaluation. */
export class CircuitEvaluator {
  readonly c: DiodeCircuit;
  private readonly inv: Float64Array;
  private readonly j0: Float64Array;
  /** Shunt conductance in mA/cm^2 per volt (1e3 / Rsh). */
  readonly gsh: number;
  /** Series resistance in V per (mA/cm^2) (1e-3 Rs). */
  readonly rsK: number;

  /** Throws CircuitInputError naming the field when the circuit breaks a rule of input-check.ts. */
  constructor(c: DiodeCircuit) {
    check((out) => diodeCircuitProblems(c as unknown as Record<string, unknown>, out));
    this.c = c;
    // a diode with J0 = 0 carries no current (e.g. Auger switched off): skipping it saves exponentials
    const active = c.diodes.filter((d) => d.j0MaCm2 !== 0);
    this.inv = Float64Array.from(active, (d) => 1 / (d.n * c.vtV));
    this.j0 = Float64Array.from(active, (d) => d.j0MaCm2);
    this.gsh = Number.isFinite(c.rshOhmCm2) ? 1e3 / c.rshOhmCm2 : 0;
    this.rsK = 1e-3 * c.rsOhmCm2;
  }

  /** J(Vd) of equation (1), mA/cm^2. */
  jAtVd(vd: number): number {
    let j = this.c.jphMaCm2 - this.gsh * vd;
    for (let k = 0; k < this.j0.length; k++) j -= this.j0[k]! * Math.expm1(vd * this.inv[k]!);
    return j;
  }

  /** dJ/dVd, mA/cm^2 per volt (always < 0 unless the circuit has no diode and no shunt). */
  djAtVd(vd: number): number {
    let d = -this.gsh;
    for (let k = 0; k < this.j0.length; k++) d -= this.j0[k]! * this.inv[k]! * Math.exp(vd * this.inv[k]!);
    return d;
  }

  /** Terminal voltage at junction voltage vd. */
  vAtVd(vd: number): number {
    return vd - this.rsK * this.jAtVd(vd);
  }

  /** Junction voltage Vd at terminal voltage v (root of Vd - 1e-3 Rs J(Vd) - V). */
  vdAtV(v: number, guess?: number): number {
    if (this.rsK === 0) return v;
    const jv = this.jAtVd(v);
    if (jv === 0) return v;
    const other = v + this.rsK * jv;
    if (!Number.isFinite(other)) throw new Error(`circuit: current not finite at V = ${v}`);
    const fdf = (vd: number): [number, number] => {
      const j = this.jAtVd(vd);
      return [vd - this.rsK * j - v, 1 - this.rsK * this.djAtVd(vd)];
    };
    const x0 = guess !== undefined && guess > Math.min(v, other) && guess < Math.max(v, other) ? guess : v;
    return newtonBracketed(fdf, v, other, x0);
  }

  /** Current density at terminal voltage v, mA/cm^2. */
  jAtV(v: number, guess?: number): number {
    if (this.rsK === 0) return this.jAtVd(v);
    const vd = this.vdAtV(v, guess);
    return this.jAtVd(vd);
  }

  /** J and dJ/dVd together (one exponential per diode). */
  private jdj(vd: number, out: Float64Array): void {
    let j = this.c.jphMaCm2 - this.gsh * vd;
    let d = -this.gsh;
    for (let k = 0; k < this.j0.length; k++) {
      const x = vd * this.inv[k]!;
      const e = Math.exp(x);
      j -= this.j0[k]! * (x < 1e-5 && x > -1e-5 ? Math.expm1(x) : e - 1);
      d -= this.j0[k]! * this.inv[k]! * e;
    }
    out[0] = j;
    out[1] = d;
  }

  /**
   * Junction voltage at terminal voltage v by plain Newton from vd0 (convex g); NaN if it fails.
   * On return buf holds [J, dJ/dVd] at the returned Vd (the last evaluation advanced by the last,
   * converged step to first order: the neglected term J'' step^2 / 2 is far below rounding).
   */
  private vdNewton(v: number, vd0: number, buf: Float64Array): number {
    let vd = vd0;
    for (let it = 0; it < 60; it++) {
      this.jdj(vd, buf);
      const g = vd - this.rsK * buf[0]! - v;
      if (!Number.isFinite(g)) {
        // overflowed: step back towards v (where g is finite)
        vd = 0.5 * (vd + v);
        continue;
      }
      const step = g / (1 - this.rsK * buf[1]!);
      vd -= step;
      if (Math.abs(step) <= 1e-11 * Math.max(1, Math.abs(vd))) {
        buf[0] = buf[0]! - buf[1]! * step;
        return vd;
      }
    }
    return Number.NaN;
  }

  /** J at every voltage of a sweep (warm-started Newton with a first-order predictor; bracketed fallback). */
  curve(voltageV: ArrayLike<number>): Float64Array {
    const out = new Float64Array(voltageV.length);
    if (this.rsK === 0) {
      for (let i = 0; i < voltageV.length; i++) out[i] = this.jAtVd(voltageV[i]!);
      return out;
    }
    const buf = new Float64Array(2);
    let prevVd = Number.NaN;
    let prevV = Number.NaN;
    let prevSlope = 1; // dVd/dV = 1 / (1 - 1e-3 Rs J'(Vd))
    for (let i = 0; i < voltageV.length; i++) {
      const v = voltageV[i]!;
      const start = Number.isFinite(prevVd) ? prevVd + (v - prevV) * prevSlope : v;
      let vd = this.vdNewton(v, start, buf);
      let j: number;
      if (Number.isFinite(vd)) {
        j = buf[0]!;
        prevSlope = 1 / (1 - this.rsK * buf[1]!);
      } else {
        vd = this.vdAtV(v);
        j = this.jAtVd(vd);
        prevSlope = 1 / (1 - this.rsK * this.djAtVd(vd));
      }
      prevVd = vd;
      prevV = v;
      out[i] = j;
    }
    return out;
  }

  /** Junction voltage at open circuit (= Voc), by safeguarded Newton on J(Vd) = 0. */
  vocV(): number {
    if (!(this.c.jphMaCm2 > 0)) return Number.NaN;
    const f0 = this.jAtVd(0);
    if (f0 <= 0) return 0;
    let hi = 0.1;
    while (this.jAtVd(hi) > 0) {
      hi *= 2;
      if (hi > 1e4) return Number.NaN;
    }
    return newtonBracketed((vd) => [this.jAtVd(vd), this.djAtVd(vd)], 0, hi, 0.5 * hi);
  }
}

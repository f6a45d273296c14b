/**
 * Capacitance-voltage and capacitance-frequency sweeps of the small-signal solver (impedance.ts),
 * and their classic readings.
 *
 * C(V) at one frequency over a list of DC voltages (one continuation along them), C = Im(1/Z)/w.
 * Mott-Schottky: for a one-sided abrupt junction the depletion capacitance per area is
 *     C = sqrt(q eps N / (2 (V_bi - V - kT/q))),   i.e.   1/C^2 = 2 (V_bi - kT/q - V) / (q eps N),
 * so a straight line through 1/C^2 against V gives N = -2 / (q eps slope) and V_bi from its zero
 * plus kT/q, the majority-carrier tail of the depleted side (Sze & Ng, Physics of Semiconductor
 * Devices, 3rd ed., §2.3.2 and §3.2). The reading is exact for a Schottky barrier; at a p+/n
 * junction holes spill a few Debye lengths of the p+ side into the n side, and the zero of the line
 * falls below V_bi - kT/q by the drop across that spill (114 mV at N_a/N_d = 1000, 1e19/1e16
 * cm^-3 silicon; an independent Poisson solution gives the same). Admittance
 * spectroscopy: -f dC/df peaks where a defect level stops following the signal, at w = 2 e_t for a
 * level crossing the Fermi level in the depletion region (Walter, Herberholz, Müller & Schock,
 * J. Appl. Phys. 80, 4411 (1996)).
 */
import { EPS0_F_M, Q_C, thermalVoltageV } from '../../constants.js';
import type { EngineMessage } from '../../messages/index.js';
import { resultMessage } from '../../messages/results.js';
import { WallClockExceeded } from '../discretisation/newton.js';
import { DDSystem } from '../discretisation/system.js';
import type { ElectricalDevice } from '../types.js';
import { smallSignal } from './impedance.js';
import { ContinuationSolver, DidNotConverge } from './jv.js';

export interface CapacitanceVoltageResult {
  converged: boolean;
  /** Why the run stopped early (messages/results.ts). */
  error?: EngineMessage;
  frequency_Hz: number;
  /** The DC voltages reached, V, and the capacitance at each, F/cm^2, and 1/C^2, cm^4/F^2. */
  V: number[];
  C_F_cm2: number[];
  invC2_cm4_F2: number[];
  stats: { elapsed_ms: number; newtonIterations: number };
}

/** C(V) at one frequency over the DC voltages (in the order given; the continuation follows them). */
export function capacitanceVoltage(
  device: ElectricalDevice,
  voltages_V: number[],
  frequency_Hz: number,
): CapacitanceVoltageResult {
  const o = device.options ?? {};
  const clock = o.clock ?? (() => Date.now());
  const started = clock();
  const deadline = started + (o.wallClockLimit_ms ?? 300000);
  const sys = new DDSystem(device);
  const cs = new ContinuationSolver(sys, deadline, clock);
  const out: CapacitanceVoltageResult = {
    converged: true,
    frequency_Hz,
    V: [],
    C_F_cm2: [],
    invC2_cm4_F2: [],
    stats: { elapsed_ms: 0, newtonIterations: 0 },
  };
  const Rs = device.Rs_ohm_cm2 ?? 0;
  try {
    cs.start();
    for (const V of voltages_V) {
      cs.goTo(V + cs.current() * 1e-3 * Rs);
      for (let k = 0; k < 60 && Rs > 0; k++) {
        const target = V + cs.current() * 1e-3 * Rs;
        if (Math.abs(target - cs.v) < 1e-10) break;
        cs.goTo(target);
      }
      const r = smallSignal(sys, cs.x, cs.v, [frequency_Hz], deadline, clock);
      if (r.error || r.points.length === 0) {
        out.converged = false;
        out.error = r.error ?? resultMessage.impedanceWallClock();
        break;
      }
      const C = r.points[0]!.C_F_cm2;
      out.V.push(V);
      out.C_F_cm2.push(C);
      out.invC2_cm4_F2.push(1 / (C * C));
    }
  } catch (e) {
    if (!(e instanceof DidNotConverge || e instanceof WallClockExceeded)) throw e;
    out.converged = false;
    out.error = e.msg;
  }
  out.stats = { elapsed_ms: clock() - started, newtonIterations: cs.totalIterations };
  return out;
}

export interface MottSchottkyFit {
  /** Doping of the depleted side, cm^-3, and the built-in voltage, V. */
  doping_cm3: number;
  Vbi_V: number;
  /** The voltages the line was fitted over, and its slope (cm^4/F^2 per V) and intercept. */
  range_V: [number, number];
  slope: number;
  intercept: number;
  /** Coefficient of determination of the straight line. */
  r2: number;
}

/**
 * The Mott-Schottky line through the points with V in [Vmin, Vmax] (least squares), read with the
 * relative permittivity of the depleted layer at temperature T.
 */
export function mottSchottky(
  V: number[],
  invC2: number[],
  eps_r: number,
  T_K: number,
  range: [number, number],
): MottSchottkyFit | undefined {
  const idx = V.map((_, k) => k).filter((k) => V[k]! >= range[0] && V[k]! <= range[1]);
  if (idx.length < 2) return undefined;
  let sx = 0;
  let sy = 0;
  for (const k of idx) {
    sx += V[k]!;
    sy += invC2[k]!;
  }
  const mx = sx / idx.length;
  const my = sy / idx.length;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const k of idx) {
    sxx += (V[k]! - mx) ** 2;
    sxy += (V[k]! - mx) * (invC2[k]! - my);
    syy += (invC2[k]! - my) ** 2;
  }
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  const eps = EPS0_F_M * 1e-2 * eps_r; // F/cm
  return {
    doping_cm3: -2 / (Q_C * eps * slope),
    Vbi_V: -intercept / slope + thermalVoltageV(T_K),
    range_V: range,
    slope,
    intercept,
    r2: syy > 0 ? (sxy * sxy) / (sxx * syy) : 1,
  };
}

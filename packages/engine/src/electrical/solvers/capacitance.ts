/**
 * Capacitance-voltage and capacitance-frequency sweeps of the small-signal solver (impedance.ts),
 * and their classic readings.
 *
 * C(V) at one frequency over a list of DC voltages (one continuation along them), C = Im(1/Z)/w,
 * with what its Mott-Schottky reading (mott-schottky.ts) is measured against: the geometric
 * capacitance of the stack, C_geo = 1 / sum over the mesh intervals of h / (eps0 eps_r), and the
 * equilibrium potential drop W_anode - W_cathode of the device's own contacts. The reading is
 * exact for a Schottky barrier; at a p+/n junction holes spill a few Debye lengths of the p+ side
 * into the n side, and the zero of the line falls below V_bi - kT/q by the drop across that spill
 * (114 mV at N_a/N_d = 1000, 1e19/1e16 cm^-3 silicon; an independent Poisson solution gives the
 * same). Admittance
 * spectroscopy: -f dC/df peaks where a defect level stops following the signal, at w = 2 e_t for a
 * level crossing the Fermi level in the depletion region (Walter, Herberholz, Müller & Schock,
 * J. Appl. Phys. 80, 4411 (1996)).
 */
import { EPS0_F_M } from '../../constants.js';
import type { EngineMessage } from '../../messages/index.js';
import { resultMessage } from '../../messages/results.js';
import { WallClockExceeded } from '../discretisation/newton.js';
import { DDSystem } from '../discretisation/system.js';
import type { ElectricalDevice } from '../types.js';
import { smallSignal } from './impedance.js';
import { ContinuationSolver, DidNotConverge } from './jv.js';

/**
 * What a Mott-Schottky reading is measured against: the geometric capacitance of the semiconductor
 * stack, F/cm^2, and W_anode - W_cathode of the device's own contacts, V (its equilibrium drop).
 */
export function capacitanceReferences(device: ElectricalDevice): { geometric_F_cm2: number; builtIn_V: number } {
  const sys = new DDSystem(device);
  let elastance = 0; // m^2/F
  for (let k = 0; k < sys.h.length; k++) elastance += (sys.h[k]! * sys.L0) / (EPS0_F_M * sys.eps[k]!);
  const anodeLeft = device.contacts.anode === 'left';
  return {
    geometric_F_cm2: 1e-4 / elastance,
    builtIn_V: anodeLeft ? sys.left.W_eV - sys.right.W_eV : sys.right.W_eV - sys.left.W_eV,
  };
}

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

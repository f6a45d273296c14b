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
 * A circuit without photocurrent (Jph <= 0) has no power quadrant: its Jsc = J(0) exists, its Voc,
 * maximum power point, FF and PCE do not and are NaN (never 0, which would read as a measured
 * figure of a dead cell).
 *
 * Sampled curves (measurements, imported simulations) go through the engine's one sampled-curve
 * routine, jv/figures.ts (monotone cubic interpolant), re-exported here.
 */

import { DEFAULT_PIN_MW_CM2, type KeyFigures, keyFiguresFrom } from '../jv/figures.js';
import { brentRoot } from '../numerics/roots.js';
import type { CircuitEvaluator } from './diode-circuit.js';

export { DEFAULT_PIN_MW_CM2, type KeyFigures, sampledKeyFigures } from '../jv/figures.js';

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
    const none = Number.NaN;
    return keyFiguresFrom(jsc, voc > 0 ? voc : none, none, none, pin);
  }
  const rsK = ev.rsK;
  const dP = (vd: number): number => {
    const j = ev.jAtVd(vd);
    return j + ev.djAtVd(vd) * (vd - 2 * rsK * j);
  };
  const vdMp = brentRoot(dP, vdSc, voc, { xtol: 1e-15 });
  const jmp = ev.jAtVd(vdMp);
  return keyFiguresFrom(jsc, voc, vdMp - rsK * jmp, jmp, pin);
}

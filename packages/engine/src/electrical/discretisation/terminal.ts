/**
 * The total current through one interval, conduction plus displacement, for the transient and
 * small-signal solvers:
 *     J = Jn + Jp + sum_s s F_s - dD/dt,   D = lambda^2 eps du/dx           (scaled, along +x)
 * In one dimension it is the same in every interval: the box equations of Poisson, the carriers and
 * the ions add up to d/dt of Poisson's box equation (exactly, for any time discretisation linear in
 * the stored charge; storage.ts). The external circuit reads it at the interval next to the anode.
 */

import { ionFlux } from '../models/ions.js';
import type { Carriers } from '../models/statistics/carriers.js';
import { carrierFluxes, displacement } from './fluxes.js';
import type { DDModel } from './model.js';
import { FN, FP, U } from './unknowns.js';

const dn = new Float64Array(4);
const dp = new Float64Array(5);
const di = new Float64Array(4);

/**
 * J of interval k (scaled) and its derivatives with respect to the unknowns of nodes k and k+1
 * into dA, dB (length m each). dDdt = c0 D + hist is the discrete time derivative of the
 * displacement the integrator uses (c0 = 0 for a conduction current only).
 */
export function intervalCurrent(
  model: DDModel,
  car: Carriers,
  x: Float64Array,
  m: number,
  k: number,
  c0: number,
  histD: number,
  dA: Float64Array,
  dB: Float64Array,
): number {
  dA.fill(0);
  dB.fill(0);
  const Jn = carrierFluxes(model, car, x, m, k, dn, dp);
  let J = Jn + dp[4]!;
  dA[U] = dn[0]! + dp[0]!;
  dA[FN] = dn[1]!;
  dA[FP] = dp[1]!;
  dB[U] = dn[2]! + dp[2]!;
  dB[FN] = dn[3]!;
  dB[FP] = dp[3]!;
  for (const ion of model.ions) {
    if (k < ion.first || k >= ion.last) continue;
    const F = ionFlux(ion, x, m, k, model.h[k]!, di);
    J += ion.sign * F;
    dA[U]! += ion.sign * di[0]!;
    dB[U]! += ion.sign * di[1]!;
    dA[ion.slot]! += ion.sign * di[2]!;
    dB[ion.slot]! += ion.sign * di[3]!;
  }
  if (c0 !== 0 || histD !== 0) {
    const { D, dDdu } = displacement(model, x, m, k);
    J -= c0 * D + histD;
    dA[U]! += c0 * dDdu;
    dB[U]! -= c0 * dDdu;
  }
  return J;
}

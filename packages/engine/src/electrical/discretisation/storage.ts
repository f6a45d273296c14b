/**
 * The stored charge of each box: what the time derivative acts on in the transient and
 * small-signal solvers. With the residual R(x) of the steady equations (system.ts, box form), the
 * time-dependent system is
 *     R(x) + d/dt S(x) = 0,
 *     S = 0 (Poisson),  S = -w n (electrons),  S = +w p (holes),  S = +w P (each ionic species),
 * w the box width on each side (each side with its own layer's densities), so that the discrete
 * equations conserve every particle number exactly for any time integrator that is linear in S
 * (BDF). dS/dx is block diagonal (each box depends on its own node only).
 */

import { ionDensity } from '../models/ions.js';
import type { Carriers } from '../models/statistics/carriers.js';
import type { DDModel } from './model.js';
import { FN, FP, U } from './unknowns.js';

/**
 * S(x) into S (length m N) and, when dS is given, dS/dx into dS (m x m per node, row-major,
 * length m^2 N). The carriers must have been evaluated at x.
 */
export function storage(
  model: DDModel,
  car: Carriers,
  x: Float64Array,
  m: number,
  S: Float64Array,
  dS?: Float64Array,
): void {
  const { N, hs } = model;
  const mm = m * m;
  S.fill(0);
  if (dS) dS.fill(0);
  for (let i = 0; i < N; i++) {
    for (let side = 0; side < 2; side++) {
      const s = 2 * i + side;
      const w = hs[s]!;
      if (w === 0) continue;
      S[m * i + FN]! -= w * car.nS[s]!;
      S[m * i + FP]! += w * car.pS[s]!;
      if (dS) {
        const o = mm * i;
        // dn/du = dn/dfn = n', dp/du = dp/dfp = -p'
        dS[o + m * FN + U]! -= w * car.dnS[s]!;
        dS[o + m * FN + FN]! -= w * car.dnS[s]!;
        dS[o + m * FP + U]! -= w * car.dpS[s]!;
        dS[o + m * FP + FP]! -= w * car.dpS[s]!;
      }
    }
  }
  for (const ion of model.ions) {
    const r = ion.slot;
    for (let i = ion.first; i <= ion.last; i++) {
      const w = i === ion.first ? hs[2 * i + 1]! : i === ion.last ? hs[2 * i]! : hs[2 * i]! + hs[2 * i + 1]!;
      const wP = w * ionDensity(ion, x, m, i);
      S[m * i + r]! += wP;
      if (dS) {
        // P = N exp(phi - s u): dP/dphi = P, dP/du = -s P
        dS[mm * i + m * r + r]! += wP;
        dS[mm * i + m * r + U]! -= ion.sign * wP;
      }
    }
  }
}

/**
 * Carrier densities on every node side from the unknowns (u, fn, fp), with the derivatives the
 * Jacobian needs.
 *
 *   Boltzmann:    n = exp(fn + u + an),                 p = exp(-fp - u - ap)          (scaled)
 *   Fermi-Dirac:  n = (Nc/N0) F_1/2(fn + u + an - ln(Nc/N0)),  likewise p
 * (Sze & Ng, Physics of Semiconductor Devices, 3rd ed., ch. 1.4). For general statistics
 * dn/du = dn/dfn = n' and dp/du = dp/dfp = -p', with n' = n g, g = F'/F (g = 1 for Boltzmann).
 * The degeneracy factor ln(F(eta)/e^eta) enters the effective potentials of the Scharfetter-Gummel
 * fluxes (the generalised Einstein relation; fluxes.ts).
 */

import { EXP_CAP, ex } from '../../discretisation/capped-exp.js';
import type { DDModel } from '../../discretisation/model.js';
import { FN, FP, U } from '../../discretisation/unknowns.js';
import { logFermiHalf } from './fermi-dirac.js';

export class Carriers {
  /** Densities (scaled) per node side. */
  readonly nS: Float64Array;
  readonly pS: Float64Array;
  /** dn/d eta, dp/d eta. */
  readonly dnS: Float64Array;
  readonly dpS: Float64Array;
  /** d ln F / d eta (1 for Boltzmann). */
  readonly gnS: Float64Array;
  readonly gpS: Float64Array;
  /** ln(F(eta)/e^eta) (0 for Boltzmann). */
  readonly lgnS: Float64Array;
  readonly lgpS: Float64Array;
  private readonly lw = new Float64Array(2);

  constructor(N: number) {
    this.nS = new Float64Array(2 * N);
    this.pS = new Float64Array(2 * N);
    this.dnS = new Float64Array(2 * N);
    this.dpS = new Float64Array(2 * N);
    this.gnS = new Float64Array(2 * N).fill(1);
    this.gpS = new Float64Array(2 * N).fill(1);
    this.lgnS = new Float64Array(2 * N);
    this.lgpS = new Float64Array(2 * N);
  }

  /** Evaluates every node side for the unknowns x (m per node). */
  evaluate(model: DDModel, x: Float64Array, m: number): void {
    const { nS, pS, dnS, dpS, gnS, gpS, lgnS, lgpS, lw } = this;
    const { N, an, ap } = model;
    const fd = model.fd;
    for (let i = 0; i < N; i++) {
      const u = x[m * i + U]!;
      const fn = x[m * i + FN]!;
      const fp = x[m * i + FP]!;
      for (let s = 2 * i; s < 2 * i + 2; s++) {
        // inside a layer both sides of a node share their parameters: evaluate once
        if (s & 1 && an[s] === an[s - 1] && ap[s] === ap[s - 1] && !fd) {
          nS[s] = nS[s - 1]!;
          dnS[s] = dnS[s - 1]!;
          pS[s] = pS[s - 1]!;
          dpS[s] = dpS[s - 1]!;
          continue;
        }
        let e = fn + u + an[s]!;
        let q = -fp - u - ap[s]!;
        if (!fd) {
          const n = Math.exp(e > EXP_CAP ? EXP_CAP : Math.max(e, -EXP_CAP));
          const p = Math.exp(q > EXP_CAP ? EXP_CAP : Math.max(q, -EXP_CAP));
          nS[s] = n;
          dnS[s] = n;
          pS[s] = p;
          dpS[s] = p;
        } else {
          const lnc = model.lnNc[s]!;
          logFermiHalf(e - lnc, lw);
          lgnS[s] = lw[0]! - (e - lnc);
          gnS[s] = lw[1]!;
          e = lw[0]! + lnc;
          nS[s] = Math.exp(e > EXP_CAP ? EXP_CAP : Math.max(e, -EXP_CAP));
          dnS[s] = nS[s]! * lw[1]!;
          const lnv = model.lnNv[s]!;
          logFermiHalf(q - lnv, lw);
          lgpS[s] = lw[0]! - (q - lnv);
          gpS[s] = lw[1]!;
          q = lw[0]! + lnv;
          pS[s] = Math.exp(q > EXP_CAP ? EXP_CAP : Math.max(q, -EXP_CAP));
          dpS[s] = pS[s]! * lw[1]!;
        }
      }
    }
  }
}

const lwShared = new Float64Array(2);

/** Electron density (scaled) on one side of node i, without derivatives. */
export function electronDensity(model: DDModel, x: Float64Array, m: number, i: number, side: 0 | 1): number {
  const s = 2 * i + side;
  const e = x[m * i + FN]! + x[m * i + U]! + model.an[s]!;
  if (!model.fd) return ex(e);
  logFermiHalf(e - model.lnNc[s]!, lwShared);
  return ex(lwShared[0]! + model.lnNc[s]!);
}

/** Hole density (scaled) on one side of node i, without derivatives. */
export function holeDensity(model: DDModel, x: Float64Array, m: number, i: number, side: 0 | 1): number {
  const s = 2 * i + side;
  const e = -x[m * i + FP]! - x[m * i + U]! - model.ap[s]!;
  if (!model.fd) return ex(e);
  logFermiHalf(e - model.lnNv[s]!, lwShared);
  return ex(lwShared[0]! + model.lnNv[s]!);
}

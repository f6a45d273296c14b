/**
 * The rows the internal interfaces add to the discretised system: recombination through interface
 * traps and the thermionic-emission fluxes across a double node, with their Jacobian entries. The
 * physics and the parameters they use are in interfaces.ts, which the model (discretisation/model.ts)
 * builds from; these read the built model.
 */
import type { BlockTridiagonal } from '../../discretisation/block-tridiagonal.js';
import { ex } from '../../discretisation/capped-exp.js';
import { addFlux } from '../../discretisation/fluxes.js';
import type { DDModel } from '../../discretisation/model.js';
import { FN, FP, U } from '../../discretisation/unknowns.js';
import { type Carriers, electronDensity, holeDensity } from '../statistics/carriers.js';
import type { InterfaceRec, ThermionicGap } from './interfaces.js';

/** n_i,s of an interface: n and p of the recombining sides at equal quasi-Fermi levels (Boltzmann parts). */
function interfaceNi(model: DDModel, it: InterfaceRec): number {
  return Math.exp(0.5 * (model.an[2 * it.eNode + it.eSide]! - model.ap[2 * it.hNode + it.hSide]!));
}

/** Interface recombination rate (scaled, per area) of solution x. */
export function interfaceRate(model: DDModel, it: InterfaceRec, x: Float64Array, m: number): number {
  const n = electronDensity(model, x, m, it.eNode, it.eSide);
  const p = holeDensity(model, x, m, it.hNode, it.hSide);
  const fn = x[m * it.eNode + FN]!;
  const fp = x[m * it.hNode + FP]!;
  const ni = interfaceNi(model, it);
  const den = (n + ni * it.trapFactor) / it.Sp + (p + ni / it.trapFactor) / it.Sn;
  return (-n * p * Math.expm1(fp - fn)) / den;
}

/**
 * Adds the interface recombination of every interface to the residual and the Jacobian: electrons
 * of node eNode, holes of node hNode (the same node, or the two nodes of a thermionic interface).
 */
export function assembleInterfaceRecombination(
  model: DDModel,
  car: Carriers,
  x: Float64Array,
  mat: BlockTridiagonal,
  F: Float64Array,
): void {
  const { A, B, C, m } = mat;
  const mm = m * m;
  const addJ = (rn: number, r: number, cn: number, c: number, val: number) => {
    const blk = cn === rn ? B : cn === rn + 1 ? C : A;
    blk[mm * rn + m * r + c]! += val;
  };
  for (const it of model.interfaces) {
    const ie = it.eNode;
    const ih = it.hNode;
    const fn = x[m * ie + FN]!;
    const fp = x[m * ih + FP]!;
    const se = 2 * ie + it.eSide;
    const sh = 2 * ih + it.hSide;
    const n = car.nS[se]!;
    const p = car.pS[sh]!;
    const dn = car.dnS[se]!;
    const dp = car.dpS[sh]!;
    const E = Math.exp(fp - fn);
    const om = -Math.expm1(fp - fn);
    const ni = interfaceNi(model, it);
    const den = (n + ni * it.trapFactor) / it.Sp + (p + ni / it.trapFactor) / it.Sn;
    const R = (n * p * om) / den;
    const dUe = (dn * p * om - (R * dn) / it.Sp) / den;
    const dFn = (dn * p * om + n * p * E - (R * dn) / it.Sp) / den;
    const dUh = (-n * dp * om + (R * dp) / it.Sn) / den;
    const dFp = (-n * dp * om - n * p * E + (R * dp) / it.Sn) / den;
    F[m * ie + FN]! -= R;
    F[m * ih + FP]! += R;
    addJ(ie, FN, ie, U, -dUe);
    addJ(ie, FN, ie, FN, -dFn);
    addJ(ie, FN, ih, U, -dUh);
    addJ(ie, FN, ih, FP, -dFp);
    addJ(ih, FP, ie, U, dUe);
    addJ(ih, FP, ie, FN, dFn);
    addJ(ih, FP, ih, U, dUh);
    addJ(ih, FP, ih, FP, dFp);
  }
}

/**
 * Thermionic emission across the gap between node a (left layer) and a+1 (right layer): writes the
 * interval fluxes Jn[a], Jp[a] and, when mat is given, adds them and their derivatives to the
 * residual and the Jacobian.
 */
export function thermionicFluxes(
  car: Carriers,
  x: Float64Array,
  m: number,
  a: number,
  te: ThermionicGap,
  Jn: Float64Array,
  Jp: Float64Array,
  mat: BlockTridiagonal | undefined,
  F: Float64Array,
): void {
  const { nS, pS, dnS, dpS } = car;
  const b = a + 1;
  const sa = 2 * a;
  const sb = 2 * b + 1;
  // electrons: J and d/d(ua, fna, ub, fnb)
  let J: number;
  let dua = 0;
  let dfa = 0;
  let dub = 0;
  let dfb = 0;
  const fa = x[m * a + FN]!;
  const fb = x[m * b + FN]!;
  if (te.nBarrierRight) {
    const e = ex(fa - fb);
    J = -te.vn * nS[sb]! * Math.expm1(fa - fb);
    dfa = -te.vn * nS[sb]! * e;
    dub = -te.vn * dnS[sb]! * (e - 1);
    dfb = dub + te.vn * nS[sb]! * e;
  } else {
    const e = ex(fb - fa);
    J = te.vn * nS[sa]! * Math.expm1(fb - fa);
    dfb = te.vn * nS[sa]! * e;
    dua = te.vn * dnS[sa]! * (e - 1);
    dfa = dua - te.vn * nS[sa]! * e;
  }
  Jn[a] = J;
  if (mat) addFlux(mat, F, a, FN, J, dua, dfa, dub, dfb);
  // holes: dp/du = dp/dfp = -p'
  const ga = x[m * a + FP]!;
  const gb = x[m * b + FP]!;
  dua = 0;
  dfa = 0;
  dub = 0;
  dfb = 0;
  if (te.pBarrierRight) {
    const e = ex(gb - ga);
    J = te.vp * pS[sb]! * Math.expm1(gb - ga);
    dfa = -te.vp * pS[sb]! * e;
    dub = -te.vp * dpS[sb]! * (e - 1);
    dfb = dub + te.vp * pS[sb]! * e;
  } else {
    const e = ex(ga - gb);
    J = -te.vp * pS[sa]! * Math.expm1(ga - gb);
    dfb = te.vp * pS[sa]! * e;
    dua = te.vp * dpS[sa]! * (e - 1);
    dfa = dua - te.vp * pS[sa]! * e;
  }
  Jp[a] = J;
  if (mat) addFlux(mat, F, a, FP, J, dua, dfa, dub, dfb);
}

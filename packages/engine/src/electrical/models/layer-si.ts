/**
 * A layer's material parameters in SI units, and its charge-neutral equilibrium densities: what the
 * model (discretisation/model.ts) scales per node side and what a contact's work function is taken
 * from (models/contacts/contacts.ts).
 */

import type { ElectricalLayer } from '../types.js';
import { bimolecularSI } from './excitons/dissociation.js';

/** Charge-neutral equilibrium densities of a layer with net doping C and n_i^2 (Boltzmann, full ionisation). */
export function neutralDensities(C: number, ni2: number): { n: number; p: number } {
  const half = C / 2;
  const r = Math.sqrt(half * half + ni2);
  if (C >= 0) {
    const n = half + r;
    return { n, p: ni2 / n };
  }
  const p = -half + r;
  return { n: ni2 / p, p };
}

/** Material parameters of one layer in SI units (m, m^-3, s). */
export interface LayerSI {
  Nc: number;
  Nv: number;
  ni2: number;
  /** Net doping Nd - Na, m^-3. */
  C: number;
  mun: number;
  mup: number;
  /** SRH lifetimes (Infinity: no SRH) and the trap's n1, p1. */
  tn: number;
  tp: number;
  n1: number;
  p1: number;
  krad: number;
  cn: number;
  cp: number;
}

export function layerSI(l: ElectricalLayer, Vt: number): LayerSI {
  const Nc = l.Nc_cm3 * 1e6;
  const Nv = l.Nv_cm3 * 1e6;
  const ni2 = Nc * Nv * Math.exp(-l.Eg_eV / Vt);
  let tn = Number.POSITIVE_INFINITY;
  let tp = Number.POSITIVE_INFINITY;
  if (l.tau_n_s !== undefined && l.tau_p_s !== undefined) {
    tn = l.tau_n_s;
    tp = l.tau_p_s;
  } else if (l.Nt_cm3 !== undefined && l.sigma_n_cm2 !== undefined && l.sigma_p_cm2 !== undefined) {
    // tau = 1/(sigma v_th N_t) per carrier; the holes' thermal velocity defaults to the electrons'
    const vthN = (l.vth_cm_s ?? 1e7) * 1e-2;
    const vthP = (l.vth_p_cm_s ?? l.vth_cm_s ?? 1e7) * 1e-2;
    const Nt = l.Nt_cm3 * 1e6;
    tn = 1 / (l.sigma_n_cm2 * 1e-4 * vthN * Nt);
    tp = 1 / (l.sigma_p_cm2 * 1e-4 * vthP * Nt);
  }
  const et = l.Et_minus_Ei_eV ?? 0;
  // the trap level is given relative to the intrinsic level E_i, so n1 = ni e^{(Et-Ei)/Vt}, p1 = ni e^{-(Et-Ei)/Vt}
  const ni = Math.sqrt(ni2);
  return {
    Nc,
    Nv,
    ni2,
    C: ((l.Nd_cm3 ?? 0) - (l.Na_cm3 ?? 0)) * 1e6,
    mun: l.mu_n_cm2_Vs * 1e-4,
    mup: l.mu_p_cm2_Vs * 1e-4,
    tn,
    tp,
    n1: ni * Math.exp(et / Vt),
    p1: ni * Math.exp(-et / Vt),
    // Langevin (organic blends) or k_rad
    krad: bimolecularSI(l),
    cn: (l.Cn_cm6_s ?? 0) * 1e-12,
    cp: (l.Cp_cm6_s ?? 0) * 1e-12,
  };
}

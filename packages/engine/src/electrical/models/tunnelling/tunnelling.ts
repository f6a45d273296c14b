/**
 * Tunnelling in the bulk of a layer, as local functions of the field F at a node (the centred
 * difference of the potential, node-field.ts):
 *
 * Band-to-band tunnelling (Hurkx, de Graaff, Kloosterman & Knuvers, IEEE TED 39, 331 (1992), in
 * the form device simulators use):
 *     R_BTBT = A D (|F| / 1 V/cm)^P exp(-B / |F|),   D = (n p - n_i^2) / ((n + n_i)(p + n_i))
 * a net recombination: electrons of the conduction band tunnel into empty states of the valence
 * band where n p > n_i^2 (a forward-biased tunnel/recombination junction), the reverse where
 * n p < n_i^2 (generation in reverse breakdown). P = 2 for direct, 2.5 for indirect gaps; for
 * silicon A = 4e14 cm^-3 s^-1, B = 1.9e7 V/cm, P = 2.5 as Sandia's Charon states them (the
 * Kane exponent of silicon confirms B; docs/physics/tunnelling.md has the sources).
 *
 * Trap-assisted tunnelling, the field enhancement of SRH (Hurkx et al., same paper):
 *     tau -> tau / (1 + Gamma),   Gamma = 2 sqrt(3 pi) (|F| / F_G) exp((F / F_G)^2),
 *     F_G = sqrt(24 m* (kT)^3) / (q hbar)
 * with m* the tunnelling mass. The closed form is Hurkx's low-field approximation of an energy
 * integral and grows without bound; it saturates smoothly at 1e12 here (Gamma / (1 + Gamma/1e12)),
 * fields where band-to-band tunnelling dominates anyway.
 */
import { HBAR_J_S, KB_J_K, M0_KG, Q_C } from '../../../constants.js';
import type { ElectricalLayer } from '../../types.js';

/** A layer's bulk tunnelling models in SI-friendly form (undefined fields: model off). */
export interface BulkTunnelling {
  /** BTBT prefactor (scaled rate per unit of D), exponent P and B in V/cm; A = 0: off. */
  btbtA: number;
  btbtP: number;
  btbtB_V_cm: number;
  /** F_G of trap-assisted tunnelling, V/cm; 0: off. */
  tatF_V_cm: number;
}

const GAMMA_MAX = 1e12;

/**
 * The layer's models; rateScale converts cm^-3 s^-1 to the solver's scaled rate
 * (t0 / N0 with N0 in cm^-3).
 */
export function buildBulkTunnelling(l: ElectricalLayer, T_K: number, rateScale: number): BulkTunnelling | undefined {
  const hasBtbt = l.btbt_A_cm3_s !== undefined && l.btbt_A_cm3_s > 0;
  const hasTat = l.tat_mass_rel !== undefined && l.tat_mass_rel > 0;
  if (!hasBtbt && !hasTat) return undefined;
  let tatF = 0;
  if (hasTat) {
    const kT = KB_J_K * T_K;
    // V/m -> V/cm
    tatF = Math.sqrt(24 * l.tat_mass_rel! * M0_KG * kT ** 3) / (Q_C * HBAR_J_S) / 100;
  }
  return {
    btbtA: hasBtbt ? l.btbt_A_cm3_s! * rateScale : 0,
    btbtP: l.btbt_P ?? 2.5,
    btbtB_V_cm: hasBtbt ? (l.btbt_B_V_cm ?? 1.9e7) : 0,
    tatF_V_cm: tatF,
  };
}

/** (|F|/1 V/cm)^P exp(-B/|F|) and its derivative in |F| (F in V/cm). */
export function btbtFieldFactor(t: BulkTunnelling, F: number): { f: number; df: number } {
  const a = Math.abs(F);
  if (a === 0 || t.btbtA === 0) return { f: 0, df: 0 };
  const e = Math.exp(-t.btbtB_V_cm / a);
  const f = a ** t.btbtP * e;
  return { f, df: f * (t.btbtP / a + t.btbtB_V_cm / (a * a)) };
}

/** Gamma of trap-assisted tunnelling and dGamma/d|F| (F in V/cm). */
export function tatGamma(t: BulkTunnelling, F: number): { g: number; dg: number } {
  if (t.tatF_V_cm === 0) return { g: 0, dg: 0 };
  const r = Math.abs(F) / t.tatF_V_cm;
  // beyond r^2 = 600 the saturated value is GAMMA_MAX to double precision (and e^(r^2) overflows)
  if (r * r > 600) return { g: GAMMA_MAX, dg: 0 };
  const c = 2 * Math.sqrt(3 * Math.PI);
  const raw = c * r * Math.exp(r * r);
  const dRaw = (c * Math.exp(r * r) * (1 + 2 * r * r)) / t.tatF_V_cm;
  // smooth saturation raw / (1 + raw / GAMMA_MAX): no kink for Newton
  const q = 1 + raw / GAMMA_MAX;
  return { g: raw / q, dg: dRaw / (q * q) };
}

/**
 * D = (n p - n_i^2) / ((n + n_i)(p + n_i)) with excess = n p (1 - e^(fp - fn)) and its
 * derivatives with respect to (u, fn, fp) into out[0..3]; dn, dp, E, om as in bulkRate.
 */
export function btbtD(
  n: number,
  p: number,
  ni: number,
  dn: number,
  dp: number,
  E: number,
  om: number,
  out: Float64Array,
): void {
  const excess = n * p * om;
  const eu = (dn * p - n * dp) * om;
  const efn = dn * p * om + n * p * E;
  const efp = -n * dp * om - n * p * E;
  const den = (n + ni) * (p + ni);
  const D = excess / den;
  // d den: dn/du = dn/dfn = n', dp/du = dp/dfp = -p'
  const du = dn * (p + ni) - dp * (n + ni);
  const dfn = dn * (p + ni);
  const dfp = -dp * (n + ni);
  out[0] = D;
  out[1] = (eu - D * du) / den;
  out[2] = (efn - D * dfn) / den;
  out[3] = (efp - D * dfp) / den;
}

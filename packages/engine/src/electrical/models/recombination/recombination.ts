/**
 * Bulk recombination on one node side (scaled), and its derivatives with respect to (u, fn, fp):
 *
 *   SRH (Shockley & Read, Phys. Rev. 87, 835 (1952); Hall, Phys. Rev. 87, 387 (1952)):
 *       R_SRH = (n p - n_i^2) / (tau_p (n + n1) + tau_n (p + p1))
 *   radiative:  R_rad = k_rad (n p - n_i^2)   (k_rad: or Langevin's gamma, times (1 - P) where CT
 *               states dissociate with probability P; dissociation.ts)
 *   Auger:      R_Aug = (C_n n + C_p p) (n p - n_i^2)
 *
 * with n p - n_i^2 written as -n p expm1(fp - fn) (exact for Boltzmann, the generalised form for
 * Fermi-Dirac statistics), so that near equilibrium the excess carries no cancellation error.
 */
import type { DDModel } from '../../discretisation/model.js';

/**
 * R = R_SRH + R_rad + R_Auger on side s and dR/du, dR/dfn, dR/dfp into out[0..3], and the SRH
 * rate without the trap-assisted-tunnelling factor into out[4] (for its field derivative).
 * dn, dp are dn/d eta and dp/d eta (carriers.ts); E = e^(fp - fn), om = 1 - E.
 */
export function bulkRate(
  model: DDModel,
  s: number,
  n: number,
  p: number,
  dn: number,
  dp: number,
  E: number,
  om: number,
  out: Float64Array,
  radFactor = 1,
  srhFactor = 1,
): void {
  const excess = n * p * om;
  const eu = (dn * p - n * dp) * om;
  const efn = dn * p * om + n * p * E;
  const efp = -n * dp * om - n * p * E;
  let R = 0;
  let Ru = 0;
  let Rfn = 0;
  let Rfp = 0;
  const tn = model.tn[s]!;
  const tp = model.tp[s]!;
  out[4] = 0;
  if (Number.isFinite(tn) && Number.isFinite(tp)) {
    const den = tp * (n + model.n1[s]!) + tn * (p + model.p1[s]!);
    const r = excess / den;
    // trap-assisted tunnelling divides both lifetimes by the same 1 + Gamma
    R += srhFactor * r;
    Ru += (srhFactor * (eu - r * (tp * dn - tn * dp))) / den;
    Rfn += (srhFactor * (efn - r * tp * dn)) / den;
    Rfp += (srhFactor * (efp + r * tn * dp)) / den;
    out[4] = r;
  }
  const kr = model.krad[s]! * radFactor;
  if (kr !== 0) {
    R += kr * excess;
    Ru += kr * eu;
    Rfn += kr * efn;
    Rfp += kr * efp;
  }
  const cn = model.cn[s]!;
  const cp = model.cp[s]!;
  if (cn !== 0 || cp !== 0) {
    const a = cn * n + cp * p;
    R += a * excess;
    Ru += (cn * dn - cp * dp) * excess + a * eu;
    Rfn += cn * dn * excess + a * efn;
    Rfp += -cp * dp * excess + a * efp;
  }
  out[0] = R;
  out[1] = Ru;
  out[2] = Rfn;
  out[3] = Rfp;
}

/** The three bulk rates on side s, separately (for the recombination breakdown), scaled, into out. */
export function bulkRates(
  model: DDModel,
  s: number,
  n: number,
  p: number,
  fn: number,
  fp: number,
  radFactor: number,
  srhFactor: number,
  out: { srh: number; rad: number; aug: number },
): void {
  const excess = -n * p * Math.expm1(fp - fn);
  const den = model.tp[s]! * (n + model.n1[s]!) + model.tn[s]! * (p + model.p1[s]!);
  out.srh = Number.isFinite(den) ? (srhFactor * excess) / den : 0;
  out.rad = model.krad[s]! * radFactor * excess;
  out.aug = (model.cn[s]! * n + model.cp[s]! * p) * excess;
}

/**
 * Contacts: the boundary conditions at the two ends of the semiconductor stack.
 *
 *   potential:  u = -W/Vt (+ v at the anode), W the contact work function relative to E_ref; an
 *               ohmic contact takes the equilibrium Fermi level of the adjacent layer as its W
 *               (flat band, the SIMsalabim 'sfb' convention);
 *   carriers:   infinite surface recombination velocity: Dirichlet on the quasi-Fermi levels (the
 *               metal's Fermi level: 0 at the cathode, -v at the anode); finite S: Robin conditions
 *               J_n = -/+ q S_n (n - n_eq), J_p = +/- q S_p (p - p_eq), with n_eq, p_eq the
 *               densities in equilibrium with the metal:
 *               n_eq = Nc exp(-(W - chi)/Vt), p_eq = Nv exp(-(chi + Eg - W)/Vt)  (F_1/2 for Fermi-Dirac).
 * Reference: Selberherr 1984, ch. 5.2; assets/validation/FORMAT-dd-notes.md ("Contacts").
 */
import { ex } from '../../discretisation/capped-exp.js';
import type { ScaledSides } from '../../discretisation/scaled-sides.js';
import type { ElectricalContact, ElectricalLayer } from '../../types.js';
import { type LayerSI, neutralDensities } from '../layer-si.js';
import { fermiHalf } from '../statistics/fermi-dirac.js';

export interface ContactBC {
  /** Scaled potential at V = 0 (the anode's rises by the scaled voltage). */
  u0: number;
  anode: boolean;
  /** Scaled surface recombination velocities (Robin) where not Dirichlet. */
  Sn: number;
  Sp: number;
  dirichletN: boolean;
  dirichletP: boolean;
  /** Scaled densities in equilibrium with the contact. */
  nEq: number;
  pEq: number;
  /** Work function used, eV. */
  W_eV: number;
}

/** Work function of a contact, eV: given (Schottky) or the adjacent layer's equilibrium Fermi level (ohmic). */
export function contactWorkFunction(
  c: ElectricalContact,
  l: ElectricalLayer,
  p: LayerSI,
  Vt: number,
  fd: boolean,
): number {
  if (c.kind === 'schottky') return c.workFunction_eV!;
  if (!fd) {
    const { n } = neutralDensities(p.C, p.ni2);
    return l.chi_eV + Vt * Math.log(p.Nc / n);
  }
  // Fermi-Dirac: Nc F(eta) - Nv F(-eta - Eg/Vt) = Nd - Na, eta = (E_F - E_c)/Vt, by bisection
  const eg = l.Eg_eV / Vt;
  let lo = -eg - 80;
  let hi = 80;
  for (let k = 0; k < 200; k++) {
    const mid = 0.5 * (lo + hi);
    const q = p.Nc * fermiHalf(mid) - p.Nv * fermiHalf(-mid - eg) - p.C;
    if (q > 0) hi = mid;
    else lo = mid;
  }
  return l.chi_eV - Vt * 0.5 * (lo + hi);
}

/** The boundary condition of a contact with work function W on node side sideIdx. */
export function buildContact(
  m: Pick<ScaledSides, 't0' | 'L0' | 'Vt' | 'Eref_eV' | 'fd' | 'an' | 'ap' | 'lnNc' | 'lnNv'>,
  c: ElectricalContact,
  W: number,
  isAnode: boolean,
  sideIdx: number,
): ContactBC {
  const Sscale = m.t0 / m.L0;
  const sn = c.S_n_cm_s;
  const sp = c.S_p_cm_s;
  const Wp = (W + m.Eref_eV) / m.Vt;
  return {
    u0: -Wp,
    anode: isAnode,
    Sn: sn === undefined || sn === null ? 0 : sn * 1e-2 * Sscale,
    Sp: sp === undefined || sp === null ? 0 : sp * 1e-2 * Sscale,
    dirichletN: sn === undefined || sn === null,
    dirichletP: sp === undefined || sp === null,
    nEq: m.fd
      ? Math.exp(m.lnNc[sideIdx]!) * fermiHalf(-Wp + m.an[sideIdx]! - m.lnNc[sideIdx]!)
      : ex(-Wp + m.an[sideIdx]!),
    pEq: m.fd
      ? Math.exp(m.lnNv[sideIdx]!) * fermiHalf(Wp - m.ap[sideIdx]! - m.lnNv[sideIdx]!)
      : ex(Wp - m.ap[sideIdx]!),
    W_eV: W,
  };
}

/** Scaled contact potential and Fermi level at scaled internal voltage v (anode Fermi level -v). */
export function contactValues(c: ContactBC, v: number): { u: number; f: number } {
  return c.anode ? { u: c.u0 + v, f: -v } : { u: c.u0, f: 0 };
}

/**
 * Tunnelling through a thin insulating interlayer (the SiOx of TOPCon contacts, about 1.5 nm; thin
 * oxides or polymers between a perovskite and a transport layer), as a transfer velocity across the
 * interface. The carriers of each band cross by thermionic emission over the interlayer's barrier
 * or by tunnelling through it; with the Maxwell-Boltzmann flux of carriers impinging on it
 * (Tsu-Esaki in one dimension, with the normal energy E measured from the band edge):
 *     v = v_R <T>,     <T> = int_0^inf T(E) e^(-E/kT) dE / kT
 *       = int_0^phi exp(-2 d sqrt(2 m (phi - E)) / hbar) e^(-E/kT) dE / kT  +  e^(-phi/kT)
 * with phi the barrier above the band edge, d the thickness, m the tunnelling mass and T(E) the
 * WKB transmission of the rectangular barrier, exp(-2 int kappa dx). v_R is the interface's
 * emission velocity (thermionic, default 1e7 cm/s). The interface then behaves as a thermionic
 * one (interfaces.ts): the quasi-Fermi levels jump across it by what the current needs.
 *
 * Validity: WKB needs kappa d >> 1 (d above a few tenths of a nanometre for eV barriers); the
 * barrier is taken rectangular (the voltage across the oxide is small next to phi in a passivating
 * contact); no image-force lowering, no pinholes. References: Tsu & Esaki, Appl. Phys. Lett. 22,
 * 562 (1973); Simmons, J. Appl. Phys. 34, 1793 (1963); for TOPCon, Feldmann et al., Sol. Energy
 * Mater. Sol. Cells 120, 270 (2014) and Steinkemper et al., IEEE J. Photovolt. 5, 1348 (2015).
 */
import { HBAR_J_S, M0_KG, Q_C } from '../../../constants.js';
import { gaussLegendre } from '../../../numerics/gauss-legendre.js';

/**
 * The WKB exponent 2 int kappa dx (kappa = sqrt(2 m (V(x) - E)) / hbar where V > E) of a barrier
 * profile V(x) (eV) over [0, d] (m), for a carrier of energy E (eV) and tunnelling mass m (in m0);
 * the transmission is exp(-exponent).
 */
export function wkbExponent(V: (x_m: number) => number, d_m: number, E_eV: number, massRel: number): number {
  const k = Math.sqrt(2 * massRel * M0_KG * Q_C) / HBAR_J_S;
  return 2 * k * gaussLegendre((x) => Math.sqrt(Math.max(V(x) - E_eV, 0)), 0, d_m, 64);
}

/**
 * <T> of a rectangular barrier phi (eV) of thickness d (nm) for tunnelling mass m (m0) at kT (eV):
 * the tunnelling part in y = sqrt(phi - E) (smooth at the top of the barrier), plus emission over it.
 */
export function thermalTransmission(phi_eV: number, d_nm: number, massRel: number, kT_eV: number): number {
  if (!(phi_eV > 0)) return 1;
  const k = (Math.sqrt(2 * massRel * M0_KG * Q_C) / HBAR_J_S) * d_nm * 1e-9; // per sqrt(eV)
  const ymax = Math.sqrt(phi_eV);
  // E = phi - y^2, dE = 2 y dy
  const tunnel = gaussLegendre((y) => Math.exp(-2 * k * y - (phi_eV - y * y) / kT_eV) * ((2 * y) / kT_eV), 0, ymax, 16);
  return tunnel + Math.exp(-phi_eV / kT_eV);
}

/**
 * Physical constants for the circuit engine (exact SI 2019 values, as in
 * assets/validation/FORMAT-extensions.md). Thermal voltage Vt = k_B T / q.
 * Reference: CODATA 2018 / SI brochure (9th ed., 2019).
 */

/** Boltzmann constant, J/K. */
export const K_B_J_PER_K = 1.380649e-23;
/** Elementary charge, C. */
export const Q_C = 1.602176634e-19;
/** Planck constant, J s. */
export const H_J_S = 6.62607015e-34;
/** Speed of light in vacuum, m/s. */
export const C_M_PER_S = 299792458;
/** h c / q in eV nm (photon energy E[eV] = HC_EV_NM / lambda[nm]). */
export const HC_EV_NM = (H_J_S * C_M_PER_S * 1e9) / Q_C;

/** Thermal voltage k_B T / q in volts. */
export function thermalVoltageV(tK: number): number {
  return (K_B_J_PER_K * tK) / Q_C;
}

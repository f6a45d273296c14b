/**
 * Physical constants, exact SI 2019 values (BIPM, The International System of Units, 9th ed.).
 * Shared by every engine module; derived values are computed, never rounded by hand.
 */

/** Elementary charge, C. */
export const Q_C = 1.602176634e-19;
/** Planck constant, J s. */
export const H_J_S = 6.62607015e-34;
/** Speed of light in vacuum, m/s. */
export const C_M_S = 299792458;
/** Boltzmann constant, J/K. */
export const KB_J_K = 1.380649e-23;
/** h c / q in eV nm: photon energy E[eV] = HC_EV_NM / lambda[nm] (= 1239.8419843320025). */
export const HC_EV_NM = (H_J_S * C_M_S * 1e9) / Q_C;
/** Thermal voltage k_B T / q in V. */
export function thermalVoltageV(temperatureK: number): number {
  return (KB_J_K * temperatureK) / Q_C;
}

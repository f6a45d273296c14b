/**
 * Physical constants, exact SI 2019 values (BIPM, The International System of Units, 9th ed.,
 * 2019; CODATA 2018 for eps0), as assets/validation/FORMAT-extensions.md fixes them for the
 * benchmark cases. The one set every engine module uses; derived values are computed, never
 * rounded by hand.
 */

/** Elementary charge, C. */
export const Q_C = 1.602176634e-19;
/** Planck constant, J s. */
export const H_J_S = 6.62607015e-34;
/** Speed of light in vacuum, m/s. */
export const C_M_S = 299792458;
/** Boltzmann constant, J/K. */
export const KB_J_K = 1.380649e-23;
/** Vacuum permittivity, F/m (CODATA 2018). */
export const EPS0_F_M = 8.8541878128e-12;
/** Reduced Planck constant h / 2 pi, J s. */
export const HBAR_J_S = H_J_S / (2 * Math.PI);
/** Electron rest mass, kg (CODATA 2018). */
export const M0_KG = 9.1093837015e-31;
/** h c / q in eV nm: photon energy E[eV] = HC_EV_NM / lambda[nm] (= 1239.8419843320025). */
export const HC_EV_NM = (H_J_S * C_M_S * 1e9) / Q_C;
/** Thermal voltage k_B T / q in V. */
export function thermalVoltageV(temperatureK: number): number {
  return (KB_J_K * temperatureK) / Q_C;
}

/**
 * Physical constants used by the drift-diffusion solver, exact SI values of the 2019 SI
 * redefinition (BIPM, The International System of Units, 9th ed., 2019; CODATA 2018 for eps0).
 * Kept local to the electrical module so that it does not depend on the shared constants file.
 */

/** Elementary charge, C. */
export const Q_C = 1.602176634e-19;
/** Boltzmann constant, J/K. */
export const KB_J_K = 1.380649e-23;
/** Vacuum permittivity, F/m. */
export const EPS0_F_M = 8.8541878128e-12;

/** Thermal voltage k_B T / q, V. */
export function thermalVoltage(T_K: number): number {
  return (KB_J_K * T_K) / Q_C;
}

/**
 * Black-body emission of a step absorber: the radiative saturation current that the
 * detailed-balance limit (losses/detailed-balance.ts) and the radiative diode of the modified
 * circuit model (circuit/models.ts) both use. A cell of gap Eg at temperature T, absorbing every
 * photon above the gap and none below, emits into a hemisphere from its front surface
 *
 *   J0,rad = q (2 pi / (h^3 c^2)) integral_Eg^inf E^2 / (exp(E/kT) - 1) dE
 *          = q (2 pi / (h^3 c^2)) (kT)^3 sum_{k>=1} exp(-k x) (x^2/k + 2x/k^2 + 2/k^3),  x = Eg/kT
 *
 * (the Bose-Einstein occupation expanded as a geometric series and each term integrated in
 * closed form; converges like exp(-k x), a few terms for x > 10). Gap wavelength l_g = h c / Eg.
 * References: W. Shockley and H. J. Queisser, J. Appl. Phys. 32, 510 (1961); S. Ruehle,
 * Sol. Energy 130, 139 (2016).
 */
import { C_M_S, H_J_S, HC_EV_NM, KB_J_K, Q_C } from '../constants.js';

/** Radiative (black-body) saturation current density of a step absorber of gap egEV at tK, mA/cm^2. */
export function radiativeJ0MaCm2(egEV: number, tK: number): number {
  const kT = KB_J_K * tK;
  const x = (egEV * Q_C) / kT;
  let sum = 0;
  for (let k = 1; k < 200; k++) {
    const term = Math.exp(-k * x) * ((x * x) / k + (2 * x) / (k * k) + 2 / (k * k * k));
    sum += term;
    if (term < 1e-17 * sum) break;
  }
  const fluxM2S = ((2 * Math.PI) / (H_J_S ** 3 * C_M_S ** 2)) * kT ** 3 * sum;
  // A/m^2 -> mA/cm^2
  return 0.1 * Q_C * fluxM2S;
}

/** Band-gap wavelength h c / Eg, nm. */
export function gapWavelengthNm(egEV: number): number {
  return HC_EV_NM / egEV;
}

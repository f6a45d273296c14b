/**
 * Detailed-balance (Shockley-Queisser) limit of a single-junction cell: every photon above the
 * gap absorbed and collected (step absorptance), radiative recombination only, emission into a
 * hemisphere from the front surface (flat cell, no concentration).
 *
 *   Jsc = q integral_{E > Eg} Phi_sun(E) dE              (spectrum.ts, trapezoidal rule)
 *   J0  = q (2 pi / (h^3 c^2)) integral_Eg^inf E^2 / (exp(E/kT) - 1) dE
 *       = q (2 pi / (h^3 c^2)) (kT)^3 sum_{k>=1} exp(-k x) (x^2/k + 2x/k^2 + 2/k^3),  x = Eg/kT
 *   J(V) = Jsc - J0 (exp(V/Vt) - 1),  Voc = Vt ln(1 + Jsc/J0),
 *   Vmp = Vt (W(e (1 + Jsc/J0)) - 1)  (closed form with the Lambert W function),
 *   Pmax = Vmp J(Vmp), FF = Pmax/(Jsc Voc), PCE = Pmax / P_in  (P_in = integral of the spectrum).
 *
 * References: W. Shockley and H. J. Queisser, J. Appl. Phys. 32, 510 (1961); S. Ruehle,
 * Sol. Energy 130, 139 (2016) (AM1.5G tabulation: 33.7 % at 1.34 eV, 300 K).
 */
import { C_M_PER_S, H_J_S, K_B_J_PER_K, Q_C, thermalVoltageV } from '../circuit/constants.js';
import { lambertWOfExp } from '../circuit/lambertw.js';
import { aboveGap, gapWavelengthNm, irradiancePowerWM2, type SpectralIrradiance } from './spectrum.js';

/** Radiative (black-body) saturation current density of a step absorber, mA/cm^2. */
export function radiativeJ0MaCm2(egEV: number, tK: number): number {
  const kT = K_B_J_PER_K * tK;
  const x = (egEV * Q_C) / kT;
  let sum = 0;
  for (let k = 1; k < 200; k++) {
    const term = Math.exp(-k * x) * ((x * x) / k + (2 * x) / (k * k) + 2 / (k * k * k));
    sum += term;
    if (term < 1e-17 * sum) break;
  }
  const fluxM2S = ((2 * Math.PI) / (H_J_S ** 3 * C_M_PER_S ** 2)) * kT ** 3 * sum;
  return 0.1 * Q_C * fluxM2S;
}

export interface DetailedBalanceResult {
  egEV: number;
  tK: number;
  lambdaGNm: number;
  /** Incident power, mW/cm^2. */
  pinMwCm2: number;
  /** Power of the above-gap photons, mW/cm^2. */
  aboveGapPowerMwCm2: number;
  jscMaCm2: number;
  j0MaCm2: number;
  vocV: number;
  vmpV: number;
  jmpMaCm2: number;
  pmaxMwCm2: number;
  ff: number;
  pcePercent: number;
}

/** Shockley-Queisser limit for a band gap, spectrum and temperature. */
export function detailedBalance(spectrum: SpectralIrradiance, egEV: number, tK = 300): DetailedBalanceResult {
  if (!(egEV > 0)) throw new Error('detailed balance: the band gap must be positive');
  if (!(tK > 0)) throw new Error('detailed balance: the temperature must be positive');
  const pin = 0.1 * irradiancePowerWM2(spectrum);
  const above = aboveGap(spectrum, egEV);
  const jsc = above.jMaCm2;
  const j0 = radiativeJ0MaCm2(egEV, tK);
  const vt = thermalVoltageV(tK);
  const ratio = jsc / j0;
  const voc = vt * Math.log1p(ratio);
  // Vmp = Vt (W(e (1 + Jsc/J0)) - 1), W evaluated from its log argument
  const vmp = vt * (lambertWOfExp(1 + Math.log1p(ratio)) - 1);
  const jmp = jsc - j0 * Math.expm1(vmp / vt);
  const pmax = vmp * jmp;
  return {
    egEV,
    tK,
    lambdaGNm: gapWavelengthNm(egEV),
    pinMwCm2: pin,
    aboveGapPowerMwCm2: 0.1 * above.powerWM2,
    jscMaCm2: jsc,
    j0MaCm2: j0,
    vocV: voc,
    vmpV: vmp,
    jmpMaCm2: jmp,
    pmaxMwCm2: pmax,
    ff: pmax / (jsc * voc),
    pcePercent: (100 * pmax) / pin,
  };
}

/**
 * Band gap from an EQE spectrum: the photon energy of the steepest EQE rise at the absorption
 * edge (maximum of dEQE/dE, the inflection point; U. Rau et al., Phys. Rev. Applied 7, 044016
 * (2017)), refined by a parabola through the derivative maximum and its neighbours.
 */
export function bandGapFromEqe(wavelengthNm: number[], eqe: number[]): number {
  if (wavelengthNm.length !== eqe.length || wavelengthNm.length < 5) {
    throw new Error('EQE: need at least 5 (wavelength, EQE) pairs of equal length');
  }
  const pts = wavelengthNm
    .map((w, i) => ({ e: (H_J_S * C_M_PER_S) / (w * 1e-9 * Q_C), q: eqe[i]! }))
    .sort((a, b) => a.e - b.e);
  let best = -1;
  let dMax = -Infinity;
  const d: number[] = [];
  for (let i = 1; i + 1 < pts.length; i++) {
    const di = (pts[i + 1]!.q - pts[i - 1]!.q) / (pts[i + 1]!.e - pts[i - 1]!.e);
    d.push(di);
    if (di > dMax) {
      dMax = di;
      best = i;
    }
  }
  if (best < 0 || !(dMax > 0)) throw new Error('EQE: no rising absorption edge found');
  const k = best - 1; // index into d
  if (k > 0 && k + 1 < d.length) {
    const x0 = pts[best - 1]!.e;
    const x1 = pts[best]!.e;
    const x2 = pts[best + 1]!.e;
    const y0 = d[k - 1]!;
    const y1 = d[k]!;
    const y2 = d[k + 1]!;
    const denom = (x0 - x1) * (x0 - x2) * (x1 - x2);
    const a = (x2 * (y1 - y0) + x1 * (y0 - y2) + x0 * (y2 - y1)) / denom;
    const b = (x2 * x2 * (y0 - y1) + x1 * x1 * (y2 - y0) + x0 * x0 * (y1 - y2)) / denom;
    if (a < 0) {
      const xv = -b / (2 * a);
      if (xv > x0 && xv < x2) return xv;
    }
  }
  return pts[best]!.e;
}

/**
 * Detailed-balance (Shockley-Queisser) limit of a single-junction cell: every photon above the
 * gap absorbed and collected (step absorptance), radiative recombination only, emission into a
 * hemisphere from the front surface (flat cell, no concentration).
 *
 *   Jsc = q integral_{E > Eg} Phi_sun(E) dE         (spectra aboveGap: trapezoid rule, spectrum
 *                                                     interpolated linearly at the gap wavelength)
 *   J0  = q (2 pi / (h^3 c^2)) integral_Eg^inf E^2 / (exp(E/kT) - 1) dE   (spectra/radiative-limit.ts)
 *   J(V) = Jsc - J0 (exp(V/Vt) - 1),  Voc = Vt ln(1 + Jsc/J0),
 *   Pmax = max V J(V), FF = Pmax/(Jsc Voc), PCE = Pmax / P_in  (P_in: the integral of the spectrum,
 *   unless the caller gives the incident power the spectrum table stands for).
 * The J-V is the ideal single diode (n = 1, Rs = 0, no shunt), so its figures come from the
 * circuit model's own routine (SdmSolver: Voc from the Lambert W closed form, the maximum power
 * point from dP/dV = 0), the same that every other circuit result uses.
 *
 * References: W. Shockley and H. J. Queisser, J. Appl. Phys. 32, 510 (1961); S. Ruehle,
 * Sol. Energy 130, 139 (2016) (AM1.5G tabulation: 33.7 % at 1.34 eV, 300 K).
 */

import { check, type Problems } from '../circuit/input-check.js';
import type { KeyFigures } from '../circuit/key-figures.js';
import { SdmSolver } from '../circuit/models.js';
import { HC_EV_NM } from '../constants.js';
import { aboveGap, type Spectrum, spectrumPowerWm2 } from '../spectra/index.js';
import { gapWavelengthNm, radiativeJ0MaCm2 } from '../spectra/radiative-limit.js';

/**
 * The limit for one gap: the key figures of the ideal radiative cell (a gap above every photon of
 * the spectrum gives Jsc = 0 and no Voc, maximum power point or FF: NaN; PCE 0 is then not a
 * figure either, so it is NaN too).
 */
export interface DetailedBalanceResult extends KeyFigures {
  egEV: number;
  tK: number;
  lambdaGNm: number;
  /** Power of the above-gap photons, mW/cm^2. */
  aboveGapPowerMwCm2: number;
  j0MaCm2: number;
}

/** Problems of the gap and temperature of a detailed-balance calculation. */
export function detailedBalanceProblems(egEV: unknown, tK: unknown, out: Problems): void {
  out.positive('egEV', egEV);
  out.positive('tK', tK);
}

/**
 * Shockley-Queisser limit for a band gap, spectrum and temperature; the PCE is relative to
 * pinMwCm2 when given (a table that stops at 1600 nm carries only part of the incident power).
 */
export function detailedBalance(spectrum: Spectrum, egEV: number, tK = 300, pinMwCm2?: number): DetailedBalanceResult {
  check((out) => {
    detailedBalanceProblems(egEV, tK, out);
    out.optionalPositive('pinMwCm2', pinMwCm2);
  });
  const pin = pinMwCm2 ?? 0.1 * spectrumPowerWm2(spectrum);
  const above = aboveGap(spectrum, egEV);
  const j0 = radiativeJ0MaCm2(egEV, tK);
  const figures = new SdmSolver({
    jphMaCm2: above.jMaCm2,
    j0MaCm2: j0,
    n: 1,
    rsOhmCm2: 0,
    rshOhmCm2: Number.POSITIVE_INFINITY,
    tK,
  }).keyFigures(pin);
  return {
    egEV,
    tK,
    lambdaGNm: gapWavelengthNm(egEV),
    aboveGapPowerMwCm2: 0.1 * above.powerWm2,
    j0MaCm2: j0,
    ...figures,
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
  const pts = wavelengthNm.map((w, i) => ({ e: HC_EV_NM / w, q: eqe[i]! })).sort((a, b) => a.e - b.e);
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

/**
 * Solar spectra for the detailed-balance and loss calculations: a small parser for the
 * two-column CSV tables of assets/data/spectra (wavelength_nm, irradiance_W_m2_nm; extra columns
 * ignored), the trapezoidal integrals used throughout, and the photon current above a band gap.
 *
 *   P_in = integral E(lambda) dlambda                          (W/m^2)
 *   J_ph(Eg) = q integral_{lambda < lambda_g} E lambda / (h c) dlambda,  lambda_g = h c / Eg
 * with the trapezoidal rule on the table's grid and the spectrum linearly interpolated at lambda_g
 * (the definition of assets/data/check_values.json). 1 A/m^2 = 0.1 mA/cm^2; 1 W/m^2 = 0.1 mW/cm^2.
 */
import { C_M_PER_S, H_J_S, HC_EV_NM, Q_C } from '../circuit/constants.js';

export interface SpectralIrradiance {
  /** Strictly increasing wavelengths, nm. */
  wavelengthNm: number[];
  /** Spectral irradiance, W m^-2 nm^-1. */
  irradianceWm2Nm: number[];
}

/** Parses "wavelength_nm,irradiance_W_m2_nm[,...]" CSV text (one header line allowed). */
export function parseIrradianceCsv(text: string): SpectralIrradiance {
  const wl: number[] = [];
  const e: number[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  lines.forEach((line, i) => {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) return;
    const cells = t.split(/[,;\t ]+/);
    const a = Number(cells[0]);
    const b = Number(cells[1]);
    if (!Number.isFinite(a) || !Number.isFinite(b)) {
      if (wl.length === 0) return; // header
      throw new Error(`spectrum: line ${i + 1} is not two numbers`);
    }
    if (wl.length > 0 && !(a > wl[wl.length - 1]!))
      throw new Error(`spectrum: wavelength not increasing at line ${i + 1}`);
    wl.push(a);
    e.push(b);
  });
  if (wl.length < 2) throw new Error('spectrum: fewer than two rows');
  return { wavelengthNm: wl, irradianceWm2Nm: e };
}

/** Integral of the spectrum (trapezoidal), W/m^2. */
export function irradiancePowerWM2(s: SpectralIrradiance): number {
  let p = 0;
  const w = s.wavelengthNm;
  const e = s.irradianceWm2Nm;
  for (let i = 1; i < w.length; i++) p += 0.5 * (e[i]! + e[i - 1]!) * (w[i]! - w[i - 1]!);
  return p;
}

/** Band-gap wavelength hc/Eg, nm. */
export function gapWavelengthNm(egEV: number): number {
  return HC_EV_NM / egEV;
}

/**
 * Trapezoidal integrals over lambda < lambda_g (spectrum interpolated linearly at lambda_g):
 * power (W/m^2) and photon current (mA/cm^2) of the above-gap photons.
 */
export function aboveGap(s: SpectralIrradiance, egEV: number): { powerWM2: number; jMaCm2: number } {
  const lg = gapWavelengthNm(egEV);
  const w = s.wavelengthNm;
  const e = s.irradianceWm2Nm;
  const k = 1e-9 / (H_J_S * C_M_PER_S); // photons per J per nm of wavelength: lambda[nm] 1e-9 / (h c)
  let power = 0;
  let flux = 0; // photons m^-2 s^-1
  for (let i = 1; i < w.length; i++) {
    const a = w[i - 1]!;
    if (a >= lg) break;
    let b = w[i]!;
    let eb = e[i]!;
    if (b > lg) {
      eb = e[i - 1]! + ((e[i]! - e[i - 1]!) * (lg - a)) / (b - a);
      b = lg;
    }
    const ea = e[i - 1]!;
    power += 0.5 * (ea + eb) * (b - a);
    flux += 0.5 * (ea * a * k + eb * b * k) * (b - a);
  }
  return { powerWM2: power, jMaCm2: 0.1 * Q_C * flux };
}

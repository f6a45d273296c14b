/**
 * The radiative (band-to-band) recombination coefficient of a layer from its own absorption: the
 * van Roosbroeck-Shockley relation (W. van Roosbroeck and W. Shockley, Phys. Rev. 94, 1558 (1954)).
 *
 * Detailed balance inside the material: in thermal equilibrium every photon the layer absorbs is
 * given back by spontaneous emission, so the emission rate per volume is the black-body photon
 * density inside the medium times the rate at which those photons are absorbed:
 *
 *   R_eq = ∫ 8π n_r(E)² α(E) E² / (h³ c² (exp(E/kT) − 1)) dE        (cm⁻³ s⁻¹)
 *
 * with n_r the real refractive index and α = 4πκ/λ the absorption coefficient of the layer's own
 * optical constants (n, κ) at the photon energy E. Out of equilibrium the emission scales with
 * n p, so R_rad = B (n p − n_i²) with
 *
 *   B = k_rad = R_eq / n_i²,   n_i² = Nc Nv exp(−Eg/kT)          (cm³/s)
 *
 * of the same layer at the device temperature (the drift-diffusion solver's own n_i² under
 * Boltzmann statistics). Units: h in eV s, c in cm/s, E in eV, α in cm⁻¹: eV³ / (eV³ s³ cm² s⁻²)
 * × cm⁻¹ = cm⁻³ s⁻¹; over n_i² in cm⁻⁶ this is cm³/s, the unit of the solver's k_rad
 * (the registry entry layers[].electrical.kRadCm3PerS). The product k_rad n_i² = R_eq does not
 * depend on the Eg, Nc and Nv given: the layer's dark radiative current follows from its absorption
 * alone, as detailed balance demands.
 *
 * What this B counts: every photon emitted inside the layer is lost (no photon recycling). A
 * photon that is reabsorbed makes a new pair, so a real cell loses only the photons that escape
 * (about the fraction 1/(4 n² α W) of a weakly absorbing layer with a Lambertian front and a
 * perfect back mirror: E. Yablonovitch, J. Opt. Soc. Am. 72, 899 (1982); T. Tiedje, E.
 * Yablonovitch, G. D. Cody and B. G. Brooks, IEEE Trans. Electron Devices 31, 711 (1984)). With
 * this B a cell's Voc therefore lies below the detailed-balance Voc of the same absorber by
 * kT ln of that recycling factor; in the weak-absorption limit (α W ≪ 1) the two coincide, since
 * then q W R_eq is exactly the Lambertian detailed-balance J0 = q ∫ 4 n² α W 2π E² / (h³ c²)
 * e^(−E/kT) dE.
 *
 * The integral: the integrand is dominated by the absorption edge (above it it falls by e every kT,
 * below it with the tail of the data), so it runs over Eg − 0.6 eV to Eg + 60 kT (clipped to where
 * the data exist when the table is not extrapolated) on a uniform grid of kT/64 plus every point of
 * the table and the model's own edges, by the trapezoidal rule. Below the gap the data count as
 * they are: an Urbach tail emits (as a real tail does), an unphysical sub-gap floor emits too, and
 * the result reports the share of R_eq below Eg so that a caller can say so.
 */
import { C_M_S, H_J_S, HC_EV_NM, KB_J_K, Q_C } from '../../../constants.js';
import { materialNk, type OpticalMaterial } from '../../../materials/index.js';

/** h in eV s. */
const H_EV_S = H_J_S / Q_C;
/** c in cm/s. */
const C_CM_S = C_M_S * 100;

/** How far below the gap the emission integral starts, eV. */
export const EMISSION_BELOW_GAP_EV = 0.6;
/** How far above the gap it runs, in units of kT (the integrand has fallen by e^-60 there). */
const EMISSION_ABOVE_GAP_KT = 60;
/** Grid steps per kT. */
const STEPS_PER_KT = 64;

/** A layer's absorption on an energy grid (ascending). */
export interface AbsorptionOnGrid {
  energyEV: ArrayLike<number>;
  /** Real refractive index. */
  n: ArrayLike<number>;
  /** Absorption coefficient, cm⁻¹. */
  alphaPerCm: ArrayLike<number>;
}

/**
 * R_eq = ∫ 8π n² α E² / (h³ c² (e^(E/kT) − 1)) dE by the trapezoidal rule on the given grid,
 * cm⁻³ s⁻¹; and the part of it below `belowEV` (the gap), cm⁻³ s⁻¹.
 */
export function equilibriumEmissionRate(
  a: AbsorptionOnGrid,
  T_K: number,
  belowEV = Number.NEGATIVE_INFINITY,
): { total: number; below: number } {
  const kT = (KB_J_K * T_K) / Q_C;
  const pre = (8 * Math.PI) / (H_EV_S ** 3 * C_CM_S ** 2);
  const f = (i: number) => {
    const E = a.energyEV[i]!;
    const n = a.n[i]!;
    return (pre * n * n * a.alphaPerCm[i]! * E * E) / Math.expm1(E / kT);
  };
  let total = 0;
  let below = 0;
  let fPrev = f(0);
  for (let i = 1; i < a.energyEV.length; i++) {
    const fi = f(i);
    const piece = 0.5 * (a.energyEV[i]! - a.energyEV[i - 1]!) * (fPrev + fi);
    total += piece;
    if (a.energyEV[i]! <= belowEV) below += piece;
    fPrev = fi;
  }
  return { total, below };
}

/** Where a material has data (eV), for the tables that are not extrapolated; the whole axis otherwise. */
function coverageEV(m: OpticalMaterial): { lo: number; hi: number; points: number[] } {
  if ((m.kind === 'table' || m.kind === 'absorption-table') && m.table.wavelengthNm.length > 0) {
    const wl = m.table.wavelengthNm;
    const points = Array.from(wl, (l) => HC_EV_NM / l);
    if ((m.extrapolation ?? 'none') === 'none')
      return { lo: HC_EV_NM / wl[wl.length - 1]!, hi: HC_EV_NM / wl[0]!, points };
    return { lo: 0, hi: Number.POSITIVE_INFINITY, points };
  }
  if (m.kind === 'sqrt-law') return { lo: 0, hi: Number.POSITIVE_INFINITY, points: [m.egEV] };
  return { lo: 0, hi: Number.POSITIVE_INFINITY, points: [] };
}

export interface RadiativeFromAbsorptionInput {
  /** The layer's optical model, resolved (materials/). */
  material: OpticalMaterial;
  /** Names the layer in errors of the optical model ('layers[2] "MAPbI3".optical'). */
  field: string;
  egEV: number;
  ncCm3: number;
  nvCm3: number;
  T_K: number;
}

export interface RadiativeFromAbsorption {
  /** B = R_eq / n_i², cm³/s. */
  kRadCm3PerS: number;
  /** R_eq, cm⁻³ s⁻¹. */
  emissionCm3PerS: number;
  /** Share of R_eq from photon energies below Eg (the tail of the data). */
  belowGapShare: number;
  /** The energy window integrated, eV. */
  windowEV: [number, number];
}

/**
 * The integration grid: uniform in energy over the window at kT/STEPS_PER_KT, with the material's
 * own points (table points, a model's edge) and the gap added, ascending and without repeats.
 */
function emissionGrid(lo: number, hi: number, kT: number, extra: readonly number[]): Float64Array {
  const h = kT / STEPS_PER_KT;
  const count = Math.ceil((hi - lo) / h);
  const pts: number[] = [];
  for (let i = 0; i <= count; i++) pts.push(Math.min(lo + i * h, hi));
  for (const e of extra) if (e > lo && e < hi) pts.push(e);
  pts.sort((x, y) => x - y);
  const out: number[] = [];
  for (const e of pts) if (out.length === 0 || e - out[out.length - 1]! > 1e-12) out.push(e);
  return Float64Array.from(out);
}

/**
 * k_rad of a layer from its absorption (see the module comment). Returns null when the layer does
 * not absorb at all in the window (a transparent or real index: there is nothing to emit), so the
 * caller can refuse in its own words; throws the optics' own error for a malformed model.
 */
export function radiativeFromAbsorption(input: RadiativeFromAbsorptionInput): RadiativeFromAbsorption | null {
  const { material, egEV, ncCm3, nvCm3, T_K } = input;
  const kT = (KB_J_K * T_K) / Q_C;
  const cover = coverageEV(material);
  const lo = Math.max(egEV - EMISSION_BELOW_GAP_EV, cover.lo, 1e-3);
  const hi = Math.min(egEV + EMISSION_ABOVE_GAP_KT * kT, cover.hi);
  // the data must reach across the edge: from the gap to where the emission has fallen by e^-10
  if (!(hi > lo) || lo > egEV || hi < egEV + 10 * kT) return null;
  const energyEV = emissionGrid(lo, hi, kT, [...cover.points, egEV]);
  const wavelengthNm = Float64Array.from(energyEV, (e) => HC_EV_NM / e);
  const { n, k } = materialNk(material, wavelengthNm, input.field);
  const alphaPerCm = Float64Array.from(k, (kk, i) => (4 * Math.PI * kk) / (wavelengthNm[i]! * 1e-7));
  const r = equilibriumEmissionRate({ energyEV, n, alphaPerCm }, T_K, egEV);
  if (!(r.total > 0)) return null;
  const ni2 = ncCm3 * nvCm3 * Math.exp(-egEV / kT);
  return {
    kRadCm3PerS: r.total / ni2,
    emissionCm3PerS: r.total,
    belowGapShare: r.below / r.total,
    windowEV: [lo, hi],
  };
}

/**
 * A layer's radiative coefficient from its own absorption (`kRadFrom: 'absorption'`): the layer's
 * optical model of the DeviceSpec, resolved as the optics resolves it, given to the van
 * Roosbroeck-Shockley integral (electrical/models/recombination/radiative-from-absorption.ts) with
 * the layer's Eg, Nc, Nv at the device temperature. The map (map.ts) puts the result in place of the
 * entered k_rad; the check (check.ts) refuses a layer whose optics has nothing to emit. Both read it
 * here, so they agree on which layers can.
 */

import { param } from '@pvforge/params';
import {
  type RadiativeFromAbsorption,
  radiativeFromAbsorption,
} from '../electrical/models/recombination/radiative-from-absorption.js';
import { type CheckIssue, checkIssue } from '../messages/device-check.js';
import { type DeviceOpticsAssets, opticalMaterial } from '../optics/optical-model.js';
import type { ElectricalDeviceSpecLike } from './types.js';

/** The layer takes its k_rad from its absorption. */
export function kRadFromAbsorptionChosen(spec: ElectricalDeviceSpecLike, j: number): boolean {
  return spec.layers[j]?.electrical?.kRadFrom === 'absorption';
}

/** Assets for the optical models that need none (every kind but a library table). */
const NO_ASSETS: DeviceOpticsAssets = {
  nkCsv: () => {
    throw new Error('no n,k tables here');
  },
  spectrumCsv: () => {
    throw new Error('no spectra here');
  },
};

const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/**
 * Layer j's k_rad from its absorption: the result; `none` when its optics cannot emit (a constant
 * index, which has no absorption edge, or no absorption around the gap), `tooLarge` when the
 * value is beyond the registry's hard limit of an entered k_rad;
 * undefined when it cannot be told here (a library table without the assets, or Eg, Nc, Nv, T not
 * yet valid: the check says those). An optical model that does not resolve throws the optics' error.
 */
export function layerKRadFromAbsorption(
  spec: ElectricalDeviceSpecLike,
  j: number,
  assets?: DeviceOpticsAssets,
): LayerKRad | undefined {
  const l = spec.layers[j];
  const e = l?.electrical;
  const T_K = spec.electrical?.temperatureK ?? 300;
  if (!l || !e || !positive(e.egEV) || !positive(e.ncCm3) || !positive(e.nvCm3) || !positive(T_K)) return undefined;
  const m = l.optical;
  if (!m || typeof m !== 'object') return undefined;
  if (m.kind === 'constant') return { none: 'constant' };
  if (m.kind === 'table' && !assets) return undefined;
  const material = opticalMaterial(m, assets ?? NO_ASSETS, `layers[${j}] "${l.name}".optical`);
  const r = radiativeFromAbsorption({
    material,
    field: `layers[${j}] "${l.name}".optical`,
    egEV: e.egEV,
    ncCm3: e.ncCm3,
    nvCm3: e.nvCm3,
    T_K,
  });
  if (!r) return { none: 'no-absorption' };
  // what an entered value may not exceed, a computed one may not either: beyond it the data's
  // sub-gap absorption (an unphysical floor of a fitted table) is what emits
  if (r.kRadCm3PerS > KRAD_MAX) return { tooLarge: r };
  return r;
}

const KRAD = param('layers[].electrical.kRadCm3PerS');
/** A coefficient as a reader writes it: 1.43e-6, 1e-5. */
const sci = (x: number) => x.toExponential(2).replace(/\.?0+e/, 'e');
const KRAD_MAX = KRAD.hard.max ?? Number.POSITIVE_INFINITY;

/** What layerKRadFromAbsorption gives. */
export type LayerKRad =
  | RadiativeFromAbsorption
  | { none: 'constant' | 'no-absorption' }
  | { tooLarge: RadiativeFromAbsorption };

/** The refusal of a layer whose k_rad cannot be taken from its absorption, on its kRadFrom field; undefined when it can. */
export function kRadAbsorptionIssue(spec: ElectricalDeviceSpecLike, j: number, r: LayerKRad): CheckIssue | undefined {
  if ('none' in r) return noAbsorptionEdgeIssue(spec, j, r.none);
  if (!('tooLarge' in r)) return undefined;
  const l = spec.layers[j]!;
  const value = sci(r.tooLarge.kRadCm3PerS);
  const share = Math.round(100 * r.tooLarge.belowGapShare);
  // most of the emission from below the gap: the data's tail emits; otherwise the band edge's
  // emission is ordinary and n_i^2 is what is small (the absorption fixes k_rad n_i^2)
  const cause = share >= 50 ? 'sub-gap' : 'dos';
  return checkIssue(
    `layers[${j}] "${l.name}".electrical.kRadFrom`,
    'check.krad-absorption-limit',
    { value, max: sci(KRAD_MAX), share: String(share), cause },
    `the layer's absorption gives a radiative coefficient of ${value} cm³/s, above the ${sci(KRAD_MAX)} cm³/s any value may have: ${
      cause === 'sub-gap'
        ? `${share} % of its emission comes from below the band gap, where the optical data absorb (a sub-gap floor of the table, or a band gap entered above the data's absorption edge); use n,k data with a clean edge, or enter the coefficient as a value`
        : `the absorption fixes only the product k_rad n_i², and this layer's Nc Nv make n_i² small; check Nc, Nv and Eg, or enter the coefficient as a value`
    }`,
  );
}

/**
 * The warning of a computed k_rad outside the registry's plausible range of an entered one, on the
 * kRadFrom field; undefined inside it (or when nothing was computed). Beyond the range the usual
 * cause is not the absorption but Nc Nv or Eg: the integral fixes k_rad n_i^2, so k_rad carries
 * whatever n_i^2 the density of states makes of it.
 */
export function kRadAbsorptionWarning(spec: ElectricalDeviceSpecLike, j: number, r: LayerKRad): CheckIssue | undefined {
  if ('none' in r || 'tooLarge' in r) return undefined;
  const min = KRAD.plausible?.min;
  const max = KRAD.plausible?.max;
  if (min === undefined || max === undefined) return undefined;
  if (r.kRadCm3PerS >= min && r.kRadCm3PerS <= max) return undefined;
  const l = spec.layers[j]!;
  const value = sci(r.kRadCm3PerS);
  return checkIssue(
    `layers[${j}] "${l.name}".electrical.kRadFrom`,
    'check.krad-absorption-implausible',
    { value, min: String(min), max: String(max) },
    `the layer's absorption gives a radiative coefficient of ${value} cm³/s, outside the usual ${min}–${max} cm³/s: the absorption fixes only the product k_rad n_i², so a small Nc Nv (or a band gap away from the data's edge) makes k_rad large, and the reverse small; check the layer's Eg, Nc, Nv and its optical data`,
  );
}

/** The refusal of a layer whose optics has nothing to emit, on its kRadFrom field. */
function noAbsorptionEdgeIssue(
  spec: ElectricalDeviceSpecLike,
  j: number,
  why: 'constant' | 'no-absorption',
): CheckIssue {
  const l = spec.layers[j]!;
  const eg = l.electrical?.egEV;
  return checkIssue(
    `layers[${j}] "${l.name}".electrical.kRadFrom`,
    'check.no-absorption-edge',
    { egEV: String(eg), why },
    `cannot take the radiative coefficient from this layer's absorption: its optical data do not absorb around its band gap (${eg} eV; ${why === 'constant' ? 'a constant index has no absorption edge' : 'k is 0 or not given there'}); give the layer n,k data with an absorption edge, or enter the coefficient as a value`,
  );
}

/**
 * The refusals of every layer that takes its k_rad from its absorption and cannot, and the warnings
 * of computed values outside the plausible range, library tables read from `assets`: what the
 * server adds to the check before it queues a run (the check itself has no tables), so that the
 * run's own refusal (map.ts) is never the first word.
 */
export function kRadFromAbsorptionIssues(
  spec: ElectricalDeviceSpecLike,
  assets: DeviceOpticsAssets,
): { errors: CheckIssue[]; warnings: CheckIssue[] } {
  const errors: CheckIssue[] = [];
  const warnings: CheckIssue[] = [];
  spec.layers.forEach((_, j) => {
    if (!kRadFromAbsorptionChosen(spec, j)) return;
    let r: LayerKRad | undefined;
    try {
      r = layerKRadFromAbsorption(spec, j, assets);
    } catch {
      // a table that cannot be read: the optics' own check names it
      return;
    }
    if (!r) return;
    const refused = kRadAbsorptionIssue(spec, j, r);
    if (refused) errors.push(refused);
    const odd = kRadAbsorptionWarning(spec, j, r);
    if (odd) warnings.push(odd);
  });
  return { errors, warnings };
}

/**
 * The k_rad a run takes for each layer that takes it from its absorption (layer index -> cm^3/s),
 * where it can be computed and is within the limit: what an export to a tool that takes a fixed
 * coefficient writes (packages/interop computed-krad.ts). Library tables are read from `assets`.
 */
export function computedKRads(spec: ElectricalDeviceSpecLike, assets?: DeviceOpticsAssets): Record<number, number> {
  const out: Record<number, number> = {};
  spec.layers.forEach((_, j) => {
    if (!kRadFromAbsorptionChosen(spec, j)) return;
    try {
      const r = layerKRadFromAbsorption(spec, j, assets);
      if (r && 'kRadCm3PerS' in r) out[j] = r.kRadCm3PerS;
    } catch {
      // optics that cannot be read: the export says kRadFrom is not written, as without a value
    }
  });
  return out;
}

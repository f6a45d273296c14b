/**
 * What the check (check.ts) and the map (map.ts) read from a DeviceSpec's electrical part in the
 * same way: which layers form the electrical domain, the band gap a layer's defect energies are
 * read in, and the voltages of a sweep. Both depend on this module, never on each other's, so a
 * DeviceSpec goes one way: check, then map, then solve.
 */
import { type DefectGap, layerGap } from './defects-map.js';
import type { ElectricalDeviceSpecLike, LayerElectricalLike } from './types.js';

/** Indices (into layers) of the electrical domain, front to back; [] when no layer has `electrical`. */
export function electricalDomain(spec: ElectricalDeviceSpecLike): number[] {
  return spec.layers.flatMap((l, j) => (l.electrical ? [j] : []));
}

/** A layer's band gap as defect energies are read in it (defects-map.ts). */
export function gapOf(e: LayerElectricalLike, T_K: number): DefectGap {
  return layerGap(e.chiEV ?? Number.NaN, e.egEV ?? Number.NaN, e.ncCm3 ?? Number.NaN, e.nvCm3 ?? Number.NaN, T_K);
}

/** Most sweep points accepted (10 mV steps over 100 V). */
export const MAX_SWEEP_POINTS = 10001;

/** How many steps of stepV lead from startV to stopV, plus one (not finite for a sweep of 1e308 V). */
export function sweepPointCount(sw: { startV: number; stopV: number; stepV: number }): number {
  return Math.floor((sw.stopV - sw.startV) / sw.stepV + 1e-9) + 1;
}

/**
 * Whether a sweep can be stepped through: finite ends, a step that is not 0 and leads towards the
 * stop, at most MAX_SWEEP_POINTS points (the check refuses the rest; the map must not build them).
 */
export function sweepSteppable(sw: { startV: number; stopV: number; stepV: number } | undefined): boolean {
  if (!sw || ![sw.startV, sw.stopV, sw.stepV].every(Number.isFinite) || sw.stepV === 0) return false;
  const count = sweepPointCount(sw);
  return count >= 1 && count <= MAX_SWEEP_POINTS;
}

/** The terminal voltages of a sweep: start, start + step, ..., stop (appended when the steps miss it). */
export function sweepVoltages(sw: { startV: number; stopV: number; stepV: number }): number[] {
  const count = sweepPointCount(sw);
  const v = Array.from({ length: count }, (_, k) => Math.round((sw.startV + k * sw.stepV) * 1e9) / 1e9);
  if (Math.abs(v[v.length - 1]! - sw.stopV) > 1e-9 * Math.max(1, Math.abs(sw.stepV))) v.push(sw.stopV);
  return v;
}

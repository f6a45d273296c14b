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

/** The terminal voltages of a sweep: start, start + step, ..., stop (appended when the steps miss it). */
export function sweepVoltages(sw: { startV: number; stopV: number; stepV: number }): number[] {
  const count = Math.floor((sw.stopV - sw.startV) / sw.stepV + 1e-9) + 1;
  const v = Array.from({ length: count }, (_, k) => Math.round((sw.startV + k * sw.stepV) * 1e9) / 1e9);
  if (Math.abs(v[v.length - 1]! - sw.stopV) > 1e-9 * Math.max(1, Math.abs(sw.stepV))) v.push(sw.stopV);
  return v;
}

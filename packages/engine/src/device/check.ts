/**
 * Checks of the electrical part of a DeviceSpec before it is mapped to the drift-diffusion solver:
 * the same rules as checkDeviceSpec in packages/contracts (kept in step with
 * device-spec-electrical.ts there; the engine has no dependencies) plus the number types, for
 * callers that did not go through the schema. Each message names the layer (or block) and the
 * field: `layers[3] "MAPbI3".electrical.muNCm2PerVs: must be > 0 ...`.
 */
import type { ElectricalDeviceSpecLike } from './types.js';

const LAYER_REQUIRED = ['epsR', 'chiEV', 'egEV', 'ncCm3', 'nvCm3', 'muNCm2PerVs', 'muPCm2PerVs'] as const;
/** > 0 in a layer of the electrical domain: spec §5 (lifetime, mobility, density of states, permittivity) and the gap. */
const LAYER_POSITIVE = ['epsR', 'egEV', 'ncCm3', 'nvCm3', 'muNCm2PerVs', 'muPCm2PerVs', 'tauNS', 'tauPS'] as const;
const LAYER_NON_NEGATIVE = [
  'ndCm3',
  'naCm3',
  'ntCm3',
  'sigmaNCm2',
  'sigmaPCm2',
  'kRadCm3PerS',
  'cnCm6PerS',
  'cpCm6PerS',
  'gridGrading',
] as const;
const LAYER_KNOWN = new Set<string>([
  ...LAYER_REQUIRED,
  ...LAYER_POSITIVE,
  ...LAYER_NON_NEGATIVE,
  'vthCmPerS',
  'etMinusEiEV',
  'gridPoints',
]);
export const MAX_SWEEP_POINTS = 10001;

/** Indices (into layers) of the electrical domain, front to back; [] when no layer has `electrical`. */
export function electricalDomain(spec: ElectricalDeviceSpecLike): number[] {
  return spec.layers.flatMap((l, j) => (l.electrical ? [j] : []));
}

/** Errors of the electrical part; [] when the device has no `electrical` block or is fine. */
export function checkDeviceElectrical(spec: ElectricalDeviceSpecLike): string[] {
  const el = spec.electrical;
  if (!el) return [];
  const out: string[] = [];
  const at = (j: number) => `layers[${j}] "${spec.layers[j]!.name}"`;
  const domain = electricalDomain(spec);
  if (domain.length === 0) {
    out.push(
      'electrical: no layer has an "electrical" object: give the drift-diffusion parameters of the semiconductor layers',
    );
    return out;
  }
  const first = domain[0]!;
  const last = domain[domain.length - 1]!;
  for (let j = first + 1; j < last; j++) {
    if (!spec.layers[j]!.electrical)
      out.push(
        `${at(j)}.electrical: missing: the electrical layers must be contiguous (${at(first)} to ${at(last)} have electrical parameters, this layer lies between them)`,
      );
  }
  for (const j of domain) {
    const e = spec.layers[j]!.electrical! as Record<string, unknown>;
    const p = `${at(j)}.electrical`;
    for (const k of Object.keys(e)) if (!LAYER_KNOWN.has(k)) out.push(`${p}.${k}: unknown field`);
    for (const [k, v] of Object.entries(e))
      if (LAYER_KNOWN.has(k) && v !== undefined && !(typeof v === 'number' && Number.isFinite(v)))
        out.push(`${p}.${k}: must be a finite number (got ${JSON.stringify(v)})`);
    for (const f of LAYER_REQUIRED) if (e[f] === undefined) out.push(`${p}.${f}: missing`);
    for (const f of LAYER_POSITIVE) {
      const v = e[f];
      if (typeof v === 'number' && !(v > 0))
        out.push(`${p}.${f}: must be > 0 in a non-electrode layer (got ${v}; spec §5: the equations become singular)`);
    }
    for (const f of LAYER_NON_NEGATIVE) {
      const v = e[f];
      if (typeof v === 'number' && v < 0) out.push(`${p}.${f}: must be >= 0 (got ${v})`);
    }
    const gp = e.gridPoints;
    if (gp !== undefined && !(Number.isInteger(gp) && (gp as number) >= 2))
      out.push(`${p}.gridPoints: must be an integer >= 2 (got ${String(gp)})`);
    const hasTau = e.tauNS !== undefined || e.tauPS !== undefined;
    const hasNt = e.ntCm3 !== undefined || e.sigmaNCm2 !== undefined || e.sigmaPCm2 !== undefined;
    if (hasTau && (e.tauNS === undefined || e.tauPS === undefined))
      out.push(`${p}.${e.tauNS === undefined ? 'tauNS' : 'tauPS'}: missing: give both SRH lifetimes or neither`);
    if (hasTau && hasNt)
      out.push(`${p}.ntCm3: give SRH either as lifetimes (tauNS, tauPS) or as a trap density, not both`);
    if (!hasTau && hasNt)
      for (const f of ['ntCm3', 'sigmaNCm2', 'sigmaPCm2'])
        if (e[f] === undefined)
          out.push(`${p}.${f}: missing: an SRH trap density needs ntCm3, sigmaNCm2 and sigmaPCm2`);
  }
  const names = domain.map((j) => spec.layers[j]!.name);
  const seen = new Set<string>();
  (el.interfaces ?? []).forEach((it, i) => {
    const p = `electrical.interfaces[${i}].between`;
    const a = names.indexOf(it.between?.[0]);
    const b = names.indexOf(it.between?.[1]);
    if (a < 0 || b < 0) {
      const bad = a < 0 ? it.between?.[0] : it.between?.[1];
      out.push(`${p}: "${bad}" is not a layer with electrical parameters (${names.join(', ')})`);
    } else if (b !== a + 1) {
      out.push(`${p}: "${it.between[0]}" and "${it.between[1]}" are not adjacent electrical layers (front one first)`);
    } else if (seen.has(it.between[0])) {
      out.push(`${p}: the interface ${it.between[0]}/${it.between[1]} is given twice`);
    }
    seen.add(it.between?.[0]);
  });
  if (!el.contacts || typeof el.contacts !== 'object') out.push('electrical.contacts: missing');
  else
    for (const side of ['front', 'back'] as const) {
      const c = el.contacts[side];
      if (!c) out.push(`electrical.contacts.${side}: missing`);
      else if (c.kind !== 'ohmic' && c.kind !== 'schottky')
        out.push(`electrical.contacts.${side}.kind: must be "ohmic" or "schottky" (got ${JSON.stringify(c.kind)})`);
      else if (c.kind === 'schottky' && c.workFunctionEV === undefined)
        out.push(`electrical.contacts.${side}.workFunctionEV: missing: a Schottky contact needs its work function`);
    }
  const sw = el.voltageSweep;
  if (!sw) out.push('electrical.voltageSweep: missing');
  else if (![sw.startV, sw.stopV].every((v) => typeof v === 'number' && Number.isFinite(v)))
    out.push('electrical.voltageSweep: startV and stopV must be finite numbers');
  else if (sw.stepV === 0 || typeof sw.stepV !== 'number' || !Number.isFinite(sw.stepV))
    out.push(`electrical.voltageSweep.stepV: must not be 0 (got ${sw.stepV})`);
  else {
    const count = Math.floor((sw.stopV - sw.startV) / sw.stepV + 1e-9) + 1;
    if (count < 1)
      out.push(
        `electrical.voltageSweep.stepV: goes away from stopV (${sw.startV} V to ${sw.stopV} V in steps of ${sw.stepV} V)`,
      );
    else if (count > MAX_SWEEP_POINTS)
      out.push(`electrical.voltageSweep.stepV: ${count} points is too many (at most ${MAX_SWEEP_POINTS})`);
  }
  const eqeStep = el.eqe?.stepNm;
  const optStep = spec.illumination?.wavelength?.stepNm ?? 1;
  if (eqeStep !== undefined) {
    const r = eqeStep / optStep;
    if (Math.abs(r - Math.round(r)) > 1e-9 || Math.round(r) < 1)
      out.push(`electrical.eqe.stepNm: must be a multiple of the optical step ${optStep} nm (got ${eqeStep})`);
  }
  const genKind = el.generation?.kind ?? (spec.illumination ? 'optical' : 'dark');
  if (el.eqe && genKind !== 'optical')
    out.push(
      `electrical.eqe: needs generation "optical" (got "${genKind}"; it is the default when illumination is given)`,
    );
  return out;
}

/** The terminal voltages of a sweep: start, start + step, ..., stop (appended when the steps miss it). */
export function sweepVoltages(sw: { startV: number; stopV: number; stepV: number }): number[] {
  const count = Math.floor((sw.stopV - sw.startV) / sw.stepV + 1e-9) + 1;
  const v = Array.from({ length: count }, (_, k) => Math.round((sw.startV + k * sw.stepV) * 1e9) / 1e9);
  if (Math.abs(v[v.length - 1]! - sw.stopV) > 1e-9 * Math.max(1, Math.abs(sw.stepV))) v.push(sw.stopV);
  return v;
}

/**
 * A monolithic tandem DeviceSpec (perovskite/silicon, perovskite/perovskite), two ways
 * (docs/physics/tandem.md):
 *
 * Optics: one transfer-matrix calculation of the whole stack (thick layers incoherent, texture as
 * the optics supports it) gives G(x); each subcell gets G in its own layers, so the top cell
 * filters the bottom cell's light exactly. A subcell's photocurrent is
 *     J_ph,i = q int_{subcell i} G dx   (the sum of its electrical layers' optical photocurrents).
 *
 * (a) Subcells solved separately and connected in series: each subcell is the DeviceSpec with only
 * its own layers electrical, the stack's front contact on the top cell, the back contact on the
 * bottom cell and an ideal ohmic contact on each side of the junction (the junction neither loses
 * voltage nor recombines the carriers it should not: it takes the majority carrier of each side and
 * blocks the minority one). Each subcell is swept from reverse bias (down to minus the
 * stack's stop voltage, so the limiting cell can be driven negative) to its Voc, and the 2T curve
 * is V(J) = V_top(J) + V_bottom(J) (series.ts); series and shunt resistance act on the stack.
 *
 * (b) The whole stack as one drift-diffusion device: every electrical layer, the junction's own
 * layers (heavily doped layers with band-to-band tunnelling) and interfaces (a recombination
 * interface) included; this is the one that sees junction losses. For an ideal junction (a)
 * and (b) agree. It starts from the subcells' states of (a) placed on its mesh (stitch.ts): from
 * equilibrium the region between the subcells floats and Newton does not converge.
 *
 * Four-terminal: each subcell at its own maximum power point in the same optical stack,
 * PCE_4T = PCE_top + PCE_bottom.
 *
 * Mismatch: J_ph,top - J_ph,bottom; the subcell with the smaller short-circuit current limits the
 * 2T current. The thickness sweep repeats the optics with one top-cell layer's thickness varied and
 * gives the thickness at which the photocurrents are equal (linear interpolation of the difference).
 */

import { checkDeviceElectricalCoded } from '../device/check.js';
import { electricalDomain, sweepVoltages } from '../device/electrical-spec.js';
import { mapElectrical } from '../device/map.js';
import { electricalMeshOf, pceOnWindow, runDeviceSimulation } from '../device/simulate.js';
import type {
  DeviceSimulationOptions,
  DeviceSimulationResult,
  ElectricalDeviceSpecLike,
  TandemSubcellName,
} from '../device/types.js';
import { DeviceSpecInputError } from '../device/types.js';
import type { SolvedState } from '../electrical/solvers/states.js';
import type { ElectricalJvFigures } from '../electrical/types.js';
import type { KeyFigures } from '../jv/figures.js';
import { checkLine } from '../messages/device-check.js';
import type { EngineMessage } from '../messages/index.js';
import { type ResultWarning, resultMessage } from '../messages/results.js';
import { type DeviceOpticsAssets, runDeviceOptics } from '../optics/device.js';
import { type SeriesConnection, SeriesNoOverlap, seriesConnect } from './series.js';
import { stitchedState } from './stitch.js';

export type TandemCell = 'top' | 'bottom';

export interface TandemSubcellResult {
  subcell: TandemCell;
  /** Names of the subcell's electrical layers. */
  layers: string[];
  /** q times G integrated over the subcell's electrical layers (from the whole-stack optics), mA/cm^2. */
  jPhotoMaCm2: number;
  /** G at the subcell's mesh nodes, x from the front face of its first layer. */
  generation: { x_nm: number[]; G_cm3_s: number[] };
  converged: boolean;
  error?: EngineMessage;
  /** The subcell's light J-V with ideal contacts at the junction (method (a)). */
  V: number[];
  J_mA_cm2: number[];
  figures?: ElectricalJvFigures;
  warnings: ResultWarning[];
}

export interface TandemThicknessSweep {
  layer: string;
  thicknessNm: number[];
  jTopMaCm2: number[];
  jBottomMaCm2: number[];
  /** Thickness at which the photocurrents are equal (absent when they do not cross in the range). */
  matchedThicknessNm?: number;
}

export interface TandemResult {
  schemaVersion: 1;
  device: string;
  incidentPowerMwCm2: number;
  /** The incident power inside the simulated wavelength window, mW/cm^2 (the PCE as SCAPS gives it). */
  incidentPowerWindowMwCm2?: number;
  subcells: [TandemSubcellResult, TandemSubcellResult];
  /** Photocurrent absorbed in the junction layers (lost in (a), part of (b)), mA/cm^2. */
  junction: { layers: string[]; jPhotoMaCm2: number };
  /** Where the rest of the light goes, mA/cm^2: reflected, transmitted, absorbed in optical-only layers. */
  optical: { jReflectedMaCm2: number; jTransmittedMaCm2: number; jParasiticMaCm2: number };
  mismatch: {
    /** J_ph,top - J_ph,bottom, mA/cm^2, and relative to the larger of the two. */
    jTopMinusBottomMaCm2: number;
    relative: number;
    /** The subcell with the smaller short-circuit current (photocurrent when a run failed). */
    limiting: TandemCell;
  };
  /** (a) the subcells in series; absent when a subcell run failed or their curves do not overlap. */
  series?: { V: number[]; J_mA_cm2: number[]; figures: ElectricalJvFigures };
  /** (b) the whole stack as one drift-diffusion device (its J-V, profiles and optics). */
  fullStack?: DeviceSimulationResult;
  /** Each subcell at its own maximum power point. */
  fourTerminal?: {
    topPcePercent: number;
    bottomPcePercent: number;
    pcePercent: number;
    /** The four-terminal PCE on the window's power (incidentPowerWindowMwCm2). */
    pceWindowPercent?: number;
  };
  thicknessSweep?: TandemThicknessSweep;
  warnings: ResultWarning[];
  elapsedMs: number;
}

/** KeyFigures (jv/figures.ts) in the solver's naming. */
function asElectricalFigures(k: KeyFigures): ElectricalJvFigures {
  return {
    Jsc_mA_cm2: k.jscMaCm2,
    Voc_V: k.vocV,
    FF: k.ff,
    PCE_percent: k.pcePercent,
    Vmp_V: k.vmpV,
    Jmp_mA_cm2: k.jmpMaCm2,
    Pmax_mW_cm2: k.pmaxMwCm2,
    method: 'interpolated',
  };
}

/** Indices of the layers of one subcell. */
function layersOf(spec: ElectricalDeviceSpecLike, which: TandemSubcellName): number[] {
  return spec.layers.flatMap((l, j) => (l.electrical && l.subcell === which ? [j] : []));
}

/**
 * Reverse-bias part of a subcell sweep: down to minus the stack's stop voltage in coarse steps
 * (the photocurrent is flat there), then the stack's step up to 0 V; extendToVoc carries it past Voc.
 */
export function subcellVoltages(startV: number, stopV: number, stepV: number): number[] {
  const step = Math.min(Math.abs(stepV), 0.05);
  const vRev = Math.min(startV, 0) - Math.max(Math.abs(stopV), 0.5);
  const out: number[] = [];
  const fineFrom = -0.3;
  for (let v = vRev; v < fineFrom - 1e-9; v += 0.1) out.push(Math.round(v * 1e9) / 1e9);
  for (let v = fineFrom; v <= 1e-9; v += step) out.push(Math.round(v * 1e9) / 1e9);
  if (out[out.length - 1] !== 0) out.push(0);
  return out;
}

/**
 * The DeviceSpec of one subcell for method (a): the whole optical stack, only the subcell's layers
 * electrical, each with the mesh intervals it has in the whole stack (same discretisation in (a)
 * and (b)), its interfaces, the stack's outer contact on its outer side and an ideal ohmic contact
 * (infinite surface recombination velocity: carriers at equilibrium with the junction) on the
 * junction side that takes that side's majority carrier and blocks the minority one (S = 0); no
 * external resistances (they act on the stack).
 */
export function subcellSpec(
  spec: ElectricalDeviceSpecLike,
  which: TandemCell,
  meshIntervals: Map<number, number>,
): ElectricalDeviceSpecLike {
  const el = spec.electrical!;
  const own = new Set(layersOf(spec, which));
  const names = new Set([...own].map((j) => spec.layers[j]!.name));
  const layers = spec.layers.map((l, j) => {
    const { electrical, subcell: _subcell, ...rest } = l;
    if (!own.has(j) || !electrical) return rest;
    const e = { ...electrical };
    if (e.gridPoints === undefined && meshIntervals.has(j)) e.gridPoints = meshIntervals.get(j)!;
    return { ...rest, electrical: e };
  });
  const sw = el.voltageSweep;
  // the junction passes only the majority carriers it recombines: the top cell's majority on its
  // junction side meets the bottom cell's; the minority carrier is blocked (S = 0), as at an ideal
  // selective contact
  const holesToJunction = (which === 'top') === (el.contacts.anode === 'back');
  const ideal = holesToJunction
    ? { kind: 'ohmic' as const, sNCmPerS: 0, sPCmPerS: null }
    : { kind: 'ohmic' as const, sNCmPerS: null, sPCmPerS: 0 };
  const { tandem: _tandem, eqe: _eqe, transient: _tr, impedance: _imp, ...base } = el;
  const voltages = subcellVoltages(sw.startV, sw.stopV, sw.stepV);
  return {
    ...spec,
    layers,
    electrical: {
      ...base,
      contacts: {
        front: which === 'top' ? el.contacts.front : ideal,
        back: which === 'bottom' ? el.contacts.back : ideal,
        anode: el.contacts.anode,
      },
      interfaces: (el.interfaces ?? []).filter((it) => names.has(it.between[0]) && names.has(it.between[1])),
      rsOhmCm2: 0,
      rshOhmCm2: null,
      voltageSweep: { startV: voltages[0]!, stopV: 0, stepV: 1 },
      extendToVoc: true,
      darkJV: false,
      profileBiasesV: [],
    },
  };
}

/**
 * The subcells' states to start the whole stack from, ordered from the stack's cathode to its anode,
 * at two points of the series curve: nearest the first voltage of the stack's sweep, then nearest
 * NEAR_OPEN_CIRCUIT of the series Voc (each cell's stored state nearest its voltage there); none
 * without a series result. The second is for a junction that cannot carry the current the first
 * needs (weak tunnelling: the stack is current-limited and its J-V S-shaped, docs/physics/tandem.md):
 * near open circuit almost no current crosses the junction, whatever it is, so the subcells' states
 * are close to the stack's there, and the sweep reaches its first voltage by continuation.
 */
function stitchPoints(
  spec: ElectricalDeviceSpecLike,
  series: SeriesConnection | undefined,
  states: [SolvedState[], SolvedState[]],
): SolvedState[][] {
  if (!series || series.V.length === 0 || states[0].length === 0 || states[1].length === 0) return [];
  const at = (target: number) => {
    let k = 0;
    series.V.forEach((v, i) => {
      if (Math.abs(v - target) < Math.abs(series.V[k]! - target)) k = i;
    });
    const picked = states.map((list, c) => {
      const vc = series.subcellV[c]![k]!;
      return list.reduce((best, st) => (Math.abs(st.vInternalV - vc) < Math.abs(best.vInternalV - vc) ? st : best));
    });
    return spec.electrical!.contacts.anode === 'back' ? picked : [picked[1]!, picked[0]!];
  };
  const v0 = sweepVoltages(spec.electrical!.voltageSweep)[0] ?? 0;
  const voc = series.figures.vocV;
  return Number.isFinite(voc) && voc > 0 ? [at(v0), at(NEAR_OPEN_CIRCUIT * voc)] : [at(v0)];
}

/** Where the second start of the whole stack sits on the series curve, as a fraction of its Voc. */
const NEAR_OPEN_CIRCUIT = 0.99;

/** The mesh intervals each electrical layer (by index in spec.layers) gets in the whole-stack mesh. */
function wholeStackIntervals(spec: ElectricalDeviceSpecLike): Map<number, number> {
  const { device, domain } = mapElectrical(spec);
  const mesh = electricalMeshOf(device);
  const out = new Map<number, number>();
  mesh.layerNodes.forEach(({ first, last }, li) => {
    // a thermionic interface's gap interval is not the layer's own
    let m = last - first;
    for (let k = first; k < last; k++) if (mesh.teInterval[k]! >= 0) m--;
    out.set(domain[li]!, m);
  });
  return out;
}

/** Photocurrents of the top and bottom cells' electrical layers from one optics run, mA/cm^2. */
function subcellPhotocurrents(spec: ElectricalDeviceSpecLike, assets: DeviceOpticsAssets): [number, number] {
  const { report } = runDeviceOptics(spec, assets, 2);
  const sum = (which: TandemSubcellName) => layersOf(spec, which).reduce((s, j) => s + report.layers[j]!.jphMaCm2, 0);
  return [sum('top'), sum('bottom')];
}

/** The current-matching sweep of one top-cell layer's thickness (optics only). */
export function tandemThicknessSweep(
  spec: ElectricalDeviceSpecLike,
  assets: DeviceOpticsAssets,
  sweep: { layer: string; fromNm: number; toNm: number; points: number },
): TandemThicknessSweep {
  const j = spec.layers.findIndex((l) => l.name === sweep.layer);
  const out: TandemThicknessSweep = { layer: sweep.layer, thicknessNm: [], jTopMaCm2: [], jBottomMaCm2: [] };
  for (let k = 0; k < sweep.points; k++) {
    const d = sweep.fromNm + ((sweep.toNm - sweep.fromNm) * k) / (sweep.points - 1);
    const layers = spec.layers.map((l, i) => (i === j ? { ...l, thicknessNm: d } : l));
    const [top, bottom] = subcellPhotocurrents({ ...spec, layers }, assets);
    out.thicknessNm.push(d);
    out.jTopMaCm2.push(top);
    out.jBottomMaCm2.push(bottom);
  }
  for (let k = 0; k + 1 < sweep.points; k++) {
    const a = out.jTopMaCm2[k]! - out.jBottomMaCm2[k]!;
    const b = out.jTopMaCm2[k + 1]! - out.jBottomMaCm2[k + 1]!;
    if (a === 0) {
      out.matchedThicknessNm = out.thicknessNm[k]!;
      break;
    }
    if (a * b < 0) {
      const d0 = out.thicknessNm[k]!;
      const d1 = out.thicknessNm[k + 1]!;
      out.matchedThicknessNm = d0 + ((d1 - d0) * a) / (a - b);
      break;
    }
  }
  return out;
}

/**
 * Runs a tandem DeviceSpec (electrical.tandem, layers with `subcell`): optics, method (a),
 * method (b) when electrical.tandem.fullStack is true, the four-terminal figures and the
 * thickness sweep when asked. Throws DeviceSpecInputError on bad input.
 */
export function runTandemSimulation(
  spec: ElectricalDeviceSpecLike,
  assets: DeviceOpticsAssets,
  options: DeviceSimulationOptions = {},
): TandemResult {
  const clock = options.clock ?? (() => Date.now());
  const t0 = clock();
  const tandem = spec.electrical?.tandem;
  if (!tandem) throw new DeviceSpecInputError(['electrical.tandem: missing: the device is not a tandem']);
  const { errors, warnings: inputWarnings } = checkDeviceElectricalCoded(spec);
  if (errors.length > 0) throw new DeviceSpecInputError(errors.map(checkLine));
  const warnings: ResultWarning[] = inputWarnings.map((w) => resultMessage.checkWarning(w));
  const report = options.onProgress;
  const fullStack = tandem.fullStack === true;
  // progress weights: optics, top, bottom, whole stack, sweep
  const weights = [1, 3, 4, fullStack ? 6 : 0, tandem.thicknessSweep ? 2 : 0];
  const total = weights.reduce((a, b) => a + b, 0);
  const stageStart = (k: number) => weights.slice(0, k).reduce((a, b) => a + b, 0) / total;
  const stageOptions = (k: number, label: string): DeviceSimulationOptions => {
    const o: DeviceSimulationOptions = { ...options };
    if (report) o.onProgress = (f, detail) => report(stageStart(k) + (f * weights[k]!) / total, `${label}: ${detail}`);
    return o;
  };

  report?.(0, 'optics of the whole stack');
  const { report: optics } = runDeviceOptics(spec, assets, 2);
  const jph = optics.layers.map((l) => l.jphMaCm2);
  // a layer that makes no free carriers (generatesCarriers false) adds nothing to its subcell's photocurrent
  const sumOf = (idx: number[]) =>
    idx.reduce((s, j) => s + (spec.layers[j]!.electrical?.generatesCarriers === false ? 0 : jph[j]!), 0);
  const electrical = new Set(electricalDomain(spec));
  const parasitic = jph.reduce((s, v, j) => (electrical.has(j) ? s : s + v), 0);

  const intervals = wholeStackIntervals(spec);
  // the incident power as the single-device run computes it (the same spectrum and suns for every run)
  let incidentPowerMwCm2 = 100;
  let incidentPowerWindowMwCm2: number | undefined;
  const states: [SolvedState[], SolvedState[]] = [[], []];
  const cells = (['top', 'bottom'] as const).map((which, k): TandemSubcellResult => {
    const idx = layersOf(spec, which);
    const base: TandemSubcellResult = {
      subcell: which,
      layers: idx.map((j) => spec.layers[j]!.name),
      jPhotoMaCm2: sumOf(idx),
      generation: { x_nm: [], G_cm3_s: [] },
      converged: false,
      V: [],
      J_mA_cm2: [],
      warnings: [],
    };
    const o = stageOptions(1 + k, `${which} cell`);
    // the whole stack starts from the subcells' states (stitch.ts)
    if (fullStack) o.solverStates = { onState: (st) => states[k]!.push(st) };
    const r = runDeviceSimulation(subcellSpec(spec, which, intervals), assets, o);
    incidentPowerMwCm2 = r.incidentPowerMwCm2;
    incidentPowerWindowMwCm2 = r.incidentPowerWindowMwCm2;
    base.generation = { x_nm: r.generation.x_nm, G_cm3_s: r.generation.G_cm3_s };
    base.warnings = r.warnings;
    const light = r.light!;
    base.converged = light.converged;
    if (light.error) base.error = light.error;
    base.V = light.V;
    base.J_mA_cm2 = light.J_mA_cm2;
    if (light.figures) base.figures = light.figures;
    return base;
  }) as [TandemSubcellResult, TandemSubcellResult];
  const [top, bottom] = cells;

  const junctionIdx = layersOf(spec, 'junction');
  const jscTop = top.figures?.Jsc_mA_cm2 ?? top.jPhotoMaCm2;
  const jscBottom = bottom.figures?.Jsc_mA_cm2 ?? bottom.jPhotoMaCm2;
  const diff = top.jPhotoMaCm2 - bottom.jPhotoMaCm2;
  const result: TandemResult = {
    schemaVersion: 1,
    device: spec.name,
    incidentPowerMwCm2,
    ...(incidentPowerWindowMwCm2 !== undefined ? { incidentPowerWindowMwCm2 } : {}),
    subcells: cells,
    junction: { layers: junctionIdx.map((j) => spec.layers[j]!.name), jPhotoMaCm2: sumOf(junctionIdx) },
    optical: {
      jReflectedMaCm2: optics.totals.jReflectedMaCm2,
      jTransmittedMaCm2: optics.totals.jTransmittedMaCm2,
      jParasiticMaCm2: parasitic,
    },
    mismatch: {
      jTopMinusBottomMaCm2: diff,
      relative: diff / Math.max(top.jPhotoMaCm2, bottom.jPhotoMaCm2),
      limiting: jscTop <= jscBottom ? 'top' : 'bottom',
    },
    warnings,
    elapsedMs: 0,
  };
  for (const c of cells) {
    if (!c.converged) warnings.push(resultMessage.subcellNotConverged(c.subcell, c.error));
    for (const w of c.warnings) {
      // the stack's own check warned once on each implausible value of the user's fields; what a
      // subcell's derived spec holds beyond them (its coarse sweep step) is the tandem's, not the user's
      if (w.code === 'device.check-warning' && w.params['cause'] === 'check.param-implausible') continue;
      warnings.push(resultMessage.subcellWarning(c.subcell, w));
    }
  }

  if (top.figures && bottom.figures) {
    const t = top.figures.PCE_percent;
    const b = bottom.figures.PCE_percent;
    result.fourTerminal = { topPcePercent: t, bottomPcePercent: b, pcePercent: t + b };
    if (incidentPowerWindowMwCm2 !== undefined)
      result.fourTerminal.pceWindowPercent = pceOnWindow(t + b, incidentPowerMwCm2, incidentPowerWindowMwCm2);
  }
  let seriesDetail: SeriesConnection | undefined;
  if (top.V.length > 1 && bottom.V.length > 1) {
    try {
      const el = spec.electrical!;
      const s = seriesConnect([top, bottom], {
        rsOhmCm2: el.rsOhmCm2 ?? 0,
        rshOhmCm2: el.rshOhmCm2 ?? null,
        pinMwCm2: incidentPowerMwCm2,
      });
      result.series = { V: s.V, J_mA_cm2: s.J_mA_cm2, figures: asElectricalFigures(s.figures) };
      if (incidentPowerWindowMwCm2 !== undefined)
        result.series.figures.pceWindowPercent = pceOnWindow(
          s.figures.pcePercent,
          incidentPowerMwCm2,
          incidentPowerWindowMwCm2,
        );
      seriesDetail = s;
    } catch (e) {
      if (!(e instanceof SeriesNoOverlap)) throw e;
      warnings.push(resultMessage.seriesNoOverlap(e.message));
    }
  }

  if (fullStack) {
    const { tandem: _t, ...el } = spec.electrical!;
    // no dark J-V: in the dark the region between the subcells floats (stitch.ts)
    const whole: ElectricalDeviceSpecLike = {
      ...spec,
      layers: spec.layers.map(({ subcell: _s, ...l }) => l),
      electrical: { ...el, darkJV: false },
    };
    const o = stageOptions(3, 'whole stack');
    const starts = stitchPoints(spec, seriesDetail, states);
    o.solverStates = {
      initialStates: function* (model) {
        for (const cellStates of starts) {
          const state = stitchedState(model, cellStates);
          if (state) yield state;
        }
      },
    };
    result.fullStack = runDeviceSimulation(whole, assets, o);
    if (result.fullStack.light && !result.fullStack.light.converged)
      warnings.push(resultMessage.stackNotConverged(result.fullStack.light.error));
  }
  if (tandem.thicknessSweep) {
    report?.(stageStart(4), 'thickness sweep');
    result.thicknessSweep = tandemThicknessSweep(spec, assets, tandem.thicknessSweep);
  }
  report?.(1, 'done');
  result.elapsedMs = clock() - t0;
  return result;
}

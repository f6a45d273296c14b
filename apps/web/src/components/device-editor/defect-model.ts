/**
 * Defaults and the density-of-states plot data of the defect editor (issue 20). The energies,
 * distributions and their truncations are the engine's (device/defects-map.ts), so what the plot
 * shows is what the solver integrates.
 */
import type {
  BulkDefectSpec,
  CapacitanceFrequencySpec,
  CapacitanceVoltageSpec,
  InterfaceDefectSpec,
  LayerElectricalSpec,
} from '@pvforge/contracts';
import { type DefectGap, defectDensityOfStates, interfaceGap, layerGap, levelDepthEV } from '@pvforge/engine';
import type { EditorState } from './model';

/** How many defects a device has, in its layers and at its interfaces. */
export function defectCount(s: EditorState): number {
  const inLayers = s.layers.reduce((n, l) => n + (l.electrical?.defects?.length ?? 0), 0);
  return inLayers + (s.electrical?.interfaces ?? []).reduce((n, it) => n + (it.defects?.length ?? 0), 0);
}

/**
 * The first defect of a device switches the loss of each defect on, unless the user has set it:
 * what a defect costs is what one adds a defect to see (issue 29).
 */
export function lossesFollowDefects(prev: EditorState, next: EditorState): EditorState {
  if (!next.electrical || next.electrical.defectLosses !== undefined) return next;
  if (defectCount(prev) > 0 || defectCount(next) === 0) return next;
  return { ...next, electrical: { ...next.electrical, defectLosses: true } };
}

/** A new layer defect: a Gaussian acceptor 0.5 eV below the conduction band (SCAPS-like defaults). */
export function defaultDefect(): BulkDefectSpec {
  return {
    type: 'acceptor',
    densityCm3: 1e15,
    energyEV: 0.5,
    energyReference: 'conduction',
    distribution: 'gaussian',
    widthEV: 0.1,
    sigmaNCm2: 1e-15,
    sigmaPCm2: 1e-15,
  };
}

/** A new interface defect: a neutral mid-gap sheet, 1e10 cm^-2. */
export function defaultInterfaceDefect(): InterfaceDefectSpec {
  return {
    type: 'neutral',
    densityCm2: 1e10,
    energyEV: 0,
    energyReference: 'intrinsic',
    sigmaNCm2: 1e-15,
    sigmaPCm2: 1e-15,
  };
}

export function defaultCapacitanceVoltage(): CapacitanceVoltageSpec {
  return { frequencyHz: 1e5, startV: -1, stopV: 0.5, stepV: 0.05 };
}

export function defaultCapacitanceFrequency(): CapacitanceFrequencySpec {
  return { voltageV: 0, startHz: 10, stopHz: 1e7, points: 41 };
}

/** Switching the capture between the two ways keeps the coefficients equal (c = sigma v_th). */
export function switchCapture<D extends BulkDefectSpec | InterfaceDefectSpec>(d: D, to: 'sigma' | 'c'): D {
  const { sigmaNCm2, sigmaPCm2, vthNCmPerS, vthPCmPerS, cNCm3PerS, cPCm3PerS, ...rest } = d;
  if (to === 'c')
    return {
      ...rest,
      cNCm3PerS: (sigmaNCm2 ?? 1e-15) * (vthNCmPerS ?? 1e7),
      cPCm3PerS: (sigmaPCm2 ?? 1e-15) * (vthPCmPerS ?? 1e7),
    } as D;
  return { ...rest, sigmaNCm2: (cNCm3PerS ?? 1e-8) / 1e7, sigmaPCm2: (cPCm3PerS ?? 1e-8) / 1e7 } as D;
}

export const captureMode = (d: BulkDefectSpec | InterfaceDefectSpec): 'sigma' | 'c' =>
  d.cNCm3PerS !== undefined || d.cPCm3PerS !== undefined ? 'c' : 'sigma';

/** Width drawn for a single level, eV. */
export const SINGLE_BAR_EV = 0.01;

export interface DosPlotData {
  /** Energy above the valence band edge, eV (0 .. Eg). */
  energy: number[];
  series: { name: string; y: number[] }[];
}

const ok = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The gap of a layer at T, or undefined when it lacks affinity, gap, Nc or Nv. */
function gapOf(e: LayerElectricalSpec | undefined, T_K: number): DefectGap | undefined {
  if (!e || !ok(e.chiEV) || !ok(e.egEV) || !(e.egEV > 0) || !ok(e.ncCm3) || !ok(e.nvCm3)) return undefined;
  return layerGap(e.chiEV, e.egEV, e.ncCm3, e.nvCm3, T_K);
}

/**
 * The density of states of each defect against E - E_v of the gap they are read in (per volume in a
 * layer, per area at an interface). Single levels are drawn as bars 10 meV wide holding their density.
 */
function gapDosPlotData(
  defects: readonly (BulkDefectSpec | InterfaceDefectSpec)[],
  gap: DefectGap,
  name: (k: number) => string,
  points: number,
): DosPlotData {
  const egEV = gap.evDepthEV - gap.ecDepthEV;
  const energy = Array.from({ length: points }, (_, k) => (egEV * k) / (points - 1));
  const vacuum = energy.map((x) => x - gap.evDepthEV);
  const series = defects.map((d, k) => {
    const g = defectDensityOfStates(d, gap, vacuum);
    if (g) return { name: name(k), y: g };
    const at = gap.evDepthEV - levelDepthEV(d, gap);
    const N = ('densityCm3' in d ? d.densityCm3 : d.densityCm2) ?? 0;
    return { name: name(k), y: energy.map((x) => (Math.abs(x - at) <= SINGLE_BAR_EV / 2 ? N / SINGLE_BAR_EV : 0)) };
  });
  return { energy, series };
}

/** The density of states of each defect of a layer, or undefined when the layer lacks what the gap needs. */
export function dosPlotData(
  e: LayerElectricalSpec | undefined,
  T_K: number,
  name: (k: number) => string,
  points = 601,
): DosPlotData | undefined {
  const gap = gapOf(e, T_K);
  return gap ? gapDosPlotData(e?.defects ?? [], gap, name, points) : undefined;
}

/**
 * The density of states (per area) of the defect sheets of an interface, in the gap the two layers
 * share (the engine's interfaceGap: the lower E_c, the higher E_v), or undefined when either layer
 * lacks what its gap needs or they share no gap.
 */
export function interfaceDosPlotData(
  front: LayerElectricalSpec | undefined,
  back: LayerElectricalSpec | undefined,
  defects: readonly InterfaceDefectSpec[],
  T_K: number,
  name: (k: number) => string,
  points = 601,
): (DosPlotData & { egEV: number }) | undefined {
  const a = gapOf(front, T_K);
  const b = gapOf(back, T_K);
  if (!a || !b) return undefined;
  const gap = interfaceGap(a, b);
  const egEV = gap.evDepthEV - gap.ecDepthEV;
  if (!(egEV > 0)) return undefined;
  return { ...gapDosPlotData(defects, gap, name, points), egEV };
}

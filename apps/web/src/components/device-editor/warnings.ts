import {
  type DeviceElectricalSpec,
  type DeviceLayerSpec,
  outsideUsualThickness,
  usualThicknessOfLayer,
} from '@pvforge/contracts';
import { radiativeJ0MaCm2, SdmSolver } from '@pvforge/engine';
import type { TFunction } from 'i18next';
import { paramLang, type SpecVerdict, sayFieldVerdict } from '../../lib/params';
import type { FieldIssue } from './model';

/**
 * The guidance of spec §5 (help texts, not enforced by the platform's old screens) as warnings on
 * the fields they concern; pure, unit-tested in apps/web/test/editor-warnings.test.ts.
 * Keys are i18n keys under editor.warn; params fill the message.
 */
export interface Warning {
  path: string;
  key:
    | 'gridTotal'
    | 'implausible'
    | 'sweepBelowVoc'
    | 'thickGrid'
    | 'lifetimeShort'
    | 'thickCoherent'
    | 'unusualThickness'
    | 'boltzmann'
    | 'defectBeyondGap'
    | 'ohmicUndopedAnode'
    | 'ohmicUndopedCathode';
  params: Record<string, string | number>;
  /** 'implausible': the registry's verdict on the field's value, worded in the UI language. */
  verdict?: SpecVerdict;
}

/** A warning in the UI language: the registry's words for its verdicts, the editor's advice for the rest. */
export function warningText(w: Warning, t: TFunction, lang: string): string {
  return w.verdict ? sayFieldVerdict(w.verdict, paramLang(lang)) : t(`editor.warn.${w.key}`, w.params);
}

/** A thickness in the unit a reader expects: nm, µm or mm. */
export function lengthText(nm: number): string {
  if (nm >= 1e6) return `${+(nm / 1e6).toPrecision(3)} mm`;
  if (nm >= 1e4) return `${+(nm / 1e3).toPrecision(3)} µm`;
  return `${+nm.toPrecision(3)} nm`;
}

/** Spec §9: total grid at most 600; thick layers (> 1 um) not above 500. */
export const GRID_TOTAL_MAX = 600;
export const THICK_LAYER_GRID_MAX = 500;
const DEFAULT_GRID = 400;

/**
 * Mesh nodes of the electrical domain: the layers' own gridPoints plus the shared budget
 * (electrical.gridPoints, default 400) when any electrical layer has no gridPoints of its own.
 */
export function totalGrid(layers: readonly DeviceLayerSpec[], el: DeviceElectricalSpec | undefined): number {
  const dom = layers.filter((l) => l.electrical);
  const own = dom.reduce((s, l) => s + (l.electrical?.gridPoints ?? 0), 0);
  const shared = dom.some((l) => l.electrical?.gridPoints === undefined) ? (el?.gridPoints ?? DEFAULT_GRID) : 0;
  return own + shared;
}

/**
 * Voc in the radiative (Shockley-Queisser) limit of an absorber of gap egEV at temperatureK
 * carrying the photocurrent jphMaCm2: the open-circuit voltage of the ideal diode whose saturation
 * current is the black-body emission above the gap, Voc = kT/q ln(Jph/J0,rad + 1), from the
 * engine's own J0,rad and single-diode model (the detailed-balance calculator uses the same). It is
 * an upper bound of any real cell's Voc; 0 without photocurrent, or while the gap or the
 * temperature being typed is not a usable number yet (the editor's own checks flag those fields).
 */
export function radiativeVoc(egEV: number, jphMaCm2: number, temperatureK = 300): number {
  const usable = (x: number) => Number.isFinite(x) && x > 0;
  if (!usable(jphMaCm2) || !usable(egEV) || !usable(temperatureK)) return 0;
  const ideal = new SdmSolver({
    jphMaCm2,
    j0MaCm2: radiativeJ0MaCm2(egEV, temperatureK),
    n: 1,
    rsOhmCm2: 0,
    rshOhmCm2: Number.POSITIVE_INFINITY,
    tK: temperatureK,
  });
  return ideal.vocV();
}

/**
 * The Voc the sweep should reach, estimated without solving the device: the radiative limit of the
 * narrowest-gap electrical layer, with the photocurrent of the instant optical preview when there
 * is one (else a typical 20 mA/cm^2), minus 0.1 V of non-radiative loss that even the best
 * perovskite and silicon cells show. Without any gap there is no estimate.
 */
export function estimateVoc(
  layers: readonly DeviceLayerSpec[],
  temperatureK: number,
  previewJphMaCm2?: number,
): number | undefined {
  const gaps = layers.flatMap((l) => (l.electrical && (l.electrical.egEV ?? 0) > 0 ? [l.electrical.egEV!] : []));
  if (gaps.length === 0) return undefined;
  const eg = Math.min(...gaps);
  const jph = previewJphMaCm2 && previewJphMaCm2 > 0 ? previewJphMaCm2 : 20;
  return Math.max(0, radiativeVoc(eg, jph, temperatureK) - 0.1);
}

/** The warnings of a device being edited for an electrical calculation (`el` present) or an optical one. */
export function deviceWarnings(
  layers: readonly DeviceLayerSpec[],
  el: DeviceElectricalSpec | undefined,
  previewJphMaCm2?: number,
  engine: readonly FieldIssue[] = [],
): Warning[] {
  const out: Warning[] = [];
  // the engine's own warnings of a valid device (electrical/input-check.ts, defects-map.ts) on their
  // fields, by their check code, told with the editor's advice
  for (const w of engine) {
    // the registry's plausible ranges (lib/params.ts): a value that runs but real devices do not show
    if (w.verdict) out.push({ path: w.path, key: 'implausible', params: {}, verdict: w.verdict });
    const code = w.detail?.code;
    const p = w.detail?.params ?? {};
    if (code === 'check.boltzmann-degenerate' || code === 'check.boltzmann-contact')
      out.push({ path: w.path, key: 'boltzmann', params: {} });
    if (code === 'check.distribution-beyond-edge')
      out.push({ path: w.path, key: 'defectBeyondGap', params: { ev: String(p['beyondEV']) } });
    if (code === 'check.ohmic-undoped')
      out.push({
        path: w.path,
        key: p['side'] === 'anode' ? 'ohmicUndopedAnode' : 'ohmicUndopedCathode',
        params: { layer: String(p['layer']), ev: String(p['barrierEV']) },
      });
  }
  layers.forEach((l, j) => {
    if (l.coherent !== false && l.thicknessNm > 5000)
      out.push({ path: `layers.${j}.coherent`, key: 'thickCoherent', params: { layer: l.name } });
    // far from what layers of its material usually are (a 100 nm PTAA, a 10 nm absorber)
    const usual = usualThicknessOfLayer(l);
    if (usual && l.thicknessNm > 0 && outsideUsualThickness(l.thicknessNm, usual))
      out.push({
        path: `layers.${j}.thicknessNm`,
        key: 'unusualThickness',
        params: { layer: l.name, min: lengthText(usual.minNm), max: lengthText(usual.maxNm) },
      });
  });
  if (!el) return out;
  const total = totalGrid(layers, el);
  if (total > GRID_TOTAL_MAX)
    out.push({ path: 'electrical.gridPoints', key: 'gridTotal', params: { total, max: GRID_TOTAL_MAX } });
  layers.forEach((l, j) => {
    const e = l.electrical;
    if (!e) return;
    if ((e.gridPoints ?? 0) > THICK_LAYER_GRID_MAX && l.thicknessNm > 1000)
      out.push({
        path: `layers.${j}.electrical.gridPoints`,
        key: 'thickGrid',
        params: { layer: l.name, max: THICK_LAYER_GRID_MAX },
      });
    for (const f of ['tauNS', 'tauPS'] as const) {
      const v = e[f];
      if (typeof v === 'number' && v > 0 && v < 1e-9)
        out.push({ path: `layers.${j}.electrical.${f}`, key: 'lifetimeShort', params: { layer: l.name } });
    }
  });
  const sw = el.voltageSweep;
  const voc = estimateVoc(layers, el.temperatureK ?? 300, previewJphMaCm2);
  const end = Math.max(sw.startV, sw.stopV);
  // With extendToVoc the engine keeps stepping past stopV until J changes sign: nothing to warn.
  if (voc !== undefined && !el.extendToVoc && end < voc)
    out.push({ path: 'electrical.voltageSweep.stopV', key: 'sweepBelowVoc', params: { voc: voc.toFixed(2), end } });
  return out;
}

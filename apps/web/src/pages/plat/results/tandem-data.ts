/**
 * Reads a stored tandem result (runTandemSimulation, packages/engine/src/tandem) into what the
 * tandem view draws; undefined when the result is not a tandem run. Stored results come from the
 * server, so every field is checked and a missing one leaves its part of the view out.
 */
import { asEngineText, type EngineText, engineTexts } from './engine-warnings';
export interface TandemFigures {
  Jsc_mA_cm2: number;
  Voc_V: number;
  FF: number;
  PCE_percent: number;
  /** The PCE on the incident power inside the simulated wavelength window (as SCAPS); absent in older results. */
  pceWindowPercent?: number;
}

export interface TandemSubcellView {
  subcell: 'top' | 'bottom';
  jPhoto: number;
  converged: boolean;
  error?: EngineText;
  V: number[];
  J: number[];
  figures?: TandemFigures;
}

export interface TandemView {
  subcells: TandemSubcellView[];
  series?: { V: number[]; J: number[]; figures?: TandemFigures };
  /** The whole stack as one drift-diffusion device (electrical.tandem.fullStack). */
  wholeStack?: { V: number[]; J: number[]; figures?: TandemFigures; converged: boolean; error?: EngineText };
  fourTerminalPce?: number;
  /** The four-terminal PCE on the simulated window's power (as SCAPS); absent in older results. */
  fourTerminalPceWindow?: number;
  mismatch: { diff: number; relative: number; limiting: 'top' | 'bottom' };
  reflected?: number;
  parasitic?: number;
  sweep?: { layer: string; d: number[]; jTop: number[]; jBottom: number[]; matched?: number };
  warnings: EngineText[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const nums = (v: unknown): number[] | undefined =>
  Array.isArray(v) && v.every((x) => typeof x === 'number') ? (v as number[]) : undefined;
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

function figures(v: unknown): TandemFigures | undefined {
  if (!isObj(v)) return undefined;
  const f = {
    Jsc_mA_cm2: num(v['Jsc_mA_cm2']),
    Voc_V: num(v['Voc_V']),
    FF: num(v['FF']),
    PCE_percent: num(v['PCE_percent']),
  };
  if (!Object.values(f).every((x) => x !== undefined)) return undefined;
  const w = num(v['pceWindowPercent']);
  return (w === undefined ? f : { ...f, pceWindowPercent: w }) as TandemFigures;
}

function curve(v: unknown): { V: number[]; J: number[]; figures?: TandemFigures } | undefined {
  if (!isObj(v)) return undefined;
  const V = nums(v['V']);
  const J = nums(v['J_mA_cm2']);
  if (!V || !J || V.length !== J.length) return undefined;
  const f = figures(v['figures']);
  return f ? { V, J, figures: f } : { V, J };
}

export function readTandem(result: unknown): TandemView | undefined {
  if (!isObj(result) || !Array.isArray(result['subcells']) || !isObj(result['mismatch'])) return undefined;
  const subcells: TandemSubcellView[] = [];
  for (const c of result['subcells'] as unknown[]) {
    if (!isObj(c) || (c['subcell'] !== 'top' && c['subcell'] !== 'bottom')) return undefined;
    const cv = curve(c) ?? { V: [], J: [] };
    const s: TandemSubcellView = {
      subcell: c['subcell'],
      jPhoto: num(c['jPhotoMaCm2']) ?? Number.NaN,
      converged: c['converged'] === true,
      V: cv.V,
      J: cv.J,
    };
    const cError = asEngineText(c['error']);
    if (cError) s.error = cError;
    if (cv.figures) s.figures = cv.figures;
    subcells.push(s);
  }
  const m = result['mismatch'];
  const view: TandemView = {
    subcells,
    mismatch: {
      diff: num(m['jTopMinusBottomMaCm2']) ?? Number.NaN,
      relative: num(m['relative']) ?? Number.NaN,
      limiting: m['limiting'] === 'top' ? 'top' : 'bottom',
    },
    warnings: engineTexts(result['warnings']),
  };
  const series = curve(result['series']);
  if (series) view.series = series;
  const light = isObj(result['fullStack']) ? result['fullStack']['light'] : undefined;
  const whole = curve(light);
  if (whole && isObj(light)) {
    view.wholeStack = { ...whole, converged: light['converged'] !== false };
    const lightError = asEngineText(light['error']);
    if (lightError) view.wholeStack.error = lightError;
  }
  if (isObj(result['fourTerminal'])) {
    const p = num(result['fourTerminal']['pcePercent']);
    if (p !== undefined) view.fourTerminalPce = p;
    const w = num(result['fourTerminal']['pceWindowPercent']);
    if (w !== undefined) view.fourTerminalPceWindow = w;
  }
  if (isObj(result['optical'])) {
    const r = num(result['optical']['jReflectedMaCm2']);
    const p = num(result['optical']['jParasiticMaCm2']);
    if (r !== undefined) view.reflected = r;
    if (p !== undefined) view.parasitic = p;
  }
  const sw = result['thicknessSweep'];
  if (isObj(sw)) {
    const d = nums(sw['thicknessNm']);
    const jTop = nums(sw['jTopMaCm2']);
    const jBottom = nums(sw['jBottomMaCm2']);
    if (d && jTop && jBottom && typeof sw['layer'] === 'string') {
      view.sweep = { layer: sw['layer'], d, jTop, jBottom };
      const matched = num(sw['matchedThicknessNm']);
      if (matched !== undefined) view.sweep.matched = matched;
    }
  }
  return view;
}

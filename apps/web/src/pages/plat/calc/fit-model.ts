/**
 * The pure part of the device-fit form (calc/fit, issue 27): which fields of a device can be left
 * free (the parameter registry's continuous fields the device holds, or has a default for), the
 * free list's rows with their registry-derived bounds and scale, the measured curves as the form
 * holds them (a J-V read by the circuit forms' curve reader; an EQE spectrum, a C-V or a C-f by a
 * two-column reader with their units detected, a capacitance's against the device's own geometric
 * capacitance; all thinned to the points the fit runs), the budget, and the
 * one check of all of it before a submit: the form's own number formats, the registry's verdict on
 * each bound (judge + sayVerdict, as the editor words it), then the engine's own input check
 * (checkDeviceFitInput), the same the server and the CLI run, so a refusal reads alike wherever it
 * comes from. Pure (no React); unit-tested in apps/web/test/fit-model.test.ts.
 */
import {
  DEVICE_FIT_DEFAULT_EVALUATIONS,
  DEVICE_FIT_DEFAULT_SECONDS,
  DEVICE_FIT_MAX_CURVES,
  DEVICE_FIT_MAX_EVALUATIONS,
  DEVICE_FIT_MAX_FREE,
  DEVICE_FIT_MAX_POINTS,
  DEVICE_FIT_MAX_SECONDS,
  type DeviceFitCfCurve,
  type DeviceFitCurve,
  type DeviceFitCvCurve,
  type DeviceFitEqeCurve,
  type DeviceFitFree,
  type DeviceFitJob,
  type DeviceFitJvCurve,
} from '@pvforge/contracts';
import {
  CAPACITANCE_UNITS,
  type CapacitanceUnit,
  type Cell,
  capacitanceUnitFromHeader,
  checkDeviceFitInput,
  detectCapacitanceUnit,
  deviceCapacitanceScale,
  frequencyFactorFromHeader,
} from '@pvforge/engine';
import { formatValue, type Lang, type Param, paramAt } from '@pvforge/params';
import type { TFunction } from 'i18next';
import type { PlotSeries } from '../../../components/plots/types';
import { type DeviceInput, deviceInputs } from '../../../lib/device-inputs';
import { paramLang, paramWords, parseTyped, verdictText } from '../../../lib/params';
import type { CurveState } from './CircuitCurveInput';
import { type CurveSource, curveErrorText, type ParseChoice, type Preview, parseNum } from './CircuitModel';

export {
  DEVICE_FIT_DEFAULT_EVALUATIONS,
  DEVICE_FIT_DEFAULT_SECONDS,
  DEVICE_FIT_MAX_CURVES,
  DEVICE_FIT_MAX_EVALUATIONS,
  DEVICE_FIT_MAX_FREE,
  DEVICE_FIT_MAX_SECONDS,
};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

// ------------------------------------------------------------------ the device

/** Why a device cannot be fitted, before anything else is asked: no electrical block, a tandem. */
export function deviceProblem(spec: unknown): 'notDevice' | 'noElectrical' | 'tandem' | undefined {
  if (!isObj(spec) || !Array.isArray(spec['layers'])) return 'notDevice';
  const el = spec['electrical'];
  if (!isObj(el)) return 'noElectrical';
  if (el['tandem']) return 'tandem';
  return undefined;
}

/** The device's name as its file gives it ('' when none). */
export function deviceName(spec: unknown): string {
  return isObj(spec) && typeof spec['name'] === 'string' ? spec['name'] : '';
}

// ------------------------------------------------------------------ fields that can be free

/**
 * Places of the registry whose fields shape the steady-state J-V (the model the fit runs): a
 * sweep's step, the analyses beside the J-V (transient, impedance, C-V), the light (each curve
 * gives its own intensity) and material-only entries are not device properties a J-V can tell.
 */
const FIT_PLACES: ReadonlySet<Param['place']> = new Set([
  'layer',
  'defect',
  'ions',
  'exciton',
  'interface',
  'contact',
  'device',
]);

/**
 * Paths that are the measurement's, not the device's: the temperature is each curve's (a curve's
 * temperatureK overrides it in every run), so fitting it would fit the thermometer.
 */
const NOT_FITTED: ReadonlySet<string> = new Set(['electrical.temperatureK']);

/** A field that can be left free: its path, entry, where it sits and the device's value. */
export interface FittableField {
  /** The fit's path: `layers[3].electrical.muNCm2PerVs`. */
  path: string;
  param: Param;
  /** The group it is listed under: a layer (by index), an interface, a contact side, or the device. */
  group: string;
  /** The group's title in the UI language: the layer's name, "前电极（入光侧）", "器件". */
  groupTitle: string;
  /** The field's label in the UI language without the group (the registry's label with its symbol). */
  field: string;
  symbol: string;
  unit: string;
  /** The device's value, or the engine's default when the device leaves it out. */
  value: number;
  /** The device does not state it: the engine's default applies. */
  isDefault: boolean;
}

/** Whether a registry entry describes something a J-V fit can determine. */
export function fittableParam(p: Param | undefined, path: string): p is Param {
  return (
    !!p &&
    FIT_PLACES.has(p.place) &&
    !p.hard.integer &&
    // the mesh is numerics, not physics
    p.group !== 'mesh' &&
    !NOT_FITTED.has(p.path) &&
    !NOT_FITTED.has(path)
  );
}

function groupOf(i: DeviceInput): string {
  if (i.layer !== undefined) return `layer:${i.layer}`;
  const itf = /^electrical\.interfaces\[(\d+)\]/.exec(i.path);
  if (itf) return `interface:${itf[1]}`;
  const c = /^electrical\.contacts\.(\w+)\./.exec(i.path);
  if (c) return `contact:${c[1]}`;
  return 'device';
}

/**
 * Every field of the device a fit can leave free, in the order of the form (layers from the light
 * side, interfaces, contacts, the device): the device's own numbers the registry describes (the
 * one list of a device's inputs, lib/device-inputs.ts, which the sweep picker reads too), and for
 * each layer of the electrical domain the registry's fields it leaves to their default (radiative
 * and Auger coefficients), which the engine then starts from.
 */
export function fittableFields(spec: unknown, t: TFunction, lang: string): FittableField[] {
  if (deviceProblem(spec)) return [];
  const L = paramLang(lang);
  const layers = (spec as { layers: unknown[] }).layers;
  const electrical = (j: number) => isObj(layers[j]) && isObj((layers[j] as Obj)['electrical']);
  const out: FittableField[] = [];
  const interfaceTitles = new Map<string, string>();
  for (const i of deviceInputs(spec, t, lang)) {
    if (typeof i.value !== 'number') continue;
    const p = paramAt(i.path);
    if (!fittableParam(p, i.path)) continue;
    // a glass or electrode layer is optics only: its thickness is no drift-diffusion parameter
    if (i.layer !== undefined && !electrical(i.layer)) continue;
    const group = groupOf(i);
    const w = paramWords(p, L);
    let title = i.owner ?? t('fit.free.device');
    if (group.startsWith('interface:')) {
      title = interfaceTitles.get(group) ?? interfaceTitle(spec, Number(group.slice(10)), t);
      interfaceTitles.set(group, title);
    }
    out.push({
      path: i.path,
      param: p,
      group,
      groupTitle: title,
      // defects and ions keep the catalogue's item words ("第 1 个缺陷：…"); others the registry's label
      field: /\.(defects|ions)\[\d+\]/.test(i.path) ? i.field : w.label,
      symbol: p.symbol,
      unit: p.unit,
      value: i.value,
      isDefault: false,
    });
  }
  const listed = new Set(out.map((f) => f.path));
  layers.forEach((raw, j) => {
    if (!electrical(j)) return;
    const el = (raw as Obj)['electrical'] as Obj;
    const owner = typeof (raw as Obj)['name'] === 'string' ? String((raw as Obj)['name']) : `#${j + 1}`;
    for (const p of LAYER_DEFAULTED) {
      const path = `layers[${j}].electrical.${p.key}`;
      if (listed.has(path) || el[p.key] !== undefined) continue;
      out.push({
        path,
        param: p,
        group: `layer:${j}`,
        groupTitle: owner,
        field: paramWords(p, L).label,
        symbol: p.symbol,
        unit: p.unit,
        value: p.defaultValue as number,
        isDefault: true,
      });
    }
  });
  // the form's order: layers by index, then interfaces, contacts, the device; registry order within
  const rank = (g: string) =>
    g.startsWith('layer:')
      ? Number(g.slice(6))
      : g.startsWith('interface:')
        ? 1e4 + Number(g.slice(10))
        : g.startsWith('contact:')
          ? 2e4 + (g === 'contact:front' ? 0 : 1)
          : 3e4;
  return out
    .map((f, k) => ({ f, k }))
    .sort((a, b) => rank(a.f.group) - rank(b.f.group) || a.k - b.k)
    .map(({ f }) => f);
}

/** Layer fields with an engine default a device may leave out (a layer's own entries only). */
const LAYER_DEFAULTED: readonly Param[] = (() => {
  const out: Param[] = [];
  for (const key of ['kRadCm3PerS', 'cnCm6PerS', 'cpCm6PerS']) {
    const p = paramAt(`layers[].electrical.${key}`);
    if (p && p.defaultValue !== undefined && fittableParam(p, p.path)) out.push(p);
  }
  return out;
})();

function interfaceTitle(spec: unknown, k: number, t: TFunction): string {
  const s = spec as { layers: unknown[]; electrical: Obj };
  const itf = Array.isArray(s.electrical['interfaces']) ? s.electrical['interfaces'][k] : undefined;
  const between = isObj(itf) && Array.isArray(itf['between']) ? itf['between'] : [];
  const names = between.map((b) => {
    const l = typeof b === 'number' ? s.layers[b] : undefined;
    return isObj(l) && typeof l['name'] === 'string' ? l['name'] : String(b);
  });
  return `${t('editor.el.interfaceBetween')} ${names.join(' / ')}`;
}

/** "MAPbI3 › 电子迁移率 μn (cm²/(V·s))": the group, the field and its unit, as the picker lists it. */
export function fieldTitle(f: Pick<FittableField, 'groupTitle' | 'field' | 'unit'>, withUnit = true): string {
  const name = `${f.groupTitle} › ${f.field}`;
  return withUnit && f.unit ? `${name} (${f.unit})` : name;
}

// ------------------------------------------------------------------ the free list

/** One free parameter as the form holds it (numbers as typed). */
export interface FreeRow {
  path: string;
  min: string;
  max: string;
  scale: 'log' | 'linear';
  /** The path of another free parameter whose value this one takes; '' when fitted on its own. */
  tie: string;
}

/**
 * A new row of a field: bounds from the registry's plausible range (its hard limit where the range
 * is open on that side), the registry's scale. A log scale needs a lower bound above 0: where the
 * range starts at 0 (an Auger coefficient may be "off"), the lower bound is six decades under the
 * upper one, a span any fit covers.
 */
export function newFreeRow(p: Param, path: string): FreeRow {
  let min = p.plausible?.min ?? p.hard.min;
  const max = p.plausible?.max ?? p.hard.max;
  if (p.log && max !== undefined && max > 0 && (min === undefined || min <= 0)) min = max / 1e6;
  return {
    path,
    min: min === undefined ? '' : formatValue(min),
    max: max === undefined ? '' : formatValue(max),
    scale: p.log ? 'log' : 'linear',
    tie: '',
  };
}

/** Rows another row can be tied to: free on their own, not itself, of the same unit. */
export function tieTargets(rows: readonly FreeRow[], k: number): FreeRow[] {
  const me = paramAt(rows[k]?.path ?? '');
  return rows.filter((r, j) => j !== k && r.tie === '' && paramAt(r.path)?.unit === me?.unit);
}

// ------------------------------------------------------------------ the curves

/** The points of a curve the fit runs at most by default: every point is a solve of every run. */
export const DEFAULT_FIT_POINTS = 40;
/** Fewest points a curve needs (the engine's MIN_CURVE_POINTS). */
export const MIN_FIT_POINTS = 5;

/**
 * What a curve measures: a J-V (current density against voltage, under some light or dark), an
 * EQE spectrum (external quantum efficiency against wavelength, at short circuit without bias
 * light), a C-V (capacitance against DC bias at one frequency) or a C-f (capacitance against
 * frequency at one bias). The kind decides how its file is read, which conditions it has and where
 * it is drawn.
 */
export type CurveKind = 'jv' | 'eqe' | 'cv' | 'cf';

/**
 * How a J-V curve's noise is given: assumed by the engine (and said), absolute (mA/cm², a light
 * curve), relative to |J| (a dark curve over decades), or both (a dark curve above a meter's
 * floor: sigma = sqrt(abs² + (rel J)²)).
 */
export type NoiseMode = 'auto' | 'abs' | 'rel' | 'both';

/** How an EQE table's columns are read: detected from the values ('auto'), or as the user states. */
export interface EqeUnitChoice {
  wavelength?: 'auto' | 'nm' | 'um';
  eqe?: 'auto' | 'percent' | 'fraction';
}

/** The unit of a C-V's bias column or a C-f's frequency column. */
export type BiasUnit = 'V' | 'mV';
export type FrequencyUnit = 'Hz' | 'kHz' | 'MHz' | 'rad/s';

/**
 * How a capacitance table's columns are read: detected (from the header, else from the values:
 * the capacitance against the device's geometric capacitance), or as the user states.
 */
export interface CapUnitChoice {
  x?: 'auto' | BiasUnit | FrequencyUnit;
  capacitance?: 'auto' | CapacitanceUnit;
}

/**
 * One measured curve as the form holds it; numbers as typed. Both kinds' fields are kept, so that
 * switching a curve's kind back and forth does not lose what was typed for the other one.
 */
export interface FitCurveEntry {
  /** Stable React key. */
  id: number;
  kind: CurveKind;
  curve: CurveState;
  /** How a J-V file is read (units, sign). */
  choice: ParseChoice;
  /** How an EQE file is read (units). */
  eqeUnits: EqeUnitChoice;
  label: string;
  /** Light intensity in suns; 0 is a dark curve (J-V only: an EQE is measured without bias light). */
  suns: string;
  /** Measurement temperature, K ('' = the device's). */
  temperatureK: string;
  scan: '' | 'forward' | 'reverse';
  /** Scan rate, V/s ('' = not stated). */
  scanRate: string;
  noise: NoiseMode;
  /** The absolute noise, mA/cm² (abs, both). */
  noiseAbs: string;
  /** The relative noise, a fraction of |J| (rel, both). */
  noiseRel: string;
  /** An EQE's noise in percentage points ('' = assumed by the engine, and said). */
  noisePercent: string;
  /** An EQE's bias light in suns of the device's spectrum ('' = none). */
  eqeBiasLight: string;
  /** An EQE's bias voltage, V ('' = short circuit). */
  eqeBiasV: string;
  /** How a C-V's or C-f's file is read (units). */
  capUnits: CapUnitChoice;
  /** The device's area, cm² (a capacitance of the whole device in F, µF, nF or pF is divided by it). */
  areaCm2: string;
  /** A C-V's measuring frequency, Hz. */
  frequencyHz: string;
  /** A C-f's DC bias, V. */
  biasV: string;
  weight: string;
  /** Measured points used by the fit ('' until a file is read). */
  points: string;
  /** The file is SIMsalabim's J-V output (its current is in A/m², said in the form). */
  simss?: boolean;
}

let nextId = 1;
export function newFitCurve(extra: Partial<FitCurveEntry> = {}): FitCurveEntry {
  return {
    id: nextId++,
    kind: 'jv',
    curve: {},
    choice: {},
    eqeUnits: {},
    label: '',
    suns: '1',
    temperatureK: '',
    scan: '',
    scanRate: '',
    noise: 'auto',
    noiseAbs: '',
    noiseRel: '',
    noisePercent: '',
    eqeBiasLight: '',
    eqeBiasV: '',
    capUnits: {},
    areaCm2: '',
    frequencyHz: '',
    biasV: '0',
    weight: '1',
    points: '',
    ...extra,
  };
}

/** A curve's name after a file is read: the file's, unless the user gave the curve one. */
function labelAfterRead(old: FitCurveEntry, curve: CurveState): string {
  const named = old.label && old.label !== old.curve.label;
  return named ? old.label : (curve.label ?? '');
}

/** A capacitance curve: a C-V or a C-f. */
export const isCapacitanceKind = (k: CurveKind): k is 'cv' | 'cf' => k === 'cv' || k === 'cf';

/**
 * The entry as a curve of the other kind: a file read as one kind is no file of the other (a J-V
 * read as a spectrum would be nonsense), so it is dropped with its points; the curve's own name,
 * temperature and weight stay. A capacitance is measured in the dark unless said (0 suns), a J-V
 * under the device's light; a noise given in one kind's unit is not the other's (back to assumed).
 */
export function withKind(e: FitCurveEntry, kind: CurveKind): FitCurveEntry {
  if (e.kind === kind) return e;
  const next: FitCurveEntry = { ...e, kind, curve: {}, points: '', label: labelAfterRead(e, {}), capUnits: {} };
  delete next.simss;
  const cap = isCapacitanceKind(kind);
  if (cap !== isCapacitanceKind(e.kind)) {
    next.suns = cap ? '0' : '1';
    next.noise = 'auto';
    next.noiseAbs = '';
    next.noiseRel = '';
  }
  return next;
}

/**
 * What a freshly read J-V sets in its entry: its name (the file's, until the user gives one),
 * its light (1 sun for a light curve, 0 for a dark one, as the reader detected), its scan direction
 * and the number of points the fit uses; what the user typed stays.
 */
export function entryAfterRead(
  old: FitCurveEntry,
  curve: CurveState,
  simss: boolean,
  parse: (choice: ParseChoice) => Preview | undefined,
): { entry: FitCurveEntry; preview: Preview | undefined } {
  const next: FitCurveEntry = { ...old, curve, label: labelAfterRead(old, curve) };
  if (simss) {
    // SimSS writes Jext in A/m² under a header without units
    next.simss = true;
    next.choice = { ...old.choice, currentUnit: old.choice.currentUnit ?? 'A/m2' };
  } else {
    // the unit set for an earlier SimSS file is not this file's
    if (old.simss) next.choice = { ...old.choice, currentUnit: undefined };
    delete next.simss;
  }
  const preview = parse(next.choice);
  if (preview?.ok) {
    next.suns = preview.curve.detected.illumination === 'dark' ? '0' : old.suns === '0' ? '1' : old.suns;
    next.scan = preview.curve.detected.sweep;
    next.points = String(Math.min(preview.measuredPoints, DEFAULT_FIT_POINTS));
  }
  return { entry: next, preview };
}

/** What a freshly read EQE spectrum sets in its entry: its name and the number of points the fit uses. */
export function eqeEntryAfterRead(
  old: FitCurveEntry,
  curve: CurveState,
): { entry: FitCurveEntry; preview?: EqePreview } {
  const next: FitCurveEntry = { ...old, curve, label: labelAfterRead(old, curve) };
  const preview = curve.source ? previewEqe(curve.source, next.eqeUnits) : undefined;
  if (preview?.ok) next.points = String(Math.min(preview.measuredPoints, DEFAULT_FIT_POINTS));
  return { entry: next, ...(preview ? { preview } : {}) };
}

/** What a freshly read C-V or C-f sets in its entry: its name and the number of points the fit uses. */
export function capEntryAfterRead(
  old: FitCurveEntry,
  curve: CurveState,
  device: unknown,
): { entry: FitCurveEntry; preview?: CapPreview } {
  const next: FitCurveEntry = { ...old, curve, label: labelAfterRead(old, curve) };
  const preview =
    curve.source && isCapacitanceKind(old.kind) ? previewCapacitance(curve.source, next, device) : undefined;
  if (preview?.ok) next.points = String(Math.min(preview.measuredPoints, DEFAULT_FIT_POINTS));
  return { entry: next, ...(preview ? { preview } : {}) };
}

/**
 * Indices of `m` of `n` points spread evenly over the curve, both ends kept: measured points, not
 * interpolated ones (an interpolated point is no measurement and its residual no independent one).
 */
export function thinIndices(n: number, m: number): number[] {
  if (m >= n) return Array.from({ length: n }, (_, i) => i);
  if (m <= 1) return n > 0 ? [0] : [];
  const out: number[] = [];
  for (let i = 0; i < m; i++) {
    const k = Math.round((i * (n - 1)) / (m - 1));
    if (out.at(-1) !== k) out.push(k);
  }
  return out;
}

/** The `points` (as typed) of a measured x-y the fit uses: evenly spread, DEFAULT_FIT_POINTS when empty or unreadable. */
function thinned(x: readonly number[], y: readonly number[], points: string): { x: number[]; y: number[] } {
  const want = Number(points);
  const n = x.length;
  const k = Number.isInteger(want) && want > 0 ? Math.min(want, n) : Math.min(n, DEFAULT_FIT_POINTS);
  const idx = thinIndices(n, k);
  return { x: idx.map((i) => x[i]!), y: idx.map((i) => y[i]!) };
}

/** The measured points of a J-V the fit uses (V ascending, J photocurrent positive, mA/cm²). */
export function fitPoints(preview: FitPreview | undefined, points: string): { voltageV: number[]; jMaCm2: number[] } {
  if (!preview?.ok || isEqePreview(preview) || isCapPreview(preview)) return { voltageV: [], jMaCm2: [] };
  const m = preview.curve.measured;
  const { x, y } = thinned(m.voltageV, m.jMaCm2, points);
  return { voltageV: x, jMaCm2: y };
}

/** The measured points of an EQE spectrum the fit uses (nm ascending, EQE in %). */
export function fitEqePoints(
  preview: FitPreview | undefined,
  points: string,
): { wavelengthNm: number[]; eqePercent: number[] } {
  if (!preview?.ok || !isEqePreview(preview)) return { wavelengthNm: [], eqePercent: [] };
  const { x, y } = thinned(preview.wavelengthNm, preview.eqePercent, points);
  return { wavelengthNm: x, eqePercent: y };
}

/** The measured points of a C-V or C-f the fit uses (bias in V or frequency in Hz ascending, C in nF/cm²). */
export function fitCapPoints(
  preview: FitPreview | undefined,
  points: string,
): { x: number[]; capacitanceNFPerCm2: number[] } {
  if (!preview?.ok || !isCapPreview(preview)) return { x: [], capacitanceNFPerCm2: [] };
  const { x, y } = thinned(preview.x, preview.capacitanceNFPerCm2, points);
  return { x, capacitanceNFPerCm2: y };
}

/** The header line of a stored J-V read back: its units, so the reader takes the numbers as they are. */
const JV_HEADER = 'voltage_V,current_density_mA_cm2';
/** The header line of a stored EQE spectrum read back. */
const EQE_HEADER = 'wavelength_nm,EQE_percent';
/** The header lines of a stored C-V and C-f read back (their units are set on the entry as well). */
const CV_HEADER = 'bias (V),C (nF/cm2)';
const CF_HEADER = 'frequency (Hz),C (nF/cm2)';

/** A stored curve (arrays) as the form's source: a table under a header with its units, read as is. */
export function sourceOfArrays(x: readonly number[], y: readonly number[], header = JV_HEADER): CurveSource {
  return { text: [header, ...x.map((v, i) => `${v},${y[i]}`)].join('\n'), format: 'table' };
}

// ------------------------------------------------------------------ reading an EQE spectrum

/** Why an EQE table cannot be read (worded by fit.eqe.err.<code> with the params). */
export type EqeErrorCode = 'jvFile' | 'noData' | 'oneColumn' | 'badValue' | 'tooFew' | 'repeated';

export type EqeUnits = { wavelength: 'nm' | 'um'; eqe: 'percent' | 'fraction' };

export type EqePreview =
  | {
      ok: true;
      kind: 'eqe';
      /** Ascending wavelengths, nm, and the EQE at them, %, after the units are applied. */
      wavelengthNm: number[];
      eqePercent: number[];
      measuredPoints: number;
      /** The units the file's numbers were read in (the user's, else the detected ones). */
      units: EqeUnits;
      /** The units the numbers themselves suggest (shown beside "detect"). */
      detected: EqeUnits;
    }
  | { ok: false; kind: 'eqe'; code: EqeErrorCode; params: Record<string, string | number> };

/** Why a capacitance table cannot be read (worded by fit.cap.err.<code> with the params). */
export type CapErrorCode = EqeErrorCode | 'needArea';

/** The units a C-V's or C-f's columns were read in: the abscissa's, and the capacitance's (none fits: nF/cm² taken). */
export type CapUnits = { x: BiasUnit | FrequencyUnit; capacitance: CapacitanceUnit | undefined };

export type CapPreview =
  | {
      ok: true;
      kind: 'cv' | 'cf';
      /** Ascending biases, V (C-V), or frequencies, Hz (C-f), and the capacitance at them, nF/cm². */
      x: number[];
      capacitanceNFPerCm2: number[];
      measuredPoints: number;
      /** The units the file's numbers were read in (the user's, else the detected ones). */
      units: CapUnits;
      /** The units the header or the values suggest (shown beside "detect"), and where that came from. */
      detected: CapUnits & { from: 'header' | 'values' | 'none' };
    }
  | { ok: false; kind: 'cv' | 'cf'; code: CapErrorCode; params: Record<string, string | number> };

/** The reading of any curve of the form: a J-V's (the circuit reader's), an EQE spectrum's, a C-V's or a C-f's. */
export type FitPreview = Preview | EqePreview | CapPreview;

export function isEqePreview(p: FitPreview | undefined): p is EqePreview {
  return !!p && 'kind' in p && p.kind === 'eqe';
}

export function isCapPreview(p: FitPreview | undefined): p is CapPreview {
  return !!p && 'kind' in p && (p.kind === 'cv' || p.kind === 'cf');
}

/**
 * A wavelength column whose every value is below this is in µm: no EQE is measured below 5 nm,
 * and no spectrum reaches 5 µm.
 */
const MICRON_BELOW = 5;

/** The units an EQE table's numbers suggest: µm when every wavelength < 5, a fraction when every EQE <= 1. */
export function detectEqeUnits(wavelength: readonly number[], eqe: readonly number[]): EqeUnits {
  return {
    wavelength: wavelength.every((w) => w < MICRON_BELOW) ? 'um' : 'nm',
    eqe: eqe.every((q) => q <= 1) ? 'fraction' : 'percent',
  };
}

/** One row of a table with the line of the file it came from (1-based), for the messages. */
type TableRow = { cells: Cell[]; line: number; decimalComma: boolean };

/**
 * The rows of a table source: text split per line as the J-V reader does (tab, ';' with a decimal
 * comma, ',', else spaces; '#', '%' and '//' lines are comments), a spreadsheet's cells as they are.
 */
function tableRows(source: { text: string } | { rows: Cell[][] }): TableRow[] {
  if ('rows' in source) return source.rows.map((cells, i) => ({ cells, line: i + 1, decimalComma: false }));
  const out: TableRow[] = [];
  source.text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .forEach((raw, i) => {
      const line = raw.trim();
      if (line === '' || /^(#|%|\/\/)/.test(line)) return;
      const sep = line.includes('\t') ? '\t' : line.includes(';') ? ';' : line.includes(',') ? ',' : /\s+/;
      out.push({ cells: line.split(sep).map((c) => c.trim()), line: i + 1, decimalComma: sep === ';' });
    });
  return out;
}

/** A cell as a number, or undefined (text, empty, NaN). */
function cellValue(c: Cell, decimalComma: boolean): number | undefined {
  if (typeof c === 'number') return Number.isFinite(c) ? c : undefined;
  if (typeof c !== 'string') return undefined;
  return parseNum(decimalComma ? c.replace(',', '.') : c);
}

type EqeFailure = { ok: false; kind: 'eqe'; code: EqeErrorCode; params: Record<string, string | number> };
const eqeFailure = (code: EqeErrorCode, params: Record<string, string | number> = {}): EqeFailure => ({
  ok: false,
  kind: 'eqe',
  code,
  params,
});

/**
 * The first block of rows whose first two cells are numbers (wavelength, EQE): the header and any
 * lines before it are skipped, the block ends at the first line that is not a number again (a
 * footer). A data row with one column or one unreadable cell is refused, with its line.
 */
function eqeColumns(rows: readonly TableRow[]): { x: number[]; y: number[]; header: Cell[] } | EqeFailure {
  const x: number[] = [];
  const y: number[] = [];
  let header: Cell[] = [];
  for (const r of rows) {
    const a = cellValue(r.cells[0], r.decimalComma);
    const b = cellValue(r.cells[1], r.decimalComma);
    if (a !== undefined && b !== undefined) {
      x.push(a);
      y.push(b);
      continue;
    }
    // before the numbers: a header; after them: the end of the table
    if (a === undefined && (x.length === 0 || r.cells.every((c) => cellValue(c, r.decimalComma) === undefined))) {
      if (x.length) break;
      header = r.cells;
      continue;
    }
    const text = r.cells
      .filter((c) => c !== null && c !== undefined && c !== '')
      .join(' ')
      .slice(0, 40);
    return r.cells.length < 2 || r.cells[1] === '' || r.cells[1] === undefined || r.cells[1] === null
      ? eqeFailure('oneColumn', { line: r.line })
      : eqeFailure('badValue', { line: r.line, text });
  }
  return x.length ? { x, y, header } : eqeFailure('noData');
}

/**
 * Reads an EQE spectrum: two columns (wavelength, EQE) under an optional header line, in nm or µm
 * and in % or as a fraction (detected from the values unless the user states them), sorted by
 * wavelength. What the engine refuses of a spectrum in the right units (outside 200-3000 nm, above
 * 100 %, beyond the device's optical window) it says itself at the submit check.
 */
export function previewEqe(source: CurveSource, choice: EqeUnitChoice = {}): EqePreview {
  if ('format' in source && source.format === 'scaps-iv') return eqeFailure('jvFile');
  const read = eqeColumns(tableRows(source));
  if ('ok' in read) return read;
  const n = read.x.length;
  if (n < MIN_FIT_POINTS) return eqeFailure('tooFew', { n, min: MIN_FIT_POINTS });
  const detected = detectEqeUnits(read.x, read.y);
  const units: EqeUnits = {
    wavelength: choice.wavelength && choice.wavelength !== 'auto' ? choice.wavelength : detected.wavelength,
    eqe: choice.eqe && choice.eqe !== 'auto' ? choice.eqe : detected.eqe,
  };
  const fx = units.wavelength === 'um' ? 1000 : 1;
  const fy = units.eqe === 'fraction' ? 100 : 1;
  // a spectrum may be measured from red to blue: the fit runs it by wavelength
  const order = read.x.map((_, i) => i).sort((a, b) => read.x[a]! - read.x[b]!);
  // µm times 1000 in floating point: 0.35 µm is 350 nm, not 349.99999999999994
  const wavelengthNm = order.map((i) => Number((read.x[i]! * fx).toPrecision(12)));
  const eqePercent = order.map((i) => Number((read.y[i]! * fy).toPrecision(12)));
  const twice = wavelengthNm.find((w, i) => i > 0 && w === wavelengthNm[i - 1]);
  if (twice !== undefined) return eqeFailure('repeated', { nm: twice });
  return { ok: true, kind: 'eqe', wavelengthNm, eqePercent, measuredPoints: n, units, detected };
}

/** The device's geometric capacitance, nF/cm² (its electrical layers' dielectrics in series), if it gives one. */
export function geometricCapacitance(device: unknown): number | undefined {
  return deviceCapacitanceScale(device).geometricNFPerCm2;
}

/** Factors of the abscissa's units to V (a C-V's bias) or Hz (a C-f's frequency). */
const X_FACTOR: Record<BiasUnit | FrequencyUnit, number> = {
  V: 1,
  mV: 1e-3,
  Hz: 1,
  kHz: 1e3,
  MHz: 1e6,
  'rad/s': 1 / (2 * Math.PI),
};

/**
 * Reads a C-V (bias, capacitance) or a C-f (frequency, capacitance): two columns under an optional
 * header line. The abscissa's unit: a C-V's bias in mV when the header says so or a value exceeds
 * 10 in magnitude, else V; a C-f's frequency as its header names it (Hz, kHz, MHz, rad/s), else Hz.
 * The capacitance's unit: as the header names it ("C (pF)", "Cp [F/cm2]"), else detected from the
 * values against the device's geometric capacitance (engine: fit/capacitance-units.ts), per area,
 * or of the whole device when its area is given; a unit of the whole device without the area
 * cannot be read. What the engine refuses of a curve in the right units (a bias beyond the
 * absorber's gap, a capacitance no unit brings near the device's) it says at the submit check.
 */
export function previewCapacitance(
  source: CurveSource,
  entry: Pick<FitCurveEntry, 'kind' | 'capUnits' | 'areaCm2'>,
  device: unknown,
): CapPreview {
  const kind = entry.kind === 'cf' ? 'cf' : 'cv';
  const fail = (code: CapErrorCode, params: Record<string, string | number> = {}): CapPreview => ({
    ok: false,
    kind,
    code,
    params,
  });
  if ('format' in source && source.format === 'scaps-iv') return fail('jvFile');
  const read = eqeColumns(tableRows(source));
  if ('ok' in read) return fail(read.code, read.params);
  const n = read.x.length;
  if (n < MIN_FIT_POINTS) return fail('tooFew', { n, min: MIN_FIT_POINTS });
  const head = (i: number) => (read.header[i] === null || read.header[i] === undefined ? '' : String(read.header[i]));
  const area = num(entry.areaCm2);
  const areaOk = area !== undefined && area > 0 ? area : undefined;
  // the abscissa
  const xFromHeader =
    kind === 'cv'
      ? /\bmV\b/.test(head(0))
        ? ('mV' as const)
        : undefined
      : (frequencyFactorFromHeader(head(0))?.unit as FrequencyUnit | undefined);
  const xDetected: BiasUnit | FrequencyUnit =
    xFromHeader ?? (kind === 'cv' ? (read.x.some((v) => Math.abs(v) > 10) ? 'mV' : 'V') : 'Hz');
  // the capacitance
  const cFromHeader = capacitanceUnitFromHeader(head(1));
  const maxAbs = Math.max(...read.y.map(Math.abs));
  const cDetected = cFromHeader ?? detectCapacitanceUnit(maxAbs, geometricCapacitance(device), areaOk);
  const detected = {
    x: xDetected,
    capacitance: cDetected,
    from: cFromHeader ? ('header' as const) : cDetected ? ('values' as const) : ('none' as const),
  };
  const ux = entry.capUnits.x;
  const uc = entry.capUnits.capacitance;
  const xOk = (u: string | undefined): u is BiasUnit | FrequencyUnit =>
    kind === 'cv' ? u === 'V' || u === 'mV' : u === 'Hz' || u === 'kHz' || u === 'MHz' || u === 'rad/s';
  const units: CapUnits = {
    x: xOk(ux) ? ux : xDetected,
    capacitance: uc && uc !== 'auto' ? uc : cDetected,
  };
  const cu = CAPACITANCE_UNITS[units.capacitance ?? 'nF/cm2'];
  if (!cu.perArea && areaOk === undefined) return fail('needArea', { unit: cu.label });
  const fx = X_FACTOR[units.x];
  const fy = cu.toNF / (cu.perArea ? 1 : areaOk!);
  const order = read.x.map((_, i) => i).sort((a, b) => read.x[a]! - read.x[b]!);
  const x = order.map((i) => Number((read.x[i]! * fx).toPrecision(12)));
  const capacitanceNFPerCm2 = order.map((i) => Number((read.y[i]! * fy).toPrecision(12)));
  const twice = x.find((v, i) => i > 0 && v === x[i - 1]);
  if (twice !== undefined) return fail('repeated', { x: twice, unit: kind === 'cv' ? 'V' : 'Hz' });
  return { ok: true, kind, x, capacitanceNFPerCm2, measuredPoints: n, units, detected };
}

/** Why a curve's file cannot be used, in the UI's language: the J-V reader's words, the EQE reader's or the capacitance reader's. */
export function previewErrorText(p: Extract<FitPreview, { ok: false }>, t: TFunction): string {
  if (isCapPreview(p)) return t(`fit.cap.err.${p.code}`, { ...p.params, what: t(`fit.cap.x.${p.kind}`) });
  if (!isEqePreview(p)) return curveErrorText(p, t);
  return t(`fit.eqe.err.${p.code}`, p.params);
}

// ------------------------------------------------------------------ the form's preview plots

/**
 * Every read curve for the form's preview: the measured curve as a line and the points the fit
 * runs as markers; J-V curves and EQE spectra apart, since their axes differ.
 */
export function previewSeries(
  curves: readonly FitCurveEntry[],
  previews: readonly (FitPreview | undefined)[],
  t: TFunction,
): Record<CurveKind, PlotSeries[]> {
  const out: Record<CurveKind, PlotSeries[]> = { jv: [], eqe: [], cv: [], cf: [] };
  const { jv, eqe } = out;
  curves.forEach((c, k) => {
    const p = previews[k];
    if (!p?.ok) return;
    const label = c.label.trim() || c.curve.label || `#${k + 1}`;
    const points = t('fit.curve.fitPointsOf', { label });
    if (isCapPreview(p)) {
      const used = fitCapPoints(p, c.points);
      out[p.kind].push({ name: label, x: p.x, y: p.capacitanceNFPerCm2 });
      out[p.kind].push({ name: points, x: used.x, y: used.capacitanceNFPerCm2, points: true });
    } else if (isEqePreview(p)) {
      const used = fitEqePoints(p, c.points);
      eqe.push({ name: label, x: p.wavelengthNm, y: p.eqePercent });
      eqe.push({ name: points, x: used.wavelengthNm, y: used.eqePercent, points: true });
    } else {
      const used = fitPoints(p, c.points);
      jv.push({ name: label, x: p.curve.measured.voltageV, y: p.curve.measured.jMaCm2 });
      jv.push({ name: points, x: used.voltageV, y: used.jMaCm2, points: true });
    }
  });
  return out;
}

// ------------------------------------------------------------------ the budget

export interface BudgetForm {
  evaluations: string;
  seconds: string;
}

export const BUDGET_DEFAULT: BudgetForm = {
  evaluations: String(DEVICE_FIT_DEFAULT_EVALUATIONS),
  seconds: String(DEVICE_FIT_DEFAULT_SECONDS),
};

// ------------------------------------------------------------------ the check

export type CurveField =
  | 'kind'
  | 'data'
  /** A C-V's measuring frequency, a C-f's bias. */
  | 'condition'
  /** An EQE's bias light and bias voltage. */
  | 'biasLight'
  | 'biasV'
  | 'label'
  | 'suns'
  | 'temperatureK'
  | 'scanRate'
  | 'noise'
  | 'weight'
  | 'points';
export type FreeField = 'path' | 'min' | 'max' | 'scale' | 'tie';

/** Where a problem is shown. */
export type FitIssueAt =
  | { kind: 'device' }
  | { kind: 'curve'; index: number; field: CurveField }
  | { kind: 'free'; index: number; field: FreeField }
  | { kind: 'budget'; field: 'evaluations' | 'seconds' }
  | { kind: 'general' };

export interface FitIssue {
  at: FitIssueAt;
  text: string;
  /** Advice (a bound outside the usual range): shown, but the fit may run. */
  warning?: boolean;
  /** Something not given yet: said after a first submit, not while the user is still filling in. */
  missing?: boolean;
}

/** Keys of the form's checks that say something is missing rather than wrong. */
const MISSING = new Set([
  'fit.err.noDevice',
  'fit.err.curveMissing',
  'fit.err.noCurve',
  'fit.err.noFree',
  'fit.err.required',
]);

const CURVE_FIELDS: Record<string, CurveField> = {
  kind: 'kind',
  voltageV: 'data',
  jMaCm2: 'data',
  wavelengthNm: 'data',
  eqePercent: 'data',
  noisePercent: 'noise',
  label: 'label',
  intensitySuns: 'suns',
  biasLightSuns: 'biasLight',
  temperatureK: 'temperatureK',
  scanRateVPerS: 'scanRate',
  noiseMaCm2: 'noise',
  noiseRel: 'noise',
  noiseNFPerCm2: 'noise',
  capacitanceNFPerCm2: 'data',
  biasV: 'data',
  frequencyHz: 'data',
  weight: 'weight',
};

/**
 * Where a problem the engine or the server names by its field in the job (`curves[1].noiseRel`,
 * `free[0].max`, `options.maxSeconds`, with or without the request's `job.` in front) is shown.
 * With the curves' kinds, a C-V's frequency and a C-f's bias (one number each) go to the curve's
 * condition rather than its data.
 */
export function issueAtOfField(field: string, kinds: readonly CurveKind[] = []): FitIssueAt {
  const f = field.replace(/^job\./, '');
  let m = /^curves\[(\d+)\](?:\.(\w+))?/.exec(f);
  if (m) {
    const index = Number(m[1]);
    const sub = m[2] ?? '';
    const kind = kinds[index];
    const condition = (kind === 'cv' && sub === 'frequencyHz') || (kind === 'cf' && sub === 'biasV');
    // an EQE's bias is its own field (a C-V's biases are its data)
    const field = kind === 'eqe' && sub === 'biasV' ? 'biasV' : (CURVE_FIELDS[sub] ?? 'data');
    return { kind: 'curve', index, field: condition ? 'condition' : field };
  }
  m = /^free\[(\d+)\](?:\.(\w+))?/.exec(f);
  if (m) {
    const sub = m[2] as FreeField | undefined;
    const field: FreeField = sub && ['path', 'min', 'max', 'scale', 'tie'].includes(sub) ? sub : 'path';
    return { kind: 'free', index: Number(m[1]), field };
  }
  if (/^options\.maxEvaluations/.test(f)) return { kind: 'budget', field: 'evaluations' };
  if (/^options\.maxSeconds/.test(f)) return { kind: 'budget', field: 'seconds' };
  if (/^device\b/.test(f)) return { kind: 'device' };
  return { kind: 'general' };
}

/** Same place (for "one message a field"). */
export function sameAt(a: FitIssueAt, b: FitIssueAt): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The engine's and the server's words name a field by its path ("「layers[3].electrical.tauPS」与…");
 * the user reads the field's label instead.
 */
export function withLabels(text: string, labels: ReadonlyMap<string, string>): string {
  let out = text;
  // the longest first: `free[1]` must not eat into `free[10]`, nor a path into a longer one
  for (const [path, label] of [...labels].sort((a, b) => b[0].length - a[0].length)) out = out.split(path).join(label);
  return out;
}

export interface FitFormInput {
  device: unknown;
  curves: readonly FitCurveEntry[];
  previews: readonly (FitPreview | undefined)[];
  free: readonly FreeRow[];
  budget: BudgetForm;
}

/** A curve's light intensity is the device's illumination.suns for that curve. */
const SUNS = paramAt('illumination.suns') as Param;

const num = (s: string): number | undefined => {
  const v = parseTyped(s);
  return typeof v === 'number' ? v : undefined;
};

/**
 * Everything wrong with the form, each where it is shown, and the job when nothing blocks it.
 * `t` words the form's own checks; the registry and the engine word theirs in `lang`.
 */
export function checkFitForm(
  input: FitFormInput,
  t: TFunction,
  lang: string,
  labels: ReadonlyMap<string, string> = new Map(),
): { job?: DeviceFitJob; issues: FitIssue[] } {
  const L: Lang = paramLang(lang);
  const issues: FitIssue[] = [];
  const say = (at: FitIssueAt, key: string, vars: Record<string, unknown> = {}) =>
    issues.push({ at, text: t(key, vars), ...(MISSING.has(key) ? { missing: true } : {}) });
  const { device } = input;
  const bad = device === undefined ? 'noDevice' : deviceProblem(device);
  if (bad) say({ kind: 'device' }, `fit.err.${bad}`);

  // the curves
  if (input.curves.length === 0) say({ kind: 'general' }, 'fit.err.noCurve');
  if (input.curves.length > DEVICE_FIT_MAX_CURVES)
    say({ kind: 'general' }, 'fit.err.tooManyCurves', { max: DEVICE_FIT_MAX_CURVES });
  const curves: DeviceFitCurve[] = input.curves.map((c, k) => {
    const ck: CurveCheck = {
      say: (field, key, vars) => say({ kind: 'curve', index: k, field }, key, vars),
      push: (field, text) => issues.push({ at: { kind: 'curve', index: k, field }, text }),
      t,
      L,
    };
    const p = input.previews[k];
    return c.kind === 'eqe'
      ? eqeCurveOf(c, p, k, ck)
      : isCapacitanceKind(c.kind)
        ? capCurveOf(c, p, k, ck)
        : jvCurveOf(c, p, k, ck);
  });

  // the free parameters
  if (input.free.length === 0) say({ kind: 'general' }, 'fit.err.noFree');
  if (input.free.length > DEVICE_FIT_MAX_FREE)
    say({ kind: 'general' }, 'fit.err.tooManyFree', { max: DEVICE_FIT_MAX_FREE });
  const free: DeviceFitFree[] = [];
  input.free.forEach((r, k) => {
    const p = paramAt(r.path);
    if (r.tie) {
      free.push({ path: r.path, tie: r.tie });
      return;
    }
    const bound = (which: 'min' | 'max'): number | undefined => {
      const text = r[which];
      if (text.trim() === '') return undefined;
      const v = parseTyped(text);
      const at: FitIssueAt = { kind: 'free', index: k, field: which };
      if (typeof v !== 'number') {
        say(at, 'fit.err.number');
        return undefined;
      }
      // the registry's verdict on the bound, in its words: outside the hard limits refuses,
      // outside the usual range advises
      const verdict = p ? verdictText(p, v, L) : undefined;
      if (verdict)
        issues.push({ at, text: verdict.text, ...(verdict.severity === 'warning' ? { warning: true } : {}) });
      return v;
    };
    const min = bound('min');
    const max = bound('max');
    free.push({
      path: r.path,
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
      scale: r.scale,
    });
  });

  // the budget
  const evaluations = num(input.budget.evaluations);
  if (
    !(
      evaluations !== undefined &&
      Number.isInteger(evaluations) &&
      evaluations >= 10 &&
      evaluations <= DEVICE_FIT_MAX_EVALUATIONS
    )
  )
    say({ kind: 'budget', field: 'evaluations' }, 'fit.err.evaluations', { max: DEVICE_FIT_MAX_EVALUATIONS });
  const seconds = num(input.budget.seconds);
  if (!(seconds !== undefined && seconds >= 1 && seconds <= DEVICE_FIT_MAX_SECONDS))
    say({ kind: 'budget', field: 'seconds' }, 'fit.err.seconds', { max: DEVICE_FIT_MAX_SECONDS });

  // the engine's own check of the physics (bounds against each other, a log scale through zero, a
  // light curve on a dark device, an EQE beyond the device's optics), the same the server runs
  if (device === undefined || bad) return { issues };
  const blocked = issues.some((i) => !i.warning);
  const job: DeviceFitJob = {
    device: device as DeviceFitJob['device'],
    curves,
    free,
    options: { maxEvaluations: evaluations ?? Number.NaN, maxSeconds: seconds ?? Number.NaN },
  };
  const problems = checkDeviceFitInput(job).filter((pr) => !blocked || saidEarly(pr.field, issues));
  const kinds = input.curves.map((c) => c.kind);
  for (const pr of problems)
    issues.push({ at: issueAtOfField(pr.field, kinds), text: withLabels(pr.words[L], labels) });
  return !blocked && !problems.length ? { job, issues } : { issues };
}

/**
 * While the form still has problems of its own, the engine's words on a curve are said only where
 * the form found nothing wrong with that curve (an EQE beyond the device's optics is then told as
 * soon as the spectrum is read, not after the free parameters are chosen); the rest would say
 * again what the form already says, in other words.
 */
function saidEarly(field: string, formIssues: readonly FitIssue[]): boolean {
  const at = issueAtOfField(field);
  if (at.kind !== 'curve') return false;
  return !formIssues.some((i) => !i.warning && i.at.kind === 'curve' && i.at.index === at.index);
}

/** How a curve's check says what it finds: by the form's key, or in words made elsewhere. */
interface CurveCheck {
  say: (field: CurveField, key: string, vars?: Record<string, unknown>) => void;
  push: (field: CurveField, text: string) => void;
  t: TFunction;
  L: Lang;
}

/** A number field the user may leave empty: undefined when empty, said when not a number. */
function optionalNumber(text: string, field: CurveField, ck: CurveCheck): number | undefined {
  if (text.trim() === '') return undefined;
  const v = num(text);
  if (v === undefined) ck.say(field, 'fit.err.number');
  return v;
}

/**
 * What every curve has, checked, whatever its kind: its file (given, readable), its name, its
 * temperature, its weight and the number of its points the fit runs.
 */
function curveCommon(
  c: FitCurveEntry,
  p: FitPreview | undefined,
  k: number,
  ck: CurveCheck,
): Pick<DeviceFitCurve, 'label' | 'temperatureK' | 'weight'> {
  if (!c.curve.source) ck.say('data', 'fit.err.curveMissing');
  else if (p && !p.ok) ck.push('data', ck.t('circuit.curve.parseError', { msg: previewErrorText(p, ck.t) }));
  const temperatureK = optionalNumber(c.temperatureK, 'temperatureK', ck);
  const weight = num(c.weight);
  if (weight === undefined) ck.say('weight', c.weight.trim() === '' ? 'fit.err.required' : 'fit.err.number');
  const n = p?.ok ? p.measuredPoints : undefined;
  const points = num(c.points);
  const maxPoints = Math.min(n ?? DEVICE_FIT_MAX_POINTS, DEVICE_FIT_MAX_POINTS);
  // left empty (a file first read without what it needed, e.g. the area of a capacitance in pF):
  // the default number, shown as the field's placeholder
  if (
    n !== undefined &&
    c.points.trim() !== '' &&
    !(points !== undefined && Number.isInteger(points) && points >= MIN_FIT_POINTS && points <= maxPoints)
  )
    ck.say('points', 'fit.err.points', { min: MIN_FIT_POINTS, max: maxPoints });
  return {
    label: (c.label.trim() || c.curve.label || `#${k + 1}`).slice(0, 200),
    ...(temperatureK !== undefined ? { temperatureK } : {}),
    ...(weight !== undefined && weight !== 1 ? { weight } : {}),
  };
}

/** A curve's light intensity in suns, checked as the registry and the fit bound it. */
function sunsOf(c: FitCurveEntry, ck: CurveCheck): number | undefined {
  const suns = num(c.suns);
  const sunsVerdict = suns === undefined ? undefined : verdictText(SUNS, suns, ck.L);
  if (suns === undefined) ck.say('suns', 'fit.err.number');
  // below 0 is the registry's refusal of any light intensity; above 1000 suns the fit's own limit
  else if (sunsVerdict?.severity === 'error') ck.push('suns', sunsVerdict.text);
  else if (suns > 1000) ck.say('suns', 'fit.err.suns');
  return suns;
}

/** A curve's noise as given: absolute (in its kind's unit) and relative, each when its mode asks for it. */
function noiseOfEntry(c: FitCurveEntry, ck: CurveCheck): { abs?: number; rel?: number } {
  const noiseOf = (given: boolean, text: string) => {
    if (!given) return undefined;
    const v = num(text);
    if (v === undefined) ck.say('noise', text.trim() === '' ? 'fit.err.required' : 'fit.err.number');
    return v;
  };
  const abs = noiseOf(c.noise === 'abs' || c.noise === 'both', c.noiseAbs);
  const rel = noiseOf(c.noise === 'rel' || c.noise === 'both', c.noiseRel);
  return { ...(abs !== undefined ? { abs } : {}), ...(rel !== undefined ? { rel } : {}) };
}

/** A J-V curve of the job: its light, scan, noise and the points the fit runs, each checked. */
function jvCurveOf(c: FitCurveEntry, p: FitPreview | undefined, k: number, ck: CurveCheck): DeviceFitJvCurve {
  const common = curveCommon(c, p, k, ck);
  const suns = sunsOf(c, ck);
  const scanRate = c.scanRate.trim() === '' ? undefined : num(c.scanRate);
  if (c.scanRate.trim() !== '' && !(scanRate !== undefined && scanRate > 0)) ck.say('scanRate', 'fit.err.positive');
  const { abs: noiseAbs, rel: noiseRel } = noiseOfEntry(c, ck);
  const data = fitPoints(p, c.points);
  return {
    kind: 'jv',
    ...common,
    intensitySuns: suns ?? Number.NaN,
    ...(c.scan ? { scan: c.scan } : {}),
    ...(scanRate !== undefined ? { scanRateVPerS: scanRate } : {}),
    voltageV: data.voltageV,
    jMaCm2: data.jMaCm2,
    ...(noiseAbs !== undefined ? { noiseMaCm2: noiseAbs } : {}),
    ...(noiseRel !== undefined ? { noiseRel: noiseRel } : {}),
  };
}

/**
 * An EQE spectrum of the job: no light intensity (it is measured without bias light), its noise in
 * percentage points (empty: the engine assumes 1 % of the largest EQE and says so).
 */
function eqeCurveOf(c: FitCurveEntry, p: FitPreview | undefined, k: number, ck: CurveCheck): DeviceFitEqeCurve {
  const common = curveCommon(c, p, k, ck);
  const noisePercent = optionalNumber(c.noisePercent, 'noise', ck);
  // the conditions as typed; their ranges (0-2 suns, -5 V to the absorber's gap) are the engine's check
  const biasLightSuns = optionalNumber(c.eqeBiasLight, 'biasLight', ck);
  const biasV = optionalNumber(c.eqeBiasV, 'biasV', ck);
  const data = fitEqePoints(p, c.points);
  return {
    kind: 'eqe',
    ...common,
    ...(biasLightSuns !== undefined ? { biasLightSuns } : {}),
    ...(biasV !== undefined ? { biasV } : {}),
    wavelengthNm: data.wavelengthNm,
    eqePercent: data.eqePercent,
    ...(noisePercent !== undefined ? { noisePercent } : {}),
  };
}

/**
 * A C-V or C-f of the job: its light (0 suns: dark), its measuring frequency (C-V) or bias (C-f),
 * its noise (nF/cm² and/or relative to |C|; neither: the engine assumes 1 % of |C| and says so).
 */
function capCurveOf(
  c: FitCurveEntry,
  p: FitPreview | undefined,
  k: number,
  ck: CurveCheck,
): DeviceFitCvCurve | DeviceFitCfCurve {
  const common = curveCommon(c, p, k, ck);
  const suns = sunsOf(c, ck);
  const condition = c.kind === 'cv' ? c.frequencyHz : c.biasV;
  const value = num(condition);
  if (value === undefined) ck.say('condition', condition.trim() === '' ? 'fit.err.required' : 'fit.err.number');
  else if (c.kind === 'cv' && !(value > 0)) ck.say('condition', 'fit.err.positive');
  const { abs, rel } = noiseOfEntry(c, ck);
  const data = fitCapPoints(p, c.points);
  const rest = {
    ...(suns !== undefined && suns !== 0 ? { intensitySuns: suns } : {}),
    capacitanceNFPerCm2: data.capacitanceNFPerCm2,
    ...(abs !== undefined ? { noiseNFPerCm2: abs } : {}),
    ...(rel !== undefined ? { noiseRel: rel } : {}),
  };
  return c.kind === 'cv'
    ? { kind: 'cv', ...common, frequencyHz: value ?? Number.NaN, biasV: data.x, ...rest }
    : { kind: 'cf', ...common, biasV: value ?? Number.NaN, frequencyHz: data.x, ...rest };
}

/**
 * A refusal of the server (4105) as problems by field: its worded problems (`problems: [{field,
 * msg}]`, in the request's language; or the engine's `words` in both), else its lines
 * ("job.free[0].max: …", or a line without a field under the answer's `field`).
 */
export function serverIssues(
  data: unknown,
  lang: string,
  labels: ReadonlyMap<string, string> = new Map(),
  kinds: readonly CurveKind[] = [],
): FitIssue[] {
  const L = paramLang(lang);
  const d = isObj(data) ? data : {};
  const out: FitIssue[] = [];
  if (Array.isArray(d['problems'])) {
    for (const p of d['problems']) {
      if (!isObj(p) || typeof p['field'] !== 'string') continue;
      // the engine's words in both languages, or the server's in the request's language
      const words = isObj(p['words']) ? p['words'] : {};
      const text = typeof words[L] === 'string' ? words[L] : typeof p['msg'] === 'string' ? p['msg'] : '';
      if (text) out.push({ at: issueAtOfField(p['field'], kinds), text: withLabels(text, labels) });
    }
    if (out.length) return out;
  }
  const field = typeof d['field'] === 'string' ? d['field'] : '';
  const errors = Array.isArray(d['errors']) ? d['errors'].filter((e): e is string => typeof e === 'string') : [];
  for (const e of errors) {
    const m = /^((?:job\.)?(?:curves|free|options|device)[\w.[\]]*):\s*(.+)$/s.exec(e);
    out.push(
      m
        ? { at: issueAtOfField(m[1]!, kinds), text: withLabels(m[2]!, labels) }
        : { at: field ? issueAtOfField(field, kinds) : { kind: 'general' }, text: withLabels(e, labels) },
    );
  }
  return out;
}

// ------------------------------------------------------------------ duplicate and edit

/** The form's state back from a stored job (calc/fit?calc=<id>). */
export function formFromJob(job: unknown): {
  device?: unknown;
  curves: FitCurveEntry[];
  free: FreeRow[];
  budget: BudgetForm;
} {
  const j = isObj(job) ? job : {};
  const curves = (Array.isArray(j['curves']) ? j['curves'] : [])
    .filter(isObj)
    .flatMap((c) =>
      c['kind'] === 'eqe'
        ? eqeEntryOfJob(c)
        : c['kind'] === 'cv' || c['kind'] === 'cf'
          ? capEntryOfJob(c, c['kind'])
          : jvEntryOfJob(c),
    );
  const free = (Array.isArray(j['free']) ? j['free'] : []).filter(isObj).flatMap((f): FreeRow[] => {
    const path = typeof f['path'] === 'string' ? f['path'] : '';
    const p = paramAt(path);
    if (!p) return [];
    const base = newFreeRow(p, path);
    return [
      {
        path,
        min: typeof f['min'] === 'number' ? formatValue(f['min']) : base.min,
        max: typeof f['max'] === 'number' ? formatValue(f['max']) : base.max,
        scale: f['scale'] === 'log' || f['scale'] === 'linear' ? f['scale'] : base.scale,
        tie: typeof f['tie'] === 'string' ? f['tie'] : '',
      },
    ];
  });
  const o = isObj(j['options']) ? j['options'] : {};
  return {
    ...(isObj(j['device']) ? { device: j['device'] } : {}),
    curves,
    free,
    budget: {
      evaluations: typeof o['maxEvaluations'] === 'number' ? String(o['maxEvaluations']) : BUDGET_DEFAULT.evaluations,
      seconds: typeof o['maxSeconds'] === 'number' ? String(o['maxSeconds']) : BUDGET_DEFAULT.seconds,
    },
  };
}

/** A stored number as the form shows it ('' when none). */
const str = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? formatValue(x) : '');

/** A stored curve's two arrays, when they make a curve: as many of one as of the other, not none. */
function pairOfJob(c: Obj, xKey: string, yKey: string): [number[], number[]] | undefined {
  const x = c[xKey];
  const y = c[yKey];
  return Array.isArray(x) && Array.isArray(y) && x.length && x.length === y.length
    ? [x as number[], y as number[]]
    : undefined;
}

/** The fields every stored curve has, as the form holds them: its name, temperature, weight, points. */
function commonOfJob(c: Obj, n: number): Partial<FitCurveEntry> {
  return {
    label: typeof c['label'] === 'string' ? c['label'] : '',
    temperatureK: str(c['temperatureK']),
    weight: str(c['weight']) || '1',
    points: String(n),
  };
}

/** A stored J-V back in the form ([] when its arrays do not make a curve). */
function jvEntryOfJob(c: Obj): FitCurveEntry[] {
  const pair = pairOfJob(c, 'voltageV', 'jMaCm2');
  if (!pair) return [];
  const [v, jj] = pair;
  const common = commonOfJob(c, v.length);
  const abs = typeof c['noiseMaCm2'] === 'number';
  const rel = typeof c['noiseRel'] === 'number';
  const noise: NoiseMode = abs && rel ? 'both' : abs ? 'abs' : rel ? 'rel' : 'auto';
  return [
    newFitCurve({
      ...common,
      curve: { source: sourceOfArrays(v, jj), label: common.label ?? '' },
      // the stored J is already the engine's (photocurrent positive): no sign guess on it again
      choice: { voltageUnit: 'V', currentUnit: 'mA/cm2', sign: 'as-is' },
      suns: str(c['intensitySuns']) || '0',
      scan: c['scan'] === 'forward' || c['scan'] === 'reverse' ? c['scan'] : '',
      scanRate: str(c['scanRateVPerS']),
      noise,
      noiseAbs: str(c['noiseMaCm2']),
      noiseRel: str(c['noiseRel']),
    }),
  ];
}

/** A stored EQE spectrum back in the form ([] when its arrays do not make a spectrum). */
function eqeEntryOfJob(c: Obj): FitCurveEntry[] {
  const pair = pairOfJob(c, 'wavelengthNm', 'eqePercent');
  if (!pair) return [];
  const [w, q] = pair;
  const common = commonOfJob(c, w.length);
  return [
    newFitCurve({
      ...common,
      kind: 'eqe',
      curve: { source: sourceOfArrays(w, q, EQE_HEADER), label: common.label ?? '' },
      // the stored spectrum is already in nm and %: no unit guess on it again
      eqeUnits: { wavelength: 'nm', eqe: 'percent' },
      noisePercent: str(c['noisePercent']),
      eqeBiasLight: str(c['biasLightSuns']),
      eqeBiasV: str(c['biasV']),
    }),
  ];
}

/** A stored C-V or C-f back in the form ([] when its arrays do not make a curve). */
function capEntryOfJob(c: Obj, kind: 'cv' | 'cf'): FitCurveEntry[] {
  const pair = pairOfJob(c, kind === 'cv' ? 'biasV' : 'frequencyHz', 'capacitanceNFPerCm2');
  if (!pair) return [];
  const [x, y] = pair;
  const common = commonOfJob(c, x.length);
  const abs = typeof c['noiseNFPerCm2'] === 'number';
  const rel = typeof c['noiseRel'] === 'number';
  const noise: NoiseMode = abs && rel ? 'both' : abs ? 'abs' : rel ? 'rel' : 'auto';
  return [
    newFitCurve({
      ...common,
      kind,
      curve: { source: sourceOfArrays(x, y, kind === 'cv' ? CV_HEADER : CF_HEADER), label: common.label ?? '' },
      // the stored curve is already in V or Hz and nF/cm²: no unit guess on it again
      capUnits: { x: kind === 'cv' ? 'V' : 'Hz', capacitance: 'nF/cm2' },
      suns: str(c['intensitySuns']) || '0',
      ...(kind === 'cv' ? { frequencyHz: str(c['frequencyHz']) } : { biasV: str(c['biasV']) || '0' }),
      noise,
      noiseAbs: str(c['noiseNFPerCm2']),
      noiseRel: str(c['noiseRel']),
    }),
  ];
}

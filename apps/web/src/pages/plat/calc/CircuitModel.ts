/**
 * The pure part of the circuit forms (calc/circle, calc/circle2): parameter definitions with units,
 * the fit ranges of spec §9 and their validation, measured-curve preview with the engine's own
 * parser (so the preview shows exactly what the server will fit), what the user knows of the
 * absorber (the facts the modified-diode split rests on), the curves of a multi-curve fit with
 * their light, and the job the form submits (packages/contracts CircleJob / Circle2Job).
 */
import type { Circle2Job, CircleJob } from '@pvforge/contracts';
import {
  type Cell,
  type CurrentUnit,
  CurveParseError,
  type CurveParseOptions,
  defaultPhotocurrentRange,
  MAX_FIT_CURVES,
  type MdmKnowns,
  type MeasuredCurve,
  parseCurveRows,
  parseCurveText,
  parseScapsIv,
  type VoltageUnit,
} from '@pvforge/engine';

export type CircuitVariant = 'circle' | 'circle2';
export type CircuitMode = 'simulate' | 'fit' | 'losses';
export type FitModel = 'sdm' | '2dm' | 'modified';

/** A numeric parameter of a model: key as in the job, i18n label key, unit text. */
export interface ParamDef {
  key: string;
  unit: string;
  /** Default of the simulate form (a plausible MAPbI3-class cell, like the sample curve). */
  value: number | null;
  /** The parameter may be left empty (shunt resistance: empty = no shunt, sent as null). */
  optional?: boolean;
  /** Must be > 0 (else >= 0). */
  positive?: boolean;
}

export const SIM_PARAMS: Record<FitModel, ParamDef[]> = {
  sdm: [
    { key: 'jphMaCm2', unit: 'mA/cm²', value: 23 },
    { key: 'j0MaCm2', unit: 'mA/cm²', value: 3e-12, positive: true },
    { key: 'n', unit: '', value: 1.5, positive: true },
    { key: 'rsOhmCm2', unit: 'Ω·cm²', value: 3 },
    { key: 'rshOhmCm2', unit: 'Ω·cm²', value: 2000, optional: true, positive: true },
  ],
  '2dm': [
    { key: 'jphMaCm2', unit: 'mA/cm²', value: 23 },
    { key: 'j01MaCm2', unit: 'mA/cm²', value: 1e-20, positive: true },
    { key: 'j02MaCm2', unit: 'mA/cm²', value: 1e-8, positive: true },
    { key: 'rsOhmCm2', unit: 'Ω·cm²', value: 3 },
    { key: 'rshOhmCm2', unit: 'Ω·cm²', value: 2000, optional: true, positive: true },
  ],
  modified: [
    { key: 'jphMaCm2', unit: 'mA/cm²', value: 23 },
    { key: 'yBulkPerS', unit: 's⁻¹', value: 3e6 },
    { key: 'uIfPerCm2S', unit: 'cm⁻²·s⁻¹', value: 1e-2 },
    { key: 'yAugerPerS', unit: 's⁻¹', value: 0 },
    { key: 'rsOhmCm2', unit: 'Ω·cm²', value: 3 },
    { key: 'rshOhmCm2', unit: 'Ω·cm²', value: 2000, optional: true, positive: true },
  ],
};

/** Absorber of the modified model: MAPbI3-like defaults (Eg 1.6 eV, Nc = Nv = 2.2e18 cm⁻³, 500 nm). */
export const ABSORBER_PARAMS: ParamDef[] = [
  { key: 'thicknessNm', unit: 'nm', value: 500, positive: true },
  { key: 'ncCm3', unit: 'cm⁻³', value: 2.2e18, positive: true },
  { key: 'nvCm3', unit: 'cm⁻³', value: 2.2e18, positive: true },
  { key: 'egEV', unit: 'eV', value: 1.6, positive: true },
];

/** A fit range: the spec §9 limits, which are also the defaults. */
export interface RangeDef {
  key: string;
  unit: string;
  lo: number;
  hi: number;
}

/** Spec §9: about 1000 voltage points recommended for fitting. */
export const RECOMMENDED_POINTS = 1000;

const RS: RangeDef = { key: 'rsOhmCm2', unit: 'Ω·cm²', lo: 0, hi: 100 };

/** Fit ranges other than the photocurrent (which follows the first data point). */
export const FIT_LIMITS: Record<FitModel, RangeDef[]> = {
  sdm: [
    { key: 'j0MaCm2', unit: 'mA/cm²', lo: 0, hi: 1e-3 },
    { key: 'n', unit: '', lo: 0, hi: 20 },
    RS,
    { key: 'rshOhmCm2', unit: 'Ω·cm²', lo: 1e1, hi: 1e5 },
  ],
  '2dm': [
    { key: 'j01MaCm2', unit: 'mA/cm²', lo: 0, hi: 1e-3 },
    { key: 'j02MaCm2', unit: 'mA/cm²', lo: 0, hi: 1e-3 },
    RS,
    { key: 'rshOhmCm2', unit: 'Ω·cm²', lo: 1e1, hi: 1e5 },
  ],
  modified: [
    { key: 'yBulkPerS', unit: 's⁻¹', lo: 0, hi: 1e10 },
    { key: 'uIfPerCm2S', unit: 'cm⁻²·s⁻¹', lo: 0, hi: 1e10 },
    { key: 'yAugerPerS', unit: 's⁻¹', lo: 0, hi: 1e10 },
    RS,
    { key: 'rshOhmCm2', unit: 'Ω·cm²', lo: 1e1, hi: 1e10 },
    { key: 'nIf', unit: '', lo: 1, hi: 2 },
  ],
};

/** Which recombination coefficients of the modified model the user leaves to the fit. */
export interface FreeRates {
  bulk: boolean;
  auger: boolean;
}

/**
 * The limits of every range of a model; the photocurrent's only once the first data point is
 * known (the engine's default around it). The modified model fits only what is not known: y_bulk
 * and y_Aug have a range only when left to the fit, and each curve's photocurrent has its own
 * default range (there may be several curves), so none is shown for it.
 */
export function fitLimits(model: FitModel, jFirst: number | undefined, free?: FreeRates): RangeDef[] {
  if (model === 'modified') {
    return FIT_LIMITS.modified.filter(
      (d) => (d.key !== 'yBulkPerS' || free?.bulk) && (d.key !== 'yAugerPerS' || free?.auger),
    );
  }
  if (jFirst === undefined) return FIT_LIMITS[model];
  const [lo, hi] = defaultPhotocurrentRange(jFirst);
  return [{ key: 'jphMaCm2', unit: 'mA/cm²', lo: round6(lo), hi: round6(hi) }, ...FIT_LIMITS[model]];
}

const round6 = (x: number) => Number(x.toPrecision(6));

/** Spec §5 numeric helper: decimal or scientific notation, surrounding spaces allowed. */
export function parseNum(s: unknown): number | undefined {
  if (typeof s === 'number') return Number.isFinite(s) ? s : undefined;
  if (typeof s !== 'string') return undefined;
  const t = s.trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return undefined;
  return Number(t);
}

/** A validation problem: an i18n key of circuit.err.* and its values. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

/** Checks one fit range against its limits; undefined when it is fine. */
export function checkRange(def: RangeDef, loText: unknown, hiText: unknown): Problem | undefined {
  const lo = parseNum(loText);
  const hi = parseNum(hiText);
  if (lo === undefined || hi === undefined) return { key: 'number' };
  if (!(lo < hi)) return { key: 'rangeOrder' };
  if (lo < def.lo) return { key: 'rangeBelow', values: { min: fmt(def.lo) } };
  if (hi > def.hi) return { key: 'rangeAbove', values: { max: fmt(def.hi) } };
  return undefined;
}

/** Checks one parameter value. */
export function checkParam(def: ParamDef, text: unknown): Problem | undefined {
  if ((text === undefined || text === null || String(text).trim() === '') && def.optional) return undefined;
  if (text === undefined || text === null || String(text).trim() === '') return { key: 'required' };
  const x = parseNum(text);
  if (x === undefined) return { key: 'number' };
  if (def.positive && !(x > 0)) return { key: 'positive' };
  if (!def.positive && x < 0) return { key: 'nonNegative' };
  return undefined;
}

export interface VoltageRange {
  start: number;
  stop: number;
  points: number;
}

export const VOLTAGE_DEFAULT: VoltageRange = { start: 0, stop: 1.2, points: 241 };
export const MAX_VOLTAGE_POINTS = 5000;

export function checkVoltage(v: { start: unknown; stop: unknown; points: unknown }): {
  start?: Problem;
  stop?: Problem;
  points?: Problem;
} {
  const start = parseNum(v.start);
  const stop = parseNum(v.stop);
  const points = parseNum(v.points);
  const out: { start?: Problem; stop?: Problem; points?: Problem } = {};
  if (start === undefined) out.start = { key: 'number' };
  if (stop === undefined) out.stop = { key: 'number' };
  else if (start !== undefined && !(stop > start)) out.stop = { key: 'stopAfterStart' };
  if (points === undefined || !Number.isInteger(points) || points < 2 || points > MAX_VOLTAGE_POINTS) {
    out.points = { key: 'points', values: { max: MAX_VOLTAGE_POINTS } };
  }
  return out;
}

export function voltageGrid(r: VoltageRange): number[] {
  const n = Math.round(r.points);
  return Array.from({ length: n }, (_, i) =>
    i === n - 1 ? r.stop : Number((r.start + ((r.stop - r.start) * i) / (n - 1)).toPrecision(12)),
  );
}

export const TEMPERATURE_DEFAULT = 300;
export function checkTemperature(text: unknown): Problem | undefined {
  const t = parseNum(text);
  if (t === undefined) return { key: 'number' };
  if (!(t > 0 && t <= 1000)) return { key: 'temperature' };
  return undefined;
}

export function fmt(x: number): string {
  if (x === 0) return '0';
  const a = Math.abs(x);
  return a >= 1e5 || a <= 1e-3 ? x.toExponential().replace('e+', 'e') : String(Number(x.toPrecision(6)));
}

// ------------------------------------------------------------------ measured curve

/** What the user gave: a table as text, a SCAPS .iv file, or the cells of a spreadsheet. */
export type CurveSource = { text: string; format: 'table' | 'scaps-iv' } | { rows: Cell[][] };

export interface ParseChoice {
  voltageUnit?: VoltageUnit | 'auto';
  currentUnit?: CurrentUnit | 'auto';
  areaCm2?: number;
  /** The current's sign: detected (a diode's J falls with V), kept as written, or flipped. */
  sign?: 'auto' | 'as-is' | 'flip';
}

export type Preview =
  | {
      ok: true;
      curve: MeasuredCurve;
      /** Points as measured (before resampling). */
      measuredPoints: number;
      /** First data point's J (mA/cm²), the centre of the photocurrent range. */
      jFirst: number;
      /** Fewer than about 1000 measured points (spec §9 recommendation). */
      fewPoints: boolean;
    }
  | {
      ok: false;
      /** The engine's English line, shown only when it gave no code. */
      message: string;
      /** The engine's code and parameters (CurveParseError), worded by curveErrorText. */
      code?: string;
      params?: Record<string, string | number>;
    };

/** The parse options the job carries (undefined when everything is detected). */
export function parseOptions(choice: ParseChoice): CurveParseOptions | undefined {
  const o: CurveParseOptions = {};
  if (choice.voltageUnit && choice.voltageUnit !== 'auto') o.voltageUnit = choice.voltageUnit;
  if (choice.currentUnit && choice.currentUnit !== 'auto') o.currentUnit = choice.currentUnit;
  if (choice.areaCm2 !== undefined && choice.areaCm2 > 0) o.areaCm2 = choice.areaCm2;
  if (choice.sign && choice.sign !== 'auto') o.sign = choice.sign;
  return Object.keys(o).length ? o : undefined;
}

/** Parses the curve with the engine's parser, as the server will. */
export function previewCurve(source: CurveSource, choice: ParseChoice = {}): Preview {
  const opts = parseOptions(choice) ?? {};
  try {
    const curve =
      'rows' in source
        ? parseCurveRows(source.rows, opts)
        : source.format === 'scaps-iv'
          ? parseScapsIv(source.text, opts)
          : parseCurveText(source.text, opts);
    const measuredPoints = curve.measured.voltageV.length;
    return {
      ok: true,
      curve,
      measuredPoints,
      jFirst: curve.jMaCm2[0] ?? 0,
      fewPoints: measuredPoints < RECOMMENDED_POINTS,
    };
  } catch (e) {
    if (e instanceof CurveParseError) return { ok: false, message: e.message, code: e.code, params: e.params };
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/** Why a curve cannot be used, in the UI's language (the engine's code and parameters). */
export function curveErrorText(
  p: { message: string; code?: string; params?: Record<string, string | number> },
  t: (key: string, vars?: Record<string, string>) => string,
): string {
  if (!p.code) return p.message;
  const vars: Record<string, string> = {};
  for (const [k, v] of Object.entries(p.params ?? {})) vars[k] = String(v);
  for (const k of ['column', 'what'] as const) if (vars[k]) vars[k] = t(`circuit.curve.parseErr.${vars[k]}`);
  return t(`circuit.curve.parseErr.${p.code}`, vars);
}

/** How a file of this name is read: table text, SCAPS .iv text, XLSX cells, or refused. */
export function fileKind(name: string): 'table' | 'scaps-iv' | 'xlsx' | 'xls' | 'unknown' {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  if (ext === 'iv') return 'scaps-iv';
  if (ext === 'xlsx') return 'xlsx';
  if (ext === 'xls') return 'xls';
  if (['csv', 'txt', 'tsv', 'dat', ''].includes(ext)) return 'table';
  return 'unknown';
}

/** Largest text the server takes in curve.text (contracts CircleJob). */
export const MAX_CURVE_TEXT = 2_000_000;

// ------------------------------------------------------------------ what is known of the absorber

/**
 * What the user knows of the absorber's recombination (calc/circle2): the bulk SRH lifetime
 * (y_bulk = 1/(2τ)) or y_bulk itself, or neither (left to the fit); Auger off, its coefficient
 * C (y_Aug = C·nᵢ²), or left to the fit. The split of the recombination rests on these.
 */
export interface KnownsValues {
  bulk: 'lifetime' | 'yBulk' | 'fit';
  /** Bulk SRH lifetime, ns. */
  tauBulkNs: string;
  yBulkPerS: string;
  auger: 'off' | 'coefficient' | 'fit';
  /** Auger coefficient C, cm⁶/s. */
  cAugerCm6PerS: string;
}

export const KNOWNS_DEFAULT: KnownsValues = {
  bulk: 'lifetime',
  tauBulkNs: '500',
  yBulkPerS: '1e6',
  auger: 'off',
  cAugerCm6PerS: '1e-28',
};

export const KNOWN_FIELDS: Record<'tauBulkNs' | 'yBulkPerS' | 'cAugerCm6PerS', ParamDef> = {
  tauBulkNs: { key: 'tauBulkNs', unit: 'ns', value: 500, positive: true },
  yBulkPerS: { key: 'yBulkPerS', unit: 's⁻¹', value: 1e6 },
  cAugerCm6PerS: { key: 'cAugerCm6PerS', unit: 'cm⁶/s', value: 1e-28 },
};

/** The knowns as the job carries them (values already validated). */
export function knownsOf(k: KnownsValues): MdmKnowns {
  const bulk: MdmKnowns['bulk'] =
    k.bulk === 'fit'
      ? 'fit'
      : k.bulk === 'lifetime'
        ? { tauBulkS: num(k.tauBulkNs) / 1e9 }
        : { yBulkPerS: num(k.yBulkPerS) };
  const auger: MdmKnowns['auger'] = k.auger === 'coefficient' ? { cAugerCm6PerS: num(k.cAugerCm6PerS) } : k.auger;
  return { bulk, auger };
}

/** Form values of stored knowns (duplicate and edit); the defaults where a job has none. */
export function knownsValuesOf(k: unknown): KnownsValues {
  const out = { ...KNOWNS_DEFAULT };
  const o = (k ?? {}) as { bulk?: unknown; auger?: unknown };
  const bulk = o.bulk as Record<string, unknown> | string | undefined;
  if (bulk === 'fit') out.bulk = 'fit';
  else if (bulk && typeof bulk === 'object' && typeof bulk['tauBulkS'] === 'number') {
    out.bulk = 'lifetime';
    out.tauBulkNs = String(Number((bulk['tauBulkS'] * 1e9).toPrecision(12)));
  } else if (bulk && typeof bulk === 'object' && typeof bulk['yBulkPerS'] === 'number') {
    out.bulk = 'yBulk';
    out.yBulkPerS = fmt(bulk['yBulkPerS']);
  }
  const auger = o.auger as Record<string, unknown> | string | undefined;
  if (auger === 'off' || auger === 'fit') out.auger = auger;
  else if (auger && typeof auger === 'object' && typeof auger['cAugerCm6PerS'] === 'number') {
    out.auger = 'coefficient';
    out.cAugerCm6PerS = fmt(auger['cAugerCm6PerS']);
  }
  return out;
}

// ------------------------------------------------------------------ the curves of a device

/** One curve of a multi-curve fit as the form holds it, with the light it was measured under. */
export interface DeviceCurve {
  source: CurveSource;
  parse?: ParseChoice;
  /** Shown name (file name or the user's). */
  label: string;
  /** Incident power, mW/cm² (text as typed). */
  pin: string;
  /** Light intensity in suns (text; empty = incident power / 100). */
  suns: string;
}

export { MAX_FIT_CURVES };

/** Problems of one curve's light, by field; empty when fine. A dark curve needs none. */
export function checkCurveLight(c: { pin: string; suns: string }, dark: boolean): { pin?: Problem; suns?: Problem } {
  if (dark) return {};
  const out: { pin?: Problem; suns?: Problem } = {};
  const pin = checkParam({ key: 'pin', unit: '', value: 100, positive: true }, c.pin);
  if (pin) out.pin = pin;
  const suns = checkParam({ key: 'suns', unit: '', value: null, positive: true, optional: true }, c.suns);
  if (suns) out.suns = suns;
  return out;
}

// ------------------------------------------------------------------ the job

export interface FormValues {
  name?: string;
  mode: CircuitMode;
  model: FitModel;
  tK: string;
  pin?: string;
  params: Record<string, string>;
  absorber: Record<string, string>;
  /** calc/circle2 fits: what is known of the absorber's recombination. */
  knowns?: KnownsValues;
  voltage: { start: string; stop: string; points: string };
  ranges: Record<string, { lo: string; hi: string }>;
  fitInterfaceIdeality?: boolean;
  losses?: boolean;
}

const num = (s: string | undefined) => parseNum(s) as number;

function paramsOf(model: FitModel, values: Record<string, string>, tK?: number): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const d of SIM_PARAMS[model]) {
    const text = values[d.key];
    out[d.key] = d.optional && (text === undefined || String(text).trim() === '') ? null : num(text);
  }
  if (tK !== undefined) out['tK'] = tK;
  return out;
}

function absorberOf(values: Record<string, string>, tK: number) {
  return {
    thicknessNm: num(values['thicknessNm']),
    ncCm3: num(values['ncCm3']),
    nvCm3: num(values['nvCm3']),
    egEV: num(values['egEV']),
    tK,
  };
}

export interface JobExtras {
  /** calc/circle: the curve. */
  curve?: CurveSource;
  parse?: ParseChoice;
  jFirst?: number;
  /** calc/circle2 fits: the curves of the device. */
  curves?: DeviceCurve[];
  spectrum?: { wavelengthNm: number[]; irradianceWm2Nm: number[] };
}

/** Which rates a circle2 fit leaves free (nothing is known of them). */
export function freeRates(k: KnownsValues | undefined): FreeRates {
  return { bulk: k?.bulk === 'fit', auger: k?.auger === 'fit' };
}

/** The fit's bounds option from the form's ranges (the photocurrent only once its centre is known). */
export function boundsOf(
  model: FitModel,
  ranges: Record<string, { lo: string; hi: string }>,
  jFirst: number | undefined,
  free?: FreeRates,
): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const d of fitLimits(model, jFirst, free)) {
    const r = ranges[d.key];
    const lo = parseNum(r?.lo);
    const hi = parseNum(r?.hi);
    out[d.key] = [lo ?? d.lo, hi ?? d.hi];
  }
  return out;
}

function curvePayload(source: CurveSource, choice: ParseChoice | undefined) {
  const parse = parseOptions(choice ?? {});
  if ('rows' in source) return { rows: source.rows, ...(parse ? { parse } : {}) };
  return { text: source.text, format: source.format, ...(parse ? { parse } : {}) };
}

/** The spectrum as the job carries it (contracts CircleJob/Circle2Job). */
export function jobSpectrum(s: { wavelengthNm: number[]; irradianceWm2Nm: number[] }): {
  wavelengthNm: number[];
  irradianceWm2Nm: number[];
} {
  return { wavelengthNm: s.wavelengthNm, irradianceWm2Nm: s.irradianceWm2Nm };
}

/** The job of the form (values already validated). */
export function buildJob(variant: CircuitVariant, v: FormValues, x: JobExtras = {}): CircleJob | Circle2Job {
  const tK = num(v.tK);
  const pin = parseNum(v.pin);
  const pinPart = pin !== undefined && pin > 0 ? { pinMwCm2: pin } : {};
  const model: FitModel = variant === 'circle2' ? 'modified' : v.model === 'modified' ? 'sdm' : v.model;
  if (v.mode === 'simulate') {
    const voltageV = voltageGrid({
      start: num(v.voltage.start),
      stop: num(v.voltage.stop),
      points: num(v.voltage.points),
    });
    if (variant === 'circle2') {
      return {
        kind: 'simulate-modified',
        params: paramsOf('modified', v.params),
        absorber: absorberOf(v.absorber, tK),
        voltageV,
        ...pinPart,
      } as Circle2Job;
    }
    return {
      kind: model === '2dm' ? 'simulate-2dm' : 'simulate-sdm',
      params: paramsOf(model, v.params, tK),
      voltageV,
      ...pinPart,
    } as CircleJob;
  }
  if (v.mode === 'losses') {
    if (!x.spectrum) throw new Error('losses need a spectrum');
    return {
      kind: 'losses',
      params: paramsOf('modified', v.params),
      absorber: absorberOf(v.absorber, tK),
      spectrum: jobSpectrum(x.spectrum),
      ...pinPart,
    } as Circle2Job;
  }
  if (variant === 'circle2') {
    if (!x.curves?.length) throw new Error('fit needs curves');
    const free = freeRates(v.knowns);
    return {
      kind: 'fit',
      model: 'modified',
      tK,
      curves: x.curves.map((c) => {
        const pin = parseNum(c.pin);
        const suns = parseNum(c.suns);
        return {
          ...curvePayload(c.source, c.parse),
          label: c.label.slice(0, 100),
          ...(pin !== undefined ? { pinMwCm2: pin } : {}),
          ...(suns !== undefined ? { suns } : {}),
        };
      }),
      absorber: absorberOf(v.absorber, tK),
      knowns: knownsOf(v.knowns ?? KNOWNS_DEFAULT),
      options: {
        bounds: boundsOf('modified', v.ranges, undefined, free),
        fitInterfaceIdeality: !!v.fitInterfaceIdeality,
      },
      ...(v.losses && x.spectrum ? { spectrum: jobSpectrum(x.spectrum) } : {}),
    } as Circle2Job;
  }
  if (!x.curve) throw new Error('fit needs a curve');
  const options: Record<string, unknown> = { bounds: boundsOf(model, v.ranges, x.jFirst), ...pinPart };
  const base = { kind: 'fit' as const, tK, curve: curvePayload(x.curve, x.parse), options };
  return { ...base, model: model === '2dm' ? '2dm' : 'sdm' } as CircleJob;
}

/** Form values back from a stored job (calc/circle?calc=<id>), for "duplicate and edit". */
export function valuesFromJob(
  variant: CircuitVariant,
  job: unknown,
): { values: Partial<FormValues>; curve?: CurveSource; parse?: ParseChoice; curves?: DeviceCurve[] } {
  const j = (job ?? {}) as Record<string, unknown>;
  const str = (x: unknown) => (typeof x === 'number' ? String(x) : x === null ? '' : undefined);
  const strs = (o: unknown) =>
    Object.fromEntries(
      Object.entries((o ?? {}) as Record<string, unknown>)
        .map(([k, x]) => [k, str(x)] as const)
        .filter((e): e is readonly [string, string] => e[1] !== undefined),
    );
  const values: Partial<FormValues> = {};
  const kind = String(j['kind'] ?? '');
  const absorber = j['absorber'] as Record<string, unknown> | undefined;
  if (absorber) values.absorber = strs(absorber);
  const tK = (j['tK'] ?? (j['params'] as { tK?: unknown } | undefined)?.tK ?? absorber?.['tK']) as unknown;
  if (typeof tK === 'number') values.tK = String(tK);
  if (typeof j['pinMwCm2'] === 'number') values.pin = String(j['pinMwCm2']);
  if (kind.startsWith('simulate')) {
    values.mode = 'simulate';
    values.model = kind === 'simulate-2dm' ? '2dm' : kind === 'simulate-modified' ? 'modified' : 'sdm';
    const p = strs(j['params']);
    delete p['tK'];
    values.params = p;
    const v = (j['voltageV'] as number[] | undefined) ?? [];
    if (v.length >= 2) {
      values.voltage = { start: String(v[0]), stop: String(v[v.length - 1]), points: String(v.length) };
    }
    return { values };
  }
  if (kind === 'losses') {
    values.mode = 'losses';
    values.model = 'modified';
    values.params = strs(j['params']);
    values.losses = true;
    return { values };
  }
  if (variant === 'circle2') values.knowns = knownsValuesOf(j['knowns']);
  values.mode = 'fit';
  values.model = variant === 'circle2' ? 'modified' : j['model'] === '2dm' ? '2dm' : 'sdm';
  const options = (j['options'] ?? {}) as {
    bounds?: Record<string, [number, number]>;
    fitInterfaceIdeality?: boolean;
    pinMwCm2?: number;
  };
  if (options.bounds) {
    values.ranges = Object.fromEntries(
      Object.entries(options.bounds).map(([k, [lo, hi]]) => [k, { lo: fmt(lo), hi: fmt(hi) }]),
    );
  }
  if (typeof options.pinMwCm2 === 'number') values.pin = String(options.pinMwCm2);
  if (options.fitInterfaceIdeality) values.fitInterfaceIdeality = true;
  values.losses = j['spectrum'] !== undefined;
  const optionsPin = typeof options.pinMwCm2 === 'number' ? String(options.pinMwCm2) : undefined;
  const stored = Array.isArray(j['curves'])
    ? (j['curves'] as Record<string, unknown>[])
    : j['curve']
      ? [j['curve'] as Record<string, unknown>]
      : [];
  const read = stored.map((c) => ({ c, source: sourceOf(c), parse: c['parse'] as ParseChoice | undefined }));
  if (variant === 'circle2') {
    // an old single-curve fit kept its incident power in the options; a fit then held n_if unless asked
    if (!Array.isArray(j['curves']) && !options.fitInterfaceIdeality) values.fitInterfaceIdeality = false;
    const curves = read.flatMap(({ c, source, parse }, i): DeviceCurve[] =>
      source
        ? [
            {
              source,
              ...(parse ? { parse } : {}),
              label: typeof c['label'] === 'string' ? c['label'] : `#${i + 1}`,
              pin: typeof c['pinMwCm2'] === 'number' ? String(c['pinMwCm2']) : (optionsPin ?? '100'),
              suns: typeof c['suns'] === 'number' ? String(c['suns']) : '',
            },
          ]
        : [],
    );
    return { values, curves };
  }
  const first = read[0];
  return {
    values,
    ...(first?.source ? { curve: first.source } : {}),
    ...(first?.parse ? { parse: first.parse } : {}),
  };
}

/** A stored curve as the form's source (arrays written back as a table). */
function sourceOf(c: Record<string, unknown>): CurveSource | undefined {
  if (typeof c['text'] === 'string')
    return { text: c['text'], format: c['format'] === 'scaps-iv' ? 'scaps-iv' : 'table' };
  if (Array.isArray(c['rows'])) return { rows: c['rows'] as Cell[][] };
  if (Array.isArray(c['voltageV']) && Array.isArray(c['jMaCm2'])) {
    const v = c['voltageV'] as number[];
    const jj = c['jMaCm2'] as number[];
    return {
      text: ['voltage_V,current_density_mA_cm2', ...v.map((x, i) => `${x},${jj[i]}`)].join('\n'),
      format: 'table',
    };
  }
  return undefined;
}

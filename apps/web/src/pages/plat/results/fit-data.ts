/**
 * The pure part of the device-fit result page (rstfit, issue 27): the stored DeviceFitResult read
 * back, each parameter named as the fit form names it (its group and label, from the one list of a
 * device's fittable fields), the plots' series (measured points and fitted lines, weighted
 * residuals, J-V curves, EQE spectra, C-V and C-f curves apart since their axes differ; the chi-square history, the
 * correlation matrix by the parameters' symbols), each curve's chi-square and rms deviation in its
 * own unit, and what a running fit's live state shows. Pure (no React); unit-tested in
 * apps/web/test/fit-data.test.ts.
 */
import type { DeviceFitProgress } from '@pvforge/contracts';
import type { DeviceFitCurveResult, DeviceFitParameter, DeviceFitResult } from '@pvforge/engine';
import type { TFunction } from 'i18next';
import type { PlotAxis, PlotSeries } from '../../../components/plots/types';
import { paramLang } from '../../../lib/params';
import { type CurveKind, fieldTitle, fittableFields } from '../calc/fit-model';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A curve's kind: results and jobs stored before EQE spectra could be fitted say none, and are J-V. */
export function kindOf(c: { kind?: unknown }): CurveKind {
  return c.kind === 'eqe' || c.kind === 'cv' || c.kind === 'cf' ? c.kind : 'jv';
}

/**
 * The stored result, when it is one this page can draw (schema 1); a result stored before curves
 * had a kind gets 'jv' on each, so the rest of the page reads every curve by its kind.
 */
export function readFitResult(result: unknown): DeviceFitResult | undefined {
  if (!isObj(result) || result['schemaVersion'] !== 1) return undefined;
  if (!Array.isArray(result['parameters']) || !Array.isArray(result['curves'])) return undefined;
  const curves = result['curves'].filter(isObj);
  if (curves.length === result['curves'].length && curves.every((c) => c['kind'] === kindOf(c)))
    return result as unknown as DeviceFitResult;
  return { ...result, curves: curves.map((c) => ({ ...c, kind: kindOf(c) })) } as unknown as DeviceFitResult;
}

/** Names of a device's fields by path: "MAPbI3 › 电子迁移率 μn", and the group and field apart. */
export function fieldNames(
  device: unknown,
  t: TFunction,
  lang: string,
): Map<string, { title: string; group: string; field: string }> {
  return new Map(
    fittableFields(device, t, lang).map((f) => [
      f.path,
      { title: fieldTitle(f, false), group: f.groupTitle, field: f.field },
    ]),
  );
}

/** One row of the parameter table. */
export interface ParameterRow {
  key: string;
  path: string;
  /** The group (layer, contact, device) and the field's label with its symbol, in the UI language. */
  group: string;
  label: string;
  symbol: string;
  unit: string;
  value: number;
  start: number;
  min: number;
  max: number;
  scale: 'log' | 'linear';
  low: number | null;
  high: number | null;
  identifiable: boolean;
  method: DeviceFitParameter['method'];
  atBound: 'min' | 'max' | null;
  /** What the data say of it when they do not determine it, in the UI language. */
  statement?: string;
  /** The parameter whose value it takes (its title), for a tied one. */
  tiedTo?: string;
}

/**
 * The table's rows: each parameter by its group and label (the fit form's names, read off the
 * fitted device; the registry's label from the result where the device does not list the field),
 * the statement in the UI language.
 */
export function parameterRows(r: DeviceFitResult, t: TFunction, lang: string): ParameterRow[] {
  const L = paramLang(lang);
  const names = fieldNames(r.device, t, lang);
  return r.parameters.map((p) => {
    const n = names.get(p.path);
    return {
      key: p.path,
      path: p.path,
      group: n?.group ?? '',
      label: n?.field ?? (p.symbol ? `${p.label[L]} ${p.symbol}` : p.label[L]),
      symbol: p.symbol,
      unit: p.unit,
      value: p.value,
      start: p.start,
      min: p.min,
      max: p.max,
      scale: p.scale,
      low: p.low,
      high: p.high,
      identifiable: p.identifiable,
      method: p.method,
      atBound: p.atBound,
      ...(p.statement ? { statement: p.statement[L] } : {}),
      ...(p.tiedTo ? { tiedTo: names.get(p.tiedTo)?.title ?? p.tiedTo } : {}),
    };
  });
}

/**
 * Short names of the fitted variables for the correlation matrix: their symbols, with the group
 * where two share one (μn of two layers), in the order of the parameters that are not tied.
 */
export function variableNames(r: DeviceFitResult, t: TFunction, lang: string): string[] {
  const names = fieldNames(r.device, t, lang);
  const vars = r.parameters.filter((p) => !p.tiedTo);
  const L = paramLang(lang);
  const base = vars.map((p) => p.symbol || p.label[L]);
  return vars.map((p, i) => {
    const clash = base.filter((b) => b === base[i]).length > 1;
    const group = names.get(p.path)?.group;
    return clash && group ? `${base[i]} (${group})` : base[i]!;
  });
}

/** The correlation matrix as a heat map's cells: NaN (a blank cell) where it is undetermined. */
export function correlationCells(r: DeviceFitResult): { xs: number[]; values: number[][] } {
  const m = r.correlation.length;
  return {
    xs: Array.from({ length: m }, (_, i) => i),
    values: r.correlation.map((row) => row.map((x) => (x === null ? Number.NaN : x))),
  };
}

/**
 * A fitted curve as its plot draws it: the abscissa (V, nm, or Hz of a C-f), the measured and the
 * fitted values (mA/cm², %, nF/cm²).
 */
function plotted(c: DeviceFitCurveResult): { x: number[]; measured: number[]; fitted: number[] | null } {
  switch (c.kind) {
    case 'eqe':
      return { x: c.wavelengthNm, measured: c.measuredPercent, fitted: c.fittedPercent };
    case 'cv':
      return { x: c.biasV, measured: c.measuredNFPerCm2, fitted: c.fittedNFPerCm2 };
    case 'cf':
      return { x: c.frequencyHz, measured: c.measuredNFPerCm2, fitted: c.fittedNFPerCm2 };
    default:
      return { x: c.voltageV, measured: c.measuredMaCm2, fitted: c.fittedMaCm2 };
  }
}

/** A curve's rms deviation in its own unit: mA/cm², percentage points, nF/cm². */
function rmsOf(c: DeviceFitCurveResult, t: TFunction): { rms: number | null; unit: string } {
  if (c.kind === 'eqe') return { rms: c.rmsPercent, unit: t('fit.eqe.pp') };
  if (c.kind === 'cv' || c.kind === 'cf') return { rms: c.rmsNFPerCm2, unit: 'nF/cm²' };
  return { rms: c.rmsMaCm2, unit: 'mA/cm²' };
}

/** Measured points and fitted lines of every curve of a kind (J-V: mA/cm² against V; EQE: % against nm). */
export function curveSeries(r: DeviceFitResult, t: TFunction, kind: CurveKind = 'jv'): PlotSeries[] {
  const out: PlotSeries[] = [];
  for (const c of r.curves.filter((c) => kindOf(c) === kind)) {
    const p = plotted(c);
    out.push({ name: t('fit.result.measuredOf', { label: c.label }), x: p.x, y: p.measured, points: true });
    if (p.fitted) out.push({ name: t('fit.result.fittedOf', { label: c.label }), x: p.x, y: p.fitted });
  }
  return out;
}

/**
 * The weighted residuals (in noise units) of every curve of a kind, as points: each is one
 * measurement's. J-V and EQE residuals are plotted apart, since one is against V, the other nm.
 */
export function residualSeries(r: DeviceFitResult, kind: CurveKind = 'jv'): PlotSeries[] {
  return r.curves
    .filter((c) => kindOf(c) === kind)
    .flatMap((c) =>
      c.residual ? [{ name: c.label, x: plotted(c).x, y: c.residual, points: true } satisfies PlotSeries] : [],
    );
}

/** Whether the result has curves of a kind (a plot of that kind is drawn only then). */
export function hasKind(r: Pick<DeviceFitResult, 'curves'>, kind: CurveKind): boolean {
  return r.curves.some((c) => kindOf(c) === kind);
}

/** One row of the table of curves: how well the fit passes through each. */
export interface CurveRow {
  key: number;
  label: string;
  kind: CurveKind;
  points: number;
  chiSquare: number | null;
  /** Root mean square of model - measured, in `rmsUnit`. */
  rms: number | null;
  /** mA/cm² for a J-V, percentage points (worded in the UI language) for an EQE, nF/cm² for a C-V or C-f. */
  rmsUnit: string;
}

/** Each curve's chi-square and rms deviation, the latter in the unit of its own measurement. */
export function curveRows(r: DeviceFitResult, t: TFunction): CurveRow[] {
  return r.curves.map((c) => ({
    key: c.index,
    label: c.label,
    kind: kindOf(c),
    points: plotted(c).x.length,
    chiSquare: c.chiSquare,
    rms: rmsOf(c, t).rms,
    rmsUnit: rmsOf(c, t).unit,
  }));
}

/**
 * The axes of a capacitance curve's plot: C in nF/cm² against the bias in V (C-V) or against the
 * frequency in Hz on a log axis (C-f); with `residual`, the weighted residual against the same x.
 */
export function capacitanceAxes(kind: 'cv' | 'cf', t: TFunction, residual = false): { x: PlotAxis; y: PlotAxis } {
  const x: PlotAxis =
    kind === 'cv'
      ? { label: t('fit.cap.biasAxis'), unit: 'V' }
      : { label: t('fit.cap.frequencyAxis'), unit: 'Hz', log: true };
  const y: PlotAxis = residual
    ? { label: t('fit.result.residual'), unit: '' }
    : { label: t('fit.cap.cAxis'), unit: 'nF/cm²' };
  return { x, y };
}

/** Chi-square of the best point against the runs spent. */
export function historySeries(r: DeviceFitResult, t: TFunction): PlotSeries[] {
  return r.history.length
    ? [
        {
          name: t('fit.result.chiSquare'),
          x: r.history.map((h) => h.evaluations),
          y: r.history.map((h) => h.chiSquare),
          step: true,
        },
      ]
    : [];
}

/** Any dark J-V (of a result, or of a running fit's job): the J plot then offers log |J|. */
export function hasDarkCurve(r: { curves: readonly { kind?: unknown; intensitySuns?: number }[] }): boolean {
  return r.curves.some((c) => kindOf(c) === 'jv' && c.intensitySuns === 0);
}

// ------------------------------------------------------------------ a running fit

/**
 * A curve of the job sorted by its abscissa, as the engine runs it and reports its model: a J-V
 * (x voltage in V, y J in mA/cm²), an EQE spectrum (x wavelength in nm, y EQE in %), a C-V (x bias
 * in V) or a C-f (x frequency in Hz), y C in nF/cm².
 */
export interface JobCurve {
  kind: CurveKind;
  label: string;
  /** A J-V's, C-V's or C-f's light, suns (0: dark); none for an EQE, measured without bias light. */
  intensitySuns?: number;
  x: number[];
  y: number[];
}

/** A stored array of numbers (empty when not one). */
const numbers = (x: unknown): number[] => (Array.isArray(x) ? (x as number[]) : []);

/** Where a job's curve of each kind keeps its abscissa and its measured values. */
const JOB_KEYS: Record<CurveKind, [string, string]> = {
  jv: ['voltageV', 'jMaCm2'],
  eqe: ['wavelengthNm', 'eqePercent'],
  cv: ['biasV', 'capacitanceNFPerCm2'],
  cf: ['frequencyHz', 'capacitanceNFPerCm2'],
};

/** The job's curves as the engine sorts them (the live model curves are at these abscissae). */
export function jobCurves(job: unknown): JobCurve[] {
  const curves = isObj(job) && Array.isArray(job['curves']) ? job['curves'] : [];
  return curves.filter(isObj).map((c, k) => {
    const kind = kindOf(c);
    const [xKey, yKey] = JOB_KEYS[kind];
    const x = numbers(c[xKey]);
    const y = numbers(c[yKey]);
    const order = x.map((_, i) => i).sort((a, b) => x[a]! - x[b]!);
    return {
      kind,
      label: typeof c['label'] === 'string' && c['label'].trim() ? c['label'] : `#${k + 1}`,
      ...(kind === 'jv' ? { intensitySuns: typeof c['intensitySuns'] === 'number' ? c['intensitySuns'] : 1 } : {}),
      ...(kind === 'cv' || kind === 'cf'
        ? { intensitySuns: typeof c['intensitySuns'] === 'number' ? c['intensitySuns'] : 0 }
        : {}),
      x: order.map((i) => x[i]!),
      y: order.map((i) => y[i]!),
    };
  });
}

/**
 * The measured curves of a kind and, once a run succeeded, the model's at the current best point:
 * the progress lists the model of every curve in the job's order, whatever its kind.
 */
export function liveSeries(
  curves: readonly JobCurve[],
  fit: DeviceFitProgress | undefined,
  t: TFunction,
  kind: CurveKind = 'jv',
): PlotSeries[] {
  const out: PlotSeries[] = [];
  curves.forEach((c, k) => {
    if (c.kind !== kind) return;
    out.push({ name: t('fit.result.measuredOf', { label: c.label }), x: c.x, y: c.y, points: true });
    const model = fit?.curves?.[k];
    if (model && model.length === c.x.length)
      out.push({ name: t('fit.live.modelOf', { label: c.label }), x: c.x, y: model });
  });
  return out;
}

/** The free parameters a running fit reports values of: the job's free list without the tied ones. */
export function liveParameters(
  job: unknown,
  t: TFunction,
  lang: string,
): { path: string; title: string; unit: string }[] {
  const j = isObj(job) ? job : {};
  const fields = new Map(fittableFields(j['device'], t, lang).map((f) => [f.path, f]));
  const free = Array.isArray(j['free']) ? j['free'].filter(isObj) : [];
  return free
    .filter((f) => typeof f['path'] === 'string' && f['tie'] === undefined)
    .map((f) => {
      const path = f['path'] as string;
      const field = fields.get(path);
      return { path, title: field ? fieldTitle(field, false) : path, unit: field?.unit ?? '' };
    });
}

/**
 * The pure part of the device-fit result page (rstfit, issue 27): the stored DeviceFitResult read
 * back, each parameter named as the fit form names it (its group and label, from the one list of a
 * device's fittable fields), the plots' series (measured points and fitted lines, weighted
 * residuals, the chi-square history, the correlation matrix by the parameters' symbols), and what a
 * running fit's live state shows. Pure (no React); unit-tested in apps/web/test/fit-data.test.ts.
 */
import type { DeviceFitProgress } from '@pvforge/contracts';
import type { DeviceFitParameter, DeviceFitResult } from '@pvforge/engine';
import type { TFunction } from 'i18next';
import type { PlotSeries } from '../../../components/plots/types';
import { paramLang } from '../../../lib/params';
import { fieldTitle, fittableFields } from '../calc/fit-model';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The stored result, when it is one this page can draw (schema 1). */
export function readFitResult(result: unknown): DeviceFitResult | undefined {
  if (!isObj(result) || result['schemaVersion'] !== 1) return undefined;
  if (!Array.isArray(result['parameters']) || !Array.isArray(result['curves'])) return undefined;
  return result as unknown as DeviceFitResult;
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

/** Measured points and fitted lines of every curve, in the curves' order. */
export function curveSeries(r: DeviceFitResult, t: TFunction): PlotSeries[] {
  const out: PlotSeries[] = [];
  for (const c of r.curves) {
    out.push({ name: t('fit.result.measuredOf', { label: c.label }), x: c.voltageV, y: c.measuredMaCm2, points: true });
    if (c.fittedMaCm2)
      out.push({ name: t('fit.result.fittedOf', { label: c.label }), x: c.voltageV, y: c.fittedMaCm2 });
  }
  return out;
}

/** The weighted residuals (in noise units) of every curve, as points: each is one measurement's. */
export function residualSeries(r: DeviceFitResult): PlotSeries[] {
  return r.curves.flatMap((c) =>
    c.residual ? [{ name: c.label, x: c.voltageV, y: c.residual, points: true } satisfies PlotSeries] : [],
  );
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

/** Any dark curve: the J plot then offers log |J|. */
export function hasDarkCurve(r: Pick<DeviceFitResult, 'curves'>): boolean {
  return r.curves.some((c) => c.intensitySuns === 0);
}

// ------------------------------------------------------------------ a running fit

/** A curve of the job sorted by voltage, as the engine runs it and reports its model. */
export interface JobCurve {
  label: string;
  intensitySuns: number;
  voltageV: number[];
  jMaCm2: number[];
}

/** The job's curves as the engine sorts them (the live model curves are at these voltages). */
export function jobCurves(job: unknown): JobCurve[] {
  const curves = isObj(job) && Array.isArray(job['curves']) ? job['curves'] : [];
  return curves.filter(isObj).map((c, k) => {
    const v = Array.isArray(c['voltageV']) ? (c['voltageV'] as number[]) : [];
    const j = Array.isArray(c['jMaCm2']) ? (c['jMaCm2'] as number[]) : [];
    const order = v.map((_, i) => i).sort((a, b) => v[a]! - v[b]!);
    return {
      label: typeof c['label'] === 'string' && c['label'].trim() ? c['label'] : `#${k + 1}`,
      intensitySuns: typeof c['intensitySuns'] === 'number' ? c['intensitySuns'] : 1,
      voltageV: order.map((i) => v[i]!),
      jMaCm2: order.map((i) => j[i]!),
    };
  });
}

/** The measured curves and, once a run succeeded, the model's at the current best point. */
export function liveSeries(
  curves: readonly JobCurve[],
  fit: DeviceFitProgress | undefined,
  t: TFunction,
): PlotSeries[] {
  const out: PlotSeries[] = [];
  curves.forEach((c, k) => {
    out.push({ name: t('fit.result.measuredOf', { label: c.label }), x: c.voltageV, y: c.jMaCm2, points: true });
    const model = fit?.curves?.[k];
    if (model && model.length === c.voltageV.length)
      out.push({ name: t('fit.live.modelOf', { label: c.label }), x: c.voltageV, y: model });
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

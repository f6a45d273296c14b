/**
 * Reading a parameter sweep's aggregated result (contracts SweepResult, written by the server's
 * SweepAggregator) for the comparison page, and the hysteresis index against the scan rate of a
 * sweep of `electrical.transient.rateVPerS`. Pure, unit-tested in apps/web/test/transient-results.test.ts.
 */
import type { JobStatus, SweepResult } from '@pvforge/contracts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The sweep path of the protocol's default scan rate. */
export const RATE_PATH = 'electrical.transient.rateVPerS';

/** A stored sweep result, checked loosely (results come from storage); null for anything else. */
export function readSweep(result: unknown): SweepResult | null {
  if (!isObj(result) || result['sweep'] !== true || !Array.isArray(result['table'])) return null;
  const parameters = (Array.isArray(result['parameters']) ? result['parameters'] : []).filter(isObj).map((p) => ({
    path: typeof p['path'] === 'string' ? p['path'] : '',
    label: typeof p['label'] === 'string' ? p['label'] : '',
    values: Array.isArray(p['values']) ? p['values'].map((v) => num(v) ?? Number.NaN) : [],
  }));
  return {
    sweep: true,
    kind: result['kind'] === 'opt' ? 'opt' : 'elec',
    parameters,
    figureNames: Array.isArray(result['figureNames']) ? result['figureNames'].map(String) : [],
    table: result['table'].filter(isObj).map((r) => ({
      id: num(r['id']) ?? 0,
      values: Array.isArray(r['values']) ? r['values'].map((v) => num(v) ?? Number.NaN) : [],
      status: (typeof r['status'] === 'string' ? r['status'] : 'failed') as JobStatus,
      reason: typeof r['reason'] === 'string' ? r['reason'] : null,
      figures: isObj(r['figures'])
        ? Object.fromEntries(Object.entries(r['figures']).map(([k, v]) => [k, num(v) ?? null]))
        : {},
    })),
  };
}

export interface RatePoint {
  id: number;
  rate: number;
  status: JobStatus;
  hi?: number;
  pceReverse?: number;
  pceForward?: number;
}

/**
 * One row per scan rate of a sweep of the default scan rate (alone), sorted by rate; null when the
 * sweep varies something else.
 */
export function hysteresisVsRate(s: SweepResult): RatePoint[] | null {
  if (s.parameters.length !== 1 || s.parameters[0]?.path !== RATE_PATH) return null;
  return s.table
    .map((r) => {
      const p: RatePoint = { id: r.id, rate: r.values[0] ?? Number.NaN, status: r.status };
      const f = (k: string) => r.figures[k] ?? undefined;
      if (f('hysteresisIndex') !== undefined) p.hi = f('hysteresisIndex')!;
      if (f('PCE_reverse_percent') !== undefined) p.pceReverse = f('PCE_reverse_percent')!;
      if (f('PCE_forward_percent') !== undefined) p.pceForward = f('PCE_forward_percent')!;
      return p;
    })
    .sort((a, b) => a.rate - b.rate);
}

/**
 * How a sweep's figure reads: its label (an i18n key of the sweep part with its variables), its
 * unit and the factor from the stored value (FF is stored as a fraction and shown in %).
 */
export interface FigureInfo {
  key: string;
  vars?: Record<string, string>;
  unit: string;
  scale: number;
}

export function figureInfo(name: string): FigureInfo {
  switch (name) {
    case 'Jsc_mA_cm2':
      return { key: 'sweep.figures.Jsc_mA_cm2', unit: 'mA/cm²', scale: 1 };
    case 'Voc_V':
      return { key: 'sweep.figures.Voc_V', unit: 'V', scale: 1 };
    case 'FF':
      return { key: 'sweep.figures.FF', unit: '%', scale: 100 };
    case 'PCE_percent':
    case 'PCE_reverse_percent':
    case 'PCE_forward_percent':
      return { key: `sweep.figures.${name}`, unit: '%', scale: 1 };
    // the PCE on the simulated window's power, as SCAPS divides (issue 26), beside the full spectrum's
    case 'pceWindowPercent':
      return { key: 'interop.pce.windowShort', unit: '%', scale: 1 };
    case 'hysteresisIndex':
      return { key: 'sweep.figures.hysteresisIndex', unit: '', scale: 1 };
    case 'jphAbsorbersMaCm2':
      return { key: 'sweep.figures.jAbsorbers', unit: 'mA/cm²', scale: 1 };
    case 'jReflectedMaCm2':
      return { key: 'sweep.figures.jReflected', unit: 'mA/cm²', scale: 1 };
    case 'jTransmittedMaCm2':
      return { key: 'sweep.figures.jTransmitted', unit: 'mA/cm²', scale: 1 };
  }
  if (name.startsWith('jph_'))
    return { key: 'sweep.figures.jLayer', vars: { layer: name.slice(4) }, unit: 'mA/cm²', scale: 1 };
  // a figure this view does not know yet: its name as stored, never hidden
  return { key: name, unit: '', scale: 1 };
}

/** One figure against the (only) parameter: the succeeded points, sorted by the parameter. */
export function figureSeries(s: SweepResult, figure: string): { x: number[]; y: number[] } {
  const { scale } = figureInfo(figure);
  const pts = s.table
    .filter((r) => r.status === 'succeeded')
    .map((r) => ({ x: r.values[0] ?? Number.NaN, y: r.figures[figure] }))
    .filter(
      (p): p is { x: number; y: number } => Number.isFinite(p.x) && typeof p.y === 'number' && Number.isFinite(p.y),
    )
    .sort((a, b) => a.x - b.x);
  return { x: pts.map((p) => p.x), y: pts.map((p) => p.y * scale) };
}

/**
 * One figure over two parameters as a heat map: x the first parameter, y the second (columns of
 * the map are the first parameter's values, as a researcher reads "A against B"), NaN where a
 * combination did not succeed; both axes in increasing order. `ids[iy][ix]` is the run of each cell.
 */
export function figureMap(
  s: SweepResult,
  figure: string,
): { xs: number[]; ys: number[]; values: number[][]; ids: (number | undefined)[][] } | null {
  const [p, q] = s.parameters;
  if (!p || !q) return null;
  const { scale } = figureInfo(figure);
  const xi = p.values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v);
  const yi = q.values.map((v, j) => ({ v, j })).sort((a, b) => a.v - b.v);
  // children are in combination order, the first parameter outermost
  const row = (i: number, j: number) => s.table[i * q.values.length + j];
  const at = (i: number, j: number) => {
    const r = row(i, j);
    const v = r?.status === 'succeeded' ? r.figures[figure] : null;
    return typeof v === 'number' && Number.isFinite(v) ? v * scale : Number.NaN;
  };
  return {
    xs: xi.map((a) => a.v),
    ys: yi.map((a) => a.v),
    values: yi.map(({ j }) => xi.map(({ i }) => at(i, j))),
    ids: yi.map(({ j }) => xi.map(({ i }) => row(i, j)?.id)),
  };
}

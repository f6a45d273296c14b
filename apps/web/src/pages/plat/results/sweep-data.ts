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

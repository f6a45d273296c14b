/**
 * One entry point for circuit calculations, for the server's calculation service and the CLI:
 * a JSON-friendly job in, a JSON-friendly result out (no I/O; spectra and files are passed in as
 * arrays and text). Kinds:
 *   simulate-sdm | simulate-2dm | simulate-modified   forward J-V curve and key figures
 *   fit                                                 fit a curve (text, SCAPS .iv or arrays);
 *                                                       a modified-model fit with a spectrum also
 *                                                       gets the loss analysis
 *   losses                                              loss analysis of given modified parameters
 *   detailed-balance                                    Shockley-Queisser limit for a gap
 * Infinite shunt resistance may be written as null (JSON has no Infinity).
 */
import { type DetailedBalanceResult, detailedBalance } from '../losses/detailed-balance.js';
import { analyseLosses, type LossAnalysis } from '../losses/loss-analysis.js';
import type { SpectralIrradiance } from '../losses/spectrum.js';
import { type FitModelName, type FitOptions, type FitResult, fitCurve } from './fit.js';
import {
  type Cell,
  type CurveParseOptions,
  type MeasuredCurve,
  parseCurveRows,
  parseCurveText,
  parseScapsIv,
  type ScapsIv,
} from './measured-curve.js';
import {
  type AbsorberProps,
  type ModifiedCurve,
  type ModifiedParams,
  type SdmParams,
  type SimulatedCurve,
  simulateModified,
  simulateSdm,
  simulateTwoDiode,
  type TwoDiodeParams,
} from './models.js';

type Nullable<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | null };

export type CircuitJob =
  | { kind: 'simulate-sdm'; params: Nullable<SdmParams, 'rshOhmCm2'>; voltageV: number[]; pinMwCm2?: number }
  | { kind: 'simulate-2dm'; params: Nullable<TwoDiodeParams, 'rshOhmCm2'>; voltageV: number[]; pinMwCm2?: number }
  | {
      kind: 'simulate-modified';
      params: Nullable<ModifiedParams, 'rshOhmCm2'>;
      absorber: AbsorberProps;
      voltageV: number[];
      pinMwCm2?: number;
    }
  | {
      kind: 'fit';
      model: FitModelName;
      tK: number;
      /**
       * A table (CSV/TXT text), a SCAPS .iv file, spreadsheet rows (cells as an XLSX reader gives
       * them; the engine reads no files), or the arrays themselves.
       */
      curve:
        | { text: string; format?: 'table' | 'scaps-iv'; parse?: CurveParseOptions }
        | { rows: Cell[][]; parse?: CurveParseOptions }
        | { voltageV: number[]; jMaCm2: number[] };
      absorber?: AbsorberProps;
      options?: Omit<FitOptions, 'model' | 'voltageV' | 'jMaCm2' | 'tK' | 'absorber'>;
      /** With the modified model: spectrum for the loss analysis of the fitted device. */
      spectrum?: SpectralIrradiance;
    }
  | {
      kind: 'losses';
      params: Nullable<ModifiedParams, 'rshOhmCm2'>;
      absorber: AbsorberProps;
      spectrum: SpectralIrradiance;
    }
  | { kind: 'detailed-balance'; egEV: number; tK?: number; spectrum: SpectralIrradiance };

export type CircuitJobResult =
  | { kind: 'simulate-sdm' | 'simulate-2dm'; curve: SimulatedCurve }
  | { kind: 'simulate-modified'; curve: ModifiedCurve }
  | {
      kind: 'fit';
      fit: FitResult;
      /** The parsed input (detected columns, units, sign, warnings) when text was given. */
      input?: Omit<MeasuredCurve, 'voltageV' | 'jMaCm2'> & { scapsSummary?: Record<string, number> };
      losses?: LossAnalysis;
    }
  | { kind: 'losses'; losses: LossAnalysis }
  | { kind: 'detailed-balance'; result: DetailedBalanceResult };

const rsh = <T extends { rshOhmCm2: number | null }>(p: T): T & { rshOhmCm2: number } => ({
  ...p,
  rshOhmCm2: p.rshOhmCm2 === null ? Number.POSITIVE_INFINITY : p.rshOhmCm2,
});

/** Runs a circuit job. Throws Error (or CurveParseError) with a message meant for the user. */
export function runCircuitJob(job: CircuitJob): CircuitJobResult {
  switch (job.kind) {
    case 'simulate-sdm':
      return { kind: job.kind, curve: simulateSdm(rsh(job.params), job.voltageV, job.pinMwCm2) };
    case 'simulate-2dm':
      return { kind: job.kind, curve: simulateTwoDiode(rsh(job.params), job.voltageV, job.pinMwCm2) };
    case 'simulate-modified':
      return { kind: job.kind, curve: simulateModified(rsh(job.params), job.absorber, job.voltageV, job.pinMwCm2) };
    case 'fit': {
      let v: number[];
      let j: number[];
      let input: (Omit<MeasuredCurve, 'voltageV' | 'jMaCm2'> & { scapsSummary?: Record<string, number> }) | undefined;
      let measuredPointCount: number | undefined;
      let dark = false;
      if ('text' in job.curve || 'rows' in job.curve) {
        const parsed: MeasuredCurve | ScapsIv =
          'rows' in job.curve
            ? parseCurveRows(job.curve.rows, job.curve.parse)
            : job.curve.format === 'scaps-iv'
              ? parseScapsIv(job.curve.text, job.curve.parse)
              : parseCurveText(job.curve.text, job.curve.parse);
        v = parsed.voltageV;
        j = parsed.jMaCm2;
        measuredPointCount = parsed.measured.voltageV.length;
        dark = parsed.detected.illumination === 'dark';
        const { voltageV: _v, jMaCm2: _j, ...rest } = parsed;
        input = rest;
      } else {
        v = job.curve.voltageV;
        j = job.curve.jMaCm2;
      }
      const o = job.options ?? {};
      const fit = fitCurve({
        ...o,
        model: job.model,
        voltageV: v,
        jMaCm2: j,
        tK: job.tK,
        absorber: job.absorber,
        measuredPointCount: o.measuredPointCount ?? measuredPointCount,
        weighting: o.weighting ?? (dark ? 'relative' : 'uniform'),
        fixed: dark && o.fixed?.['jphMaCm2'] === undefined ? { ...o.fixed, jphMaCm2: 0 } : o.fixed,
      });
      let losses: LossAnalysis | undefined;
      if (job.model === 'modified' && job.spectrum && job.absorber && !dark) {
        const q = fit.params;
        losses = analyseLosses({
          params: {
            jphMaCm2: q['jphMaCm2']!,
            yBulkPerS: q['yBulkPerS']!,
            uIfPerCm2S: q['uIfPerCm2S']!,
            yAugerPerS: q['yAugerPerS']!,
            rsOhmCm2: q['rsOhmCm2']!,
            rshOhmCm2: q['rshOhmCm2']!,
          },
          absorber: { ...job.absorber, tK: job.tK, nIf: q['nIf'] ?? job.absorber.nIf },
          spectrum: job.spectrum,
        });
      }
      return { kind: 'fit', fit, ...(input ? { input } : {}), ...(losses ? { losses } : {}) };
    }
    case 'losses':
      return {
        kind: 'losses',
        losses: analyseLosses({ params: rsh(job.params), absorber: job.absorber, spectrum: job.spectrum }),
      };
    case 'detailed-balance':
      return { kind: 'detailed-balance', result: detailedBalance(job.spectrum, job.egEV, job.tK ?? 300) };
    default: {
      const k = (job as { kind?: unknown }).kind;
      throw new Error(`unknown circuit job kind "${String(k)}"`);
    }
  }
}

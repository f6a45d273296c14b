/**
 * One entry point for circuit calculations, for the server's calculation service and worker, the
 * CLI and the validators: a JSON-friendly job in, a JSON-friendly result out (no I/O; spectra and
 * files are passed in as arrays and text). It sits above the circuit models (src/circuit), the
 * spectra (src/spectra) and the loss analysis (src/losses), which it combines. Kinds:
 *   simulate-sdm | simulate-2dm | simulate-modified   forward J-V curve and key figures
 *   fit                                                 fit a curve (text, SCAPS .iv or arrays);
 *                                                       the modified model fits one or several
 *                                                       curves of a device with what is known of
 *                                                       its absorber (circuit/mdm.ts) and splits
 *                                                       the recombination; each light curve gets
 *                                                       its loss-removal gains, and with a spectrum
 *                                                       its loss waterfall
 *   losses                                              loss analysis of given modified parameters
 *   detailed-balance                                    Shockley-Queisser limit for a gap
 * Infinite shunt resistance may be written as null (JSON has no Infinity).
 *
 * Light: every PCE of a job is relative to one incident power, the user's (pinMwCm2, default 100
 * mW/cm^2 per sun), in the fit's key figures as in its loss analysis (losses/loss-analysis.ts).
 *
 * Input: checkCircuitJobInput applies the physical rules of every field of every kind (the rules
 * live with the models: circuit/input-check.ts, fit.ts, measured-curve.ts, spectra, losses) and
 * lists every problem with its field path; runCircuitJob runs it first and throws
 * CircuitInputError, so no caller can skip it. The server also calls it before queuing a job.
 *
 * Output: JSON has no NaN or Infinity, and JSON.stringify (the CLI, the HTTP answers) and the
 * server's stored results would turn a NaN figure into null silently. The result says so itself:
 * every single number that is NaN or infinite (a figure the curve does not have, an interval the
 * data do not determine) is null, and the types say where. Arrays of samples are kept as they are:
 * the server stores them as binary floats with NaN intact, and its readers take a null sample as NaN.
 */
import {
  curvePointProblems,
  type FitCurveData,
  type FitModelName,
  type FitOptions,
  type FitResult,
  fitCurve,
  fitCurveDataProblems,
  fitInputProblems,
  fitMeasuredCurve,
  fitOptionProblems,
  MAX_FIT_CURVES,
  measuredFitCurve,
} from '../circuit/fit.js';
import {
  absorberProblems,
  CircuitInputError,
  modifiedParamProblems,
  Problems,
  sdmParamProblems,
  shown,
  twoDiodeParamProblems,
} from '../circuit/input-check.js';
import {
  fitModifiedDiode,
  type MdmFitSettings,
  type MdmKnowns,
  type MdmResult,
  type MdmSplit,
  mdmKnownsProblems,
} from '../circuit/mdm.js';
import {
  type Cell,
  type CurveParseOptions,
  curveParseOptionProblems,
  detectIllumination,
  type MeasuredCurve,
  parseCurveRows,
  parseCurveText,
  parseScapsIv,
  type ScapsIv,
} from '../circuit/measured-curve.js';
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
} from '../circuit/models.js';
import { type DetailedBalanceResult, detailedBalance, detailedBalanceProblems } from '../losses/detailed-balance.js';
import {
  analyseLosses,
  type LossAnalysis,
  type LossMechanism,
  lossAnalysisProblems,
  lossLight,
  type RemovalGain,
  removalGains,
} from '../losses/loss-analysis.js';
import type { EngineMessage } from '../messages/index.js';
import { resultMessage } from '../messages/results.js';
import {
  makeSpectrum,
  type Spectrum,
  type SpectrumArrays,
  spectrumPowerWm2,
  spectrumProblems,
} from '../spectra/index.js';

type Nullable<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | null };

export const CIRCUIT_JOB_KINDS = [
  'simulate-sdm',
  'simulate-2dm',
  'simulate-modified',
  'fit',
  'losses',
  'detailed-balance',
] as const;

/**
 * A curve to fit: a table (CSV/TXT text), a SCAPS .iv file, spreadsheet rows (cells as an XLSX
 * reader gives them; the engine reads no files), or the arrays themselves (light or dark detected
 * as the parser does unless `illumination` says).
 */
export type CurveSource =
  | { text: string; format?: 'table' | 'scaps-iv'; parse?: CurveParseOptions }
  | { rows: Cell[][]; parse?: CurveParseOptions }
  | { voltageV: number[]; jMaCm2: number[]; illumination?: 'light' | 'dark' };

/** One curve of a modified-model fit and the light it was measured under. */
export type JobCurve = CurveSource & {
  label?: string;
  /** Incident power, mW/cm^2 (default options.pinMwCm2, else 100 per sun). */
  pinMwCm2?: number;
  /** Light intensity as a multiple of the job's spectrum (default pinMwCm2 / 100: one sun = 100 mW/cm^2). */
  suns?: number;
};

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
      /** The curve (one of curve or curves). */
      curve?: CurveSource;
      /** Modified model: several curves of one device, fitted together. */
      curves?: JobCurve[];
      absorber?: AbsorberProps;
      /** Modified model: what is known of the absorber's recombination (the split rests on it). */
      knowns?: MdmKnowns;
      options?: Omit<
        FitOptions,
        'model' | 'voltageV' | 'jMaCm2' | 'tK' | 'absorber' | 'measured' | 'measuredPointCount'
      >;
      /** Modified model: spectrum for the loss waterfall of each light curve. */
      spectrum?: SpectrumArrays;
    }
  | {
      kind: 'losses';
      params: Nullable<ModifiedParams, 'rshOhmCm2'>;
      absorber: AbsorberProps;
      spectrum: SpectrumArrays;
      pinMwCm2?: number;
      suns?: number;
    }
  | { kind: 'detailed-balance'; egEV: number; tK?: number; spectrum: SpectrumArrays; pinMwCm2?: number };

/**
 * A value as a job result carries it: a single number may be null (NaN or infinite in the engine:
 * a figure the curve does not have), arrays of samples stay arrays of numbers.
 */
export type JsonResult<T> = T extends number
  ? number | null
  : T extends readonly (infer U)[]
    ? U extends number
      ? T
      : JsonResult<U>[]
    : T extends object
      ? { [K in keyof T]: JsonResult<T[K]> }
      : T;

/** What a fit job found in a text or spreadsheet curve (detected columns, units, sign, warnings). */
export type ParsedCurveInput = Omit<MeasuredCurve, 'voltageV' | 'jMaCm2'> & { scapsSummary?: Record<string, number> };

/** One curve of a modified-model fit: its light, the recombination split, the losses. */
export interface MdmCurveResult {
  label: string;
  illumination: 'light' | 'dark';
  pinMwCm2: number;
  suns: number;
  /** The parsed input when text or rows were given. */
  input?: ParsedCurveInput;
  split: MdmSplit;
  /** PCE with each loss removed, the other fitted values unchanged (light curves). */
  removal?: RemovalGain[];
  /** The losses by decreasing gain (Auger only when the model has it). */
  ranking?: LossMechanism[];
  /** Loss waterfall (light curves, with a spectrum). */
  losses?: LossAnalysis;
  /** Why a light curve has no waterfall although a spectrum was given (English, "path: why; ..."). */
  lossesSkipped?: string;
  /** The same, one message per problem with its code (messages/results.ts), for the UI to word. */
  lossesSkippedMessages?: EngineMessage[];
}

type CircuitJobOutput =
  | { kind: 'simulate-sdm' | 'simulate-2dm'; curve: SimulatedCurve }
  | { kind: 'simulate-modified'; curve: ModifiedCurve }
  | {
      kind: 'fit';
      fit: FitResult;
      /** The parsed input of the (first) curve when text or rows were given. */
      input?: ParsedCurveInput;
      /** Modified model: what the split rests on, and each curve's split and losses. */
      knowns?: MdmResult['knowns'];
      curves?: MdmCurveResult[];
    }
  | { kind: 'losses'; losses: LossAnalysis }
  | { kind: 'detailed-balance'; result: DetailedBalanceResult };

export type CircuitJobResult = JsonResult<CircuitJobOutput>;

/** NaN and infinite single numbers as null, recursively (see the header). */
function jsonResult<T>(x: T): JsonResult<T> {
  if (typeof x === 'number') return (Number.isFinite(x) ? x : null) as JsonResult<T>;
  if (Array.isArray(x)) {
    return (x.every((v) => typeof v === 'number') ? x : x.map((v) => jsonResult(v))) as JsonResult<T>;
  }
  if (typeof x === 'object' && x !== null) {
    return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, jsonResult(v)])) as JsonResult<T>;
  }
  return x as JsonResult<T>;
}

type Fields = Record<string, unknown>;

/** A job's parameters with a null shunt resistance (JSON has no Infinity) read as no shunt. */
function withShunt<T extends { rshOhmCm2?: unknown }>(
  p: T,
): Omit<T, 'rshOhmCm2'> & { rshOhmCm2: Exclude<T['rshOhmCm2'], null> } {
  return (p.rshOhmCm2 === null ? { ...p, rshOhmCm2: Number.POSITIVE_INFINITY } : p) as never;
}

function spectrumInput(x: unknown, out: Problems): x is SpectrumArrays {
  if (!out.object('spectrum', x)) return false;
  const problems = spectrumProblems('spectrum', x['wavelengthNm'], x['irradianceWm2Nm']);
  for (const p of problems) out.add(p.field, p.message);
  return problems.length === 0;
}

/** Problems of one curve source under `path` (the points of arrays; the options of text and rows). */
function curveSourceProblems(curve: unknown, path: string, out: Problems): void {
  if (!out.object(path, curve)) return;
  if ('text' in curve) {
    if (typeof curve['text'] !== 'string' || curve['text'].trim() === '')
      out.add(`${path}.text`, `must be the text of a curve file (got ${shown(curve['text'])})`);
    out.oneOf(`${path}.format`, curve['format'], ['table', 'scaps-iv']);
    curveParseOptionProblems(curve['parse'], `${path}.parse`, out);
  } else if ('rows' in curve) {
    if (!Array.isArray(curve['rows']) || !curve['rows'].every(Array.isArray))
      out.add(`${path}.rows`, `must be rows of cells (got ${shown(curve['rows'])})`);
    curveParseOptionProblems(curve['parse'], `${path}.parse`, out);
  } else {
    curvePointProblems(curve['voltageV'], curve['jMaCm2'], path, out);
    out.oneOf(`${path}.illumination`, curve['illumination'], ['light', 'dark']);
  }
}

/** Problems of a fit job's curve or curves. */
function fitCurvesInput(job: Fields, out: Problems): void {
  const one = job['curve'];
  const many = job['curves'];
  if (one !== undefined && many !== undefined) out.add('curves', 'give either curve or curves, not both');
  else if (one === undefined && many === undefined)
    out.add('curve', 'a fit needs a curve (or, for the modified model, curves)');
  else if (one !== undefined) curveSourceProblems(one, 'curve', out);
  else if (job['model'] !== 'modified')
    out.add('curves', 'several curves are fitted together by the modified model only; give one curve');
  else if (!Array.isArray(many) || many.length === 0)
    out.add('curves', `must be a list of curves (got ${shown(many)})`);
  else if (many.length > MAX_FIT_CURVES)
    out.add('curves', `at most ${MAX_FIT_CURVES} curves can be fitted together (got ${many.length})`);
  else
    many.forEach((c, i) => {
      const path = `curves[${i}]`;
      curveSourceProblems(c, path, out);
      if (typeof c === 'object' && c !== null) {
        fitCurveDataProblems('modified', c as Fields, path, out, false);
        out.optionalPositive(`${path}.suns`, (c as Fields)['suns']);
      }
    });
  fitInputProblems({ model: job['model'], tK: job['tK'], absorber: job['absorber'] }, '', out);
}

/**
 * The light of each curve of a fit job: its incident power and intensity (losses/loss-analysis.ts
 * lossLight: one sun = 100 mW/cm^2, or the job's spectrum table when it carries more).
 */
function curveLight(
  job: Fields,
  tableMwCm2: number | undefined,
): Array<{ pin: number; suns: number; pinPath: string }> {
  const options = (job['options'] ?? {}) as Fields;
  const pinOption = typeof options['pinMwCm2'] === 'number' ? options['pinMwCm2'] : undefined;
  const many = job['curves'];
  if (!Array.isArray(many)) return [{ ...lossLight(pinOption, undefined, tableMwCm2), pinPath: 'options.pinMwCm2' }];
  return many.map((c: Fields, i) => {
    const own = typeof c['pinMwCm2'] === 'number' ? c['pinMwCm2'] : undefined;
    const suns = typeof c['suns'] === 'number' ? c['suns'] : undefined;
    return {
      ...lossLight(own ?? pinOption, suns, tableMwCm2),
      pinPath: own !== undefined ? `curves[${i}].pinMwCm2` : 'options.pinMwCm2',
    };
  });
}

/**
 * Every problem of a circuit job, one line each with the field path ("absorber.thicknessNm: must
 * be > 0 (got -500)"); empty when the job can run. Runs nothing: the server calls it before queuing.
 */
export function checkCircuitJobInput(job: unknown): string[] {
  const out = new Problems();
  if (!out.object('job', job)) return out.list;
  const kind = job['kind'];
  const params = job['params'];
  switch (kind) {
    case 'simulate-sdm':
    case 'simulate-2dm':
    case 'simulate-modified':
      if (out.object('params', params)) {
        if (kind === 'simulate-sdm') sdmParamProblems(withShunt(params), 'params', out);
        else if (kind === 'simulate-2dm') twoDiodeParamProblems(withShunt(params), 'params', out);
        else modifiedParamProblems(withShunt(params), 'params', out);
      }
      if (kind === 'simulate-modified' && out.object('absorber', job['absorber']))
        absorberProblems(job['absorber'], 'absorber', out);
      out.finiteArray('voltageV', job['voltageV']);
      out.optionalPositive('pinMwCm2', job['pinMwCm2']);
      break;
    case 'fit': {
      fitCurvesInput(job, out);
      if (job['model'] !== 'modified' && job['absorber'] !== undefined && out.object('absorber', job['absorber']))
        absorberProblems(job['absorber'], 'absorber', out, false);
      const options = job['options'] ?? {};
      if (out.object('options', options)) {
        fitOptionProblems(job['model'] as FitModelName, options, 'options', out);
        for (const key of ['yBulkPerS', 'yAugerPerS'])
          if (job['model'] === 'modified' && (options['fixed'] as Fields | undefined)?.[key] !== undefined)
            out.add(`options.fixed.${key}`, 'what is known of bulk SRH and Auger goes in knowns, not options.fixed');
      }
      if (job['model'] === 'modified') mdmKnownsProblems(job['knowns'], 'knowns', out);
      const spectrumOk = job['spectrum'] !== undefined && spectrumInput(job['spectrum'], out);
      if (spectrumOk && job['model'] === 'modified' && out.list.length === 0) {
        const absorber = { ...(job['absorber'] as AbsorberProps), tK: job['tK'] as number };
        const spectrum = spectrumOf(job['spectrum'] as SpectrumArrays);
        for (const light of curveLight(job, 0.1 * spectrumPowerWm2(spectrum))) {
          const before = out.list.length;
          lossAnalysisProblems({ absorber, conditions: { spectrum, pinMwCm2: light.pin, suns: light.suns } }, out, {
            pin: light.pinPath,
          });
          if (out.list.length > before) break;
        }
      }
      break;
    }
    case 'losses': {
      if (out.object('params', params)) modifiedParamProblems(withShunt(params), 'params', out);
      if (out.object('absorber', job['absorber'])) absorberProblems(job['absorber'], 'absorber', out);
      out.optionalPositive('pinMwCm2', job['pinMwCm2']);
      out.optionalPositive('suns', job['suns']);
      const spectrumOk = spectrumInput(job['spectrum'], out);
      if (spectrumOk && out.list.length === 0) {
        const conditions = {
          spectrum: spectrumOf(job['spectrum'] as SpectrumArrays),
          pinMwCm2: job['pinMwCm2'] as number | undefined,
          suns: job['suns'] as number | undefined,
        };
        lossAnalysisProblems({ params: params as Fields, absorber: job['absorber'] as AbsorberProps, conditions }, out);
      }
      break;
    }
    case 'detailed-balance':
      detailedBalanceProblems(job['egEV'], job['tK'] ?? 300, out);
      out.optionalPositive('pinMwCm2', job['pinMwCm2']);
      spectrumInput(job['spectrum'], out);
      break;
    default:
      out.add('kind', `must be one of ${CIRCUIT_JOB_KINDS.join(', ')} (got ${shown(kind)})`);
  }
  return out.list;
}

const spectrumOf = (s: SpectrumArrays): Spectrum => makeSpectrum('spectrum', s.wavelengthNm, s.irradianceWm2Nm);

/**
 * Runs a circuit job. Throws CircuitInputError listing every problem of the job (checkCircuitJobInput),
 * CurveParseError for a curve file that cannot be read, and Error for anything else, each with a
 * message meant for the user.
 */
export function runCircuitJob(job: CircuitJob): CircuitJobResult {
  const problems = checkCircuitJobInput(job);
  if (problems.length > 0) throw new CircuitInputError(problems);
  return jsonResult(run(job));
}

function run(job: CircuitJob): CircuitJobOutput {
  switch (job.kind) {
    case 'simulate-sdm':
      return { kind: job.kind, curve: simulateSdm(withShunt(job.params), job.voltageV, job.pinMwCm2) };
    case 'simulate-2dm':
      return { kind: job.kind, curve: simulateTwoDiode(withShunt(job.params), job.voltageV, job.pinMwCm2) };
    case 'simulate-modified':
      return {
        kind: job.kind,
        curve: simulateModified(withShunt(job.params), job.absorber, job.voltageV, job.pinMwCm2),
      };
    case 'fit':
      return job.model === 'modified' ? runModifiedFit(job) : runFit(job);
    case 'losses':
      return {
        kind: 'losses',
        losses: analyseLosses({
          params: withShunt(job.params),
          absorber: job.absorber,
          spectrum: spectrumOf(job.spectrum),
          pinMwCm2: job.pinMwCm2,
          suns: job.suns,
        }),
      };
    case 'detailed-balance':
      return {
        kind: 'detailed-balance',
        result: detailedBalance(spectrumOf(job.spectrum), job.egEV, job.tK ?? 300, job.pinMwCm2),
      };
  }
}

type FitJob = Extract<CircuitJob, { kind: 'fit' }>;

/** A curve source parsed: the parsed file (text, rows) or the arrays. */
function parseSource(
  src: CurveSource,
): MeasuredCurve | ScapsIv | { voltageV: number[]; jMaCm2: number[]; illumination?: 'light' | 'dark' } {
  if ('rows' in src) return parseCurveRows(src.rows, src.parse);
  if ('text' in src)
    return src.format === 'scaps-iv' ? parseScapsIv(src.text, src.parse) : parseCurveText(src.text, src.parse);
  return src;
}

function parsedInput(parsed: MeasuredCurve | ScapsIv): ParsedCurveInput {
  const { voltageV: _v, jMaCm2: _j, ...rest } = parsed;
  return rest;
}

/** The single- and two-diode fits: one curve. */
function runFit(job: FitJob): CircuitJobOutput {
  const opts = { ...job.options, model: job.model, tK: job.tK, absorber: job.absorber };
  const parsed = parseSource(job.curve!);
  if ('detected' in parsed) return { kind: 'fit', fit: fitMeasuredCurve(parsed, opts), input: parsedInput(parsed) };
  return { kind: 'fit', fit: fitCurve({ ...opts, voltageV: parsed.voltageV, jMaCm2: parsed.jMaCm2 }) };
}

/**
 * The modified model: every curve parsed and given its light, the split fitted with what is
 * known (circuit/mdm.ts), then for each light curve the loss-removal gains at its incident power
 * and, with a spectrum, its loss waterfall.
 */
function runModifiedFit(job: FitJob): CircuitJobOutput {
  const sources: JobCurve[] = job.curves ?? [job.curve!];
  const spectrum = job.spectrum ? spectrumOf(job.spectrum) : undefined;
  const lights = curveLight(job as unknown as Fields, spectrum ? 0.1 * spectrumPowerWm2(spectrum) : undefined);
  const parsed = sources.map(parseSource);
  const dark = parsed.map(
    (p) =>
      ('detected' in p ? p.detected.illumination : (p.illumination ?? detectIllumination(p.voltageV, p.jMaCm2))) ===
      'dark',
  );
  const curves: FitCurveData[] = parsed.map((p, i) => {
    const base = { pinMwCm2: lights[i]!.pin, ...(sources[i]!.label ? { label: sources[i]!.label } : {}) };
    if ('detected' in p) return measuredFitCurve(p, base);
    return dark[i]
      ? { ...base, voltageV: p.voltageV, jMaCm2: p.jMaCm2, weighting: 'relative', fixed: { jphMaCm2: 0 } }
      : { ...base, voltageV: p.voltageV, jMaCm2: p.jMaCm2 };
  });
  const { pinMwCm2: _pin, ...settings } = job.options ?? {};
  const absorber = { ...job.absorber!, tK: job.tK };
  const mdm = fitModifiedDiode({
    tK: job.tK,
    absorber,
    knowns: job.knowns!,
    curves,
    settings: settings as MdmFitSettings,
  });
  const results: MdmCurveResult[] = mdm.fit.curves.map((c, i) => {
    const p = parsed[i]!;
    const r: MdmCurveResult = {
      label: c.label,
      illumination: dark[i] ? 'dark' : 'light',
      pinMwCm2: lights[i]!.pin,
      suns: lights[i]!.suns,
      ...('detected' in p ? { input: parsedInput(p) } : {}),
      split: mdm.split[i]!,
    };
    const q = c.params;
    if (dark[i] || !(q['jphMaCm2']! > 0)) return r;
    const params: ModifiedParams = {
      jphMaCm2: q['jphMaCm2']!,
      yBulkPerS: q['yBulkPerS']!,
      uIfPerCm2S: q['uIfPerCm2S']!,
      yAugerPerS: q['yAugerPerS']!,
      rsOhmCm2: q['rsOhmCm2']!,
      rshOhmCm2: q['rshOhmCm2']!,
    };
    const curveAbsorber = { ...absorber, nIf: q['nIf'] ?? absorber.nIf };
    r.removal = removalGains(params, curveAbsorber, r.pinMwCm2).removal;
    r.ranking = rankingOf(r.removal, params);
    if (spectrum) {
      try {
        r.losses = analyseLosses({ params, absorber: curveAbsorber, spectrum, pinMwCm2: r.pinMwCm2, suns: r.suns });
      } catch (e) {
        if (!(e instanceof CircuitInputError)) throw e;
        r.lossesSkipped = e.errors.join('; ');
        // every problem the loss analysis names carries a code (losses/loss-analysis.ts)
        r.lossesSkippedMessages = e.messages.map((p) => p.message);
        for (const p of e.messages) mdm.fit.warnings.push(resultMessage.noWaterfall(c.label, p.path, p.message));
      }
    }
    return r;
  });
  return {
    kind: 'fit',
    fit: mdm.fit,
    ...(results[0]?.input ? { input: results[0].input } : {}),
    knowns: mdm.knowns,
    curves: results,
  };
}

/** The losses by decreasing removal gain; Auger only when the model has an Auger term. */
export function rankingOf(removal: RemovalGain[], params: ModifiedParams): LossMechanism[] {
  return removal
    .filter((r) => r.mechanism !== 'all' && (r.mechanism !== 'auger' || params.yAugerPerS > 0))
    .sort((a, b) => b.gainPercent - a.gainPercent)
    .map((r) => r.mechanism as LossMechanism);
}

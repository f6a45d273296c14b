/**
 * Fits a device's drift-diffusion parameters to measured curves (issue 27).
 *
 *   minimise S(u) = sum_i r_i(u)^2,  r_i = sqrt(w_c) (J_model(V_i; u) - J_i) / sigma_i,
 *   u in the box [u_lo, u_hi] (log10 for log-scale parameters),
 *
 * where J_model is the engine's J-V of the device with the free fields set to u (forward.ts); an EQE,
 * C-V or C-f curve has its own model and unit in place of J (curves.ts, forward.ts).
 * 1. Global start: the device's own values and a Latin hypercube of 3 m points (at least 8) over
 *    the box (start-design.ts),
 *    run as one batch; the lowest S starts the local fit.
 * 2. Local fit: bounded Levenberg-Marquardt with finite-difference Jacobians (least-squares.ts).
 * 3. Uncertainty: linearised intervals checked, and where needed replaced, by profile likelihood;
 *    correlations; parameters the data do not determine said to be so (uncertainty.ts).
 * Budget: at most maxEvaluations forward runs of the curve set and maxSeconds of wall clock; the
 * local fit stops early enough to leave the interval checks theirs. Every run is the engine's
 * own; where the runs happen (this thread, worker threads, queue workers) is the evaluator's
 * business (evaluator.ts).
 */
import { formatValue, paramAt, type Words } from '@pvforge/params';
import {
  CAPACITANCE_ABOVE_GEOMETRIC,
  CAPACITANCE_BELOW_GEOMETRIC,
  CAPACITANCE_UNITS,
  detectCapacitanceUnit,
} from './capacitance-units.js';
import { CAPACITANCE_MAX_ABS_BIAS_V, type PreparedCurve, prepareCurves } from './curves.js';
import type { FitEvaluator } from './evaluator.js';
import {
  deviceWith,
  type FitProblem,
  type FitVariable,
  fromVariable,
  resolveFreeParameters,
  toVariable,
} from './free-parameters.js';
import {
  DEVICE_FIT_DEFAULT_EVALUATIONS,
  DEVICE_FIT_DEFAULT_SECONDS,
  type DeviceFitCfCurve,
  type DeviceFitCvCurve,
  type DeviceFitEqeCurve,
  type DeviceFitJob,
  type DeviceFitProgress,
} from './job.js';
import { type Box, boundedLeastSquares } from './least-squares.js';
import { FitInputFailure, type FitPoint, FitSession, FitStopped } from './session.js';
import { latinHypercube } from './start-design.js';
import { fitUncertainty, type Uncertainty } from './uncertainty.js';

/** The fit's input is not one a fit can run on: every problem, with its field, in both languages. */
export class DeviceFitInputError extends Error {
  constructor(readonly problems: FitProblem[]) {
    super(problems.map((p) => `${p.field}: ${p.words.en}`).join('; '));
    this.name = 'DeviceFitInputError';
  }
}

export interface DeviceFitParameter {
  path: string;
  /** Paths tied to it (they take its value). */
  tied: string[];
  /** The free path whose value this one takes (a tied parameter: not fitted on its own). */
  tiedTo?: string;
  unit: string;
  label: Words;
  symbol: string;
  value: number;
  start: number;
  min: number;
  max: number;
  scale: 'log' | 'linear';
  /** The interval at the fit's confidence; null where the data do not bound it within its range. */
  low: number | null;
  high: number | null;
  identifiable: boolean;
  method: 'linear' | 'profile' | 'none';
  atBound: 'min' | 'max' | null;
  /** What the data say of it when they do not determine it. */
  statement?: Words;
}

/** A J-V curve's fit. */
export interface DeviceFitJvCurveResult {
  kind: 'jv';
  index: number;
  label: string;
  intensitySuns: number;
  voltageV: number[];
  measuredMaCm2: number[];
  fittedMaCm2: number[] | null;
  /** Weighted residuals r_i (in noise units). */
  residual: number[] | null;
  chiSquare: number | null;
  /** Root mean square of J_model - J, mA/cm^2. */
  rmsMaCm2: number | null;
}

/** An EQE spectrum's fit. */
export interface DeviceFitEqeCurveResult {
  kind: 'eqe';
  index: number;
  label: string;
  wavelengthNm: number[];
  /** The conditions it was measured (and modelled) under: bias light in suns, DC voltage in V (0: none, short circuit). */
  biasLightSuns: number;
  biasV: number;
  measuredPercent: number[];
  fittedPercent: number[] | null;
  /** Weighted residuals r_i (in noise units). */
  residual: number[] | null;
  chiSquare: number | null;
  /** Root mean square of EQE_model - EQE, percentage points. */
  rmsPercent: number | null;
}

/** A C-V curve's fit: capacitance at one frequency over the biases. */
export interface DeviceFitCvCurveResult {
  kind: 'cv';
  index: number;
  label: string;
  intensitySuns: number;
  frequencyHz: number;
  biasV: number[];
  measuredNFPerCm2: number[];
  fittedNFPerCm2: number[] | null;
  /** Weighted residuals r_i (in noise units). */
  residual: number[] | null;
  chiSquare: number | null;
  /** Root mean square of C_model - C, nF/cm^2. */
  rmsNFPerCm2: number | null;
}

/** A C-f curve's fit: capacitance at one bias over the frequencies. */
export interface DeviceFitCfCurveResult {
  kind: 'cf';
  index: number;
  label: string;
  intensitySuns: number;
  biasV: number;
  frequencyHz: number[];
  measuredNFPerCm2: number[];
  fittedNFPerCm2: number[] | null;
  /** Weighted residuals r_i (in noise units). */
  residual: number[] | null;
  chiSquare: number | null;
  /** Root mean square of C_model - C, nF/cm^2. */
  rmsNFPerCm2: number | null;
}

export type DeviceFitCurveResult =
  | DeviceFitJvCurveResult
  | DeviceFitEqeCurveResult
  | DeviceFitCvCurveResult
  | DeviceFitCfCurveResult;

export type DeviceFitStatus = 'converged' | 'budget' | 'time' | 'cancelled';

export interface DeviceFitResult {
  schemaVersion: 1;
  status: DeviceFitStatus;
  confidence: number;
  parameters: DeviceFitParameter[];
  /**
   * Correlations of the fitted variables (u: log10 of log-scale parameters), in the order of the
   * parameters without `tiedTo`; null where undetermined.
   */
  correlation: (number | null)[][];
  /** The device with the fitted values. */
  device: unknown;
  chiSquare: number | null;
  reducedChiSquare: number | null;
  points: number;
  degreesOfFreedom: number;
  /** s^2: how much the intervals were widened for misfit and serially correlated residuals. */
  noiseFactor: number | null;
  evaluations: number;
  maxEvaluations: number;
  iterations: number;
  elapsedMs: number;
  maxSeconds: number;
  /** Best cost after the start design and after each accepted step. */
  history: { evaluations: number; chiSquare: number; values: number[] }[];
  curves: DeviceFitCurveResult[];
  messages: Words[];
}

export interface DeviceFitRunOptions {
  onProgress?: (p: DeviceFitProgress) => void;
  signal?: { readonly aborted: boolean };
  clock?: () => number;
}

/** Every problem of a job's input, before anything runs. */
export function checkDeviceFitInput(job: DeviceFitJob): FitProblem[] {
  const problems: FitProblem[] = [];
  const dev = job.device as { electrical?: unknown; illumination?: unknown } | null;
  if (!dev || typeof dev !== 'object' || !dev.electrical)
    problems.push({
      field: 'device.electrical',
      words: {
        zh: '器件没有电学部分：拟合需要漂移-扩散模型',
        en: 'the device has no electrical block: a fit needs the drift-diffusion model',
      },
    });
  const free = resolveFreeParameters(job.device, job.free);
  const curves = prepareCurves(job.curves);
  problems.push(...free.problems, ...curves.problems);
  const el = (dev?.electrical ?? {}) as { generation?: { kind?: string }; tandem?: unknown };
  if (el.tandem)
    problems.push({
      field: 'device.electrical.tandem',
      words: { zh: '叠层器件暂不支持拟合', en: 'a tandem cannot be fitted yet' },
    });
  const kind = el.generation?.kind ?? (dev?.illumination ? 'optical' : 'dark');
  const ill = dev?.illumination as { wavelength?: { startNm?: number; endNm?: number } } | undefined;
  job.curves.forEach((c, k) => {
    if (c.kind === 'eqe') {
      // the engine's EQE comes from the device's optics: light through its layers, per wavelength
      if (kind !== 'optical')
        problems.push({
          field: `curves[${k}].kind`,
          words: {
            zh: '器件的产生率不是由光学计算得到的：EQE 曲线需要器件的光学部分（光照与各层的 n,k）',
            en: "the device's generation does not come from its optics: an EQE curve needs the optical part (illumination and the layers' n,k)",
          },
        });
      const lo = ill?.wavelength?.startNm;
      const hi = ill?.wavelength?.endNm;
      const xs = c.wavelengthNm.filter(Number.isFinite);
      if (lo !== undefined && hi !== undefined && xs.length && (Math.min(...xs) < lo || Math.max(...xs) > hi))
        problems.push({
          field: `curves[${k}].wavelengthNm`,
          words: {
            zh: `EQE 的波长（${Math.min(...xs)}–${Math.max(...xs)} nm）超出器件光学计算的范围 ${lo}–${hi} nm：请扩大光照的波长范围或截去超出部分`,
            en: `the EQE's wavelengths (${Math.min(...xs)}–${Math.max(...xs)} nm) reach beyond the device's optical window ${lo}–${hi} nm: widen the illumination's wavelength range or cut the spectrum`,
          },
        });
      problems.push(...eqeConditionProblems(c, k, job.device));
      return;
    }
    if (c.kind === 'cv' || c.kind === 'cf') {
      problems.push(...capacitanceProblems(c, k, job.device, kind));
      return;
    }
    if (c.intensitySuns > 0 && kind === 'dark')
      problems.push({
        field: `curves[${k}].intensitySuns`,
        words: {
          zh: '器件没有光照（产生率为暗态），无法拟合光照曲线',
          en: 'the device has no light (its generation is dark), so it cannot fit a light curve',
        },
      });
  });
  if (!problems.length) {
    const n = curves.curves.reduce((s, c) => s + c.x.length, 0);
    if (n <= free.variables.length + 1)
      problems.push({
        field: 'curves',
        words: {
          zh: `所有曲线共 ${n} 个点，不多于自由参数（${free.variables.length} 个）：无法拟合`,
          en: `the curves hold ${n} points in all, no more than the ${free.variables.length} free parameters: nothing to fit`,
        },
      });
  }
  return problems;
}

export async function fitDevice(
  job: DeviceFitJob,
  evaluator: FitEvaluator,
  run: DeviceFitRunOptions = {},
): Promise<DeviceFitResult> {
  const problems = checkDeviceFitInput(job);
  if (problems.length) throw new DeviceFitInputError(problems);
  const clock = run.clock ?? (() => Date.now());
  const t0 = clock();
  const opts = job.options ?? {};
  const variables = resolveFreeParameters(job.device, job.free).variables;
  const { curves } = prepareCurves(job.curves);
  const m = variables.length;
  const confidence = opts.confidence ?? 0.95;
  const maxEvaluations = opts.maxEvaluations ?? DEVICE_FIT_DEFAULT_EVALUATIONS;
  const maxSeconds = opts.maxSeconds ?? DEVICE_FIT_DEFAULT_SECONDS;
  const box: Box = {
    ul: Float64Array.from(variables, (v) => toVariable(v, v.min)),
    uh: Float64Array.from(variables, (v) => toVariable(v, v.max)),
    log: variables.map((v) => v.log),
  };
  let stage: DeviceFitProgress['stage'] = 'start';
  const history: DeviceFitResult['history'] = [];
  const session = new FitSession(
    evaluator,
    curves,
    // the start and the local fit leave the interval checks room: 4 m runs and a fifth of the time
    {
      maxEvaluations: Math.max(m + 2, maxEvaluations - 4 * m - 2),
      deadlineMs: t0 + 800 * maxSeconds,
      clock,
      ...(run.signal ? { signal: run.signal } : {}),
    },
    () =>
      run.onProgress?.({
        stage,
        evaluations: session.evaluations,
        maxEvaluations,
        elapsedMs: clock() - t0,
        maxSeconds,
        chiSquare: session.best ? session.best.cost : null,
        values: session.best ? variables.map((v, a) => fromVariable(v, session.best!.u[a]!)) : null,
        curves: session.best?.model ?? null,
      }),
  );
  const record = (p: FitPoint) =>
    history.push({
      evaluations: session.evaluations,
      chiSquare: p.cost,
      values: variables.map((v, a) => fromVariable(v, p.u[a]!)),
    });
  const messages: Words[] = curves.flatMap((c) => (c.assumedNoise ? [c.assumedNoise] : []));
  let status: DeviceFitStatus = 'converged';
  let hat: FitPoint | null = null;
  let jac: Float64Array | null = null;
  let iterations = 0;
  let unc: Uncertainty | null = null;
  try {
    try {
      const u0 = Float64Array.from(variables, (v) => toVariable(v, v.start));
      // the design leaves the local fit room for a few steps of m + 2 runs within its share
      const room = session.limits.maxEvaluations - 1 - 3 * (m + 2);
      const count = Math.max(0, Math.min(opts.starts ?? Math.max(8, 3 * m), room));
      const design = [u0, ...latinHypercube(box, count, opts.seed ?? 1)];
      const first = await session.run(design);
      const ok = first.filter((p) => p.r);
      if (!ok.length)
        throw new FitInputFailure({
          zh: '起始设计中没有一个点能算出曲线：请检查器件本身能否运行，并收窄参数范围',
          en: 'not one point of the start design could be computed: check that the device itself runs, and narrow the parameter ranges',
        });
      const start = ok.reduce((b, p) => (p.cost < b.cost ? p : b));
      record(start);
      stage = 'fit';
      const lm = await boundedLeastSquares(session, box, start, {
        maxIterations: 40,
        onIteration: (p) => record(p),
      });
      hat = lm.point;
      jac = lm.jac;
      iterations = lm.iterations;
    } catch (e) {
      // the budget ended the local fit before it converged: its best point is no minimum, and
      // intervals around it (where S stays below S + z^2 s^2) would not be confidence intervals
      if (!(e instanceof FitStopped) || e.why === 'cancelled') throw e;
      status = e.why;
      hat = session.best;
    }
    if (hat && status === 'converged') {
      stage = 'intervals';
      session.limits.maxEvaluations = maxEvaluations;
      session.limits.deadlineMs = t0 + 1000 * maxSeconds;
      unc = await fitUncertainty(session, box, hat, jac!, confidence, !opts.skipProfiles);
      if (unc.better && status === 'converged') {
        // the interval search met a lower cost: the local fit goes on from there, and the
        // intervals are taken again around the new minimum
        messages.push({
          zh: '区间检验中发现了更优的点：已从该点继续拟合',
          en: 'the interval check met a better point: the fit went on from there',
        });
        stage = 'fit';
        const lm = await boundedLeastSquares(session, box, unc.better, {
          maxIterations: 20,
          onIteration: (p) => record(p),
        });
        hat = lm.point;
        iterations += lm.iterations;
        stage = 'intervals';
        unc = await fitUncertainty(session, box, hat, lm.jac!, confidence, !opts.skipProfiles);
      }
      if (unc.unchecked)
        messages.push({
          zh: '预算在区间检验完成前用尽：未检验的区间端点为线性化结果，低于阈值的一侧记为未确定',
          en: 'the budget ran out before every interval end was checked: the unchecked ends are linearised, and a side whose check stayed below the threshold is given as undetermined',
        });
    }
  } catch (e) {
    if (e instanceof FitInputFailure) throw new DeviceFitInputError([{ field: 'device', words: e.words }]);
    if (!(e instanceof FitStopped)) throw e;
    // cancelled, or the budget gone before the intervals had their Jacobian: the best point, no intervals
    status = e.why;
    hat = session.best && (!hat || session.best.cost < hat.cost) ? session.best : hat;
    unc = null;
  }
  if (status !== 'converged') {
    const after = unc
      ? {
          zh: '结果为此前的最佳点及其附近的置信区间',
          en: 'the result is the best point so far, with the intervals around it',
        }
      : { zh: '结果为此前的最佳点，没有置信区间', en: 'the result is the best point so far, without intervals' };
    messages.push(
      status === 'cancelled'
        ? {
            zh: '拟合已取消：结果为取消前的最佳点，没有置信区间',
            en: 'the fit was cancelled: the result is the best point before that, without intervals',
          }
        : status === 'budget'
          ? {
              zh: `拟合收敛前计算次数已达上限（${maxEvaluations} 次）：${after.zh}`,
              en: `the budget of ${maxEvaluations} runs was spent before the fit converged: ${after.en}`,
            }
          : {
              zh: `拟合收敛前时间已达上限（${maxSeconds} s）：${after.zh}`,
              en: `the time budget of ${maxSeconds} s was spent before the fit converged: ${after.en}`,
            },
    );
  }
  const n = curves.reduce((s, c) => s + c.x.length, 0);
  const dof = Math.max(1, n - m);
  if (hat && unc) messages.push(...qualityWords(unc.reducedChiSquare, job));
  // every free path has its entry; a tied one repeats its target's value and interval
  const parameters = variables.flatMap((v, a) => {
    const main = parameterResult(v, a, hat, box, unc);
    return [
      main,
      ...main.tied.map((path) => {
        const p = paramAt(path)!;
        return { ...main, path, tied: [], tiedTo: main.path, label: p.label, symbol: p.symbol };
      }),
    ];
  });
  return {
    schemaVersion: 1,
    status,
    confidence,
    parameters,
    correlation: unc
      ? unc.correlation.map((row) => row.map((x) => (Number.isFinite(x) ? x : null)))
      : variables.map(() => variables.map(() => null)),
    device: hat ? deviceWith(job.device, variables, hat.u) : job.device,
    chiSquare: hat ? hat.cost : null,
    reducedChiSquare: hat ? hat.cost / dof : null,
    points: n,
    degreesOfFreedom: dof,
    noiseFactor: unc ? unc.noiseFactor : null,
    evaluations: session.evaluations,
    maxEvaluations,
    iterations,
    elapsedMs: clock() - t0,
    maxSeconds,
    history,
    curves: curveResults(curves, hat),
    messages,
  };
}

function parameterResult(
  v: FitVariable,
  a: number,
  hat: FitPoint | null,
  box: Box,
  unc: Uncertainty | null,
): DeviceFitParameter {
  const u = hat ? hat.u[a]! : toVariable(v, v.start);
  const span = box.uh[a]! - box.ul[a]!;
  const atBound = u <= box.ul[a]! + 1e-6 * span ? 'min' : u >= box.uh[a]! - 1e-6 * span ? 'max' : null;
  const iv = unc?.intervals[a];
  const low = iv && iv.low !== null ? fromVariable(v, iv.low) : null;
  const high = iv && iv.high !== null ? fromVariable(v, iv.high) : null;
  const identifiable = !!iv && low !== null && high !== null;
  const unit = v.param.unit ? ` ${v.param.unit}` : '';
  const name = v.param.label;
  let statement: Words | undefined;
  if (iv && !identifiable) {
    statement =
      low === null && high === null
        ? {
            zh: `这些曲线不能确定${name.zh}：其范围（${formatValue(v.min)}–${formatValue(v.max)}${unit}）内任何值都拟合得一样好`,
            en: `the ${name.en.toLowerCase()} is not determined by these curves: any value in its range (${formatValue(v.min)}–${formatValue(v.max)}${unit}) fits as well`,
          }
        : low === null
          ? {
              zh: `这些曲线只给出${name.zh}的上限：低于 ${formatValue(high!)}${unit} 的任何值都拟合得一样好`,
              en: `the ${name.en.toLowerCase()} is not determined by these curves: any value below ${formatValue(high!)}${unit} fits as well`,
            }
          : {
              zh: `这些曲线只给出${name.zh}的下限：高于 ${formatValue(low)}${unit} 的任何值都拟合得一样好`,
              en: `the ${name.en.toLowerCase()} is not determined by these curves: any value above ${formatValue(low)}${unit} fits as well`,
            };
  }
  return {
    path: v.path,
    tied: v.paths.slice(1),
    unit: v.param.unit,
    label: v.param.label,
    symbol: v.param.symbol,
    value: fromVariable(v, u),
    start: v.start,
    min: v.min,
    max: v.max,
    scale: v.log ? 'log' : 'linear',
    low,
    high,
    identifiable,
    method: iv?.method ?? 'none',
    atBound,
    ...(statement ? { statement } : {}),
  };
}

/** How well the fitted curves pass through the data, said when they miss by more than the noise. */
function qualityWords(chi2PerDof: number, job: DeviceFitJob): Words[] {
  const stated = job.curves.every((c) =>
    c.kind === 'eqe'
      ? c.noisePercent !== undefined
      : c.kind === 'cv' || c.kind === 'cf'
        ? c.noiseNFPerCm2 !== undefined || c.noiseRel !== undefined
        : c.noiseMaCm2 !== undefined || c.noiseRel !== undefined,
  );
  const x = chi2PerDof.toPrecision(3);
  if (chi2PerDof > 100)
    return [
      {
        zh: `拟合曲线与数据相差悬殊（χ²/自由度 = ${x}）：该器件模型无法再现这些曲线（数据来自另一器件、单位有误，或需要放开的参数没有放开）`,
        en: `the fitted curves miss the data by far (χ²/dof = ${x}): this device model cannot reproduce these curves (they come from another device, a unit is wrong, or a parameter that matters is not free)`,
      },
    ];
  if (chi2PerDof > 4 && stated)
    return [
      {
        zh: `拟合曲线偏离数据超过所给噪声（χ²/自由度 = ${x}）：区间已按此放宽`,
        en: `the fitted curves miss the data by more than the stated noise (χ²/dof = ${x}): the intervals are widened accordingly`,
      },
    ];
  return [];
}

function curveResults(curves: readonly PreparedCurve[], hat: FitPoint | null): DeviceFitCurveResult[] {
  let o = 0;
  return curves.map((c, k): DeviceFitCurveResult => {
    const len = c.x.length;
    const model = hat?.model?.[k] ?? null;
    const r = hat?.r ? Array.from(hat.r.subarray(o, o + len)) : null;
    o += len;
    let chi = 0;
    let sq = 0;
    if (model && r)
      for (let i = 0; i < len; i++) {
        chi += r[i]! ** 2;
        sq += (model[i]! - c.y[i]!) ** 2;
      }
    const fit = { residual: r, chiSquare: model && r ? chi : null };
    const rms = model && r ? Math.sqrt(sq / len) : null;
    if (c.kind === 'cv' || c.kind === 'cf') {
      const cap = {
        index: c.index,
        label: c.label,
        intensitySuns: c.intensitySuns,
        measuredNFPerCm2: c.y,
        fittedNFPerCm2: model,
        ...fit,
        rmsNFPerCm2: rms,
      };
      return c.kind === 'cv'
        ? { kind: 'cv', frequencyHz: c.frequencyHz!, biasV: c.x, ...cap }
        : { kind: 'cf', biasV: c.biasV!, frequencyHz: c.x, ...cap };
    }
    return c.kind === 'eqe'
      ? {
          kind: 'eqe',
          index: c.index,
          label: c.label,
          biasLightSuns: c.intensitySuns,
          biasV: c.biasV ?? 0,
          wavelengthNm: c.x,
          measuredPercent: c.y,
          fittedPercent: model,
          ...fit,
          rmsPercent: rms,
        }
      : {
          kind: 'jv',
          index: c.index,
          label: c.label,
          intensitySuns: c.intensitySuns,
          voltageV: c.x,
          measuredMaCm2: c.y,
          fittedMaCm2: model,
          ...fit,
          rmsMaCm2: rms,
        };
  });
}

/**
 * An EQE's conditions against its device: a forward bias beyond the absorber's band gap (in
 * volts, the most any junction of that gap can hold: the EQE there is the difference of two
 * injection currents of amperes, not a measurement); a bias light on a device whose illumination
 * is 0 suns (the bias is the device's own light scaled, and nothing scales from zero).
 */
function eqeConditionProblems(c: DeviceFitEqeCurve, k: number, device: unknown): FitProblem[] {
  const out: FitProblem[] = [];
  const name = c.label?.trim() || `#${k + 1}`;
  const { absorberGapEV: eg, absorber } = deviceCapacitanceScale(device);
  if (c.biasV !== undefined && eg !== undefined && c.biasV > eg)
    out.push({
      field: `curves[${k}].biasV`,
      words: {
        zh: `曲线「${name}」的偏压 ${c.biasV} V 超过吸收层${absorber ? `「${absorber}」` : ''}的带隙 ${eg} eV 所对应的电压：此时的 EQE 是两个安培级注入电流之差，不是测量值（正向偏压为正，单位为 V）`,
        en: `curve “${name}” gives a bias of ${c.biasV} V, beyond the band gap of the absorber${absorber ? ` ${absorber}` : ''} (${eg} eV): an EQE there is the difference of two injection currents of amperes, not a measurement (forward bias is positive, in V)`,
      },
    });
  const suns = (device as { illumination?: { suns?: number } } | null)?.illumination?.suns;
  if ((c.biasLightSuns ?? 0) > 0 && suns === 0)
    out.push({
      field: `curves[${k}].biasLightSuns`,
      words: {
        zh: '器件的光强为 0 个太阳：偏置光是器件自身光照的缩放，无法从零缩放',
        en: "the device's illumination is 0 suns: the bias light is the device's own light scaled, and nothing scales from zero",
      },
    });
  return out;
}

/** Vacuum permittivity, F/cm. */
const EPS0_F_CM = 8.8541878128e-14;
/** Most reverse bias a C-V or C-f may give, V (beyond, the device would break down before it is measured). */
const CAPACITANCE_MOST_REVERSE_V = -5;

/**
 * The geometric capacitance of the device's electrical layers (their dielectrics in series,
 * eps0 / sum(d_i / eps_i)), nF/cm^2, and the band gap of its thickest electrical layer (the
 * absorber), eV; undefined where the DeviceSpec does not give them.
 */
export function deviceCapacitanceScale(device: unknown): {
  geometricNFPerCm2?: number;
  absorberGapEV?: number;
  absorber?: string;
} {
  const layers = (device as { layers?: unknown } | null)?.layers;
  if (!Array.isArray(layers)) return {};
  let sum = 0;
  let thickest: { name?: string; d: number; eg?: number } | undefined;
  for (const l of layers as { name?: string; thicknessNm?: number; electrical?: { epsR?: number; egEV?: number } }[]) {
    const e = l?.electrical;
    const d = l?.thicknessNm;
    if (!e || typeof d !== 'number' || !(d > 0)) continue;
    if (typeof e.epsR === 'number' && e.epsR > 0) sum += (d * 1e-7) / e.epsR;
    if (!thickest || d > thickest.d)
      thickest = { d, ...(l.name ? { name: l.name } : {}), ...(typeof e.egEV === 'number' ? { eg: e.egEV } : {}) };
  }
  return {
    ...(sum > 0 ? { geometricNFPerCm2: (1e9 * EPS0_F_CM) / sum } : {}),
    ...(thickest?.eg !== undefined ? { absorberGapEV: thickest.eg } : {}),
    ...(thickest?.name ? { absorber: thickest.name } : {}),
  };
}

/** The per-area unit the largest capacitance was likely given in (capacitance-units.ts), as said in a refusal. */
function likelyCapacitanceUnit(maxNF: number, geometricNF: number): { unit: string; factor: number } | undefined {
  const u = detectCapacitanceUnit(maxNF, geometricNF);
  return u && u !== 'nF/cm2' ? { unit: CAPACITANCE_UNITS[u].label, factor: CAPACITANCE_UNITS[u].toNF } : undefined;
}

/**
 * A C-V or C-f curve against its device: the capacitance's magnitude against the device's own
 * geometric capacitance (F, mF, uF or pF per cm^2 read as nF/cm^2, absolute pF of a device not
 * divided by its area), the biases inside [-5 V, the absorber's band gap], light on a device
 * without any.
 */
function capacitanceProblems(
  c: DeviceFitCvCurve | DeviceFitCfCurve,
  k: number,
  device: unknown,
  generation: string,
): FitProblem[] {
  const out: FitProblem[] = [];
  const at = `curves[${k}]`;
  const name = c.label?.trim() || `#${k + 1}`;
  const { geometricNFPerCm2: geo, absorberGapEV: eg, absorber } = deviceCapacitanceScale(device);
  const ys = c.capacitanceNFPerCm2.filter(Number.isFinite);
  const cMax = ys.length ? Math.max(...ys.map(Math.abs)) : Number.NaN;
  if (geo !== undefined && cMax > 0) {
    const g = geo.toPrecision(3);
    const r = cMax / geo;
    if (r < CAPACITANCE_BELOW_GEOMETRIC) {
      const u = likelyCapacitanceUnit(cMax, geo);
      out.push({
        field: `${at}.capacitanceNFPerCm2`,
        words: {
          zh: `曲线「${name}」的电容最大为 ${cMax.toPrecision(3)} nF/cm²，比器件的几何电容（${g} nF/cm²，各层介电串联）小 ${(1 / r).toPrecision(2)} 倍：电容单位应为 nF/cm²${u ? `（是否为 ${u.unit}？请乘以 ${u.factor}）` : ''}`,
          en: `curve “${name}” reaches at most ${cMax.toPrecision(3)} nF/cm², ${(1 / r).toPrecision(2)} times below the device's geometric capacitance (${g} nF/cm², its layers' dielectrics in series): the unit is nF/cm²${u ? ` (was it ${u.unit}? multiply by ${u.factor})` : ''}`,
        },
      });
    } else if (r > CAPACITANCE_ABOVE_GEOMETRIC) {
      const u = likelyCapacitanceUnit(cMax, geo);
      out.push({
        field: `${at}.capacitanceNFPerCm2`,
        words: {
          zh: `曲线「${name}」的电容达 ${cMax.toPrecision(3)} nF/cm²，是器件几何电容（${g} nF/cm²）的 ${r.toPrecision(2)} 倍：电容单位应为 nF/cm²（是否为 ${u?.unit ?? 'pF/cm²'}，或未除以器件面积的 pF？）`,
          en: `curve “${name}” reaches ${cMax.toPrecision(3)} nF/cm², ${r.toPrecision(2)} times the device's geometric capacitance (${g} nF/cm²): the unit is nF/cm² (was it ${u?.unit ?? 'pF/cm²'}, or pF of the whole device not divided by its area?)`,
        },
      });
    }
  }
  const biases = (c.kind === 'cv' ? c.biasV : [c.biasV]).filter(Number.isFinite);
  if (biases.length) {
    const lo = Math.min(...biases);
    const hi = Math.max(...biases);
    // |V| > 10 V is the unit's (curves.ts); here the device's own range
    if (Math.max(-lo, hi) <= CAPACITANCE_MAX_ABS_BIAS_V) {
      if (eg !== undefined && hi > eg)
        out.push({
          field: `${at}.biasV`,
          words: {
            zh: `曲线「${name}」的正向偏压达 ${hi} V，超过吸收层${absorber ? `「${absorber}」` : ''}的带隙 ${eg} eV 所对应的电压：此时的电容是安培级电流的扩散电容，不是测量值（正向偏压为正，单位为 V）`,
            en: `curve “${name}” reaches a forward bias of ${hi} V, beyond the band gap of the absorber${absorber ? ` ${absorber}` : ''} (${eg} eV): a capacitance there is the diffusion capacitance of amperes, not a measurement (forward bias is positive, in V)`,
          },
        });
      if (lo < CAPACITANCE_MOST_REVERSE_V)
        out.push({
          field: `${at}.biasV`,
          words: {
            zh: `曲线「${name}」的反向偏压达 ${lo} V，低于 ${CAPACITANCE_MOST_REVERSE_V} V：器件在此之前已击穿（正向偏压为正，单位为 V）`,
            en: `curve “${name}” reaches a reverse bias of ${lo} V, below ${CAPACITANCE_MOST_REVERSE_V} V, where a cell breaks down before it is measured (forward bias is positive, in V)`,
          },
        });
    }
  }
  if ((c.intensitySuns ?? 0) > 0 && generation === 'dark')
    out.push({
      field: `${at}.intensitySuns`,
      words: {
        zh: '器件没有光照（产生率为暗态），无法拟合光照下的电容曲线',
        en: 'the device has no light (its generation is dark), so it cannot fit a capacitance measured under light',
      },
    });
  return out;
}

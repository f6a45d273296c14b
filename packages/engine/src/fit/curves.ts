/**
 * The measured curves of a device fit: their checks (what makes a fit meaningless is refused
 * before any run: one point, a curve that goes back over itself, voltages in mV or currents in
 * A/m^2 read as V and mA/cm^2, a photocurrent of the wrong sign; for an EQE spectrum wavelengths
 * in um, a fraction read as percent) and the scale of each point's residual, sigma_i (J-V):
 *   sigma_i = noiseMaCm2                      (absolute noise, a light curve)
 *   sigma_i = noiseRel * max(|J_i|, J_floor)  (relative noise, a dark curve over decades)
 *   sigma_i = sqrt(noiseMaCm2^2 + (noiseRel J_i)^2)  (both: a dark curve with a meter's floor,
 *                                              where the relative noise alone would trust the
 *                                              tiny currents near 0 V beyond any instrument)
 *   r_i = sqrt(weight) * (J_model(V_i) - J_i) / sigma_i,
 * so that sum r_i^2 is chi-square when the noise levels are right. A curve given neither gets 1 %
 * of its largest |J| (light) or 5 % of |J| (dark), and says so; the intervals are then scaled by
 * the fit's own residuals (uncertainty.ts), never narrowed by the assumption. An EQE spectrum:
 * sigma_i = noisePercent (percentage points), or 1 % of its largest EQE when it gives none. A C-V or
 * C-f curve (capacitance in nF/cm^2): sigma_i = noiseNFPerCm2, noiseRel |C_i|, their quadrature sum
 * when both are given, or 1 % of |C_i| when neither is (said). Their checks here are those of the
 * numbers alone (too few points, a bias or frequency twice, a frequency <= 0, a bias in mV); the
 * magnitude of the capacitance against the device's own and the bias against its band gap are
 * checked with the device (device-fit.ts, checkDeviceFitInput).
 */

import type { Words } from '@pvforge/params';
import type { FitProblem } from './free-parameters.js';
import type { DeviceFitCfCurve, DeviceFitCurve, DeviceFitCvCurve, DeviceFitEqeCurve } from './job.js';

/** Fewest points of one curve: fewer cannot show a J-V's shape. */
export const MIN_CURVE_POINTS = 5;
/** Default noise when a curve gives none: 1 % of the largest |J| (light), 5 % relative (dark). */
const DEFAULT_NOISE_LIGHT_FRACTION = 0.01;
const DEFAULT_NOISE_REL_DARK = 0.05;

/**
 * A checked curve, sorted by its abscissa, with the scale of each point's residual: a J-V (x the
 * voltage in V, y the current density in mA/cm^2, generation positive), an EQE spectrum (x the
 * wavelength in nm, y the EQE in percent), a C-V (x the bias in V, y the capacitance in nF/cm^2, at
 * frequencyHz) or a C-f (x the frequency in Hz, y the capacitance in nF/cm^2, at biasV).
 */
export interface PreparedCurve {
  kind: 'jv' | 'eqe' | 'cv' | 'cf';
  /** Index in the job's curve list. */
  index: number;
  label: string;
  /** Light intensity in suns (0: dark); for an EQE its bias light (0: none). */
  intensitySuns: number;
  /** The measuring frequency of a C-V, Hz. */
  frequencyHz?: number;
  /** The DC bias of a C-f or an EQE, V. */
  biasV?: number;
  /** A J-V measured as a scan: its direction and rate (V/s), modelled as one on a device with mobile ions. */
  scan?: { direction: 'forward' | 'reverse'; rateVPerS: number };
  temperatureK?: number;
  x: number[];
  y: number[];
  /** sqrt(weight) / sigma_i of each point, 1/(unit of y). */
  scale: Float64Array;
  /** The noise assumed when the curve gave none (said in the result). */
  assumedNoise?: Words;
}

/**
 * Scan rates a measured J-V may give, V/s: a slower scan is a steady state for any ion known in
 * perovskites, a faster one is beyond a source meter's sweep (and a rate in mV/s lands above).
 */
const SCAN_RATE_MIN = 1e-5;
const SCAN_RATE_MAX = 1e3;

/** Shortest wavelength and longest an EQE may give, nm: beyond, the unit is wrong (um or Angstrom). */
const EQE_MIN_NM = 200;
const EQE_MAX_NM = 3000;
/** Default EQE noise when a curve gives none: 1 % of its largest EQE (percentage points). */
const DEFAULT_EQE_NOISE_FRACTION = 0.01;
/**
 * Most bias light an EQE may give, suns: EQE set-ups bias with up to about one sun; beyond two the
 * bias lamp heats the cell, and a value in mW/cm^2 (100) lands far above.
 */
export const EQE_MAX_BIAS_LIGHT_SUNS = 2;
/** Most reverse bias an EQE may give, V (beyond, a cell breaks down before it is measured). */
export const EQE_MOST_REVERSE_V = -5;

/** Checks the curves and prepares their residual scales; problems name the curve and field. */
export function prepareCurves(curves: readonly DeviceFitCurve[]): { curves: PreparedCurve[]; problems: FitProblem[] } {
  const problems: FitProblem[] = [];
  const out: PreparedCurve[] = [];
  curves.forEach((c, k) => {
    const at = `curves[${k}]`;
    const say = (field: string, zh: string, en: string) => problems.push({ field: `${at}${field}`, words: { zh, en } });
    const name = c.label?.trim() || `#${k + 1}`;
    if (c.kind === 'eqe') {
      const eqe = prepareEqe(c, k, name, say);
      if (eqe) out.push(eqe);
      return;
    }
    if (c.kind === 'cv' || c.kind === 'cf') {
      const cap = prepareCapacitance(c, k, name, say);
      if (cap) out.push(cap);
      return;
    }
    const n = c.voltageV.length;
    const points = sortedPoints(c.voltageV, c.jMaCm2, name, say, {
      xField: '.voltageV',
      yField: '.jMaCm2',
      counts: (m) => [
        `曲线「${name}」的电压有 ${n} 个点而电流有 ${m} 个`,
        `curve “${name}” has ${n} voltages but ${m} currents`,
      ],
      twice: (x) => [
        `曲线「${name}」在 ${x} V 处电压重复：正扫和反扫请作为两条曲线给出`,
        `curve “${name}” has the voltage ${x} V twice: give forward and reverse scans as two curves`,
      ],
    });
    if (!points) return;
    const { x: v, y: j } = points;
    const span = v[n - 1]! - v[0]!;
    if (Math.max(Math.abs(v[0]!), Math.abs(v[n - 1]!)) > 10)
      say(
        '.voltageV',
        `曲线「${name}」的电压达 ${Math.max(Math.abs(v[0]!), Math.abs(v[n - 1]!))}：单位应为 V（是否为 mV？）`,
        `curve “${name}” reaches ${Math.max(Math.abs(v[0]!), Math.abs(v[n - 1]!))} in voltage: the unit is V (was it mV?)`,
      );
    const jMax = Math.max(...j.map(Math.abs));
    if (jMax > 1000)
      say(
        '.jMaCm2',
        `曲线「${name}」的电流密度达 ${jMax.toPrecision(3)}：单位应为 mA/cm²（是否为 A/m² 或 µA/cm²？）`,
        `curve “${name}” reaches ${jMax.toPrecision(3)} in current density: the unit is mA/cm² (was it A/m² or µA/cm²?)`,
      );
    if (!(jMax > 0)) say('.jMaCm2', `曲线「${name}」的电流处处为零`, `curve “${name}” is zero everywhere`);
    if (c.intensitySuns > 0 && v[0]! <= 0 && j[0]! < 0 && j[n - 1]! > 0)
      say(
        '.jMaCm2',
        `光照曲线「${name}」在短路处电流为负而在高电压处为正：PVForge 的光电流为正，请翻转电流符号`,
        `light curve “${name}” is negative at short circuit and positive at high voltage: PVForge counts the photocurrent positive, flip the current's sign`,
      );
    if (c.noiseMaCm2 !== undefined && !(c.noiseMaCm2 > 0))
      say('.noiseMaCm2', '噪声必须大于 0 mA/cm²', 'the noise must be above 0 mA/cm²');
    if (c.noiseRel !== undefined && !(c.noiseRel > 0 && c.noiseRel <= 1))
      say('.noiseRel', '相对噪声必须在 0 与 1 之间（不含 0）', 'the relative noise must be above 0 and at most 1');
    if (c.weight !== undefined && !(c.weight > 0 && c.weight <= 1e6))
      say('.weight', '权重必须大于 0 且不超过 1e6', 'the weight must be above 0 and at most 1e6');
    if (c.temperatureK !== undefined && !(c.temperatureK >= 50 && c.temperatureK <= 600))
      say(
        '.temperatureK',
        '测量温度必须在 50 K 到 600 K 之间',
        'the measurement temperature must be between 50 K and 600 K',
      );
    if (c.scanRateVPerS !== undefined && !(c.scanRateVPerS >= SCAN_RATE_MIN && c.scanRateVPerS <= SCAN_RATE_MAX))
      say(
        '.scanRateVPerS',
        `扫描速率必须在 ${SCAN_RATE_MIN} 与 ${SCAN_RATE_MAX} V/s 之间（是否为 mV/s？）`,
        `the scan rate must be between ${SCAN_RATE_MIN} and ${SCAN_RATE_MAX} V/s (was it mV/s?)`,
      );
    if (c.scanRateVPerS !== undefined && c.scan === undefined)
      say(
        '.scan',
        `曲线「${name}」给了扫描速率却未给扫描方向（正扫或反扫）`,
        `curve “${name}” gives a scan rate but no scan direction (forward or reverse)`,
      );
    if (span <= 0) return;
    const w = Math.sqrt(c.weight ?? 1);
    const scale = new Float64Array(n);
    let assumedNoise: Words | undefined;
    const dark = c.intensitySuns === 0;
    const floor = 1e-6 * jMax;
    if (c.noiseMaCm2 !== undefined && c.noiseRel !== undefined)
      for (let i = 0; i < n; i++) scale[i] = w / Math.hypot(c.noiseMaCm2, c.noiseRel * j[i]!);
    else if (c.noiseMaCm2 !== undefined) scale.fill(w / c.noiseMaCm2);
    else {
      const rel = c.noiseRel ?? (dark ? DEFAULT_NOISE_REL_DARK : undefined);
      if (rel !== undefined) for (let i = 0; i < n; i++) scale[i] = w / (rel * Math.max(Math.abs(j[i]!), floor));
      else scale.fill(w / (DEFAULT_NOISE_LIGHT_FRACTION * jMax));
      if (c.noiseRel === undefined)
        assumedNoise = dark
          ? {
              zh: `曲线「${name}」未给噪声：按 |J| 的 5 % 计`,
              en: `curve “${name}” gave no noise level: 5 % of |J| assumed`,
            }
          : {
              zh: `曲线「${name}」未给噪声：按最大电流的 1 %（${(DEFAULT_NOISE_LIGHT_FRACTION * jMax).toPrecision(2)} mA/cm²）计`,
              en: `curve “${name}” gave no noise level: 1 % of its largest current (${(DEFAULT_NOISE_LIGHT_FRACTION * jMax).toPrecision(2)} mA/cm²) assumed`,
            };
    }
    out.push({
      kind: 'jv',
      index: k,
      label: name,
      intensitySuns: c.intensitySuns,
      ...(c.temperatureK !== undefined ? { temperatureK: c.temperatureK } : {}),
      x: v,
      y: j,
      scale,
      ...(c.scan !== undefined && c.scanRateVPerS !== undefined
        ? { scan: { direction: c.scan, rateVPerS: c.scanRateVPerS } }
        : {}),
      ...(assumedNoise ? { assumedNoise } : {}),
    });
  });
  return problems.length ? { curves: [], problems } : { curves: out, problems };
}

/** What sortedPoints says about one kind of curve: its fields and its words for a count mismatch and a repeated abscissa. */
interface PointWords {
  xField: string;
  yField: string;
  counts: (yCount: number) => [zh: string, en: string];
  twice: (x: number) => [zh: string, en: string];
}

/**
 * The checks every measured curve shares, said at the curve's own fields: as many ordinates as
 * abscissae, enough points to fit, finite numbers, and no abscissa twice once sorted (a repeated
 * one would make the residual's interpolation ambiguous). The points come back sorted by abscissa.
 */
function sortedPoints(
  xs: readonly number[],
  ys: readonly number[],
  name: string,
  say: (field: string, zh: string, en: string) => void,
  words: PointWords,
): { x: number[]; y: number[] } | undefined {
  const n = xs.length;
  if (ys.length !== n) {
    say(words.yField, ...words.counts(ys.length));
    return undefined;
  }
  if (n < MIN_CURVE_POINTS) {
    say(
      words.xField,
      `曲线「${name}」只有 ${n} 个点：拟合至少需要 ${MIN_CURVE_POINTS} 个点`,
      `curve “${name}” has ${n} point(s): a fit needs at least ${MIN_CURVE_POINTS}`,
    );
    return undefined;
  }
  if (![...xs, ...ys].every(Number.isFinite)) {
    say(
      words.yField,
      `曲线「${name}」含有非数值（NaN 或无穷大）`,
      `curve “${name}” holds a value that is not a finite number (NaN or infinity)`,
    );
    return undefined;
  }
  const order = xs.map((_, i) => i).sort((a, b) => xs[a]! - xs[b]!);
  const x = order.map((i) => xs[i]!);
  const y = order.map((i) => ys[i]!);
  for (let i = 1; i < n; i++)
    if (!(x[i]! > x[i - 1]!)) {
      say(words.xField, ...words.twice(x[i]!));
      return undefined;
    }
  return { x, y };
}

/**
 * An EQE spectrum checked (one point, NaN, a wavelength twice, um or Angstrom read as nm, a fraction
 * read as percent, values beyond 100 %) and its residual scale: sigma = noisePercent, or 1 % of the
 * largest EQE when the curve gives none (said).
 */
function prepareEqe(
  c: DeviceFitEqeCurve,
  k: number,
  name: string,
  say: (field: string, zh: string, en: string) => void,
): PreparedCurve | undefined {
  const n = c.wavelengthNm.length;
  const points = sortedPoints(c.wavelengthNm, c.eqePercent, name, say, {
    xField: '.wavelengthNm',
    yField: '.eqePercent',
    counts: (m) => [
      `曲线「${name}」有 ${n} 个波长而 EQE 有 ${m} 个`,
      `curve “${name}” has ${n} wavelengths but ${m} EQE values`,
    ],
    twice: (x) => [`曲线「${name}」在 ${x} nm 处波长重复`, `curve “${name}” has the wavelength ${x} nm twice`],
  });
  if (!points) return undefined;
  const { x, y } = points;
  let bad = false;
  if (x[0]! < EQE_MIN_NM || x[n - 1]! > EQE_MAX_NM) {
    bad = true;
    say(
      '.wavelengthNm',
      `曲线「${name}」的波长为 ${x[0]} 到 ${x[n - 1]}：单位应为 nm（${EQE_MIN_NM}–${EQE_MAX_NM}；是否为 µm 或 Å？）`,
      `curve “${name}” spans ${x[0]} to ${x[n - 1]} in wavelength: the unit is nm (${EQE_MIN_NM}–${EQE_MAX_NM}; was it µm or Å?)`,
    );
  }
  const yMax = Math.max(...y);
  if (yMax > 100) {
    bad = true;
    say(
      '.eqePercent',
      `曲线「${name}」的 EQE 达 ${yMax.toPrecision(3)} %，超过 100 %`,
      `curve “${name}” reaches an EQE of ${yMax.toPrecision(3)} %, above 100 %`,
    );
  } else if (!(yMax > 1)) {
    bad = true;
    say(
      '.eqePercent',
      `曲线「${name}」的 EQE 处处不超过 1：EQE 的单位为 %（比例请乘以 100）`,
      `curve “${name}” has an EQE of at most 1 everywhere: PVForge takes EQE in percent (multiply a fraction by 100)`,
    );
  }
  if (Math.min(...y) < -5) {
    bad = true;
    say('.eqePercent', `曲线「${name}」含有低于 −5 % 的 EQE`, `curve “${name}” holds an EQE below −5 %`);
  }
  if (c.noisePercent !== undefined && !(c.noisePercent > 0 && c.noisePercent <= 100)) {
    bad = true;
    say('.noisePercent', 'EQE 噪声必须大于 0 且不超过 100 %', 'the EQE noise must be above 0 and at most 100 %');
  }
  if (c.weight !== undefined && !(c.weight > 0 && c.weight <= 1e6)) {
    bad = true;
    say('.weight', '权重必须大于 0 且不超过 1e6', 'the weight must be above 0 and at most 1e6');
  }
  if (c.temperatureK !== undefined && !(c.temperatureK >= 50 && c.temperatureK <= 600)) {
    bad = true;
    say(
      '.temperatureK',
      '测量温度必须在 50 K 到 600 K 之间',
      'the measurement temperature must be between 50 K and 600 K',
    );
  }
  const B = c.biasLightSuns;
  if (B !== undefined && !(B >= 0 && B <= EQE_MAX_BIAS_LIGHT_SUNS)) {
    bad = true;
    say(
      '.biasLightSuns',
      `曲线「${name}」的偏置光为 ${B}：须在 0 到 ${EQE_MAX_BIAS_LIGHT_SUNS} 个太阳之间（单位为太阳数，不是 mW/cm²）`,
      `curve “${name}” gives a bias light of ${B}: it must be between 0 and ${EQE_MAX_BIAS_LIGHT_SUNS} suns (the unit is suns, not mW/cm²)`,
    );
  }
  // the band gap's bound needs the device (device-fit.ts); here what no device allows
  const Vb = c.biasV;
  if (Vb !== undefined && !(Number.isFinite(Vb) && Vb >= EQE_MOST_REVERSE_V)) {
    bad = true;
    say(
      '.biasV',
      Number.isFinite(Vb)
        ? `曲线「${name}」的偏压为 ${Vb} V，低于 ${EQE_MOST_REVERSE_V} V：器件在此之前已击穿（正向偏压为正，单位为 V）`
        : `曲线「${name}」的偏压不是有限数值`,
      Number.isFinite(Vb)
        ? `curve “${name}” gives a bias of ${Vb} V, below ${EQE_MOST_REVERSE_V} V, where a cell breaks down before it is measured (forward bias is positive, in V)`
        : `curve “${name}” gives a bias voltage that is not a finite number`,
    );
  }
  if (bad) return undefined;
  const sigma = c.noisePercent ?? DEFAULT_EQE_NOISE_FRACTION * yMax;
  const scale = new Float64Array(n).fill(Math.sqrt(c.weight ?? 1) / sigma);
  return {
    kind: 'eqe',
    index: k,
    label: name,
    intensitySuns: B ?? 0,
    biasV: Vb ?? 0,
    ...(c.temperatureK !== undefined ? { temperatureK: c.temperatureK } : {}),
    x,
    y,
    scale,
    ...(c.noisePercent === undefined
      ? {
          assumedNoise: {
            zh: `曲线「${name}」未给噪声：按最大 EQE 的 1 %（${sigma.toPrecision(2)} 个百分点）计`,
            en: `curve “${name}” gave no noise level: 1 % of its largest EQE (${sigma.toPrecision(2)} percentage points) assumed`,
          },
        }
      : {}),
  };
}

/** Largest |bias| a C-V or C-f may give, V: beyond, the unit is wrong (mV). */
export const CAPACITANCE_MAX_ABS_BIAS_V = 10;
/** Highest frequency a C-V or C-f may give, Hz: no impedance analyser measures beyond 1 GHz. */
export const CAPACITANCE_MAX_FREQUENCY_HZ = 1e9;
/** Default relative noise of a capacitance curve that gives none. */
const DEFAULT_CAPACITANCE_NOISE_REL = 0.01;

/**
 * A C-V or C-f curve checked as numbers (too few points, NaN, an abscissa twice, a frequency <= 0
 * or above 1 GHz, a bias in mV, a capacitance nowhere positive, the noise, weight, intensity and
 * temperature) and its residual scale (see the module comment).
 */
function prepareCapacitance(
  c: DeviceFitCvCurve | DeviceFitCfCurve,
  k: number,
  name: string,
  say: (field: string, zh: string, en: string) => void,
): PreparedCurve | undefined {
  const cv = c.kind === 'cv';
  const xs = cv ? c.biasV : c.frequencyHz;
  const xField = cv ? '.biasV' : '.frequencyHz';
  const xWord = cv ? { zh: '偏压', en: 'biases' } : { zh: '频率', en: 'frequencies' };
  const n = xs.length;
  // the curve's one condition (a C-V's frequency, a C-f's bias) is said at its own field
  if (!Number.isFinite(cv ? c.frequencyHz : c.biasV)) {
    say(
      cv ? '.frequencyHz' : '.biasV',
      cv ? `曲线「${name}」的测量频率不是有限数值` : `曲线「${name}」的直流偏压不是有限数值`,
      cv ? `curve “${name}” has no finite measuring frequency` : `curve “${name}” has no finite DC bias`,
    );
    return undefined;
  }
  const points = sortedPoints(xs, c.capacitanceNFPerCm2, name, say, {
    xField,
    yField: '.capacitanceNFPerCm2',
    counts: (m) => [
      `曲线「${name}」有 ${n} 个${xWord.zh}而电容有 ${m} 个`,
      `curve “${name}” has ${n} ${xWord.en} but ${m} capacitances`,
    ],
    twice: (x) =>
      cv
        ? [`曲线「${name}」在 ${x} V 处偏压重复`, `curve “${name}” has the bias ${x} V twice`]
        : [`曲线「${name}」在 ${x} Hz 处频率重复`, `curve “${name}” has the frequency ${x} Hz twice`],
  });
  if (!points) return undefined;
  const { x, y } = points;
  let bad = false;
  const biases = cv ? x : [c.biasV];
  const freqs = cv ? [c.frequencyHz] : x;
  const vMax = Math.max(...biases.map(Math.abs));
  if (vMax > CAPACITANCE_MAX_ABS_BIAS_V) {
    bad = true;
    say(
      '.biasV',
      `曲线「${name}」的偏压达 ${vMax}：单位应为 V（是否为 mV？）`,
      `curve “${name}” reaches ${vMax} in bias: the unit is V (was it mV?)`,
    );
  }
  const fMin = Math.min(...freqs);
  const fMax = Math.max(...freqs);
  if (!(fMin > 0)) {
    bad = true;
    say(
      '.frequencyHz',
      `曲线「${name}」的频率 ${fMin} Hz 不大于零：频率必须为正`,
      `curve “${name}” has the frequency ${fMin} Hz: a frequency must be above zero`,
    );
  } else if (fMax > CAPACITANCE_MAX_FREQUENCY_HZ) {
    bad = true;
    say(
      '.frequencyHz',
      `曲线「${name}」的频率达 ${fMax.toPrecision(3)} Hz，超过 1 GHz：单位应为 Hz`,
      `curve “${name}” reaches ${fMax.toPrecision(3)} Hz, above 1 GHz, where no impedance analyser measures: the unit is Hz`,
    );
  }
  const cMax = Math.max(...y.map(Math.abs));
  if (!(Math.max(...y) > 0)) {
    bad = true;
    say(
      '.capacitanceNFPerCm2',
      `曲线「${name}」的电容处处不为正：电容单位为 nF/cm²，且为正值`,
      `curve “${name}” has no positive capacitance: PVForge takes the capacitance in nF/cm², positive`,
    );
  }
  if (c.noiseNFPerCm2 !== undefined && !(c.noiseNFPerCm2 > 0)) {
    bad = true;
    say('.noiseNFPerCm2', '电容噪声必须大于 0 nF/cm²', 'the capacitance noise must be above 0 nF/cm²');
  }
  if (c.noiseRel !== undefined && !(c.noiseRel > 0 && c.noiseRel <= 1)) {
    bad = true;
    say('.noiseRel', '相对噪声必须在 0 与 1 之间（不含 0）', 'the relative noise must be above 0 and at most 1');
  }
  if (c.intensitySuns !== undefined && !(c.intensitySuns >= 0 && c.intensitySuns <= 1000)) {
    bad = true;
    say('.intensitySuns', '光强必须在 0 到 1000 个太阳之间', 'the light intensity must be between 0 and 1000 suns');
  }
  if (c.weight !== undefined && !(c.weight > 0 && c.weight <= 1e6)) {
    bad = true;
    say('.weight', '权重必须大于 0 且不超过 1e6', 'the weight must be above 0 and at most 1e6');
  }
  if (c.temperatureK !== undefined && !(c.temperatureK >= 50 && c.temperatureK <= 600)) {
    bad = true;
    say(
      '.temperatureK',
      '测量温度必须在 50 K 到 600 K 之间',
      'the measurement temperature must be between 50 K and 600 K',
    );
  }
  if (bad) return undefined;
  const w = Math.sqrt(c.weight ?? 1);
  const abs = c.noiseNFPerCm2;
  const rel = c.noiseRel ?? (abs === undefined ? DEFAULT_CAPACITANCE_NOISE_REL : undefined);
  const floor = 1e-3 * cMax;
  const scale = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = rel === undefined ? 0 : rel * Math.max(Math.abs(y[i]!), floor);
    scale[i] = w / Math.hypot(abs ?? 0, r);
  }
  return {
    kind: c.kind,
    index: k,
    label: name,
    intensitySuns: c.intensitySuns ?? 0,
    ...(cv ? { frequencyHz: c.frequencyHz } : { biasV: c.biasV }),
    ...(c.temperatureK !== undefined ? { temperatureK: c.temperatureK } : {}),
    x,
    y,
    scale,
    ...(abs === undefined && c.noiseRel === undefined
      ? {
          assumedNoise: {
            zh: `曲线「${name}」未给噪声：按 |C| 的 1 % 计`,
            en: `curve “${name}” gave no noise level: 1 % of |C| assumed`,
          },
        }
      : {}),
  };
}

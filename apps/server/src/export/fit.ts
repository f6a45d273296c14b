/**
 * Sheets of a device fit (issue 27; fitDevice's DeviceFitResult, packages/engine/src/fit): the
 * fitted parameters with their intervals and whether the curves determine them, the fit's
 * summary, each measured curve beside the model's with the residuals, the correlations of the
 * fitted variables, and the history of the best chi-square. Figures are the engine's; an interval
 * side the data leave open is null in the result and an empty cell here, never a number.
 */
import type { Shape } from './shape.js';
import { type Cell, columns, quantities, type Table } from './table.js';
import { h, U } from './units.js';

export interface FitSheets {
  resultType: string;
  device?: string;
  tables: Table[];
  warnings: string[];
  converged: boolean;
}

/** A Words object ({zh, en}) as its English (exports are in English, headers optionally bilingual). */
function english(s: Shape, v: unknown, path: string): string {
  return s.str(s.obj(v, path)['en'], `${path}.en`);
}

/** A number that may be null (an open interval side, an undetermined correlation): null stays empty. */
function optional(s: Shape, v: unknown, path: string): number | null {
  return v === null || v === undefined ? null : s.num(v, path);
}

type CurveKind = 'jv' | 'eqe' | 'cv' | 'cf';

/** Each kind of fitted curve: its name, its result's keys and its sheet's columns. */
const CURVE_KEYS: Record<
  CurveKind,
  {
    name: string;
    xKey: string;
    yKey: string;
    fitKey: string;
    rmsKey: string;
    xHeader: string;
    yQuantity: string;
    yUnit: string;
  }
> = {
  jv: {
    name: 'J-V',
    xKey: 'voltageV',
    yKey: 'measuredMaCm2',
    fitKey: 'fittedMaCm2',
    rmsKey: 'rmsMaCm2',
    xHeader: h('V', U.V),
    yQuantity: 'J',
    yUnit: U.mAcm2,
  },
  eqe: {
    name: 'EQE',
    xKey: 'wavelengthNm',
    yKey: 'measuredPercent',
    fitKey: 'fittedPercent',
    rmsKey: 'rmsPercent',
    xHeader: h('Wavelength', U.nm),
    yQuantity: 'EQE',
    yUnit: U.percent,
  },
  cv: {
    name: 'C-V',
    xKey: 'biasV',
    yKey: 'measuredNFPerCm2',
    fitKey: 'fittedNFPerCm2',
    rmsKey: 'rmsNFPerCm2',
    xHeader: h('Bias', U.V),
    yQuantity: 'C',
    yUnit: U.nFcm2,
  },
  cf: {
    name: 'C-f',
    xKey: 'frequencyHz',
    yKey: 'measuredNFPerCm2',
    fitKey: 'fittedNFPerCm2',
    rmsKey: 'rmsNFPerCm2',
    xHeader: h('Frequency', U.Hz),
    yQuantity: 'C',
    yUnit: U.nFcm2,
  },
};

export function fitTables(result: unknown, s: Shape): FitSheets {
  const r = s.obj(result, 'result');
  const status = s.str(r['status'], 'result.status');
  const confidence = s.num(r['confidence'], 'result.confidence');
  const pct = `${Math.round(confidence * 1000) / 10}%`;

  const params = s.arr(r['parameters'], 'result.parameters').map((x, i) => {
    const at = `result.parameters[${i}]`;
    const p = s.obj(x, at);
    return {
      path: s.str(p['path'], `${at}.path`),
      label: english(s, p['label'], `${at}.label`),
      unit: s.str(p['unit'], `${at}.unit`),
      value: s.num(p['value'], `${at}.value`),
      low: optional(s, p['low'], `${at}.low`),
      high: optional(s, p['high'], `${at}.high`),
      identifiable: s.bool(p['identifiable'], `${at}.identifiable`),
      method: s.str(p['method'], `${at}.method`),
      atBound: p['atBound'] === null || p['atBound'] === undefined ? null : s.str(p['atBound'], `${at}.atBound`),
      start: s.num(p['start'], `${at}.start`),
      min: s.num(p['min'], `${at}.min`),
      max: s.num(p['max'], `${at}.max`),
      log: s.str(p['scale'], `${at}.scale`) === 'log',
      // a tied path repeats its target's value: no fit variable of its own
      tiedTo: s.optStr(p['tiedTo'], `${at}.tiedTo`),
      statement: p['statement'] === undefined ? null : english(s, p['statement'], `${at}.statement`),
    };
  });
  const parameters: Table = {
    name: 'Fitted parameters',
    headers: [
      'Path',
      'Parameter',
      'Unit',
      'Value',
      `CI low ${pct}`,
      `CI high ${pct}`,
      'Determined by the data',
      'Statement',
      'Interval method',
      'At bound',
      'Start',
      'Lower bound',
      'Upper bound',
      'Log scale',
      'Tied to',
    ],
    rows: params.map((p) => [
      p.path,
      p.label,
      p.unit,
      p.value,
      p.low,
      p.high,
      p.identifiable,
      p.statement,
      p.method,
      p.atBound,
      p.start,
      p.min,
      p.max,
      p.log,
      p.tiedTo ?? null,
    ]),
  };

  const summary = quantities('Fit summary', [
    ['Status', status, ''],
    ['Confidence level', confidence, U.fraction],
    ['Chi-square', optional(s, r['chiSquare'], 'result.chiSquare'), ''],
    ['Chi-square per degree of freedom', optional(s, r['reducedChiSquare'], 'result.reducedChiSquare'), ''],
    ['Points fitted', s.num(r['points'], 'result.points'), ''],
    ['Degrees of freedom', s.num(r['degreesOfFreedom'], 'result.degreesOfFreedom'), ''],
    ['Noise variance factor', optional(s, r['noiseFactor'], 'result.noiseFactor'), ''],
    ['Forward runs', s.num(r['evaluations'], 'result.evaluations'), ''],
    ['Forward runs allowed', s.num(r['maxEvaluations'], 'result.maxEvaluations'), ''],
    ['Iterations', s.num(r['iterations'], 'result.iterations'), ''],
    ['Elapsed', s.num(r['elapsedMs'], 'result.elapsedMs') / 1000, U.s],
    ['Time allowed', s.num(r['maxSeconds'], 'result.maxSeconds'), U.s],
  ]);

  // J-V curves (V, mA/cm²), EQE spectra (nm, %, under a bias light at a DC voltage), C-V (V, nF/cm²,
  // at one frequency) and C-f (Hz, nF/cm², at one bias); a result from before EQE curves has no
  // kind: a J-V; an EQE from before their conditions was measured at short circuit without bias light
  const curves = s.arr(r['curves'], 'result.curves').map((x, k) => {
    const at = `result.curves[${k}]`;
    const c = s.obj(x, at);
    const kind: CurveKind = c['kind'] === 'eqe' || c['kind'] === 'cv' || c['kind'] === 'cf' ? c['kind'] : 'jv';
    const { xKey, yKey, fitKey, rmsKey } = CURVE_KEYS[kind];
    const X = s.nums(c[xKey], `${at}.${xKey}`);
    const measured = s.nums(c[yKey], `${at}.${yKey}`, X.length);
    const fitted = c[fitKey] === null ? null : s.nums(c[fitKey], `${at}.${fitKey}`, X.length);
    const weighted = c['residual'] === null ? null : s.nums(c['residual'], `${at}.residual`, X.length);
    return {
      kind,
      label: s.str(c['label'], `${at}.label`),
      suns:
        kind === 'eqe'
          ? s.num(c['biasLightSuns'] ?? 0, `${at}.biasLightSuns`)
          : s.num(c['intensitySuns'], `${at}.intensitySuns`),
      frequency: kind === 'cv' ? s.num(c['frequencyHz'], `${at}.frequencyHz`) : null,
      bias:
        kind === 'cf'
          ? s.num(c['biasV'], `${at}.biasV`)
          : kind === 'eqe'
            ? s.num(c['biasV'] ?? 0, `${at}.biasV`)
            : null,
      chi: optional(s, c['chiSquare'], `${at}.chiSquare`),
      rms: optional(s, c[rmsKey], `${at}.${rmsKey}`),
      X,
      measured,
      fitted,
      weighted,
    };
  });
  const capacitance = (k: CurveKind) => k === 'cv' || k === 'cf';
  const curveFigures: Table = {
    name: 'Fit curves',
    headers: [
      'Curve',
      'Label',
      'Kind',
      // of a J-V or C its light, of an EQE its bias light
      h('Suns', 'sun'),
      h('Frequency', U.Hz),
      h('DC voltage', U.V),
      'Points',
      'Chi-square',
      h('RMSE of a J-V', U.mAcm2),
      h('RMSE of an EQE', 'percentage points'),
      h('RMSE of a C-V or C-f', U.nFcm2),
    ],
    rows: curves.map((c, k): Cell[] => [
      k + 1,
      c.label,
      CURVE_KEYS[c.kind].name,
      c.suns,
      c.frequency,
      c.bias,
      c.X.length,
      c.chi,
      c.kind === 'jv' ? c.rms : null,
      c.kind === 'eqe' ? c.rms : null,
      capacitance(c.kind) ? c.rms : null,
    ]),
  };
  const curveSheets = curves.map((c, k) => {
    const { xHeader, yQuantity: yq, yUnit: yu } = CURVE_KEYS[c.kind];
    return columns(`Curve ${k + 1} ${c.label}`, [
      { header: xHeader, values: c.X },
      { header: h(`${yq} data`, yu), values: c.measured },
      { header: h(`${yq} fit`, yu), values: c.fitted ?? [] },
      { header: h('Residual fit - data', yu), values: c.fitted ? c.fitted.map((y, i) => y - c.measured[i]!) : [] },
      { header: h('Weighted residual', 'noise units'), values: c.weighted ?? [] },
    ]);
  });

  // the correlation matrix is over the fitted variables: the parameters no other is tied to
  const variables = params.filter((p) => p.tiedTo === undefined).map((p) => p.path);
  const matrix = s
    .arr(r['correlation'], 'result.correlation')
    .map((row, i) =>
      s.arr(row, `result.correlation[${i}]`).map((x, j) => optional(s, x, `result.correlation[${i}][${j}]`)),
    );
  if (matrix.length !== variables.length)
    s.failText('result.correlation', `a ${variables.length} x ${variables.length} matrix`, `${matrix.length} rows`);
  // every pair once (a matrix would put parameter paths in the headers)
  const pairs: Cell[][] = [];
  variables.forEach((a, i) => {
    for (let j = i + 1; j < variables.length; j++) pairs.push([a, variables[j]!, matrix[i]?.[j] ?? null]);
  });
  const correlations: Table = {
    name: 'Correlations',
    headers: ['Parameter A', 'Parameter B', 'Correlation'],
    rows: pairs,
  };

  const history = s.arr(r['history'], 'result.history').map((x, i) => {
    const at = `result.history[${i}]`;
    const e = s.obj(x, at);
    return {
      evaluations: s.num(e['evaluations'], `${at}.evaluations`),
      chi: s.num(e['chiSquare'], `${at}.chiSquare`),
      values: s.nums(e['values'], `${at}.values`, variables.length),
    };
  });
  const units = new Map(params.map((p) => [p.path, p.unit]));
  const historyTable: Table = {
    name: 'Fit history',
    headers: [
      'Step',
      'Forward runs',
      'Chi-square',
      // a parameter's path and unit: the path is what the fit job names (English only, as a layer name)
      ...variables.map((path) => (units.get(path) ? h(path, units.get(path)!) : path)),
    ],
    rows: history.map((e, i): Cell[] => [i + 1, e.evaluations, e.chi, ...e.values]),
  };

  const device = s.obj(r['device'], 'result.device');
  return {
    resultType: `device fit (${status})`,
    ...(typeof device['name'] === 'string' ? { device: device['name'] } : {}),
    tables: [parameters, summary, curveFigures, ...curveSheets, correlations, historyTable],
    warnings: s.arr(r['messages'], 'result.messages').map((m, i) => english(s, m, `result.messages[${i}]`)),
    converged: status === 'converged',
  };
}

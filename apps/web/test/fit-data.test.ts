import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  DeviceFitCfCurveResult,
  DeviceFitCvCurveResult,
  DeviceFitEqeCurveResult,
  DeviceFitResult,
} from '@pvforge/engine';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';
import {
  capacitanceAxes,
  correlationCells,
  curveRows,
  curveSeries,
  hasDarkCurve,
  hasKind,
  historySeries,
  jobCurves,
  liveParameters,
  liveSeries,
  parameterRows,
  readFitResult,
  residualSeries,
  variableNames,
} from '../src/pages/plat/results/fit-data';

const t = ((key: string, vars?: Record<string, unknown>) => i18n.t(key, vars)) as typeof i18n.t;
const device = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../assets/devices/perovskite-pin-electrical.device.json'), 'utf8'),
) as Record<string, unknown>;

beforeAll(async () => {
  await i18n.init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
});

const words = (zh: string, en: string) => ({ zh, en });

/** A result of three free paths: μn of two layers (one undetermined) and μp of one tied to its μn. */
const result: DeviceFitResult = {
  schemaVersion: 1,
  status: 'converged',
  confidence: 0.95,
  parameters: [
    {
      path: 'layers[3].electrical.muNCm2PerVs',
      tied: ['layers[3].electrical.muPCm2PerVs'],
      unit: 'cm²/(V·s)',
      label: words('电子迁移率', 'Electron mobility'),
      symbol: 'μn',
      value: 2,
      start: 1,
      min: 1e-3,
      max: 100,
      scale: 'log',
      low: 1.5,
      high: 2.6,
      identifiable: true,
      method: 'linear',
      atBound: null,
    },
    {
      path: 'layers[3].electrical.muPCm2PerVs',
      tied: [],
      tiedTo: 'layers[3].electrical.muNCm2PerVs',
      unit: 'cm²/(V·s)',
      label: words('空穴迁移率', 'Hole mobility'),
      symbol: 'μp',
      value: 2,
      start: 1,
      min: 1e-3,
      max: 100,
      scale: 'log',
      low: 1.5,
      high: 2.6,
      identifiable: true,
      method: 'linear',
      atBound: null,
    },
    {
      path: 'layers[4].electrical.muNCm2PerVs',
      tied: [],
      unit: 'cm²/(V·s)',
      label: words('电子迁移率', 'Electron mobility'),
      symbol: 'μn',
      value: 100,
      start: 0.01,
      min: 1e-4,
      max: 100,
      scale: 'log',
      low: 0.3,
      high: null,
      identifiable: false,
      method: 'profile',
      atBound: 'max',
      statement: words('这些曲线只给出电子迁移率的下限', 'the electron mobility is not determined by these curves'),
    },
  ],
  correlation: [
    [1, null],
    [null, 1],
  ],
  device,
  chiSquare: 12.5,
  reducedChiSquare: 0.33,
  points: 40,
  degreesOfFreedom: 38,
  noiseFactor: 1,
  evaluations: 57,
  maxEvaluations: 600,
  iterations: 6,
  elapsedMs: 12_345,
  maxSeconds: 600,
  history: [
    { evaluations: 9, chiSquare: 1000, values: [1, 0.01] },
    { evaluations: 20, chiSquare: 12.5, values: [2, 100] },
  ],
  curves: [
    {
      kind: 'jv',
      index: 0,
      label: '1 sun',
      intensitySuns: 1,
      voltageV: [0, 0.5, 1],
      measuredMaCm2: [22, 21, 5],
      fittedMaCm2: [22.1, 20.9, 5.2],
      residual: [0.5, -0.5, 1],
      chiSquare: 1.5,
      rmsMaCm2: 0.14,
    },
    {
      kind: 'jv',
      index: 1,
      label: 'dark',
      intensitySuns: 0,
      voltageV: [0.5, 1],
      measuredMaCm2: [-1e-5, -1],
      fittedMaCm2: null,
      residual: null,
      chiSquare: null,
      rmsMaCm2: null,
    },
  ],
  messages: [words('曲线「1 sun」未给噪声', 'curve “1 sun” gave no noise level')],
};

describe('reading a device fit result', () => {
  it('reads a schema-1 result and nothing else', () => {
    expect(readFitResult(result)).toBe(result);
    expect(readFitResult({ ...result, schemaVersion: 2 })).toBeUndefined();
    expect(readFitResult(null)).toBeUndefined();
  });

  it('names each parameter by its layer and label, says the tied and the undetermined ones', () => {
    const rows = parameterRows(result, t, 'zh-CN');
    expect(rows.map((r) => [r.group, r.label])).toEqual([
      ['MAPbI3', '电子迁移率 μn'],
      ['MAPbI3', '空穴迁移率 μp'],
      ['PCBM', '电子迁移率 μn'],
    ]);
    expect(rows[1]?.tiedTo).toBe('MAPbI3 › 电子迁移率 μn');
    expect(rows[2]).toMatchObject({ identifiable: false, high: null, atBound: 'max' });
    expect(rows[2]?.statement).toBe('这些曲线只给出电子迁移率的下限');
    expect(parameterRows(result, i18n.getFixedT('en') as typeof i18n.t, 'en')[2]?.statement).toBe(
      'the electron mobility is not determined by these curves',
    );
  });

  it('names the correlation matrix by symbols, with the layer where two share one', () => {
    expect(variableNames(result, t, 'zh-CN')).toEqual(['μn (MAPbI3)', 'μn (PCBM)']);
    const c = correlationCells(result);
    expect(c.xs).toEqual([0, 1]);
    expect(c.values[0]?.[1]).toBeNaN();
    expect(c.values[1]?.[1]).toBe(1);
  });

  it('draws measured points and fitted lines, residuals as points and the chi-square history', () => {
    const s = curveSeries(result, t);
    expect(s.map((x) => [x.name, !!x.points])).toEqual([
      ['1 sun（实测）', true],
      ['1 sun（拟合）', false],
      ['dark（实测）', true],
    ]);
    expect(residualSeries(result)).toEqual([{ name: '1 sun', x: [0, 0.5, 1], y: [0.5, -0.5, 1], points: true }]);
    expect(historySeries(result, t)[0]).toMatchObject({ x: [9, 20], y: [1000, 12.5] });
    expect(hasDarkCurve(result)).toBe(true);
  });

  it('reads a result stored before curves had a kind as J-V curves', () => {
    const old = { ...result, curves: result.curves.map(({ kind: _, ...c }) => c) };
    const r = readFitResult(old)!;
    expect(r.curves.map((c) => c.kind)).toEqual(['jv', 'jv']);
    expect(curveSeries(r, t)).toHaveLength(3);
    expect(hasKind(r, 'eqe')).toBe(false);
    // the stored result itself is left as it was
    expect('kind' in (old.curves[0] as object)).toBe(false);
  });
});

describe('a fit of a J-V curve and an EQE spectrum', () => {
  const eqeCurve: DeviceFitEqeCurveResult = {
    kind: 'eqe',
    index: 1,
    label: 'EQE',
    wavelengthNm: [400, 500, 600, 700, 800],
    measuredPercent: [60, 85, 88, 80, 20],
    fittedPercent: [61, 84, 87.5, 81, 22],
    residual: [1, -1, -0.5, 1, 2],
    chiSquare: 7.25,
    rmsPercent: 1.14,
    biasLightSuns: 0,
    biasV: 0,
  };
  const mixed: DeviceFitResult = { ...result, curves: [result.curves[0]!, eqeCurve] };

  it('draws the J-V and the EQE apart: each plot has only its own curves and residuals', () => {
    expect(curveSeries(mixed, t, 'jv').map((s) => s.name)).toEqual(['1 sun（实测）', '1 sun（拟合）']);
    const eqe = curveSeries(mixed, t, 'eqe');
    expect(eqe.map((s) => [s.name, !!s.points])).toEqual([
      ['EQE（实测）', true],
      ['EQE（拟合）', false],
    ]);
    expect(eqe[0]).toMatchObject({ x: [400, 500, 600, 700, 800], y: [60, 85, 88, 80, 20] });
    expect(residualSeries(mixed, 'eqe')).toEqual([
      { name: 'EQE', x: [400, 500, 600, 700, 800], y: [1, -1, -0.5, 1, 2], points: true },
    ]);
    expect(residualSeries(mixed, 'jv').map((s) => s.name)).toEqual(['1 sun']);
    expect(hasKind(mixed, 'eqe')).toBe(true);
    // an EQE spectrum is no dark curve: the J plot offers no log scale for it
    expect(hasDarkCurve(mixed)).toBe(false);
  });

  it('gives each curve’s rms in its own unit: mA/cm² for a J-V, percentage points for an EQE', () => {
    expect(curveRows(mixed, t)).toEqual([
      { key: 0, label: '1 sun', kind: 'jv', points: 3, chiSquare: 1.5, rms: 0.14, rmsUnit: 'mA/cm²' },
      { key: 1, label: 'EQE', kind: 'eqe', points: 5, chiSquare: 7.25, rms: 1.14, rmsUnit: '个百分点' },
    ]);
    expect(curveRows(mixed, i18n.getFixedT('en') as typeof i18n.t)[1]?.rmsUnit).toBe('percentage points');
  });
});

describe('a fit of C-V and C-f curves', () => {
  const cv: DeviceFitCvCurveResult = {
    kind: 'cv',
    index: 1,
    label: 'C-V',
    intensitySuns: 0,
    frequencyHz: 1e4,
    biasV: [-1, -0.5, 0, 0.5],
    measuredNFPerCm2: [77, 85, 97, 116],
    fittedNFPerCm2: [77.2, 84.8, 97.1, 115.6],
    residual: [0.3, -0.2, 0.1, -0.4],
    chiSquare: 0.3,
    rmsNFPerCm2: 0.25,
  };
  const cf: DeviceFitCfCurveResult = {
    kind: 'cf',
    index: 2,
    label: 'C-f',
    intensitySuns: 0,
    biasV: 0,
    frequencyHz: [0.01, 1, 100, 1e4],
    measuredNFPerCm2: [108, 94, 31, 30.7],
    fittedNFPerCm2: [108.5, 93, 31.1, 30.7],
    residual: [0.5, -1, 0.3, 0],
    chiSquare: 1.34,
    rmsNFPerCm2: 0.57,
  };
  const caps: DeviceFitResult = { ...result, curves: [result.curves[0]!, cv, cf] };

  it('draws each kind on its own plot: C against V, C against a log frequency', () => {
    expect(curveSeries(caps, t, 'jv').map((s) => s.name)).toEqual(['1 sun（实测）', '1 sun（拟合）']);
    expect(curveSeries(caps, t, 'cv')[0]).toMatchObject({ x: [-1, -0.5, 0, 0.5], y: [77, 85, 97, 116], points: true });
    expect(curveSeries(caps, t, 'cf')[1]).toMatchObject({ x: [0.01, 1, 100, 1e4], y: [108.5, 93, 31.1, 30.7] });
    expect(residualSeries(caps, 'cf')).toEqual([
      { name: 'C-f', x: [0.01, 1, 100, 1e4], y: [0.5, -1, 0.3, 0], points: true },
    ]);
    const enT = i18n.getFixedT('en') as typeof i18n.t;
    expect(capacitanceAxes('cv', enT)).toEqual({
      x: { label: 'Bias', unit: 'V' },
      y: { label: 'Capacitance', unit: 'nF/cm²' },
    });
    expect(capacitanceAxes('cf', t).x).toEqual({ label: '频率', unit: 'Hz', log: true });
    expect(capacitanceAxes('cf', t, true).y.label).toBe('加权残差（以噪声为单位）');
    expect(hasDarkCurve(caps)).toBe(false);
  });

  it('gives a capacitance curve’s rms in nF/cm², and reads its kind back from a stored result', () => {
    expect(curveRows(caps, t).slice(1)).toEqual([
      { key: 1, label: 'C-V', kind: 'cv', points: 4, chiSquare: 0.3, rms: 0.25, rmsUnit: 'nF/cm²' },
      { key: 2, label: 'C-f', kind: 'cf', points: 4, chiSquare: 1.34, rms: 0.57, rmsUnit: 'nF/cm²' },
    ]);
    expect(readFitResult(JSON.parse(JSON.stringify(caps)))?.curves.map((c) => c.kind)).toEqual(['jv', 'cv', 'cf']);
  });

  it('draws a running fit’s capacitance models by the job’s order', () => {
    const job = {
      curves: [
        { kind: 'cf', label: 'C-f', biasV: 0, frequencyHz: [100, 1, 1e4], capacitanceNFPerCm2: [31, 94, 30.7] },
        {
          kind: 'cv',
          label: 'C-V',
          frequencyHz: 1e4,
          biasV: [0, -1],
          capacitanceNFPerCm2: [97, 77],
          intensitySuns: 0.5,
        },
      ],
    };
    const curves = jobCurves(job);
    expect(curves[0]).toEqual({ kind: 'cf', label: 'C-f', intensitySuns: 0, x: [1, 100, 1e4], y: [94, 31, 30.7] });
    expect(curves[1]).toMatchObject({ kind: 'cv', intensitySuns: 0.5, x: [-1, 0], y: [77, 97] });
    const fit = {
      stage: 'fit' as const,
      evaluations: 3,
      maxEvaluations: 600,
      elapsedMs: 100,
      maxSeconds: 600,
      chiSquare: 5,
      values: [1],
      curves: [
        [93, 31.2, 30.6],
        [76, 98],
      ],
    };
    expect(liveSeries(curves, fit, t, 'cf')[1]).toMatchObject({ x: [1, 100, 1e4], y: [93, 31.2, 30.6] });
    expect(liveSeries(curves, fit, t, 'cv')[1]).toMatchObject({ x: [-1, 0], y: [76, 98] });
    expect(liveSeries(curves, fit, t, 'jv')).toEqual([]);
  });
});

describe('a running fit', () => {
  const job = {
    device,
    curves: [{ kind: 'jv', label: 'rev', intensitySuns: 1, voltageV: [1, 0, 0.5], jMaCm2: [5, 22, 21] }],
    free: [
      { path: 'layers[3].electrical.tauNS', min: 1e-9, max: 1e-5 },
      { path: 'layers[3].electrical.tauPS', tie: 'layers[3].electrical.tauNS' },
    ],
  };

  it('sorts the measured curve as the engine does and draws the model at its voltages', () => {
    const curves = jobCurves(job);
    expect(curves[0]).toEqual({ kind: 'jv', label: 'rev', intensitySuns: 1, x: [0, 0.5, 1], y: [22, 21, 5] });
    const fit = {
      stage: 'fit' as const,
      evaluations: 12,
      maxEvaluations: 600,
      elapsedMs: 3000,
      maxSeconds: 600,
      chiSquare: 4,
      values: [2e-7],
      curves: [[21.9, 21.1, 4.8]],
    };
    expect(liveSeries(curves, fit, t).map((s) => s.name)).toEqual(['rev（实测）', 'rev（当前模型）']);
    // before the first run there is only the measurement
    expect(liveSeries(curves, undefined, t)).toHaveLength(1);
  });

  it('draws an EQE spectrum’s model on its own axes, taken from the progress by the job’s order', () => {
    const mixed = {
      ...job,
      curves: [
        { kind: 'eqe', label: 'EQE', wavelengthNm: [700, 400, 550], eqePercent: [70, 50, 90] },
        job.curves[0],
        // a job stored before curves had a kind: a J-V
        { label: '', intensitySuns: 0, voltageV: [0, 1], jMaCm2: [0, -1] },
      ],
    };
    const curves = jobCurves(mixed);
    expect(curves.map((c) => c.kind)).toEqual(['eqe', 'jv', 'jv']);
    expect(curves[0]).toEqual({ kind: 'eqe', label: 'EQE', x: [400, 550, 700], y: [50, 90, 70] });
    expect(curves[2]?.label).toBe('#3');
    const fit = {
      stage: 'fit' as const,
      evaluations: 3,
      maxEvaluations: 600,
      elapsedMs: 1000,
      maxSeconds: 600,
      chiSquare: 9,
      values: [2e-7],
      curves: [
        [52, 88, 71],
        [21.9, 21.1, 4.8],
        [0, -0.9],
      ],
    };
    const eqe = liveSeries(curves, fit, t, 'eqe');
    expect(eqe.map((s) => s.name)).toEqual(['EQE（实测）', 'EQE（当前模型）']);
    expect(eqe[1]).toMatchObject({ x: [400, 550, 700], y: [52, 88, 71] });
    const jv = liveSeries(curves, fit, t, 'jv');
    expect(jv.map((s) => s.name)).toEqual(['rev（实测）', 'rev（当前模型）', '#3（实测）', '#3（当前模型）']);
    expect(jv[1]?.y).toEqual([21.9, 21.1, 4.8]);
    expect(hasDarkCurve({ curves })).toBe(true);
  });

  it('lists the values a running fit reports: the free parameters that are not tied', () => {
    expect(liveParameters(job, t, 'zh-CN')).toEqual([
      { path: 'layers[3].electrical.tauNS', title: 'MAPbI3 › 电子寿命 τn', unit: 's' },
    ]);
  });
});

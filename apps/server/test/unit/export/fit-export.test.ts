import type { DeviceFitFree, DeviceFitJob, DeviceFitJvCurve } from '@pvforge/contracts';
import { type DeviceFitResult, evaluateFitPoint, fitDevice, localEvaluator } from '@pvforge/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { ExportError, exportResult } from '../../../src/export/index.js';
import { column, fileAssets, openXlsx, parseCsv, readJson, sheet, sheetRows, unzip } from './helpers.js';

/**
 * The export of a device fit (issue 27) from real fits of the engine (the p-i-n perovskite example
 * on a 60-point mesh, one light curve of its own at a known lifetime): the parameters with their
 * intervals (a tied one on its own row), the curves with their residuals, the correlations and the history, as XLSX and CSV;
 * a fit stopped by its budget leaves its intervals as empty cells, never numbers.
 */
const assets = fileAssets();
const TAU = 'layers[3].electrical.tauNS';
const TAU_P = 'layers[3].electrical.tauPS';
const RS = 'electrical.rsOhmCm2';
// biome-ignore lint/suspicious/noExplicitAny: tests edit the JSON freely
const device: any = readJson('assets/devices/perovskite-pin-electrical.device.json');
device.electrical.gridPoints = 60;
delete device.electrical.eqe;
const voltages = Array.from({ length: 21 }, (_, i) => -0.1 + (1.2 * i) / 20);

function job(free: DeviceFitFree[], u: number[], options: DeviceFitJob['options']): DeviceFitJob {
  const shell: DeviceFitJvCurve = { kind: 'jv', intensitySuns: 1, voltageV: voltages, jMaCm2: voltages.map(() => 1) };
  const clean = evaluateFitPoint({ device, curves: [shell], free }, u, assets);
  if (!clean.ok) throw new Error(clean.reason.en);
  const j = clean.model[0]!.map((x, i) => x + 0.08 * Math.sin(12.9898 * (i + 1)));
  return { device, curves: [{ ...shell, label: '1 sun', jMaCm2: j, noiseMaCm2: 0.05 }], free, options };
}

let converged: { job: DeviceFitJob; result: DeviceFitResult };
let stopped: { job: DeviceFitJob; result: DeviceFitResult };
beforeAll(async () => {
  // one variable: the electrons' lifetime, the holes' tied to it
  const one = job(
    [
      { path: TAU, min: 1e-9, max: 1e-5 },
      { path: TAU_P, tie: TAU },
    ],
    [-7],
    { starts: 2 },
  );
  converged = { job: one, result: await fitDevice(one, localEvaluator(one, assets)) };
  const two = job(
    [
      { path: TAU, min: 1e-9, max: 1e-5 },
      { path: RS, min: 0, max: 20 },
    ],
    [-7, 3],
    { maxEvaluations: 10, starts: 2 },
  );
  stopped = { job: two, result: await fitDevice(two, localEvaluator(two, assets)) };
});

describe('device fit export', () => {
  it('writes the parameters with their intervals, the curves beside the data, the summary and the history', async () => {
    const { result, job: input } = converged;
    expect(result.status).toBe('converged');
    const out = await exportResult({ kind: 'fit', input, result, name: '拟合 τ', format: 'xlsx' });
    expect(out.filename).toBe('拟合 τ-fit.xlsx');
    const wb = await openXlsx(out.body);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Metadata',
      'Fitted parameters',
      'Fit summary',
      'Fit curves',
      'Curve 1 1 sun',
      'Correlations',
      'Fit history',
      'Input',
    ]);
    const meta = sheetRows(sheet(wb, 'Metadata'));
    expect(meta).toContainEqual(['Kind', 'fit (device fit (drift-diffusion parameters to measured curves))']);
    expect(meta).toContainEqual(['Result', 'device fit (converged)']);
    expect(meta).toContainEqual(['Converged', true]);
    const p = result.parameters[0]!;
    const ps = sheet(wb, 'Fitted parameters');
    // the tied lifetime has its own row, with its target's value and interval
    expect(column(ps, 'Path')).toEqual([TAU, TAU_P]);
    expect(column(ps, 'Tied to')).toEqual([null, TAU]);
    expect(column(ps, 'Unit')).toEqual([p.unit, p.unit]);
    expect(column(ps, 'Value')).toEqual([p.value, p.value]);
    expect(column(ps, 'CI low 95%')).toEqual([p.low, p.low]);
    expect(column(ps, 'CI high 95%')).toEqual([p.high, p.high]);
    expect(column(ps, 'Determined by the data')).toEqual([true, true]);
    expect(column(ps, 'Log scale')).toEqual([true, true]);
    expect(p.low!).toBeLessThan(1e-7);
    expect(p.high!).toBeGreaterThan(1e-7);

    const c = result.curves[0]!;
    if (c.kind !== 'jv') throw new Error('a J-V curve was fitted');
    const cs = sheet(wb, 'Curve 1 1 sun');
    expect(column(cs, 'V (V)')).toEqual(c.voltageV);
    expect(column(cs, 'J data (mA/cm²)')).toEqual(c.measuredMaCm2);
    expect(column(cs, 'J fit (mA/cm²)')).toEqual(c.fittedMaCm2);
    const diff = column(cs, 'Residual fit - data (mA/cm²)') as number[];
    for (const [i, d] of diff.entries()) expect(d).toBeCloseTo(c.fittedMaCm2![i]! - c.measuredMaCm2[i]!, 12);
    expect(column(cs, 'Weighted residual (noise units)')).toEqual(c.residual);
    expect(column(sheet(wb, 'Fit curves'), 'Chi-square')).toEqual([c.chiSquare]);

    const summary = sheetRows(sheet(wb, 'Fit summary'));
    expect(summary).toContainEqual(['Chi-square', result.chiSquare, '']);
    expect(summary).toContainEqual(['Forward runs', result.evaluations, '']);
    const history = sheet(wb, 'Fit history');
    expect(sheetRows(history)[0]).toEqual(['Step', 'Forward runs', 'Chi-square', `${TAU} (${p.unit})`]);
    expect(column(history, 'Chi-square')).toEqual(result.history.map((h) => h.chiSquare));
    // one variable (the tied path is none): no pair to correlate
    expect(sheetRows(sheet(wb, 'Correlations'))).toHaveLength(1);
  });

  it('writes an EQE curve in nm and %, beside the J-V curves, and reads a result stored before curves had a kind', async () => {
    const { result, job: input } = converged;
    const jv = result.curves[0]!;
    if (jv.kind !== 'jv') throw new Error('a J-V curve was fitted');
    const spectrum = {
      kind: 'eqe' as const,
      index: 1,
      label: 'EQE',
      wavelengthNm: [400, 500, 600],
      measuredPercent: [70, 80, 60],
      fittedPercent: [71, 79, 61],
      residual: [2, -2, 2],
      chiSquare: 12,
      rmsPercent: 1,
    };
    // a J-V result from before EQE curves: no kind on its curve; an EQE from before their
    // conditions (short circuit, no bias light) and one measured at 0.7 V under half a sun
    const { kind: _kind, ...legacy } = jv;
    const biased = { ...spectrum, index: 2, label: 'EQE biased', biasLightSuns: 0.5, biasV: 0.7 };
    const withEqe = { ...result, curves: [legacy, spectrum, biased] } as unknown as DeviceFitResult;
    const wb = await openXlsx(
      (await exportResult({ kind: 'fit', input, result: withEqe, name: 'eqe', format: 'xlsx' })).body,
    );
    const fc = sheet(wb, 'Fit curves');
    expect(column(fc, 'Kind')).toEqual(['J-V', 'EQE', 'EQE']);
    // an EQE's suns are its bias light, its DC voltage the bias it was measured at
    expect(column(fc, 'Suns (sun)')).toEqual([1, 0, 0.5]);
    expect(column(fc, 'DC voltage (V)')).toEqual([null, 0, 0.7]);
    expect(column(fc, 'RMSE of a J-V (mA/cm²)')).toEqual([jv.rmsMaCm2, null, null]);
    expect(column(fc, 'RMSE of an EQE (percentage points)')).toEqual([null, 1, 1]);
    const cs = sheet(wb, 'Curve 2 EQE');
    expect(column(cs, 'Wavelength (nm)')).toEqual([400, 500, 600]);
    expect(column(cs, 'EQE data (%)')).toEqual([70, 80, 60]);
    expect(column(cs, 'EQE fit (%)')).toEqual([71, 79, 61]);
    expect(column(cs, 'Residual fit - data (%)')).toEqual([1, -1, 1]);
  });

  it('writes a C-V curve (V, nF/cm², its frequency) and a C-f curve (Hz, nF/cm², its bias) beside a J-V, in both languages', async () => {
    const { result, job: input } = converged;
    const jv = result.curves[0]!;
    const cap = { residual: [1, -1, 2], chiSquare: 6, rmsNFPerCm2: 0.5, intensitySuns: 0 };
    const cv = {
      kind: 'cv' as const,
      index: 1,
      label: 'C-V',
      frequencyHz: 1e4,
      biasV: [-0.5, 0, 0.5],
      measuredNFPerCm2: [80, 90, 110],
      fittedNFPerCm2: [80.5, 89.5, 110.5],
      ...cap,
    };
    const cf = {
      kind: 'cf' as const,
      index: 2,
      label: 'C-f',
      biasV: 0,
      frequencyHz: [100, 1e4, 1e6],
      measuredNFPerCm2: [100, 40, 31],
      fittedNFPerCm2: [99, 41, 31],
      ...cap,
    };
    const withCap = { ...result, curves: [jv, cv, cf] } as unknown as DeviceFitResult;
    const wb = await openXlsx(
      (await exportResult({ kind: 'fit', input, result: withCap, name: 'cap', format: 'xlsx' })).body,
    );
    const fc = sheet(wb, 'Fit curves');
    expect(column(fc, 'Kind')).toEqual(['J-V', 'C-V', 'C-f']);
    expect(column(fc, 'Frequency (Hz)')).toEqual([null, 1e4, null]);
    expect(column(fc, 'DC voltage (V)')).toEqual([null, null, 0]);
    expect(column(fc, 'Points')).toEqual([jv.residual!.length, 3, 3]);
    expect(column(fc, 'RMSE of a C-V or C-f (nF/cm²)')).toEqual([null, 0.5, 0.5]);
    expect(column(fc, 'RMSE of a J-V (mA/cm²)')[1]).toBeNull();
    const v = sheet(wb, 'Curve 2 C-V');
    expect(column(v, 'Bias (V)')).toEqual([-0.5, 0, 0.5]);
    expect(column(v, 'C data (nF/cm²)')).toEqual([80, 90, 110]);
    expect(column(v, 'C fit (nF/cm²)')).toEqual([80.5, 89.5, 110.5]);
    expect(column(v, 'Residual fit - data (nF/cm²)')).toEqual([0.5, -0.5, 0.5]);
    const f = sheet(wb, 'Curve 3 C-f');
    expect(column(f, 'Frequency (Hz)')).toEqual([100, 1e4, 1e6]);
    expect(column(f, 'C fit (nF/cm²)')).toEqual([99, 41, 31]);
    expect(column(f, 'Weighted residual (noise units)')).toEqual([1, -1, 2]);
    // the bilingual headers name the capacitance in Chinese
    const zh = await openXlsx(
      (await exportResult({ kind: 'fit', input, result: withCap, name: 'cap', format: 'xlsx', headers: 'zh-en' })).body,
    );
    expect(column(sheet(zh, 'Curve 2 C-V'), '测量电容 (C data, nF/cm²)')).toEqual([80, 90, 110]);
    expect(column(sheet(zh, 'Fit curves'), 'C-V 或 C-f 曲线的均方根误差 (RMSE of a C-V or C-f, nF/cm²)')).toEqual([
      null,
      0.5,
      0.5,
    ]);
  });

  it('leaves what a stopped fit did not determine empty, and lists every pair of variables', async () => {
    const { result, job: input } = stopped;
    expect(result.status).toBe('budget');
    const wb = await openXlsx((await exportResult({ kind: 'fit', input, result, name: 'b', format: 'xlsx' })).body);
    const ps = sheet(wb, 'Fitted parameters');
    expect(column(ps, 'Path')).toEqual([TAU, RS]);
    expect(column(ps, 'CI low 95%')).toEqual([null, null]);
    expect(column(ps, 'CI high 95%')).toEqual([null, null]);
    expect(column(ps, 'Determined by the data')).toEqual([false, false]);
    expect(sheetRows(sheet(wb, 'Correlations'))).toEqual([
      ['Parameter A', 'Parameter B', 'Correlation'],
      [TAU, RS, null],
    ]);
    const meta = sheetRows(sheet(wb, 'Metadata'));
    expect(meta).toContainEqual(['Converged', false]);
    expect(meta.filter((r) => r[0] === 'Warning').map((r) => r[1])).toContain(result.messages.at(-1)!.en);
  });

  it('writes the same sheets as CSV with bilingual headers, and names a broken field', async () => {
    const { result, job: input } = converged;
    const zip = unzip(
      (await exportResult({ kind: 'fit', input, result, name: 'c', format: 'csv-zip', headers: 'zh-en' })).body,
    );
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining(['2 Fitted parameters.csv', '5 Curve 1 1 sun.csv', '7 Fit history.csv', 'Input.json']),
    );
    const params = parseCsv(zip['2 Fitted parameters.csv']!.slice(1));
    expect(params[0]!.slice(0, 7)).toEqual([
      '字段路径 (Path)',
      '参数 (Parameter)',
      '单位 (Unit)',
      '数值 (Value)',
      '置信区间下限 95% (CI low 95%)',
      '置信区间上限 95% (CI high 95%)',
      '数据能否确定 (Determined by the data)',
    ]);
    expect(parseCsv(zip['5 Curve 1 1 sun.csv']!.slice(1))[0]).toEqual([
      '电压 (V, V)',
      '测量电流密度 (J data, mA/cm²)',
      '拟合电流密度 (J fit, mA/cm²)',
      '残差 (Residual fit - data, mA/cm²)',
      '加权残差 (Weighted residual, noise units)',
    ]);
    expect(JSON.parse(zip['Input.json']!)).toEqual(JSON.parse(JSON.stringify(input)));

    const broken = { ...result, curves: [{ ...result.curves[0], fittedMaCm2: [1, 2] }] };
    await expect(exportResult({ kind: 'fit', input, result: broken, name: 'x', format: 'xlsx' })).rejects.toThrow(
      new ExportError(
        `cannot export this 'fit' result: result.curves[0].fittedMaCm2 must be an array of ${voltages.length} numbers (got 2 values)`,
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  axisName,
  buildHeatmapCsv,
  buildHeatmapOption,
  buildLineCsv,
  buildLineOption,
  buildWaterfallCsv,
  buildWaterfallOption,
  cellEdges,
  decimate,
  fmtNum,
  legendRows,
  waterfallLevels,
  yAxisName,
} from '../src/components/plots/plot-data';
import type { PlotAxis, PlotSeries } from '../src/components/plots/types';

const V: PlotAxis = { label: 'V', unit: 'V' };
const J: PlotAxis = { label: 'J', unit: 'mA/cm²' };

// biome-ignore lint/suspicious/noExplicitAny: test access to the loose echarts option
type AnyOpt = Record<string, any>;

describe('axis names and numbers', () => {
  it('puts the unit in parentheses and leaves dimensionless labels alone', () => {
    expect(axisName(V)).toBe('V (V)');
    expect(axisName({ label: 'EQE', unit: '' })).toBe('EQE');
  });
  it('formats compactly', () => {
    expect(fmtNum(0)).toBe('0');
    expect(fmtNum(1.23456)).toBe('1.235');
    expect(fmtNum(1e21)).toBe('1e21');
    expect(fmtNum(-2.5e-5)).toBe('-2.5e-5');
    expect(fmtNum(1.234e6)).toBe('1.23e6');
    expect(fmtNum(Number.NaN)).toBe('–');
  });
});

describe('line CSV', () => {
  it('shares one x column when all series have the same grid, with units in the header', () => {
    const x = [0, 0.5, 1];
    const csv = buildLineCsv({
      x: V,
      y: J,
      series: [
        { name: 'light', x, y: [-20, -19, 5] },
        { name: 'dark', x, y: [0, 0.001, 30] },
      ],
    });
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('V (V),J: light (mA/cm²),J: dark (mA/cm²)');
    expect(lines[1]).toBe('0,-20,0');
    expect(lines).toHaveLength(4);
  });
  it('writes column pairs for series on different grids and pads the shorter one', () => {
    const csv = buildLineCsv({
      x: V,
      y: J,
      series: [
        { name: 'forward', x: [0, 1, 2], y: [1, 2, 3] },
        { name: 'reverse', x: [0, 1], y: [4, 5] },
      ],
    });
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('V [forward] (V),J: forward (mA/cm²),V [reverse] (V),J: reverse (mA/cm²)');
    expect(lines[3]).toBe('2,3,,');
  });
  it('uses the right-axis unit for y2 series and quotes fields with commas', () => {
    const csv = buildLineCsv({
      x: { label: 'x', unit: 'nm' },
      y: { label: 'n, k', unit: '' },
      y2: { label: 'P', unit: 'mW/cm²' },
      series: [
        { name: 'n, k', x: [1], y: [2] },
        { name: 'power', x: [1], y: [3], yAxis: 1 },
      ],
    });
    expect(csv.split('\r\n')[0]).toBe('x (nm),"n, k",P: power (mW/cm²)');
  });
});

describe('line option', () => {
  const series: PlotSeries[] = [{ name: 'light', x: [0, 0.5, 1], y: [-20, 0, 5] }];
  it('names the axes with units', () => {
    const o = buildLineOption({ title: 'J-V', x: V, y: J, series }) as AnyOpt;
    expect(o.xAxis.name).toBe('V (V)');
    expect(o.yAxis[0].name).toBe('J (mA/cm²)');
    expect(o.yAxis[0].type).toBe('value');
    expect(o.dataZoom.map((d: AnyOpt) => d.type)).toEqual(['inside', 'slider']);
  });
  it('draws separate items as markers without a line between them', () => {
    const items: PlotSeries[] = [
      { name: 'loss', x: [1, 2, 3], y: [1.2, 0.4, 1.1], points: true },
      { name: 'dVoc', x: [1, 2, 3], y: [0.01, 0.02, 0.05], points: true, dashed: true },
      ...series,
    ];
    const o = buildLineOption({ title: 'losses', x: { ...V, integer: true }, y: J, series: items }) as AnyOpt;
    expect(o.series.map((s: AnyOpt) => s.lineStyle.width)).toEqual([0, 0, 2]);
    // item numbers: whole-number ticks, half an item of room at both ends, no label there
    expect([o.xAxis.min({ min: 1, max: 3 }), o.xAxis.max({ min: 1, max: 3 }), o.xAxis.minInterval]).toEqual([
      0.5, 3.5, 1,
    ]);
    expect([o.xAxis.axisLabel.formatter(0.5), o.xAxis.axisLabel.formatter(2)]).toEqual(['', '2']);
    expect(o.series.map((s: AnyOpt) => s.symbol)).toEqual(['circle', 'diamond', undefined]);
    expect(o.series[0].showSymbol).toBe(true);
  });
  it('switches to a log axis of |y|, labelled as such, dropping zeros', () => {
    const o = buildLineOption({ title: 'J-V', x: V, y: J, series }, { logY: true, logWord: 'log scale' }) as AnyOpt;
    expect(o.yAxis[0].type).toBe('log');
    expect(o.yAxis[0].name).toBe('|J| (mA/cm²), log scale');
    expect(o.series[0].data).toEqual([
      [0, 20],
      [0.5, null],
      [1, 5],
    ]);
  });
  it('keeps the plain label on a log axis of a positive quantity', () => {
    expect(yAxisName({ label: 'G', unit: 'cm⁻³s⁻¹' }, [{ name: 'G', x: [0], y: [1e21] }], true, 'log')).toBe(
      'G (cm⁻³s⁻¹), log',
    );
  });
  it('adds a right axis with its unit and routes series to it', () => {
    const o = buildLineOption({
      title: 't',
      x: V,
      y: J,
      y2: { label: 'P', unit: 'mW/cm²' },
      series: [...series, { name: 'P', x: [0], y: [1], yAxis: 1 }],
    }) as AnyOpt;
    expect(o.yAxis[1].name).toBe('P (mW/cm²)');
    expect(o.series[1].yAxisIndex).toBe(1);
  });
  it('shows values with units in the tooltip', () => {
    const o = buildLineOption({ title: 't', x: V, y: J, series }) as AnyOpt;
    const html = o.tooltip.formatter([{ seriesName: 'light', seriesIndex: 0, value: [0.5, -19.5], marker: '' }]);
    expect(html).toContain('V: 0.5 V');
    expect(html).toContain('-19.5</b> mA/cm²');
  });
  it('stacks areas', () => {
    const o = buildLineOption({
      title: 't',
      x: V,
      y: J,
      series: [{ name: 'R', x: [1, 2], y: [0.1, 0.2], stack: 'a' }],
    }) as AnyOpt;
    expect(o.series[0].stack).toBe('a');
    expect(o.series[0].areaStyle).toBeTruthy();
  });
});

describe('decimation', () => {
  it('leaves short curves alone', () => {
    expect(decimate([1, 2, 3], [4, 5, 6], 10)).toEqual({ x: [1, 2, 3], y: [4, 5, 6] });
  });
  it('keeps peaks and the end points of long curves', () => {
    const n = 100_000;
    const x = Array.from({ length: n }, (_, i) => i);
    const y = x.map((i) => (i === 54_321 ? 1000 : Math.sin(i / 1000)));
    const d = decimate(x, y, 2000);
    expect(d.x.length).toBeLessThanOrEqual(2001);
    expect(Math.max(...d.y)).toBe(1000);
    expect(d.x[0]).toBe(0);
    expect(d.x[d.x.length - 1]).toBe(n - 1);
    for (let i = 1; i < d.x.length; i++) expect(d.x[i]!).toBeGreaterThan(d.x[i - 1]!);
  });
});

describe('heat map', () => {
  const p = {
    title: 'A(x, λ)',
    x: { label: 'λ', unit: 'nm' },
    y: { label: 'x', unit: 'nm' },
    z: { label: 'A', unit: 'cm⁻¹' },
    xs: [400, 500],
    ys: [0, 10, 20],
    values: [
      [1, 2],
      [3, 0],
      [5, 6],
    ],
  };
  it('writes one CSV row per cell with units', () => {
    const lines = buildHeatmapCsv(p).trim().split('\r\n');
    expect(lines[0]).toBe('λ (nm),x (nm),A (cm⁻¹)');
    expect(lines).toHaveLength(7);
    expect(lines[4]).toBe('500,10,0');
  });
  it('names axes with units and colours by log10 when asked', () => {
    const o = buildHeatmapOption(p, { logZ: true }) as AnyOpt;
    expect(o.xAxis.name).toBe('λ (nm)');
    expect(o.yAxis.name).toBe('x (nm)');
    expect(o.visualMap.max).toBeCloseTo(Math.log10(6));
    // the zero cell has no logarithm: it is left out, not drawn at the minimum
    expect(o.series[0].data).toHaveLength(5);
    expect(o.visualMap.text).toEqual(['', '']);
    expect(o.title[1].text).toContain('log₁₀ A (cm⁻¹)');
  });
  it('puts depth and wavelength on value axes, each cell as wide as its grid spacing', () => {
    const o = buildHeatmapOption({ ...p, ys: [0, 10, 500] }) as AnyOpt;
    expect(o.xAxis.type).toBe('value');
    expect(o.yAxis.type).toBe('value');
    expect([o.yAxis.min, o.yAxis.max]).toEqual([0, 500]);
    const cells = o.series[0].data as number[][];
    // the row at 10 nm spans 5..255 nm, the one at 500 nm 255..745 nm (clipped to the axis at 500)
    const row = (iy: number) => cells.find((c) => c[6] === iy && c[5] === 0)!;
    expect([row(1)[2], row(1)[3]]).toEqual([5, 255]);
    expect([row(2)[2], row(2)[3]]).toEqual([255, 745]);
    expect([row(0)[0], row(0)[1]]).toEqual([350, 450]);
  });
  it('spans whole outer cells for a few sweep points, and cuts log cells at geometric midpoints', () => {
    const o = buildHeatmapOption({ ...p, ys: [300, 500], spanCells: true }) as AnyOpt;
    expect([o.yAxis.min, o.yAxis.max]).toEqual([200, 600]);
    const thin = buildHeatmapOption({ ...p, ys: [10, 40], spanCells: true }) as AnyOpt;
    expect([thin.yAxis.min, thin.yAxis.max]).toEqual([0, 55]);
    const log = buildHeatmapOption({ ...p, xs: [1e-7, 1e-6, 1e-5], x: { label: 'τ', unit: 's', log: true } }) as AnyOpt;
    expect(log.xAxis.type).toBe('log');
    const cells = log.series[0].data as number[][];
    const col = cells.find((c) => c[5] === 1 && c[6] === 0)!;
    // the cell at 1e-6 s spans 10^-6.5 .. 10^-5.5: as wide as its neighbours on the log axis
    expect(col[0]).toBeCloseTo(10 ** -6.5, 15);
    expect(col[1]).toBeCloseTo(10 ** -5.5, 15);
  });
  it('cuts cells midway between non-uniform centres', () => {
    expect(cellEdges([0, 2, 10])).toEqual([-1, 1, 6, 14]);
    expect(cellEdges([5])).toEqual([4.5, 5.5]);
  });
});

describe('waterfall', () => {
  const steps = [
    { name: 'SQ limit', value: 33, total: true },
    { name: 'optical', value: -5 },
    { name: 'series R', value: -2 },
    { name: 'measured', value: 26, total: true },
  ];
  it('computes levels', () => {
    expect(waterfallLevels(steps)).toEqual([
      { start: 0, end: 33 },
      { start: 33, end: 28 },
      { start: 28, end: 26 },
      { start: 0, end: 26 },
    ]);
  });
  it('builds invisible bases and visible steps', () => {
    const o = buildWaterfallOption({ title: 'losses', y: { label: 'PCE', unit: '%' }, steps }) as AnyOpt;
    expect(o.yAxis.name).toBe('PCE (%)');
    expect(o.series[0].data).toEqual([0, 28, 26, 0]);
    expect(o.series[1].data.map((d: AnyOpt) => d.value)).toEqual([33, 5, 2, 26]);
  });
  it('writes a CSV with change and level', () => {
    const lines = buildWaterfallCsv({ y: { label: 'PCE', unit: '%' }, steps, categoryLabel: 'step' })
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('step,Δ PCE (%),PCE after step (%)');
    expect(lines[2]).toBe('optical,-5,28');
  });
});

describe('legend', () => {
  it('shows every series in wrapped rows, never pages, and moves the plot down for the extra rows', () => {
    const names = Array.from({ length: 12 }, (_, k) => `MAPbI3 SRH 复合 ${k}`);
    expect(legendRows(names.slice(0, 2), 800)).toBe(1);
    const rows = legendRows(names, 600);
    expect(rows).toBeGreaterThan(1);
    const series = names.map((name) => ({ name, x: [0, 1], y: [1, 2] }));
    const o = buildLineOption(
      { title: 'R', x: { label: 'V', unit: 'V' }, y: { label: 'J', unit: 'mA/cm²' }, series },
      { widthPx: 600 },
    ) as AnyOpt;
    expect(o.legend.type).toBe('plain');
    expect(o.grid.top).toBe(56 + (rows - 1) * 22);
  });
});

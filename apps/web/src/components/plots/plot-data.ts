/**
 * The pure part of the plots: echarts options, CSV text and decimation. No echarts runtime and no
 * DOM here, so unit tests run them directly (apps/web/test/plots-*.test.ts).
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { HeatmapPlotProps, PlotAxis, PlotSeries, WaterfallStep } from './types';

/** "label (unit)", or just the label for dimensionless quantities. */
export function axisName(a: Pick<PlotAxis, 'label' | 'unit'>): string {
  return a.unit ? `${a.label} (${a.unit})` : a.label;
}

/** Compact number text for ticks and tooltips: 4 significant digits, exponent for very large/small values. */
export function fmtNum(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e5 || a < 1e-3) {
    // 1.00e23 -> 1e23, 2.50e-5 -> 2.5e-5
    const [m, e] = v.toExponential(2).split('e');
    return `${String(Number(m))}e${Number(e)}`;
  }
  return String(Number(v.toPrecision(4)));
}

/** Number text for CSV: full precision, empty for missing values. */
function csvNum(v: number | undefined): string {
  return v === undefined || !Number.isFinite(v) ? '' : String(v);
}

export function csvField(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function csvRows(header: string[], rows: string[][]): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

function sameGrid(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The CSV column title of a series' y values. */
function seriesColumn(s: PlotSeries, y: PlotAxis, y2?: PlotAxis): string {
  const axis = s.yAxis === 1 && y2 ? y2 : y;
  const label = s.name === axis.label ? axis.label : `${axis.label}: ${s.name}`;
  return axisName({ label, unit: axis.unit });
}

/**
 * CSV of what a line plot shows. Series on one shared x grid share one x column; otherwise every
 * series gets its own (x, y) column pair, shorter series padded with empty cells.
 */
export function buildLineCsv(p: { x: PlotAxis; y: PlotAxis; y2?: PlotAxis; series: PlotSeries[] }): string {
  const { series } = p;
  if (series.length === 0) return csvRows([axisName(p.x)], []);
  const shared = series.every((s) => sameGrid(s.x, series[0]!.x));
  if (shared) {
    const xs = series[0]!.x;
    const header = [axisName(p.x), ...series.map((s) => seriesColumn(s, p.y, p.y2))];
    const rows: string[][] = [];
    for (let i = 0; i < xs.length; i++) rows.push([csvNum(xs[i]), ...series.map((s) => csvNum(s.y[i]))]);
    return csvRows(header, rows);
  }
  const header = series.flatMap((s) => [
    axisName({ label: `${p.x.label} [${s.name}]`, unit: p.x.unit }),
    seriesColumn(s, p.y, p.y2),
  ]);
  const n = Math.max(...series.map((s) => Math.min(s.x.length, s.y.length)));
  const rows: string[][] = [];
  for (let i = 0; i < n; i++) {
    rows.push(series.flatMap((s) => (i < s.x.length && i < s.y.length ? [csvNum(s.x[i]), csvNum(s.y[i])] : ['', ''])));
  }
  return csvRows(header, rows);
}

/** CSV of a heat map in long form: one row per cell (x, y, value). */
export function buildHeatmapCsv(p: Pick<HeatmapPlotProps, 'x' | 'y' | 'z' | 'xs' | 'ys' | 'values'>): string {
  const rows: string[][] = [];
  for (let iy = 0; iy < p.ys.length; iy++) {
    const row = p.values[iy];
    for (let ix = 0; ix < p.xs.length; ix++) rows.push([csvNum(p.xs[ix]), csvNum(p.ys[iy]), csvNum(row?.[ix])]);
  }
  return csvRows([axisName(p.x), axisName(p.y), axisName(p.z)], rows);
}

/** Level before/after each step of a waterfall: totals set the level, other steps change it. */
export function waterfallLevels(steps: WaterfallStep[]): { start: number; end: number }[] {
  let level = 0;
  return steps.map((s) => {
    const start = s.total ? 0 : level;
    const end = s.total ? s.value : level + s.value;
    level = end;
    return { start, end };
  });
}

export function buildWaterfallCsv(p: { y: PlotAxis; categoryLabel?: string; steps: WaterfallStep[] }): string {
  const levels = waterfallLevels(p.steps);
  const rows = p.steps.map((s, i) => [s.name, csvNum(s.value), csvNum(levels[i]!.end)]);
  return csvRows(
    [
      p.categoryLabel ?? 'step',
      axisName({ label: `Δ ${p.y.label}`, unit: p.y.unit }),
      axisName({ label: `${p.y.label} after step`, unit: p.y.unit }),
    ],
    rows,
  );
}

/**
 * Keeps at most about `max` points of a curve by min/max decimation: each bucket contributes its
 * lowest and highest point in x order, so peaks survive. Curves already short enough are returned as they are.
 */
export function decimate(x: ArrayLike<number>, y: ArrayLike<number>, max: number): { x: number[]; y: number[] } {
  const n = Math.min(x.length, y.length);
  if (n <= max || max < 4)
    return { x: Array.from({ length: n }, (_, i) => x[i]!), y: Array.from({ length: n }, (_, i) => y[i]!) };
  const buckets = Math.floor(max / 2);
  const size = n / buckets;
  const ox: number[] = [];
  const oy: number[] = [];
  for (let b = 0; b < buckets; b++) {
    const from = Math.floor(b * size);
    const to = Math.min(n, Math.floor((b + 1) * size));
    let lo = from;
    let hi = from;
    for (let i = from; i < to; i++) {
      if (y[i]! < y[lo]!) lo = i;
      if (y[i]! > y[hi]!) hi = i;
    }
    const picks = lo === hi ? [lo] : lo < hi ? [lo, hi] : [hi, lo];
    for (const i of picks) {
      ox.push(x[i]!);
      oy.push(y[i]!);
    }
  }
  // keep the last point so the curve ends where the data ends
  if (ox[ox.length - 1] !== x[n - 1]) {
    ox.push(x[n - 1]!);
    oy.push(y[n - 1]!);
  }
  return { x: ox, y: oy };
}

const MAX_POINTS = 4000;

export type LineOptionFlags = {
  /** Use a log axis for the left y axis (plots |y|). */
  logY?: boolean;
  /** Translated suffix for a log axis name, e.g. "log scale". */
  logWord?: string;
  /** For SVG export / tests: no animation. */
  static?: boolean;
};

type TooltipParam = { marker?: string; seriesName?: string; value?: unknown; seriesIndex?: number };

function valueAxis(a: PlotAxis, log: boolean, nameText: string, position?: 'left' | 'right') {
  return {
    type: log ? 'log' : 'value',
    name: nameText,
    nameLocation: 'middle',
    nameGap: position ? 56 : 28,
    nameTextStyle: { fontWeight: 'bold' },
    position,
    min: a.min,
    max: a.max,
    scale: !log,
    axisLabel: { formatter: (v: number) => fmtNum(v), hideOverlap: true },
    splitLine: { show: position !== 'right' },
    axisLine: { show: true },
  };
}

/** Name of the left y axis, "|J| (mA/cm²), log scale" when log of a signed quantity is shown. */
export function yAxisName(y: PlotAxis, series: PlotSeries[], logY: boolean, logWord = 'log scale'): string {
  if (!logY) return axisName(y);
  const signed = series.some((s) => s.yAxis !== 1 && Array.prototype.some.call(s.y, (v: number) => v < 0));
  const label = signed ? `|${y.label}|` : y.label;
  return `${axisName({ label, unit: y.unit })}, ${logWord}`;
}

export function buildLineOption(
  p: { title: string; x: PlotAxis; y: PlotAxis; y2?: PlotAxis; series: PlotSeries[] },
  flags: LineOptionFlags = {},
): EChartsCoreOption {
  const logY = flags.logY ?? p.y.log ?? false;
  const log2 = p.y2?.log ?? false;
  const series = p.series.map((s) => {
    const d = decimate(s.x, s.y, MAX_POINTS);
    const onLog = s.yAxis === 1 ? log2 : logY;
    const data: [number, number | null][] = d.x.map((xv, i) => {
      let yv: number | null = d.y[i]!;
      if (!Number.isFinite(yv)) yv = null;
      else if (onLog) yv = Math.abs(yv) > 0 ? Math.abs(yv) : null;
      return [xv, yv];
    });
    return {
      type: 'line',
      name: s.name,
      data,
      yAxisIndex: s.yAxis === 1 && p.y2 ? 1 : 0,
      stack: s.stack,
      areaStyle: s.area || s.stack ? { opacity: s.stack ? 0.75 : 0.25 } : undefined,
      lineStyle: { width: s.stack ? 1 : 2, type: s.dashed ? 'dashed' : 'solid' },
      showSymbol: data.length <= 40,
      symbolSize: 5,
      connectNulls: false,
      emphasis: { focus: 'series' },
      animation: !flags.static,
    };
  });
  const units = p.series.map((s) => (s.yAxis === 1 && p.y2 ? p.y2.unit : p.y.unit));
  const yAxes = [valueAxis(p.y, logY, yAxisName(p.y, p.series, logY, flags.logWord))];
  if (p.y2) yAxes.push(valueAxis(p.y2, log2, axisName(p.y2), 'right'));
  return {
    animation: !flags.static,
    title: { text: p.title, left: 'center', top: 0, textStyle: { fontSize: 14 } },
    legend: { type: 'scroll', top: 22, left: 'center', width: '80%' },
    grid: {
      left: 24,
      right: p.y2 ? 24 : 32,
      top: 56,
      bottom: 56,
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: 'cross', snap: true },
      formatter: (raw: TooltipParam | TooltipParam[]) => {
        const params = Array.isArray(raw) ? raw : [raw];
        const first = params[0]?.value as [number, number] | undefined;
        const head = first ? `${p.x.label}: ${fmtNum(first[0])} ${p.x.unit}` : '';
        const lines = params.map((q) => {
          const v = q.value as [number, number | null] | undefined;
          const unit = units[q.seriesIndex ?? 0] ?? '';
          return `${q.marker ?? ''}${q.seriesName}: <b>${fmtNum(v?.[1])}</b> ${unit}`;
        });
        return [head, ...lines].join('<br/>');
      },
    },
    xAxis: {
      type: p.x.log ? 'log' : 'value',
      name: axisName(p.x),
      nameLocation: 'middle',
      nameGap: 28,
      nameTextStyle: { fontWeight: 'bold' },
      min: p.x.min ?? 'dataMin',
      max: p.x.max ?? 'dataMax',
      axisLabel: { formatter: (v: number) => fmtNum(v), hideOverlap: true },
      splitLine: { show: false },
    },
    yAxis: yAxes,
    dataZoom: [
      { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
      { type: 'slider', xAxisIndex: 0, filterMode: 'none', height: 18, bottom: 4 },
    ],
    series,
  };
}

/** Heat map on category axes (the grids need not be uniform); the visual map shows the colour scale. */
export function buildHeatmapOption(
  p: Pick<HeatmapPlotProps, 'title' | 'x' | 'y' | 'z' | 'xs' | 'ys' | 'values'>,
  flags: { logZ?: boolean; logWord?: string; static?: boolean } = {},
): EChartsCoreOption {
  const logZ = flags.logZ ?? p.z.log ?? false;
  const data: [number, number, number | null][] = [];
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let iy = 0; iy < p.ys.length; iy++) {
    const row = p.values[iy];
    for (let ix = 0; ix < p.xs.length; ix++) {
      const raw = row?.[ix];
      let v: number | null = raw === undefined || !Number.isFinite(raw) ? null : raw;
      if (v !== null && logZ) v = v > 0 ? Math.log10(v) : null;
      if (v !== null) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
      data.push([ix, iy, v]);
    }
  }
  if (!Number.isFinite(lo)) {
    lo = 0;
    hi = 1;
  }
  if (lo === hi) hi = lo + 1;
  const zName = logZ ? `log₁₀ ${axisName(p.z)}` : axisName(p.z);
  const cat = (a: PlotAxis, vals: ArrayLike<number>) => ({
    type: 'category',
    data: Array.from(vals, (v) => fmtNum(v)),
    name: axisName(a),
    nameLocation: 'middle',
    nameGap: 28,
    nameTextStyle: { fontWeight: 'bold' },
    axisLabel: { hideOverlap: true },
    splitArea: { show: false },
  });
  return {
    animation: !flags.static,
    title: { text: p.title, left: 'center', top: 0, textStyle: { fontSize: 14 } },
    grid: { left: 24, right: 96, top: 40, bottom: 56, outerBoundsMode: 'same', outerBoundsContain: 'all' },
    tooltip: {
      confine: true,
      formatter: (q: { value?: [number, number, number | null] }) => {
        const v = q.value;
        if (!v) return '';
        const raw = p.values[v[1]]?.[v[0]];
        return [
          `${p.x.label}: ${fmtNum(p.xs[v[0]])} ${p.x.unit}`,
          `${p.y.label}: ${fmtNum(p.ys[v[1]])} ${p.y.unit}`,
          `${p.z.label}: <b>${fmtNum(raw)}</b> ${p.z.unit}`,
        ].join('<br/>');
      },
    },
    xAxis: cat(p.x, p.xs),
    yAxis: cat(p.y, p.ys),
    visualMap: {
      type: 'continuous',
      min: lo,
      max: hi,
      calculable: true,
      right: 0,
      top: 'middle',
      itemHeight: 180,
      text: [zName, ''],
      textGap: 8,
      formatter: (v: number) => (logZ ? `1e${v.toFixed(1)}` : fmtNum(v)),
      inRange: {
        color: ['#313695', '#4575b4', '#74add1', '#abd9e9', '#fee090', '#fdae61', '#f46d43', '#d73027', '#a50026'],
      },
    },
    dataZoom: [
      { type: 'inside', xAxisIndex: 0 },
      { type: 'slider', xAxisIndex: 0, height: 18, bottom: 4 },
      { type: 'inside', yAxisIndex: 0 },
    ],
    series: [{ type: 'heatmap', name: p.z.label, data, progressive: 5000, animation: false }],
  };
}

/** Waterfall as stacked bars: an invisible base plus the visible step (gains green, losses red, totals blue). */
export function buildWaterfallOption(
  p: { title: string; y: PlotAxis; steps: WaterfallStep[] },
  flags: { static?: boolean } = {},
): EChartsCoreOption {
  const levels = waterfallLevels(p.steps);
  const base = levels.map((l) => Math.min(l.start, l.end));
  const bars = p.steps.map((s, i) => ({
    value: Math.abs(levels[i]!.end - levels[i]!.start),
    itemStyle: { color: s.total ? '#1677ff' : s.value < 0 ? '#e5484d' : '#30a46c' },
  }));
  return {
    animation: !flags.static,
    title: { text: p.title, left: 'center', top: 0, textStyle: { fontSize: 14 } },
    grid: { left: 24, right: 24, top: 40, bottom: 56, outerBoundsMode: 'same', outerBoundsContain: 'all' },
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: 'shadow' },
      formatter: (raw: { dataIndex?: number }[]) => {
        const i = raw[0]?.dataIndex ?? 0;
        const s = p.steps[i];
        if (!s) return '';
        const l = levels[i]!;
        const change = s.total ? '' : `Δ: <b>${s.value > 0 ? '+' : ''}${fmtNum(s.value)}</b> ${p.y.unit}<br/>`;
        return `${s.name}<br/>${change}${p.y.label}: <b>${fmtNum(l.end)}</b> ${p.y.unit}`;
      },
    },
    xAxis: {
      type: 'category',
      data: p.steps.map((s) => s.name),
      axisLabel: { interval: 0, rotate: p.steps.length > 6 ? 30 : 0 },
    },
    yAxis: {
      type: 'value',
      name: axisName(p.y),
      nameLocation: 'middle',
      nameGap: 28,
      nameTextStyle: { fontWeight: 'bold' },
      axisLabel: { formatter: (v: number) => fmtNum(v) },
      min: p.y.min,
      max: p.y.max,
    },
    dataZoom: [{ type: 'inside', xAxisIndex: 0 }],
    series: [
      {
        type: 'bar',
        stack: 'waterfall',
        name: 'base',
        data: base,
        itemStyle: { color: 'transparent' },
        emphasis: { disabled: true },
        tooltip: { show: false },
        silent: true,
      },
      {
        type: 'bar',
        stack: 'waterfall',
        name: p.y.label,
        data: bars,
        label: {
          show: true,
          position: 'top',
          formatter: (q: { dataIndex: number }) => {
            const s = p.steps[q.dataIndex];
            if (!s) return '';
            return s.total ? fmtNum(s.value) : `${s.value > 0 ? '+' : ''}${fmtNum(s.value)}`;
          },
        },
      },
    ],
  };
}

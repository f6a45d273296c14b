/**
 * The pure part of the plots: echarts options, CSV text and decimation. No echarts runtime and no
 * DOM here, so unit tests run them directly (apps/web/test/plots-*.test.ts).
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { HeatmapPlotProps, PlotAxis, PlotSeries, PlotShade, WaterfallStep } from './types';

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
  const name = s.subtitle ? `${s.name} (${s.subtitle})` : s.name;
  const label = name === axis.label ? axis.label : `${axis.label}: ${name}`;
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
export function buildHeatmapCsv(
  p: Pick<HeatmapPlotProps, 'x' | 'y' | 'z' | 'xs' | 'ys' | 'values' | 'xNames' | 'yNames'>,
): string {
  const rows: string[][] = [];
  for (let iy = 0; iy < p.ys.length; iy++) {
    const row = p.values[iy];
    for (let ix = 0; ix < p.xs.length; ix++)
      rows.push([p.xNames?.[ix] ?? csvNum(p.xs[ix]), p.yNames?.[iy] ?? csvNum(p.ys[iy]), csvNum(row?.[ix])]);
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
  /** Width of the canvas, px: the legend is laid out in as many full rows as its names need. */
  widthPx?: number;
};

const LEGEND_ROW_PX = 22;

/**
 * Rows a plain (wrapping) legend takes at this width: every series stays visible and labelled, no
 * "1/2" pages hiding some. Widths are estimated from the text (CJK characters count double).
 */
export function legendRows(names: readonly string[], widthPx: number): number {
  const avail = Math.max(120, widthPx * 0.9);
  let rows = 1;
  let used = 0;
  for (const n of names) {
    let w = 25 + 10; // icon and gap
    for (const ch of n) w += /[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? 12 : 7;
    if (used > 0 && used + w > avail) {
      rows += 1;
      used = 0;
    }
    used += w;
  }
  return rows;
}

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

/** Height over width of a plot's drawing area, for arrow directions in screen terms. */
const PLOT_ASPECT = 0.55;

function span(values: ArrayLike<number>[]): { lo: number; hi: number } {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const a of values)
    for (let i = 0; i < a.length; i++) {
      const v = a[i]!;
      if (Number.isFinite(v)) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
    }
  return Number.isFinite(lo) ? { lo, hi } : { lo: 0, hi: 1 };
}

/**
 * Arrows along a curve: three, at a quarter, half and three quarters of its points, each turned the
 * way the curve goes there (in screen terms: data steps scaled by the axis spans and the plot's
 * aspect). echarts turns symbols counter-clockwise and its arrow points up.
 */
export function arrowMarks(
  s: Pick<PlotSeries, 'x' | 'y'>,
  xr: { lo: number; hi: number },
  yr: { lo: number; hi: number },
  aspect = PLOT_ASPECT,
): { coord: [number, number]; symbolRotate: number }[] {
  const n = Math.min(s.x.length, s.y.length);
  if (n < 3) return [];
  const xs = xr.hi - xr.lo || 1;
  const ys = yr.hi - yr.lo || 1;
  const out: { coord: [number, number]; symbolRotate: number }[] = [];
  for (const f of [0.25, 0.5, 0.75]) {
    const i = Math.min(n - 2, Math.max(1, Math.round(f * (n - 1))));
    const dx = (s.x[i + 1]! - s.x[i - 1]!) / xs;
    const dy = ((s.y[i + 1]! - s.y[i - 1]!) / ys) * aspect;
    if (!(Number.isFinite(dx) && Number.isFinite(dy)) || (dx === 0 && dy === 0)) continue;
    const deg = (Math.atan2(dy, dx) * 180) / Math.PI;
    out.push({ coord: [s.x[i]!, s.y[i]!], symbolRotate: Math.round(deg - 90) });
  }
  return out;
}

/** A shared range for both axes of an equal-aspect plot: from 0 (or below, when data are) to a round top. */
export function equalRange(series: PlotSeries[]): { min: number; max: number } {
  const xr = span(series.map((s) => s.x));
  const yr = span(series.map((s) => s.y));
  const lo = Math.min(0, xr.lo, yr.lo);
  const hi = Math.max(xr.hi, yr.hi);
  const width = hi - lo || 1;
  const step = 10 ** Math.floor(Math.log10(width / 5));
  return { min: Math.floor(lo / step) * step, max: Math.ceil(hi / step) * step };
}

/** Text inside an echarts rich-text span: its markup characters would end the span. */
function richText(s: string): string {
  return s.replace(/[{}|]/g, (c) => ({ '{': '（', '}': '）', '|': '¦' })[c] ?? c);
}

/** markArea data of shaded x ranges. */
function shadeArea(shade: PlotShade[] | undefined) {
  if (!shade?.length) return undefined;
  return {
    silent: true,
    itemStyle: { color: 'rgba(120, 120, 120, 0.14)' },
    label: { show: true, position: 'insideTop', color: '#666', fontSize: 11 },
    data: shade.map((r) => [{ xAxis: r.from, name: r.label }, { xAxis: r.to }]),
  };
}

export function buildLineOption(
  p: {
    title: string;
    x: PlotAxis;
    y: PlotAxis;
    y2?: PlotAxis;
    series: PlotSeries[];
    shade?: PlotShade[];
    equalAspect?: boolean;
  },
  flags: LineOptionFlags = {},
): EChartsCoreOption {
  const logY = flags.logY ?? p.y.log ?? false;
  const log2 = p.y2?.log ?? false;
  const xr = span(p.series.map((s) => s.x));
  const yr = span(p.series.filter((s) => s.yAxis !== 1).map((s) => s.y));
  const area = shadeArea(p.shade);
  const square = p.equalAspect ? equalRange(p.series) : undefined;
  const series = p.series.map((s, k) => {
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
      lineStyle: { width: s.points ? 0 : s.stack ? 1 : 2, type: s.dashed ? 'dashed' : 'solid' },
      showSymbol: s.points || data.length <= 40,
      symbolSize: s.points ? 9 : 5,
      // points of two series on one plot are told apart by their marker, as a line is by its dash
      ...(s.points ? { symbol: s.dashed ? 'diamond' : 'circle' } : {}),
      connectNulls: false,
      emphasis: { focus: 'series' },
      animation: !flags.static,
      ...(s.step ? { step: 'end' } : {}),
      ...(s.arrows && !onLog
        ? {
            markPoint: {
              symbol: 'arrow',
              symbolSize: 11,
              silent: true,
              label: { show: false },
              data: arrowMarks(s, xr, yr),
            },
          }
        : {}),
      ...(k === 0 && area ? { markArea: area } : {}),
    };
  });
  const units = p.series.map((s) => (s.yAxis === 1 && p.y2 ? p.y2.unit : p.y.unit));
  // a legend entry with a subtitle is two lines high and as wide as its longer line
  const subtitles = new Map(p.series.flatMap((s) => (s.subtitle ? [[s.name, s.subtitle] as const] : [])));
  const rowPx = subtitles.size ? 2 * LEGEND_ROW_PX : LEGEND_ROW_PX;
  const rows = legendRows(
    p.series.map((s) => {
      const sub = subtitles.get(s.name) ?? '';
      return sub.length > s.name.length ? sub : s.name;
    }),
    flags.widthPx ?? 800,
  );
  const legendPx = rows * rowPx - LEGEND_ROW_PX;
  const yAxes = [valueAxis(square ? { ...p.y, ...square } : p.y, logY, yAxisName(p.y, p.series, logY, flags.logWord))];
  if (p.y2) yAxes.push(valueAxis(p.y2, log2, axisName(p.y2), 'right'));
  return {
    animation: !flags.static,
    title: { text: p.title, left: 'center', top: 0, textStyle: { fontSize: 14 } },
    legend: {
      type: 'plain',
      top: 22,
      left: 'center',
      width: '90%',
      itemGap: 10,
      ...(subtitles.size
        ? {
            formatter: (name: string) => {
              const sub = subtitles.get(name);
              return sub ? `{n|${richText(name)}}\n{s|${richText(sub)}}` : `{n|${richText(name)}}`;
            },
            textStyle: {
              rich: { n: { fontSize: 12, lineHeight: 16 }, s: { fontSize: 11, lineHeight: 15, color: '#777' } },
            },
          }
        : {}),
    },
    // an equal-aspect plot keeps the same margins on every side, so a square frame gives a square grid
    grid: square
      ? { left: 64, right: 64, top: 64 + legendPx, bottom: 64, outerBoundsMode: 'none' }
      : {
          left: 24,
          right: p.y2 ? 24 : 32,
          top: 56 + legendPx,
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
      min: square?.min ?? p.x.min ?? (p.x.integer ? (e: { min: number }) => e.min - 0.5 : 'dataMin'),
      max: square?.max ?? p.x.max ?? (p.x.integer ? (e: { max: number }) => e.max + 0.5 : 'dataMax'),
      ...(p.x.integer ? { minInterval: 1 } : {}),
      axisLabel: {
        // the half-item ends are room, not items: no label there
        formatter: (v: number) => (p.x.integer && !Number.isInteger(v) ? '' : fmtNum(v)),
        hideOverlap: true,
      },
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

/**
 * Cell edges of a (possibly non-uniform) grid of centres: midway between neighbours, and half a
 * step beyond the first and last centre.
 */
export function cellEdges(vals: ArrayLike<number>, log = false): number[] {
  // on a log axis the edges are geometric midpoints: every cell looks as wide as its neighbours
  if (log) return cellEdges(Array.from(vals, (v) => Math.log10(v))).map((e) => 10 ** e);
  const n = vals.length;
  if (n === 0) return [];
  if (n === 1) return [vals[0]! - 0.5, vals[0]! + 0.5];
  const e = [vals[0]! - (vals[1]! - vals[0]!) / 2];
  for (let i = 1; i < n; i++) e.push((vals[i - 1]! + vals[i]!) / 2);
  e.push(vals[n - 1]! + (vals[n - 1]! - vals[n - 2]!) / 2);
  return e;
}

/**
 * Heat map on value axes: each cell a rectangle spanning its grid spacing, so that depth and
 * wavelength read as distances (a 500 nm absorber is 25 times as tall as a 20 nm layer), however
 * non-uniform the grid. The visual map shows the colour scale; its title sits above it, clear of
 * the maximum's label.
 */
export function buildHeatmapOption(
  p: Pick<HeatmapPlotProps, 'title' | 'x' | 'y' | 'z' | 'xs' | 'ys' | 'values' | 'spanCells' | 'xNames' | 'yNames'>,
  flags: { logZ?: boolean; logWord?: string; static?: boolean } = {},
): EChartsCoreOption {
  const logZ = flags.logZ ?? p.z.log ?? false;
  const xe = cellEdges(p.xs, p.x.log);
  const ye = cellEdges(p.ys, p.y.log);
  // [x0, x1, y0, y1, colour value, ix, iy]
  const data: [number, number, number, number, number, number, number][] = [];
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let iy = 0; iy < p.ys.length; iy++) {
    const row = p.values[iy];
    for (let ix = 0; ix < p.xs.length; ix++) {
      const raw = row?.[ix];
      let v: number | null = raw === undefined || !Number.isFinite(raw) ? null : raw;
      if (v !== null && logZ) v = v > 0 ? Math.log10(v) : null;
      if (v === null) continue;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
      data.push([xe[ix]!, xe[ix + 1]!, ye[iy]!, ye[iy + 1]!, v, ix, iy]);
    }
  }
  if (!Number.isFinite(lo)) {
    lo = 0;
    hi = 1;
  }
  if (lo === hi) hi = lo + 1;
  // a quantity with a range of its own (a correlation, -1 to 1) keeps its colours fixed to it
  if (!logZ && p.z.min !== undefined && p.z.max !== undefined && p.z.max > p.z.min) {
    lo = p.z.min;
    hi = p.z.max;
  }
  const zName = logZ ? `log₁₀ ${axisName(p.z)}` : axisName(p.z);
  // a named cell's tick and label sit at its centre, one a cell (not where the axis would put
  // round numbers): the centres are the axis' custom values
  const named = (names: readonly string[] | undefined, vals: ArrayLike<number>) => {
    if (!names) return {};
    const centres = Array.from(vals);
    return {
      axisTick: { customValues: centres },
      axisLabel: {
        customValues: centres,
        hideOverlap: false,
        formatter: (v: number) => {
          const i = centres.findIndex((c) => Math.abs(c - v) < 1e-9);
          return i >= 0 ? (names[i] ?? '') : '';
        },
      },
    };
  };
  const axis = (a: PlotAxis, vals: ArrayLike<number>, edges: number[], names?: readonly string[]) => ({
    type: a.log ? 'log' : 'value',
    // spanCells: whole outer cells (a 2 x 2 sweep would otherwise lose half of each to the centres)
    // (never below 0 for a quantity that is not: a thickness axis must not read -5 nm)
    min: vals.length
      ? p.spanCells
        ? // named cells sit at 0, 1, 2, ...: the first is as wide as the others
          !names && Math.min(...edges) < 0 && Math.min(...Array.from(vals)) >= 0
          ? 0
          : Math.min(...edges)
        : Math.min(vals[0]!, vals[vals.length - 1]!)
      : undefined,
    max: vals.length ? (p.spanCells ? Math.max(...edges) : Math.max(vals[0]!, vals[vals.length - 1]!)) : undefined,
    name: axisName(a),
    nameLocation: 'middle',
    nameGap: 28,
    nameTextStyle: { fontWeight: 'bold' },
    axisLabel: { hideOverlap: true, formatter: (v: number) => fmtNum(v) },
    splitLine: { show: false },
    ...named(names, vals),
  });
  const cellName = (names: readonly string[] | undefined, vals: ArrayLike<number>, i: number, a: PlotAxis) =>
    names?.[i] ?? `${fmtNum(vals[i])} ${a.unit}`;
  return {
    animation: !flags.static,
    title: [
      { text: p.title, left: 'center', top: 0, textStyle: { fontSize: 14 } },
      { text: zName, right: 0, top: 26, textStyle: { fontSize: 12, fontWeight: 'bold' } },
    ],
    grid: { left: 24, right: 104, top: 48, bottom: 56, outerBoundsMode: 'same', outerBoundsContain: 'all' },
    tooltip: {
      confine: true,
      formatter: (q: { value?: number[] }) => {
        const v = q.value;
        if (!v) return '';
        const ix = v[5]!;
        const iy = v[6]!;
        return [
          `${p.x.label}: ${cellName(p.xNames, p.xs, ix, p.x)}`,
          `${p.y.label}: ${cellName(p.yNames, p.ys, iy, p.y)}`,
          `${p.z.label}: <b>${fmtNum(p.values[iy]?.[ix])}</b> ${p.z.unit}`,
        ].join('<br/>');
      },
    },
    xAxis: axis(p.x, p.xs, xe, p.xNames),
    yAxis: axis(p.y, p.ys, ye, p.yNames),
    visualMap: {
      type: 'continuous',
      dimension: 4,
      seriesIndex: 0,
      min: lo,
      max: hi,
      calculable: true,
      right: 8,
      top: 64,
      itemHeight: 170,
      text: ['', ''],
      formatter: (v: number) => (logZ ? `1e${v.toFixed(1)}` : fmtNum(v)),
      inRange: {
        color: ['#313695', '#4575b4', '#74add1', '#abd9e9', '#fee090', '#fdae61', '#f46d43', '#d73027', '#a50026'],
      },
    },
    dataZoom: [
      { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
      { type: 'slider', xAxisIndex: 0, height: 18, bottom: 4, filterMode: 'none' },
      { type: 'inside', yAxisIndex: 0, filterMode: 'none' },
    ],
    series: [
      {
        type: 'custom',
        name: p.z.label,
        data,
        encode: { x: [0, 1], y: [2, 3], tooltip: 4 },
        clip: true,
        progressive: 5000,
        animation: false,
        renderItem: (
          _params: unknown,
          api: { value(i: number): number; coord(p: [number, number]): number[]; visual(k: string): string },
        ) => {
          const a = api.coord([api.value(0), api.value(2)]);
          const b = api.coord([api.value(1), api.value(3)]);
          // half a pixel of overlap hides the hairlines antialiasing would draw between cells
          return {
            type: 'rect',
            shape: {
              x: Math.min(a[0]!, b[0]!),
              y: Math.min(a[1]!, b[1]!),
              width: Math.abs(b[0]! - a[0]!) + 0.5,
              height: Math.abs(b[1]! - a[1]!) + 0.5,
            },
            style: { fill: api.visual('color') },
          };
        },
      },
    ],
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

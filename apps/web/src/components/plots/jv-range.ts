/**
 * The power-producing region of J-V curves, which the plots open on. A light J-V swept to forward
 * bias ends at hundreds of mA/cm² (the injection current), and a plot scaled to that squashes the
 * part a researcher reads (Jsc, the knee, Voc) into a few pixels. PVForge counts the photocurrent
 * positive (J(0) = Jsc > 0), but a measured or foreign curve may carry the other sign, so the rule
 * works per curve from the sign of its own J(0). Pure; unit-tested in apps/web/test/plots-jv-range.test.ts.
 */
import type { PlotSeries } from './types';

export type AxisRange = { min: number; max: number };
export type JvFocus = { x: AxisRange; y: AxisRange };

type Curve = Pick<PlotSeries, 'x' | 'y'>;

/** Points of a curve with finite V and J, in voltage order. */
function points(c: Curve): [number, number][] {
  const out: [number, number][] = [];
  const n = Math.min(c.x.length, c.y.length);
  for (let i = 0; i < n; i++) {
    const v = c.x[i]!;
    const j = c.y[i]!;
    if (Number.isFinite(v) && Number.isFinite(j)) out.push([v, j]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/** J at V = 0, linear between the points around it; the nearest point's J when 0 is outside. */
function currentAtZero(p: [number, number][]): number {
  const k = p.findIndex(([v]) => v >= 0);
  if (k <= 0) return p[k < 0 ? p.length - 1 : 0]![1];
  const [v0, j0] = p[k - 1]!;
  const [v1, j1] = p[k]!;
  return v1 === v0 ? j1 : j0 + ((j1 - j0) * (0 - v0)) / (v1 - v0);
}

/** The first voltage above 0 where s·J reaches 0 (linear between points), or undefined. */
function openCircuit(p: [number, number][], s: number): number | undefined {
  for (let i = 1; i < p.length; i++) {
    const [v0, j0] = p[i - 1]!;
    const [v1, j1] = p[i]!;
    if (v1 <= 0 || s * j1 > 0) continue;
    if (s * j0 <= 0) return Math.max(0, v0);
    return v0 + ((v1 - v0) * (s * j0)) / (s * j0 - s * j1);
  }
  return undefined;
}

/** A round tick step of about span/5 (1, 2 or 5 times a power of ten). */
function niceStep(span: number): number {
  const raw = span / 5;
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

/**
 * A curve is lit when its short-circuit current stands out of its own scale: a dark curve's J(0)
 * is zero up to the solver's or the instrument's noise, far below its forward current.
 */
const LIT = 1e-4;

/**
 * The axes' ranges of the power-producing region of these curves: V from 0 (a little below when
 * the data go there) to a little beyond the largest Voc, J from a little beyond 0 on the
 * recombination side to a little beyond the largest photocurrent. Each lit curve counts: the
 * subcells and the whole stack of a tandem, a simulation beside a measurement. A lit curve with
 * no Voc in its sweep counts to its last voltage. Undefined when there is nothing to focus on
 * (dark curves only: the full range is their plot) or when the region is about the full range.
 */
export function jvFocusRange(series: readonly Curve[]): JvFocus | undefined {
  const all = series.map(points).filter((p) => p.length >= 2);
  if (all.length === 0) return undefined;
  let vLo = Number.POSITIVE_INFINITY;
  let vHi = Number.NEGATIVE_INFINITY;
  let jLo = Number.POSITIVE_INFINITY;
  let jHi = Number.NEGATIVE_INFINITY;
  for (const p of all)
    for (const [v, j] of p) {
      vLo = Math.min(vLo, v);
      vHi = Math.max(vHi, v);
      jLo = Math.min(jLo, j);
      jHi = Math.max(jHi, j);
    }
  const lit = all.flatMap((p) => {
    const j0 = currentAtZero(p);
    const scale = Math.max(...p.map(([, j]) => Math.abs(j)));
    if (!(Math.abs(j0) > LIT * scale) || j0 === 0) return [];
    const s = Math.sign(j0);
    return [{ p, s, end: openCircuit(p, s) ?? p[p.length - 1]![0] }];
  });
  if (lit.length === 0) return undefined;
  const end = Math.max(...lit.map((c) => c.end));
  if (!(end > 0)) return undefined;
  const vPad = Math.max(0.05, 0.1 * end);
  const xStep = niceStep(end + vPad) / 2;
  const x = {
    min: Math.max(vLo, Math.floor(Math.min(0, -vPad / 2) / xStep) * xStep),
    max: Math.min(vHi, Math.ceil((end + vPad) / xStep) * xStep),
  };
  // the photocurrent side of each lit curve inside the window (a reverse-bias shunt slope lifts it
  // above Jsc); the other side only a margin, where forward injection would run away
  let top = 0;
  let bottom = 0;
  for (const c of lit)
    for (const [v, j] of c.p)
      if (v >= x.min && v <= x.max && c.s * j > 0) {
        top = Math.max(top, j);
        bottom = Math.min(bottom, j);
      }
  const margin = 0.12 * (top - bottom);
  if (!(margin > 0)) return undefined;
  const y0 = bottom - margin;
  const y1 = top + margin;
  const step = niceStep(y1 - y0);
  const y = { min: Math.floor(y0 / step) * step, max: Math.ceil(y1 / step) * step };
  // nothing hidden worth a switch: the region is (nearly) what the full plot shows anyway
  const xShare = (x.max - x.min) / (vHi - vLo || 1);
  const yShare = (y.max - y.min) / (jHi - jLo || 1);
  if (xShare > 0.95 && yShare > 0.8) return undefined;
  return { x, y };
}

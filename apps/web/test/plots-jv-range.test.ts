import { SdmSolver } from '@pvforge/engine';
import { describe, expect, it } from 'vitest';
import { jvFocusRange } from '../src/components/plots/jv-range';
import { buildLineCsv, buildLineOption } from '../src/components/plots/plot-data';

/** A single-diode J-V (photocurrent positive, as PVForge counts it) from `from` to `to` volts. */
function curve(jph: number, from = 0, to = 1.6, n = 131, j0 = 3e-12) {
  const s = new SdmSolver({ jphMaCm2: jph, j0MaCm2: j0, n: 1.5, rsOhmCm2: 3, rshOhmCm2: 2000, tK: 300 });
  const x = Array.from({ length: n }, (_, i) => from + ((to - from) * i) / (n - 1));
  return { x, y: x.map((v) => s.jAtV(v)) };
}
const vocOf = (c: { x: number[]; y: number[] }) => {
  const k = c.y.findIndex((j) => j <= 0);
  return c.x[k - 1]! + ((c.x[k]! - c.x[k - 1]!) * c.y[k - 1]!) / (c.y[k - 1]! - c.y[k]!);
};

describe('the J-V power region', () => {
  it('opens a light curve swept into forward injection on 0..Voc and 0..Jsc, with margins', () => {
    const c = curve(23);
    // the sweep ends far into forward bias: the full range is hundreds of mA/cm²
    expect(Math.min(...c.y)).toBeLessThan(-100);
    const voc = vocOf(c);
    const r = jvFocusRange([c])!;
    expect(r).toBeDefined();
    expect(r.x.min).toBe(0);
    expect(r.x.max).toBeGreaterThan(voc);
    expect(r.x.max).toBeLessThan(voc + 0.2);
    expect(r.y.max).toBeGreaterThan(23);
    expect(r.y.max).toBeLessThanOrEqual(30);
    expect(r.y.min).toBeLessThan(0);
    expect(r.y.min).toBeGreaterThanOrEqual(-5);
  });

  it('shows a little of the reverse bias when the sweep starts below 0 V', () => {
    const r = jvFocusRange([curve(23, -0.5)])!;
    expect(r.x.min).toBeLessThan(0);
    expect(r.x.min).toBeGreaterThan(-0.2);
  });

  it('reads a curve of the opposite sign (photocurrent negative) as its mirror', () => {
    const c = curve(23);
    const r = jvFocusRange([{ x: c.x, y: c.y.map((j) => -j) }])!;
    const p = jvFocusRange([c])!;
    expect(r.x).toEqual(p.x);
    expect(r.y.min).toBeLessThan(-23);
    expect(r.y.max).toBeGreaterThan(0);
    expect(r.y.max).toBeLessThanOrEqual(5);
  });

  it('keeps the full range for dark curves alone, and clips them beside a light one', () => {
    const dark = curve(0);
    expect(jvFocusRange([dark])).toBeUndefined();
    const both = jvFocusRange([curve(23), dark])!;
    expect(both.y.max).toBeLessThanOrEqual(30);
  });

  it('spans every lit curve of a tandem: the whole stack past the larger Voc', () => {
    const top = curve(20, 0, 1.4, 141, 1e-17);
    const bottom = curve(21, 0, 0.9, 91, 1e-9);
    const stack = curve(20, 0, 3, 301, 1e-26);
    const r = jvFocusRange([stack, top, bottom])!;
    expect(r.x.max).toBeGreaterThan(vocOf(stack));
    expect(r.y.max).toBeGreaterThan(21);
    expect(r.y.max).toBeLessThanOrEqual(30);
  });

  it('runs to the end of a light curve with no Voc in its sweep, and then has nothing to hide', () => {
    const c = curve(23, 0, 0.6, 61);
    expect(Math.min(...c.y)).toBeGreaterThan(0);
    expect(jvFocusRange([c])).toBeUndefined();
    // beside a curve that does reach forward injection, it still counts to its last voltage
    const r = jvFocusRange([c, curve(23)])!;
    expect(r.x.max).toBeGreaterThan(0.6);
  });

  it('gives nothing for too few points or only non-finite values', () => {
    expect(jvFocusRange([])).toBeUndefined();
    expect(jvFocusRange([{ x: [0], y: [20] }])).toBeUndefined();
    expect(jvFocusRange([{ x: [0, 1], y: [Number.NaN, Number.NaN] }])).toBeUndefined();
  });
});

describe('a series subtitle (what sets a compared run apart)', () => {
  const series = [
    { name: 'Run A', subtitle: 'τn = 1e-7 s', x: [0, 1], y: [20, -5] },
    { name: 'Run B', x: [0, 1], y: [19, -6] },
  ];
  const axes = { x: { label: 'V', unit: 'V' }, y: { label: 'J', unit: 'mA/cm²' } };
  it('goes beside the name in the CSV', () => {
    const header = buildLineCsv({ ...axes, series }).split('\r\n')[0]!;
    expect(header).toBe('V (V),J: Run A (τn = 1e-7 s) (mA/cm²),J: Run B (mA/cm²)');
  });
  it('is a second line under the name in the legend, with room made for it', () => {
    // biome-ignore lint/suspicious/noExplicitAny: test access to the loose echarts option
    const o = buildLineOption({ title: 't', ...axes, series }, { widthPx: 800 }) as any;
    expect(o.legend.formatter('Run A')).toBe('{n|Run A}\n{s|τn = 1e-7 s}');
    expect(o.legend.formatter('Run B')).toBe('{n|Run B}');
    // biome-ignore lint/suspicious/noExplicitAny: as above
    const plain = buildLineOption({ title: 't', ...axes, series: [series[1]!] }, { widthPx: 800 }) as any;
    expect(o.grid.top).toBeGreaterThan(plain.grid.top);
    expect(plain.legend.formatter).toBeUndefined();
  });
});

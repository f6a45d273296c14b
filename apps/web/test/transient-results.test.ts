import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ElectricalDeviceSpecLike, runDeviceSimulation } from '@pvforge/engine';
import { describe, expect, it } from 'vitest';
import { photovoltagePreset } from '../src/components/device-editor/transient-model';
import { arrowMarks, buildLineCsv, buildLineOption, equalRange } from '../src/components/plots/plot-data';
import { readElectrical, readImpedance, readTransient } from '../src/pages/plat/results/result-data';
import { hysteresisVsRate, readSweep } from '../src/pages/plat/results/sweep-data';
import { bode, lightOffRanges, minusImaginary, nearestProfile } from '../src/pages/plat/results/transient-data';

// biome-ignore lint/suspicious/noExplicitAny: test access to the loose echarts option
type AnyOpt = Record<string, any>;

/** The result views' reading of a real engine run of the mobile-ion example (a JSON round trip, as stored). */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const spec = JSON.parse(
  readFileSync(`${root}assets/devices/perovskite-pin-ions-electrical.device.json`, 'utf8'),
) as ElectricalDeviceSpecLike & { electrical: Record<string, unknown> };
Object.assign(spec.electrical, {
  gridPoints: 120,
  voltageSweep: { startV: 0, stopV: 1.25, stepV: 0.05 },
  impedance: { voltageV: 1, startHz: 0.1, stopHz: 1e5, points: 7 },
});
const assets = {
  nkCsv: (id: string) => readFileSync(`${root}assets/data/nk/${id}.csv`, 'utf8'),
  spectrumCsv: () => readFileSync(`${root}assets/data/spectra/am15g.csv`, 'utf8'),
};
const stored = JSON.parse(JSON.stringify(runDeviceSimulation(spec, assets))) as Record<string, unknown>;

describe('a stored transient and impedance spectrum, as the result view reads them', () => {
  it('reads the samples, both scans with their figures, the hysteresis index and the profiles with the ions', () => {
    const v = readElectrical(stored)!;
    const tr = v.transient!;
    expect(tr.converged).toBe(true);
    expect(tr.t.length).toBeGreaterThanOrEqual(201);
    expect(tr.light.every((l) => l === 1)).toBe(true);
    expect(tr.scans.map((s) => [s.direction, s.rate])).toEqual([
      ['reverse', 0.1],
      ['forward', 0.1],
    ]);
    expect(tr.scans[0]!.V[0]).toBeCloseTo(1.2, 9);
    expect(tr.scans[0]!.figures!.PCE_percent).toBeGreaterThan(tr.scans[1]!.figures!.PCE_percent);
    expect(tr.hysteresisIndex).toBeCloseTo(
      (tr.scans[0]!.figures!.PCE_percent - tr.scans[1]!.figures!.PCE_percent) / tr.scans[0]!.figures!.PCE_percent,
      12,
    );
    expect(tr.profiles.map((p) => p.t)).toEqual([5, 17, 19, 31].map((x) => expect.closeTo(x, 0)));
    const ions = tr.profiles[0]!.ions!;
    expect(ions).toHaveLength(1);
    expect(ions[0]).toMatchObject({ layer: 'MAPbI3', sign: 1 });
    expect(Math.max(...ions[0]!.density)).toBeGreaterThan(1.6e19);
    // the steady J-V's profiles carry the ions too
    expect(v.curves[0]!.profiles[0]!.ions?.[0]?.layer).toBe('MAPbI3');
    const z = v.impedance!;
    expect(z.f).toHaveLength(7);
    expect(z.Vdc).toBe(1);
    expect(z.re.every((x) => x > 0)).toBe(true);
  });

  it("derives Bode and Nyquist data: |Z| and the phase, -Z''", () => {
    const b = bode({ re: [3, 0, 1], im: [-4, 2, 0] });
    expect(b.abs).toEqual([5, 2, 1]);
    expect(b.phaseDeg[0]).toBeCloseTo(-53.1301, 3);
    expect(b.phaseDeg[1]).toBeCloseTo(90, 12);
    expect(minusImaginary({ im: [-4, 2] })).toEqual([4, -2]);
  });

  it('finds the stretches with the light off (a switch acts just after its sample)', () => {
    expect(lightOffRanges([0, 1, 2, 3, 4, 5], [1, 1, 0, 0, 1, 0])).toEqual([
      { from: 1, to: 3 },
      { from: 4, to: 5 },
    ]);
    expect(lightOffRanges([0, 1, 2], [0, 0, 1])).toEqual([{ from: 0, to: 1 }]);
    expect(lightOffRanges([0, 1], [1, 1])).toEqual([]);
    expect(nearestProfile([5, 17, 19, 31], 18.2)).toBe(2);
  });

  it('keeps what a partial run has: the error, the samples it reached', () => {
    const tr = readTransient({
      converged: false,
      error: 'did not converge at t = 2.5 s, V = 0.8 V (last residual 1e3)',
      t_s: [0, 1, 2],
      V: [1, 0.9, 0.8],
      J_mA_cm2: [0, 5, null],
      light: [1, 1, 1],
      scans: [],
      profiles: [],
    })!;
    expect(tr.converged).toBe(false);
    expect(tr.error).toMatch(/t = 2\.5 s/);
    expect(tr.J[2]).toBeNaN();
    expect(readTransient({ converged: true })).toBeUndefined();
    expect(readImpedance({ nothing: 1 })).toBeUndefined();
  });
});

describe('the presets run', () => {
  it('transient photovoltage on the example: the voltage rises to about Voc with the light on and decays without', () => {
    const tpv = structuredClone(spec);
    tpv.electrical.transient = photovoltagePreset(1);
    delete tpv.electrical.impedance;
    const r = runDeviceSimulation(tpv, assets);
    const tr = readTransient(JSON.parse(JSON.stringify(r.transient)))!;
    expect(tr.converged, JSON.stringify(tr.error)).toBe(true);
    const voc = r.light!.figures!.Voc_V;
    const atSwitch = tr.V[tr.t.findIndex((x) => x >= 1)]!;
    expect(Math.abs(atSwitch - voc)).toBeLessThan(0.05);
    expect(tr.V.at(-1)!).toBeLessThan(atSwitch - 0.3);
    // dark before the light comes on at t = 0 is no stretch; off again from 1 s to the end
    expect(lightOffRanges(tr.t, tr.light)).toEqual([{ from: 1, to: 2 }]);
  }, 30_000);
});

describe('a scan-rate series', () => {
  const sweep = {
    sweep: true,
    kind: 'elec',
    parameters: [{ path: 'electrical.transient.rateVPerS', label: 'rate', values: [1, 0.1, 10] }],
    figureNames: ['PCE_percent', 'hysteresisIndex', 'PCE_reverse_percent', 'PCE_forward_percent'],
    table: [
      {
        id: 11,
        values: [1],
        status: 'succeeded',
        reason: null,
        figures: { hysteresisIndex: 0.5, PCE_reverse_percent: 20, PCE_forward_percent: 10 },
      },
      { id: 12, values: [0.1], status: 'succeeded', reason: null, figures: { hysteresisIndex: 0.12 } },
      { id: 13, values: [10], status: 'nonconvergent', reason: 'x', figures: { hysteresisIndex: null } },
    ],
  };

  it('gives HI against the rate, sorted by rate, with the failed ones kept without a value', () => {
    const s = readSweep(sweep)!;
    const pts = hysteresisVsRate(s)!;
    expect(pts.map((p) => [p.rate, p.hi ?? null, p.status])).toEqual([
      [0.1, 0.12, 'succeeded'],
      [1, 0.5, 'succeeded'],
      [10, null, 'nonconvergent'],
    ]);
    expect(pts[1]).toMatchObject({ pceReverse: 20, pceForward: 10, id: 11 });
  });

  it('is not a rate series when it sweeps anything else, and a result is not a sweep', () => {
    const other = { ...sweep, parameters: [{ path: 'layers[3].thicknessNm', label: 'd', values: [1] }] };
    expect(hysteresisVsRate(readSweep(other)!)).toBeNull();
    expect(readSweep(stored)).toBeNull();
  });
});

describe('plot additions: scan arrows, light shading, equal aspect, steps', () => {
  it('turns the arrows the way the curve is traced', () => {
    const right = arrowMarks({ x: [0, 1, 2, 3, 4], y: [0, 0, 0, 0, 0] }, { lo: 0, hi: 4 }, { lo: -1, hi: 1 });
    expect(right.map((m) => m.symbolRotate)).toEqual([-90, -90, -90]);
    const left = arrowMarks({ x: [4, 3, 2, 1, 0], y: [0, 0, 0, 0, 0] }, { lo: 0, hi: 4 }, { lo: -1, hi: 1 });
    expect(left.map((m) => m.symbolRotate)).toEqual([90, 90, 90]);
    const up = arrowMarks({ x: [0, 0, 0, 0, 0], y: [0, 1, 2, 3, 4] }, { lo: -1, hi: 1 }, { lo: 0, hi: 4 });
    expect(up.map((m) => m.symbolRotate)).toEqual([0, 0, 0]);
    expect(left[1]!.coord).toEqual([2, 0]);
    expect(arrowMarks({ x: [0, 1], y: [0, 1] }, { lo: 0, hi: 1 }, { lo: 0, hi: 1 })).toEqual([]);
  });

  it('puts arrows on scan series, shades the light-off stretches and steps the light trace', () => {
    const o = buildLineOption({
      title: 't',
      x: { label: 't', unit: 's' },
      y: { label: 'J', unit: 'mA/cm²' },
      y2: { label: 'light', unit: '' },
      shade: [{ from: 1, to: 2, label: 'off' }],
      series: [
        { name: 'reverse', x: [1.2, 0.6, 0, -0.1], y: [-5, 18, 20, 20], arrows: true },
        { name: 'light', x: [0, 1, 2, 3], y: [1, 0, 0, 1], yAxis: 1, step: true },
      ],
    }) as AnyOpt;
    expect(o['series'][0].markPoint.symbol).toBe('arrow');
    expect(o['series'][0].markPoint.data.length).toBeGreaterThan(0);
    expect(o['series'][0].markArea.data).toEqual([[{ xAxis: 1, name: 'off' }, { xAxis: 2 }]]);
    expect(o['series'][1].step).toBe('end');
    expect(o['series'][1].markPoint).toBeUndefined();
    // the light column is exported with the curve
    expect(
      buildLineCsv({
        x: { label: 't', unit: 's' },
        y: { label: 'J', unit: 'mA/cm²' },
        y2: { label: 'light', unit: '' },
        series: [
          { name: 'J', x: [0, 1], y: [2, 3] },
          { name: 'light', x: [0, 1], y: [1, 0], yAxis: 1 },
        ],
      }).split('\r\n')[0],
    ).toBe('t (s),J (mA/cm²),light');
  });

  it('gives a Nyquist plot one range on both axes and a square frame', () => {
    const series = [{ name: 'Z', x: [10, 40, 120], y: [0, 25, 3] }];
    expect(equalRange(series)).toEqual({ min: 0, max: 120 });
    const o = buildLineOption({
      title: 'N',
      x: { label: "Z'", unit: 'Ω·cm²' },
      y: { label: "-Z''", unit: 'Ω·cm²' },
      series,
      equalAspect: true,
    }) as AnyOpt;
    expect([o['xAxis'].min, o['xAxis'].max]).toEqual([0, 120]);
    expect([o['yAxis'][0].min, o['yAxis'][0].max]).toEqual([0, 120]);
    expect(o['grid'].left).toBe(o['grid'].right);
    expect(o['grid'].top).toBe(o['grid'].bottom);
    expect(o['grid'].left).toBe(o['grid'].top);
  });
});

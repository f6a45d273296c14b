import { describe, expect, it } from 'vitest';
import {
  type FitCurveData,
  fitCurve,
  fitCurves,
  fQuantile,
  normalQuantile,
  studentTQuantile,
} from '../../src/circuit/fit.js';
import { modifiedCircuit, SdmSolver, simulateCircuit, twoDiodeCircuit } from '../../src/circuit/models.js';
import { Prng } from '../../src/circuit/prng.js';
import { thermalVoltageV } from '../../src/constants.js';

const linspace = (a: number, b: number, n: number) => Array.from({ length: n }, (_, i) => a + ((b - a) * i) / (n - 1));
const SDM_KEYS = ['jphMaCm2', 'j0MaCm2', 'n', 'rsOhmCm2', 'rshOhmCm2'] as const;

describe('statistics helpers', () => {
  it('quantiles', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 12);
    expect(studentTQuantile(0.975, 10)).toBeCloseTo(2.228, 2);
    expect(studentTQuantile(0.975, 1000)).toBeCloseTo(1.962, 3);
    // F(5, 1000) at 0.95 = 2.2226; F(2, 20) at 0.95 = 3.4928
    expect(Math.abs(fQuantile(0.95, 5, 1000) / 2.2226 - 1)).toBeLessThan(0.01);
    expect(Math.abs(fQuantile(0.95, 2, 20) / 3.4928 - 1)).toBeLessThan(0.02);
  });
});

describe('single-diode fit', () => {
  it('flags a parameter at its bound', () => {
    // data from a cell with n = 1.2 fitted with n limited to [1.5, 3]
    const p = { jphMaCm2: 30, j0MaCm2: 1e-10, n: 1.2, rsOhmCm2: 1, rshOhmCm2: 3000, tK: 300 };
    const v = linspace(-0.1, 0.8, 200);
    const j = new SdmSolver(p).curve(v);
    const f = fitCurve({ model: 'sdm', voltageV: v, jMaCm2: j, tK: 300, bounds: { n: [1.5, 3] } });
    const n = f.parameters.find((x) => x.key === 'n')!;
    expect(n.atBound).toBe('lower');
    // a dimensionless parameter's bound has no unit after it (once read "hit its lower bound 1.5 1:")
    expect(f.warnings.map((w) => w.text)).toContain(
      'n (ideality factor) hit its lower bound 1.5: widen the range or check the data',
    );
    expect(f.warnings).toContainEqual(
      expect.objectContaining({
        code: 'fit.at-bound',
        params: { param: 'n', description: 'ideality factor', curveLabel: '', side: 'lower', bound: 1.5, unit: '' },
      }),
    );
    for (const q of f.parameters) {
      expect(Number.isFinite(q.ciLow) && Number.isFinite(q.ciHigh), q.key).toBe(true);
      expect(q.ciLow).toBeLessThanOrEqual(q.value);
      expect(q.ciHigh).toBeGreaterThanOrEqual(q.value);
    }
  });
  it('gives undetermined parameters intervals spanning their range instead of failing', () => {
    // a shunt-dominated curve: the diode current never exceeds a few uA/cm^2 in the sweep
    const p = { jphMaCm2: 5, j0MaCm2: 1e-25, n: 1, rsOhmCm2: 1, rshOhmCm2: 20, tK: 300 };
    const v = linspace(-0.1, 0.15, 200);
    const rng = new Prng(3);
    const j = Array.from(new SdmSolver(p).curve(v), (x) => x + 0.005 * rng.normal());
    const f = fitCurve({ model: 'sdm', voltageV: v, jMaCm2: j, tK: 300 });
    expect(f.rmseMaCm2).toBeLessThan(0.006);
    // the diode is not seen: its parameters' intervals cover (nearly) their whole range
    const n = f.parameters.find((q) => q.key === 'n')!;
    expect(n.ciHigh - n.ciLow).toBeGreaterThan(10);
    for (const q of f.parameters) {
      expect(Number.isNaN(q.ciLow) || Number.isNaN(q.ciHigh), q.key).toBe(false);
    }
  });
  it('rejects bad input with clear messages', () => {
    const v = linspace(0, 1, 5);
    expect(() => fitCurve({ model: 'sdm', voltageV: v, jMaCm2: v, tK: 300 })).toThrow(/at least 10 points/);
    const v2 = linspace(0, 1, 20);
    v2[5] = 0.1;
    expect(() => fitCurve({ model: 'sdm', voltageV: v2, jMaCm2: v2, tK: 300 })).toThrow(/increase strictly/);
    expect(() =>
      fitCurve({ model: 'modified', voltageV: linspace(0, 1, 20), jMaCm2: linspace(0, 1, 20), tK: 300 }),
    ).toThrow(/absorber/);
  });
  it('is reproducible for a given seed', () => {
    const p = { jphMaCm2: 22, j0MaCm2: 2e-11, n: 1.6, rsOhmCm2: 4, rshOhmCm2: 3000, tK: 300 };
    const v = linspace(-0.2, 1.25, 300);
    const rng = new Prng(5);
    const j = Array.from(new SdmSolver(p).curve(v), (x) => x + 0.02 * rng.normal());
    const a = fitCurve({ model: 'sdm', voltageV: v, jMaCm2: j, tK: 300, seed: 3 });
    const b = fitCurve({ model: 'sdm', voltageV: v, jMaCm2: j, tK: 300, seed: 3 });
    expect(a.params).toEqual(b.params);
    expect(a.r2).toBeGreaterThan(0.9999);
    expect(a.residualsMaCm2.length).toBe(300);
  });

  it('robustness: 200 random curves across the fit ranges, 0.1 % noise', () => {
    // Parameters drawn across the spec section 9 ranges where a curve has a power quadrant:
    // Jph 5..45 mA/cm^2, n 1..2.5, Voc 0.4..1.3 V (sets J0, kept <= 1e-3 mA/cm^2),
    // Rs 0.1..10 Ohm cm^2 and Rsh 1e2..1e5 Ohm cm^2 (log-uniform); 1000 points from -0.1 V to
    // 1.1 Voc + 0.05 V; Gaussian noise sigma = 0.1 % of Jsc.
    const rng = new Prng(2026);
    const N = 200;
    let worst = 0;
    let joint = 0;
    const individual: Record<string, number> = {};
    const started = performance.now();
    for (let c = 0; c < N; c++) {
      const jph = rng.uniform(5, 45);
      const n = rng.uniform(1, 2.5);
      const voc = rng.uniform(0.4, 1.3);
      const j0 = jph / Math.expm1(voc / (n * thermalVoltageV(300)));
      if (j0 > 1e-3) {
        c--;
        continue;
      }
      const p = {
        jphMaCm2: jph,
        j0MaCm2: j0,
        n,
        rsOhmCm2: 10 ** rng.uniform(-1, 1),
        rshOhmCm2: 10 ** rng.uniform(2, 5),
        tK: 300,
      };
      const s = new SdmSolver(p);
      const truth = s.keyFigures();
      const v = linspace(-0.1, 1.1 * truth.vocV + 0.05, 1000);
      const sigma = 1e-3 * truth.jscMaCm2;
      const j = Array.from(s.curve(v), (x) => x + sigma * rng.normal());
      const f = fitCurve({ model: 'sdm', voltageV: v, jMaCm2: j, tK: 300, seed: c + 1 });
      const k = f.modelKeyFigures!;
      const err = Math.max(
        Math.abs(k.jscMaCm2 / truth.jscMaCm2 - 1),
        Math.abs(k.vocV / truth.vocV - 1),
        Math.abs(k.ff / truth.ff - 1),
      );
      worst = Math.max(worst, err);
      expect(err, `curve ${c}: Jsc, Voc or FF off by ${err}`).toBeLessThan(0.005);
      let all = true;
      for (const key of SDM_KEYS) {
        const q = f.parameters.find((x) => x.key === key)!;
        const t = p[key];
        all &&= t >= q.ciLow && t <= q.ciHigh;
        if (t >= q.ciLowIndividual && t <= q.ciHighIndividual) individual[key] = (individual[key] ?? 0) + 1;
      }
      if (all) joint++;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `robustness: ${N} curves in ${seconds.toFixed(1)} s; worst Jsc/Voc/FF error ${(100 * worst).toFixed(4)} %; ` +
        `all 5 parameters inside their simultaneous 95 % intervals in ${joint}/${N}; ` +
        `individual 95 % interval coverage ${JSON.stringify(individual)}`,
    );
    expect(joint / N).toBeGreaterThanOrEqual(0.95);
    // one-at-a-time intervals cover each parameter at about their nominal 95 %
    for (const key of SDM_KEYS) expect(individual[key]! / N).toBeGreaterThan(0.9);
  }, 60_000);
});

describe('modified-model fit', () => {
  const absorber = { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300, j0RadMaCm2: 3e-22 };
  it('recovers a noise-free curve with bulk and interface recombination', () => {
    const truth = {
      jphMaCm2: 22.5,
      yBulkPerS: 2e6,
      uIfPerCm2S: 3e3,
      yAugerPerS: 1e-10,
      rsOhmCm2: 2.5,
      rshOhmCm2: 5000,
    };
    const v = linspace(-0.1, 1.25, 1000);
    const sim = simulateCircuit(modifiedCircuit(truth, absorber), v);
    const f = fitCurve({ model: 'modified', voltageV: v, jMaCm2: sim.jMaCm2, tK: 300, absorber });
    expect(f.rmseMaCm2).toBeLessThan(1e-6);
    expect(Math.abs(f.params['jphMaCm2']! / truth.jphMaCm2 - 1)).toBeLessThan(1e-6);
    expect(Math.abs(f.params['yBulkPerS']! / truth.yBulkPerS - 1)).toBeLessThan(1e-3);
    expect(Math.abs(f.params['uIfPerCm2S']! / truth.uIfPerCm2S - 1)).toBeLessThan(1e-3);
    expect(Math.abs(f.params['rsOhmCm2']! / truth.rsOhmCm2 - 1)).toBeLessThan(1e-3);
    expect(Math.abs(f.params['rshOhmCm2']! / truth.rshOhmCm2 - 1)).toBeLessThan(1e-3);
    expect(Math.abs(f.modelKeyFigures!.pcePercent - sim.keyFigures.pcePercent)).toBeLessThan(1e-6);
  });
});

describe('modified-model fit: random devices', () => {
  it('recovers Jsc, Voc, FF and reaches the noise level on 12 random noisy curves', async () => {
    const { radiativeJ0MaCm2 } = await import('../../src/spectra/radiative-limit.js');
    const rng = new Prng(99);
    for (let c = 0; c < 12; c++) {
      const eg = rng.uniform(1.2, 1.8);
      const absorber = {
        thicknessNm: rng.uniform(300, 800),
        ncCm3: 2e18,
        nvCm3: 2e18,
        egEV: eg,
        tK: 300,
        j0RadMaCm2: radiativeJ0MaCm2(eg, 300),
      };
      const p = {
        jphMaCm2: rng.uniform(15, 26),
        yBulkPerS: 10 ** rng.uniform(4, 9),
        uIfPerCm2S: 10 ** rng.uniform(0, 6),
        yAugerPerS: 10 ** rng.uniform(-20, -10),
        rsOhmCm2: 10 ** rng.uniform(-0.5, 1),
        rshOhmCm2: 10 ** rng.uniform(2.5, 6),
      };
      const circuit = modifiedCircuit(p, absorber);
      const voc = simulateCircuit(circuit, [0]).keyFigures.vocV;
      const v = linspace(-0.1, 1.1 * voc + 0.05, 1000);
      const sim = simulateCircuit(circuit, v);
      const sigma = 1e-3 * sim.keyFigures.jscMaCm2;
      const j = sim.jMaCm2.map((x) => x + sigma * rng.normal());
      const f = fitCurve({ model: 'modified', voltageV: v, jMaCm2: j, tK: 300, absorber, seed: c + 1 });
      const k = f.modelKeyFigures!;
      const t = sim.keyFigures;
      expect(Math.abs(k.jscMaCm2 / t.jscMaCm2 - 1), `curve ${c} Jsc`).toBeLessThan(0.005);
      expect(Math.abs(k.vocV / t.vocV - 1), `curve ${c} Voc`).toBeLessThan(0.005);
      expect(Math.abs(k.ff / t.ff - 1), `curve ${c} FF`).toBeLessThan(0.005);
      expect(f.rmseMaCm2 / sigma, `curve ${c} RMSE / noise`).toBeLessThan(1.1);
    }
  }, 60_000);
  it('fits the interface ideality when asked', () => {
    const absorber = { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300, nIf: 1.5 };
    const truth = {
      jphMaCm2: 22.5,
      yBulkPerS: 1e5,
      uIfPerCm2S: 3e5,
      yAugerPerS: 1e-20,
      rsOhmCm2: 2.5,
      rshOhmCm2: 5000,
    };
    const v = linspace(-0.1, 1.25, 600);
    const sim = simulateCircuit(modifiedCircuit(truth, absorber), v);
    const f = fitCurve({
      model: 'modified',
      voltageV: v,
      jMaCm2: sim.jMaCm2,
      tK: 300,
      absorber: { ...absorber, nIf: 1 },
      fitInterfaceIdeality: true,
    });
    expect(f.rmseMaCm2).toBeLessThan(1e-5);
    expect(Math.abs(f.params['nIf']! - 1.5)).toBeLessThan(1e-3);
    const held = fitCurve({ model: 'modified', voltageV: v, jMaCm2: sim.jMaCm2, tK: 300, absorber });
    expect(held.parameters.find((p) => p.key === 'nIf')!.fixed).toBe(true);
    expect(held.params['nIf']).toBe(1.5);
  });
  it('single-diode start option reaches the same optimum', () => {
    const absorber = { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300, j0RadMaCm2: 3e-22 };
    const truth = {
      jphMaCm2: 22.5,
      yBulkPerS: 2e6,
      uIfPerCm2S: 3e3,
      yAugerPerS: 1e-20,
      rsOhmCm2: 2.5,
      rshOhmCm2: 5000,
    };
    const v = linspace(-0.1, 1.25, 500);
    const sim = simulateCircuit(modifiedCircuit(truth, absorber), v);
    const a = fitCurve({ model: 'modified', voltageV: v, jMaCm2: sim.jMaCm2, tK: 300, absorber });
    const b = fitCurve({
      model: 'modified',
      voltageV: v,
      jMaCm2: sim.jMaCm2,
      tK: 300,
      absorber,
      singleDiodeStart: true,
    });
    expect(a.rmseMaCm2).toBeLessThan(1e-6);
    expect(b.rmseMaCm2).toBeLessThan(1e-6);
    expect(Math.abs(b.params['yBulkPerS']! / truth.yBulkPerS - 1)).toBeLessThan(1e-3);
  });
});

describe('dark and two-diode fits', () => {
  it('fits a dark curve over decades with relative weighting (Jph held at 0)', async () => {
    const { fitMeasuredCurve } = await import('../../src/circuit/index.js');
    const { parseCurveText } = await import('../../src/circuit/measured-curve.js');
    const truth = { jphMaCm2: 0, j0MaCm2: 5e-9, n: 1.8, rsOhmCm2: 2, rshOhmCm2: 2e4, tK: 300 };
    const s = new SdmSolver(truth);
    const v = linspace(-0.3, 1.0, 261);
    const rng = new Prng(11);
    // 0.5 % multiplicative noise; reported in A with an area of 0.1 cm^2 and the opposite sign
    const text = [
      'V (V),I (A)',
      ...v.map((x) => `${x},${-(s.jAtV(x) * (1 + 0.005 * rng.normal()) * 1e-3 * 0.1)}`),
    ].join('\n');
    const curve = parseCurveText(text, { areaCm2: 0.1 });
    expect(curve.detected.illumination).toBe('dark');
    const f = fitMeasuredCurve(curve, { model: 'sdm', tK: 300 });
    expect(f.params['jphMaCm2']).toBe(0);
    expect(Math.abs(f.params['n']! / truth.n - 1)).toBeLessThan(0.01);
    expect(Math.abs(Math.log10(f.params['j0MaCm2']! / truth.j0MaCm2))).toBeLessThan(0.05);
    expect(Math.abs(f.params['rsOhmCm2']! / truth.rsOhmCm2 - 1)).toBeLessThan(0.05);
    expect(Math.abs(f.params['rshOhmCm2']! / truth.rshOhmCm2 - 1)).toBeLessThan(0.05);
  });
  it('recovers two-diode parameters from a noise-free curve', () => {
    const two = { jphMaCm2: 40.5, j01MaCm2: 2e-10, j02MaCm2: 1e-5, rsOhmCm2: 0.6, rshOhmCm2: 2000, tK: 298.15 };
    const v = linspace(-0.1, 0.72, 400);
    const sim = simulateCircuit(twoDiodeCircuit(two), v);
    const f = fitCurve({ model: '2dm', voltageV: v, jMaCm2: sim.jMaCm2, tK: two.tK });
    expect(f.rmseMaCm2).toBeLessThan(1e-7);
    for (const key of ['jphMaCm2', 'j01MaCm2', 'j02MaCm2', 'rsOhmCm2', 'rshOhmCm2'] as const) {
      expect(Math.abs(f.params[key]! / two[key] - 1), key).toBeLessThan(1e-3);
    }
  });
});

describe('uncertainty: serial correlation, profile likelihood, several curves', () => {
  const absorber = { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300 };
  const truth = { jphMaCm2: 22.5, yBulkPerS: 2e6, uIfPerCm2S: 3e4, yAugerPerS: 0, rsOhmCm2: 2.5, rshOhmCm2: 5000 };
  const circuit = modifiedCircuit(truth, { ...absorber, nIf: 1.5 });
  const v = linspace(-0.1, 1.2, 400);
  const clean = simulateCircuit(circuit, v).jMaCm2;
  const known = { yBulkPerS: 2e6, yAugerPerS: 0 };
  const noisy = (seed: number) => {
    const rng = new Prng(seed);
    return clean.map((x) => x + 0.02 * rng.normal());
  };
  // y_bulk and y_Aug known, one Jph and Rsh per curve: the split as the platform fits it
  const together = (curves: FitCurveData[]) =>
    fitCurves({
      model: 'modified',
      tK: 300,
      absorber,
      fixed: known,
      fitInterfaceIdeality: true,
      perCurve: ['jphMaCm2', 'rshOhmCm2'],
      curves,
    });

  it('white noise: the residuals are independent, the profile intervals close and agree with the linearised ones', () => {
    const f = fitCurve({
      model: 'modified',
      voltageV: v,
      jMaCm2: noisy(8),
      tK: 300,
      absorber,
      fixed: known,
      fitInterfaceIdeality: true,
      intervals: 'individual',
    });
    expect(Math.abs(f.residualAutocorrelation)).toBeLessThan(0.15);
    expect(f.noiseInflation).toBeLessThan(1.4);
    for (const p of f.parameters.filter((q) => !q.fixed)) {
      expect(p.identifiability, p.key).toBe('determined');
      const t = (truth as Record<string, number>)[p.key] ?? (p.key === 'nIf' ? 1.5 : Number.NaN);
      expect(t >= p.profileLow && t <= p.profileHigh, `${p.key} ${t} in [${p.profileLow}, ${p.profileHigh}]`).toBe(
        true,
      );
      // nearly linear here: the profile interval is the linearised one within a few per cent of its width
      const [a, b] = p.logScale ? [Math.log10(p.profileLow), Math.log10(p.profileHigh)] : [p.profileLow, p.profileHigh];
      const [c, d] = p.logScale ? [Math.log10(p.ciLow), Math.log10(p.ciHigh)] : [p.ciLow, p.ciHigh];
      expect(Math.abs(b - a - (d - c)) / (d - c), p.key).toBeLessThan(0.15);
    }
  });

  it('a recombination channel the curve does not need is not determined: compatible with 0', () => {
    const f = fitCurve({
      model: 'modified',
      voltageV: v,
      jMaCm2: noisy(9),
      tK: 300,
      absorber: { ...absorber, nIf: 1.5 },
      fixed: { yBulkPerS: 2e6 },
    });
    const aug = f.parameters.find((p) => p.key === 'yAugerPerS')!;
    expect(aug.identifiability).toBe('upper-limit');
    expect(aug.profileLow).toBe(0);
    expect(aug.profileHigh).toBeGreaterThan(0);
  });

  it('a pattern in the residuals (model error) widens the intervals and says so', () => {
    // a curve of two diodes (n = 1 and 1.9) fitted with one interface diode of fixed ideality 1
    const two = simulateCircuit({ ...circuit, diodes: [...circuit.diodes, { j0MaCm2: 3e-9, n: 1.9 }] }, v).jMaCm2;
    const f = fitCurve({ model: 'modified', voltageV: v, jMaCm2: two, tK: 300, absorber, fixed: known });
    expect(f.residualAutocorrelation).toBeGreaterThan(0.8);
    expect(f.noiseInflation).toBeGreaterThan(9);
    expect(f.warnings.map((w) => w.text).join(' ')).toMatch(
      /the residuals follow a pattern \(lag-1 autocorrelation 0\.\d\d\)/,
    );
  });

  it('several curves: a dark curve whose small currents are all noise does not drown the light curve', () => {
    const rng = new Prng(12);
    const dark = simulateCircuit(modifiedCircuit({ ...truth, jphMaCm2: 0 }, { ...absorber, nIf: 1.5 }), v).jMaCm2.map(
      // 0.2 % of J and 5 uA/cm^2: near 0 V the relative residuals are all noise
      (x) => x * (1 + 0.002 * rng.normal()) + 0.005 * rng.normal(),
    );
    const f = together([
      { label: 'light', voltageV: v, jMaCm2: noisy(13) },
      { label: 'dark', voltageV: v, jMaCm2: dark, weighting: 'relative', fixed: { jphMaCm2: 0 } },
    ]);
    expect(Math.abs(Math.log10(f.params['uIfPerCm2S']! / truth.uIfPerCm2S))).toBeLessThan(0.05);
    expect(Math.abs(f.params['nIf']! - 1.5)).toBeLessThan(0.01);
    expect(f.curves[0]!.rmseMaCm2 / 0.02).toBeLessThan(1.2);
  });

  it('several curves: shared parameters from two intensities, one Jph and Rsh per curve', () => {
    const rng = new Prng(10);
    const hi = modifiedCircuit({ ...truth, jphMaCm2: 225, rshOhmCm2: 500 }, { ...absorber, nIf: 1.5 });
    const jHi = simulateCircuit(hi, v).jMaCm2.map((x) => x + 0.2 * rng.normal());
    const jLo = clean.map((x) => x + 0.02 * rng.normal());
    const f = together([
      { label: '1 sun', voltageV: v, jMaCm2: jLo },
      { label: '10 suns', voltageV: v, jMaCm2: jHi, pinMwCm2: 1000 },
    ]);
    expect(f.curves.map((c) => c.label)).toEqual(['1 sun', '10 suns']);
    expect(f.curves[0]!.params['jphMaCm2']).toBeCloseTo(22.5, 1);
    expect(f.curves[1]!.params['jphMaCm2']).toBeCloseTo(225, 0);
    expect(Math.abs(f.curves[1]!.params['rshOhmCm2']! / 500 - 1)).toBeLessThan(0.1);
    expect(Math.abs(Math.log10(f.params['uIfPerCm2S']! / truth.uIfPerCm2S))).toBeLessThan(0.1);
    expect(Math.abs(f.params['rsOhmCm2']! - 2.5)).toBeLessThan(0.05);
    expect(f.curves[1]!.rmseMaCm2 / 0.2).toBeLessThan(1.2);
    expect(f.curves[1]!.modelKeyFigures!.pinMwCm2).toBe(1000);
    expect(f.parameters.filter((p) => p.key === 'jphMaCm2').map((p) => p.curve)).toEqual([0, 1]);
    expect(f.correlation.keys).toContain('jphMaCm2[1]');
  });
});

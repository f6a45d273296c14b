import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { modifiedCircuit, simulateCircuit } from '../../src/circuit/models.js';
import { Prng } from '../../src/circuit/prng.js';
import { runCircuitJob } from '../../src/jobs/circuit-job.js';
import { parseSpectrumCsv } from '../../src/spectra/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const spectrum = parseSpectrumCsv(readFileSync(join(root, 'assets/data/spectra/am15g.csv'), 'utf8'), 'AM1.5G');
const spectrum1nm = parseSpectrumCsv(
  readFileSync(join(root, 'assets/data/spectra/am15g_1nm_300_1600.csv'), 'utf8'),
  'AM1.5G 300-1600 nm',
);
const linspace = (a: number, b: number, n: number) => Array.from({ length: n }, (_, i) => a + ((b - a) * i) / (n - 1));

describe('runCircuitJob', () => {
  it('simulates with an infinite shunt given as null', () => {
    const r = runCircuitJob({
      kind: 'simulate-sdm',
      params: { jphMaCm2: 38, j0MaCm2: 2e-10, n: 1, rsOhmCm2: 0, rshOhmCm2: null, tK: 298.15 },
      voltageV: linspace(0, 0.7, 8),
    });
    if (r.kind !== 'simulate-sdm') throw new Error('wrong kind');
    expect(r.curve.keyFigures.jscMaCm2).toBe(38);
    expect(r.curve.jMaCm2.length).toBe(8);
  });
  it('fits a measured text file with the modified model and splits its losses', () => {
    const absorber = { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300 };
    const truth = { jphMaCm2: 23, yBulkPerS: 1e6, uIfPerCm2S: 1e3, yAugerPerS: 0, rsOhmCm2: 3, rshOhmCm2: 3000 };
    const v = linspace(-0.1, 1.25, 271);
    const sim = simulateCircuit(modifiedCircuit(truth, absorber), v);
    const rng = new Prng(4);
    const text = [
      'Voltage (mV);J (mA/cm2)',
      ...v.map(
        (x, i) =>
          `${(1e3 * x).toFixed(3).replace('.', ',')};${(sim.jMaCm2[i]! + 0.02 * rng.normal()).toFixed(4).replace('.', ',')}`,
      ),
    ].join('\n');
    const r = runCircuitJob({
      kind: 'fit',
      model: 'modified',
      tK: 300,
      curve: { text },
      absorber,
      knowns: { bulk: { yBulkPerS: 1e6 }, auger: 'off' },
      spectrum,
    });
    if (r.kind !== 'fit') throw new Error('wrong kind');
    expect(r.input?.detected.voltageUnit).toBe('mV');
    expect(r.fit.rmseMaCm2).toBeLessThan(0.025);
    expect(Math.abs(r.fit.modelKeyFigures!.pcePercent! - sim.keyFigures.pcePercent)).toBeLessThan(0.05);
    expect(r.knowns).toMatchObject({ yBulkPerS: 1e6, bulkSource: 'given', yAugerPerS: 0, augerSource: 'off' });
    const c = r.curves![0]!;
    expect(c.illumination).toBe('light');
    expect(c.ranking).toEqual(expect.arrayContaining(['bulk', 'interface', 'series', 'shunt']));
    const losses = c.losses!;
    const total = losses.waterfall.reduce((s, w) => s + w.lossMwCm2!, 0);
    expect(Math.abs(losses.pinMwCm2! - total - losses.device.pmaxMwCm2!)).toBeLessThan(1e-9);
  });
  it('uses one incident power for the key figures of the fit and its loss analysis', () => {
    const absorber = { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300 };
    const truth = { jphMaCm2: 23, yBulkPerS: 1e6, uIfPerCm2S: 1e3, yAugerPerS: 0, rsOhmCm2: 3, rshOhmCm2: 3000 };
    const v = linspace(-0.05, 1.2, 120);
    const sim = simulateCircuit(modifiedCircuit(truth, absorber), v);
    for (const s of [spectrum, spectrum1nm]) {
      const r = runCircuitJob({
        kind: 'fit',
        model: 'modified',
        tK: 300,
        curve: { voltageV: v, jMaCm2: sim.jMaCm2 },
        absorber,
        knowns: { bulk: { tauBulkS: 5e-7 }, auger: 'off' },
        options: { pinMwCm2: 100 },
        spectrum: s,
      });
      if (r.kind !== 'fit') throw new Error('wrong kind');
      const losses = r.curves![0]!.losses!;
      expect(losses.pinMwCm2).toBe(100);
      expect(losses.device.pcePercent).toBeCloseTo(r.fit.modelKeyFigures!.pcePercent!, 10);
      expect(losses.pcePercent).toBeCloseTo(r.fit.modelKeyFigures!.pcePercent!, 10);
      expect(losses.waterfall.at(-1)!.remainingMwCm2! / 100).toBeCloseTo(losses.pcePercent! / 100, 12);
    }
  });
  it('fits a light and a dark curve of one device together: shared recombination, one Jph per curve', () => {
    const absorber = { thicknessNm: 600, ncCm3: 2e18, nvCm3: 2e18, egEV: 1.55, tK: 300, nIf: 1.4 };
    const truth = { jphMaCm2: 22, yBulkPerS: 2e6, uIfPerCm2S: 3e4, yAugerPerS: 0, rsOhmCm2: 2, rshOhmCm2: 5e3 };
    const v = linspace(-0.1, 1.2, 200);
    const light = simulateCircuit(modifiedCircuit(truth, absorber), v).jMaCm2;
    const dark = simulateCircuit(modifiedCircuit({ ...truth, jphMaCm2: 0 }, absorber), v).jMaCm2;
    const r = runCircuitJob({
      kind: 'fit',
      model: 'modified',
      tK: 300,
      curves: [
        { label: '1 sun', voltageV: v, jMaCm2: light, pinMwCm2: 100 },
        { label: 'dark', voltageV: v, jMaCm2: dark },
      ],
      absorber: { ...absorber, nIf: 1 },
      knowns: { bulk: { yBulkPerS: 2e6 }, auger: 'off' },
    });
    if (r.kind !== 'fit') throw new Error('wrong kind');
    expect(r.fit.curves.map((c) => c.label)).toEqual(['1 sun', 'dark']);
    expect(r.curves!.map((c) => c.illumination)).toEqual(['light', 'dark']);
    expect(r.fit.curves[1]!.params['jphMaCm2']).toBe(0);
    const shared = r.fit.parameters.filter((p) => p.curve === null && !p.fixed).map((p) => p.key);
    expect(shared.sort()).toEqual(['nIf', 'rsOhmCm2', 'uIfPerCm2S']);
    expect(Math.abs(r.fit.params['uIfPerCm2S']! / truth.uIfPerCm2S - 1)).toBeLessThan(1e-3);
    expect(Math.abs(r.fit.params['nIf']! - 1.4)).toBeLessThan(1e-4);
    expect(Math.abs(r.fit.params['rsOhmCm2']! - 2)).toBeLessThan(1e-3);
    expect(r.curves![1]!.removal).toBeUndefined();
    expect(r.curves![0]!.removal!.length).toBe(6);
  });
  it('refuses a modified fit without the absorber facts, and several curves for other models', () => {
    const v = linspace(0, 1, 20);
    expect(() =>
      runCircuitJob({
        kind: 'fit',
        model: 'modified',
        tK: 300,
        curve: { voltageV: v, jMaCm2: v },
        absorber: { thicknessNm: 500, ncCm3: 1e18, nvCm3: 1e18, egEV: 1.6, tK: 300 },
      }),
    ).toThrow(/knowns: the split needs what is known of the absorber/);
    expect(() => runCircuitJob({ kind: 'fit', model: 'sdm', tK: 300, curves: [{ voltageV: v, jMaCm2: v }] })).toThrow(
      /curves: several curves are fitted together by the modified model only/,
    );
  });
  it('runs the detailed-balance calculator and rejects unknown kinds', () => {
    const r = runCircuitJob({ kind: 'detailed-balance', egEV: 1.34, spectrum });
    if (r.kind !== 'detailed-balance') throw new Error('wrong kind');
    expect(Math.abs(r.result.pcePercent! - 33.7)).toBeLessThan(0.1);
    expect(() => runCircuitJob(JSON.parse('{"kind":"nope"}'))).toThrow(
      /^kind: must be one of simulate-sdm, .* \(got "nope"\)$/,
    );
  });
});

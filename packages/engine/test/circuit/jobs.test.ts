import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCircuitJob } from '../../src/circuit/jobs.js';
import { modifiedCircuit, simulateCircuit } from '../../src/circuit/models.js';
import { Prng } from '../../src/circuit/prng.js';
import { parseIrradianceCsv } from '../../src/losses/spectrum.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const spectrum = parseIrradianceCsv(readFileSync(join(root, 'assets/data/spectra/am15g.csv'), 'utf8'));
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
    const r = runCircuitJob({ kind: 'fit', model: 'modified', tK: 300, curve: { text }, absorber, spectrum });
    if (r.kind !== 'fit') throw new Error('wrong kind');
    expect(r.input?.detected.voltageUnit).toBe('mV');
    expect(r.fit.rmseMaCm2).toBeLessThan(0.025);
    expect(Math.abs(r.fit.modelKeyFigures!.pcePercent - sim.keyFigures.pcePercent)).toBeLessThan(0.05);
    expect(r.losses).toBeDefined();
    const total = r.losses!.waterfall.reduce((s, w) => s + w.lossMwCm2, 0);
    expect(Math.abs(r.losses!.detailedBalance.pinMwCm2 - total - r.losses!.device.pmaxMwCm2)).toBeLessThan(1e-9);
  });
  it('runs the detailed-balance calculator and rejects unknown kinds', () => {
    const r = runCircuitJob({ kind: 'detailed-balance', egEV: 1.34, spectrum });
    if (r.kind !== 'detailed-balance') throw new Error('wrong kind');
    expect(Math.abs(r.result.pcePercent - 33.7)).toBeLessThan(0.1);
    expect(() => runCircuitJob(JSON.parse('{"kind":"nope"}'))).toThrow(/unknown circuit job kind "nope"/);
  });
});

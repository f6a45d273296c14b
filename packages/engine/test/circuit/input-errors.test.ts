import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  analyseLosses,
  CircuitEvaluator,
  CircuitInputError,
  circuitKeyFigures,
  parseSpectrumCsv,
  runCircuitJob,
  SdmSolver,
  simulateModified,
  simulateSdm,
  simulateTwoDiode,
} from '../../src/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const am15g = parseSpectrumCsv(readFileSync(join(root, 'assets/data/spectra/am15g.csv'), 'utf8'), 'AM1.5G');
const sdm = { jphMaCm2: 23, j0MaCm2: 3e-12, n: 1.5, rsOhmCm2: 3, rshOhmCm2: 2000, tK: 300 };
const v = [0, 0.3, 0.6, 0.9, 1.2];
const vt = 0.025852;

describe('bad circuit parameters are errors naming the parameter, never zeros', () => {
  it('simulateSdm refuses NaN, negative or infinite J0, n <= 0, NaN Jph, negative Rs', () => {
    const cases: [Partial<typeof sdm>, RegExp][] = [
      [{ j0MaCm2: Number.NaN }, /j0MaCm2: must be a finite number \(got NaN\)/],
      [{ j0MaCm2: -1e-12 }, /j0MaCm2: must be >= 0 \(got -1e-12\)/],
      [{ j0MaCm2: Number.POSITIVE_INFINITY }, /j0MaCm2: must be a finite number \(got Infinity\)/],
      [{ n: 0 }, /n: must be > 0 \(got 0\)/],
      [{ jphMaCm2: Number.NaN }, /jphMaCm2: must be a finite number \(got NaN\)/],
      [{ rsOhmCm2: -1 }, /rsOhmCm2: must be >= 0 \(got -1\)/],
      [{ rshOhmCm2: 0 }, /rshOhmCm2: must be > 0 \(got 0\)/],
      [{ tK: -3 }, /tK: must be > 0 \(got -3\)/],
    ];
    for (const [bad, msg] of cases) {
      expect(() => simulateSdm({ ...sdm, ...bad }, v), JSON.stringify(bad)).toThrow(CircuitInputError);
      expect(() => simulateSdm({ ...sdm, ...bad }, v), JSON.stringify(bad)).toThrow(msg);
    }
    expect(() => new SdmSolver({ ...sdm, j0MaCm2: Number.NaN })).toThrow(/j0MaCm2/);
  });

  it('a diode with negative or NaN J0 is refused, not silently dropped from the circuit', () => {
    const base = { jphMaCm2: 20, rsOhmCm2: 1, rshOhmCm2: 1e4, vtV: vt };
    expect(() => new CircuitEvaluator({ ...base, diodes: [{ j0MaCm2: -1e-12, n: 1 }] })).toThrow(
      /diodes\[0\]\.j0MaCm2: must be >= 0 \(got -1e-12\)/,
    );
    expect(
      () =>
        new CircuitEvaluator({
          ...base,
          diodes: [
            { j0MaCm2: 1e-12, n: 1 },
            { j0MaCm2: Number.NaN, n: 2 },
          ],
        }),
    ).toThrow(/diodes\[1\]\.j0MaCm2/);
    expect(() => new CircuitEvaluator({ ...base, diodes: [{ j0MaCm2: 1e-12, n: -1 }] })).toThrow(
      /diodes\[0\]\.n: must be > 0/,
    );
    expect(() =>
      simulateTwoDiode({ jphMaCm2: 20, j01MaCm2: 1e-12, j02MaCm2: -1e-8, rsOhmCm2: 1, rshOhmCm2: 1e4, tK: 300 }, v),
    ).toThrow(/j02MaCm2: must be >= 0 \(got -1e-8\)/);
    // a J0 of exactly 0 is a diode that is not there: the modified model with Auger off
    const off = simulateModified(
      { jphMaCm2: 23, yBulkPerS: 1e6, uIfPerCm2S: 1e3, yAugerPerS: 0, rsOhmCm2: 3, rshOhmCm2: 3000 },
      { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300 },
      v,
    );
    expect(off.components.auger.every((x) => x === 0)).toBe(true);
    expect(() =>
      simulateModified(
        { jphMaCm2: 23, yBulkPerS: 1e6, uIfPerCm2S: 1e3, yAugerPerS: 0, rsOhmCm2: 3, rshOhmCm2: 3000 },
        { thicknessNm: -500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300 },
        v,
      ),
    ).toThrow(/absorber\.thicknessNm: must be > 0 \(got -500\)/);
  });

  it('a dark circuit has a Jsc but no Voc, maximum power point, FF or PCE: NaN, not 0', () => {
    const ev = new CircuitEvaluator({
      jphMaCm2: 0,
      diodes: [{ j0MaCm2: 1e-9, n: 1.5 }],
      rsOhmCm2: 1,
      rshOhmCm2: 1e4,
      vtV: vt,
    });
    const k = circuitKeyFigures(ev);
    expect(k.jscMaCm2).toBe(0);
    for (const f of [k.vocV, k.vmpV, k.jmpMaCm2, k.pmaxMwCm2, k.ff, k.pcePercent]) expect(f).toBeNaN();
    expect(k.pinMwCm2).toBe(100);
  });

  it('a job result says null where a figure does not exist, so JSON and storage read the same', () => {
    const r = runCircuitJob({ kind: 'simulate-sdm', params: { ...sdm, jphMaCm2: 0 }, voltageV: v });
    if (r.kind !== 'simulate-sdm') throw new Error('wrong kind');
    expect(r.curve.keyFigures.vocV).toBeNull();
    expect(r.curve.keyFigures.ff).toBeNull();
    expect(r.curve.keyFigures.pcePercent).toBeNull();
    expect(Math.abs(r.curve.keyFigures.jscMaCm2!)).toBeLessThan(1e-20);
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });

  it('the loss analysis needs a device that delivers power, and says so', () => {
    expect(() =>
      analyseLosses({
        params: { jphMaCm2: 0, yBulkPerS: 1e6, uIfPerCm2S: 1e3, yAugerPerS: 0, rsOhmCm2: 3, rshOhmCm2: 3000 },
        absorber: { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300 },
        spectrum: am15g,
      }),
    ).toThrow(/params\.jphMaCm2: must be > 0/);
  });
});

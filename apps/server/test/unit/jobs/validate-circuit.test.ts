import { describe, expect, it } from 'vitest';
import { checkCalculationInput } from '../../../src/jobs/validate.js';

const absorber = { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 2.2e18, egEV: 1.6, tK: 300 };
const params = { jphMaCm2: 23, yBulkPerS: 3e6, uIfPerCm2S: 1e-2, yAugerPerS: 0, rsOhmCm2: 3, rshOhmCm2: 2000 };
const voltageV = [0, 0.4, 0.8, 1.2];

describe('circuit jobs are checked by the engine before they are queued', () => {
  it('refuses two-diode parameters the job schema leaves loose, naming the field', () => {
    const c = checkCalculationInput('circle', {
      kind: 'simulate-2dm',
      params: { jphMaCm2: 20, j01MaCm2: -1e-12, j02MaCm2: 1e-8, rsOhmCm2: 1, rshOhmCm2: null, tK: 300 },
      voltageV,
    });
    expect(c).toEqual({ ok: false, field: 'job', errors: ['params.j01MaCm2: must be >= 0 (got -1e-12)'] });
  });

  it('refuses a loss job whose spectrum runs backwards, and fit ranges that are empty', () => {
    const losses = checkCalculationInput('circle2', {
      kind: 'losses',
      params,
      absorber,
      spectrum: { wavelengthNm: [300, 900, 600], irradianceWm2Nm: [1, 1, 1] },
    });
    expect(losses.ok).toBe(false);
    if (!losses.ok) expect(losses.errors.join('\n')).toMatch(/^spectrum\.wavelengthNm\[2\]: wavelengths must increase/);
    const v = Array.from({ length: 20 }, (_, i) => i * 0.05);
    const fit = checkCalculationInput('circle', {
      kind: 'fit',
      model: 'sdm',
      tK: 300,
      curve: { voltageV: v, jMaCm2: v.map((x) => 20 - x) },
      options: { bounds: { rsOhmCm2: [5, 1] } },
    });
    expect(fit).toEqual({ ok: false, field: 'job', errors: ['options.bounds.rsOhmCm2: the range is empty ([5, 1])'] });
  });

  it('passes a sound job on unchanged', () => {
    const job = { kind: 'simulate-modified', params, absorber, voltageV };
    expect(checkCalculationInput('circle2', job)).toEqual({ ok: true, input: job });
  });
});

import { describe, expect, it } from 'vitest';
import { CircuitInputError, type CircuitJob, checkCircuitJobInput, runCircuitJob } from '../../src/index.js';

const absorber = { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300 };
const modified = { jphMaCm2: 23, yBulkPerS: 1e6, uIfPerCm2S: 1e3, yAugerPerS: 0, rsOhmCm2: 3, rshOhmCm2: 3000 };
const voltageV = [0, 0.2, 0.4, 0.6, 0.8, 1.0, 1.2];

/** The error runCircuitJob throws for a job (fails the test when it does not throw). */
function refusal(job: unknown): CircuitInputError {
  try {
    runCircuitJob(job as CircuitJob);
  } catch (e) {
    if (e instanceof CircuitInputError) return e;
    throw e;
  }
  throw new Error('runCircuitJob accepted the job');
}

describe('runCircuitJob checks its own input, for every caller', () => {
  it('refuses a negative absorber thickness instead of returning a PCE with a negative bulk current', () => {
    const e = refusal({
      kind: 'simulate-modified',
      params: modified,
      absorber: { ...absorber, thicknessNm: -500 },
      voltageV,
    });
    expect(e.errors).toContain('absorber.thicknessNm: must be > 0 (got -500)');
    expect(e.message).toContain('absorber.thicknessNm: must be > 0 (got -500)');
  });

  it('lists every problem of a job at once, each with its field path', () => {
    const e = refusal({
      kind: 'simulate-modified',
      params: { ...modified, rsOhmCm2: -1, yBulkPerS: Number.NaN, rshOhmCm2: 0 },
      absorber: { ...absorber, egEV: 0, ncCm3: Number.POSITIVE_INFINITY },
      voltageV: [0, Number.NaN, 0.5],
      pinMwCm2: -100,
    });
    const text = e.errors.join('\n');
    for (const field of [
      'params.rsOhmCm2',
      'params.yBulkPerS',
      'params.rshOhmCm2',
      'absorber.egEV',
      'absorber.ncCm3',
      'voltageV[1]',
      'pinMwCm2',
    ])
      expect(text).toContain(`${field}:`);
    expect(e.errors.length).toBe(7);
  });

  it('checks the loosely typed two-diode parameters (the job schema cannot)', () => {
    const e = refusal({
      kind: 'simulate-2dm',
      params: { jphMaCm2: 20, j01MaCm2: -1e-12, j02MaCm2: 1e-8, n2: 0, rsOhmCm2: 1, rshOhmCm2: null, tK: 300 },
      voltageV,
    });
    expect(e.errors).toContain('params.j01MaCm2: must be >= 0 (got -1e-12)');
    expect(e.errors).toContain('params.n2: must be > 0 (got 0)');
    const missing = refusal({ kind: 'simulate-2dm', params: { jphMaCm2: 20 }, voltageV });
    expect(missing.errors.join('\n')).toMatch(/params\.j01MaCm2: must be a number \(got nothing\)/);
  });

  it('refuses a spectrum whose wavelengths do not increase or whose irradiance is negative', () => {
    const e = refusal({
      kind: 'detailed-balance',
      egEV: 1.34,
      spectrum: { wavelengthNm: [300, 800, 700, 900], irradianceWm2Nm: [1, -1, 1, 1] },
    });
    expect(e.errors.join('\n')).toMatch(/spectrum\.wavelengthNm\[2\]: wavelengths must increase strictly/);
    expect(e.errors.join('\n')).toMatch(/spectrum\.irradianceWm2Nm\[1\]: must be finite and >= 0 \(got -1\)/);
    const gap = refusal({
      kind: 'detailed-balance',
      egEV: -1,
      tK: 0,
      spectrum: { wavelengthNm: [300, 900], irradianceWm2Nm: [1, 1] },
    });
    expect(gap.errors).toEqual(['egEV: must be > 0 (got -1)', 'tK: must be > 0 (got 0)']);
  });

  it('checks the fit options: ranges, fixed values and settings', () => {
    const v = Array.from({ length: 20 }, (_, i) => i * 0.05);
    const j = v.map((x) => 20 - 1e-9 * Math.expm1(x / 0.0259));
    const e = refusal({
      kind: 'fit',
      model: 'sdm',
      tK: 300,
      curve: { voltageV: v, jMaCm2: j },
      options: {
        bounds: { rsOhmCm2: [5, 1], j0MaCm2: [-1, 1e-3], nope: [0, 1] },
        fixed: { n: -1 },
        confidenceLevel: 1.5,
      },
    });
    const text = e.errors.join('\n');
    expect(text).toContain('options.bounds.rsOhmCm2: the range is empty ([5, 1])');
    expect(text).toContain('options.bounds.j0MaCm2: the lower bound must be >= 0 (got -1)');
    expect(text).toMatch(/options\.bounds\.nope: not a parameter of the sdm model/);
    expect(text).toContain('options.fixed.n: must be > 0 (got -1)');
    expect(text).toContain('options.confidenceLevel: must be between 0 and 1 (got 1.5)');
  });

  it('names the first few bad entries of an array and counts the rest', () => {
    const problems = checkCircuitJobInput({
      kind: 'simulate-sdm',
      params: { jphMaCm2: 23, j0MaCm2: 3e-12, n: 1.5, rsOhmCm2: 3, rshOhmCm2: null, tK: 300 },
      voltageV: Array.from({ length: 20 }, () => null),
    });
    expect(problems).toEqual([
      ...[0, 1, 2, 3, 4].map((i) => `voltageV[${i}]: must be a number (got null)`),
      'voltageV: and 15 more entries not finite numbers',
    ]);
    const spectrum = checkCircuitJobInput({
      kind: 'detailed-balance',
      egEV: 1.34,
      spectrum: { wavelengthNm: [300, 400, 500, 600, 700, 800, 900], irradianceWm2Nm: [-1, -1, -1, -1, -1, -1, -1] },
    });
    expect(spectrum.length).toBe(6);
    expect(spectrum[5]).toBe('spectrum.irradianceWm2Nm: and 2 more entries like these');
  });

  it('returns the problems without running anything, for the server to refuse a job before queuing it', () => {
    expect(
      checkCircuitJobInput({
        kind: 'simulate-modified',
        params: modified,
        absorber: { ...absorber, thicknessNm: -500 },
        voltageV,
      }),
    ).toEqual(['absorber.thicknessNm: must be > 0 (got -500)']);
    expect(checkCircuitJobInput({ kind: 'simulate-modified', params: modified, absorber, voltageV })).toEqual([]);
    expect(checkCircuitJobInput({ kind: 'nope' })).toEqual([
      'kind: must be one of simulate-sdm, simulate-2dm, simulate-modified, fit, losses, detailed-balance (got "nope")',
    ]);
    expect(checkCircuitJobInput(null)).toEqual(['job: must be an object (got null)']);
  });
});

import { DEFAULT_JOB_TIME_LIMIT_MS } from '@pvforge/contracts';
import { describe, expect, it } from 'vitest';
import { jobTimeLimitMs } from '../../../src/jobs/time-limit.js';

/** A device fit's wall-clock limit is its own budget and a margin; every other kind keeps the configured one. */
describe('job time limit', () => {
  it('keeps the configured limit for every kind but a fit', () => {
    for (const kind of ['opt', 'elec', 'circle', 'circle2'] as const)
      expect(jobTimeLimitMs(kind, { options: { maxSeconds: 3000 } }, 12_345)).toBe(12_345);
  });

  it('gives a fit its budget plus a tenth and two minutes, whatever the configured limit', () => {
    // the default budget of 600 s is past the 5-minute default limit
    expect(jobTimeLimitMs('fit', { device: {}, curves: [], free: [] }, DEFAULT_JOB_TIME_LIMIT_MS)).toBe(
      660_000 + 120_000,
    );
    expect(jobTimeLimitMs('fit', { options: { maxSeconds: 10 } }, DEFAULT_JOB_TIME_LIMIT_MS)).toBe(11_000 + 120_000);
    expect(jobTimeLimitMs('fit', { options: { maxSeconds: 3600 } }, 1000)).toBe(3_960_000 + 120_000);
    // never past the ceiling of a fit's budget, whatever a stored input says
    expect(jobTimeLimitMs('fit', { options: { maxSeconds: 1e9 } }, 1000)).toBe(3_960_000 + 120_000);
  });
});

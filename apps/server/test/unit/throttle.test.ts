import { describe, expect, it } from 'vitest';
import { lockoutRemainingMs, minutesToWait } from '../../src/auth/throttle.js';

const MIN = 60_000;
const WINDOW = 15 * MIN;
const NOW = 1_800_000_000_000;

describe('lockoutRemainingMs', () => {
  it('is 0 below the limit', () => {
    expect(lockoutRemainingMs([], NOW, 10, WINDOW)).toBe(0);
    expect(lockoutRemainingMs(Array(9).fill(NOW), NOW, 10, WINDOW)).toBe(0);
  });

  it('locks for the full window right after the 10th failure', () => {
    expect(lockoutRemainingMs(Array(10).fill(NOW), NOW, 10, WINDOW)).toBe(WINDOW);
  });

  it('lifts when the 10th newest failure leaves the window', () => {
    // Newest first: 10 failures one minute apart, the oldest 9 minutes ago.
    const times = Array.from({ length: 10 }, (_, i) => NOW - i * MIN);
    expect(lockoutRemainingMs(times, NOW, 10, WINDOW)).toBe(6 * MIN);
    // With 12 failures, only the 10th newest counts.
    const more = Array.from({ length: 12 }, (_, i) => NOW - i * MIN);
    expect(lockoutRemainingMs(more, NOW, 10, WINDOW)).toBe(6 * MIN);
  });

  it('ignores failures outside the window', () => {
    const old = Array.from({ length: 10 }, () => NOW - WINDOW - 1);
    expect(lockoutRemainingMs(old, NOW, 10, WINDOW)).toBe(0);
    expect(lockoutRemainingMs(Array(10).fill(NOW - WINDOW), NOW, 10, WINDOW)).toBe(0);
  });
});

describe('minutesToWait', () => {
  it('rounds up and never says 0 while locked', () => {
    expect(minutesToWait(1)).toBe(1);
    expect(minutesToWait(MIN)).toBe(1);
    expect(minutesToWait(MIN + 1)).toBe(2);
    expect(minutesToWait(WINDOW)).toBe(15);
  });
});

import { describe, expect, it } from 'vitest';
import { childName } from '../../../src/jobs/sweep.js';

describe("a sweep child's name", () => {
  it('is the sweep name and its combination, the unit after the value', () => {
    expect(childName('p-i-n：扫描 PTAA × MAPbI3', ['PTAA › 厚度 d (nm)', 'MAPbI3 › 厚度 d (nm)'], [10, 300])).toBe(
      'p-i-n：扫描 PTAA × MAPbI3 · PTAA › 厚度 d = 10 nm, MAPbI3 › 厚度 d = 300 nm',
    );
    // a label without a unit, and a value without float noise
    expect(childName('s', ['d_abs'], [23.333333333333332])).toBe('s · d_abs = 23.3333');
    expect(childName('s', ['τn (s)'], [1e-7])).toBe('s · τn = 1e-7 s');
  });

  it('keeps the values whole when the sweep name is long: children stay distinct', () => {
    const long = `Perovskite p-i-n (SIMsalabim default device) ${'x'.repeat(120)}`;
    const names = [10, 20, 30].map((v) => childName(long, ['PTAA › 厚度 d (nm)'], [v]));
    expect(new Set(names).size).toBe(3);
    for (const [k, n] of names.entries()) {
      expect(n.length).toBeLessThanOrEqual(100);
      expect(n.endsWith(`PTAA › 厚度 d = ${10 * (k + 1)} nm`)).toBe(true);
      expect(n).toContain('…');
    }
  });
});

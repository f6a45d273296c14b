import { describe, expect, it } from 'vitest';
import { runDeviceSimulation } from '../../src/device/simulate.js';
import { assets, fixture } from './helpers.js';

/** Progress reports let a user watch a long run: every bias point, in order, on one 0..1 scale. */
describe('progress of a coupled run', () => {
  it('reports each bias point of the light and dark sweeps in order, then the EQE, never going back', () => {
    const spec = fixture();
    spec.electrical.darkJV = true;
    spec.electrical.eqe = { stepNm: 100 };
    const seen: { fraction: number; detail: string }[] = [];
    const res = runDeviceSimulation(spec, assets, {
      onProgress: (fraction, detail) => seen.push({ fraction, detail }),
    });
    const light = seen.filter((s) => s.detail.startsWith('light J-V'));
    const dark = seen.filter((s) => s.detail.startsWith('dark J-V'));
    // One report per requested bias point (an extension of the sweep to Voc comes on top).
    expect(light.length).toBeGreaterThan(10);
    expect(light.length).toBeLessThanOrEqual(res.light!.V.length);
    expect(dark.length).toBeGreaterThan(10);
    expect(dark.length).toBeLessThanOrEqual(res.dark!.V.length);
    expect(light.at(-1)!.detail).toMatch(/V = [\d.]+ V \((\d+)\/\1\)$/);
    expect(seen.some((s) => s.detail === 'EQE and IQE')).toBe(true);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.fraction).toBeGreaterThanOrEqual(seen[i - 1]!.fraction);
    expect(seen[0]!.fraction).toBeGreaterThan(0);
    expect(seen.at(-1)!.fraction).toBeLessThanOrEqual(1);
  });
});

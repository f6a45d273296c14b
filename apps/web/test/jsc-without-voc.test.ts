import { describe, expect, it } from 'vitest';
import { type ElecCurve, jscOf, stoppedBeforeVoc } from '../src/pages/plat/results/result-data';

const curve = (over: Partial<ElecCurve>): ElecCurve => ({
  tag: 'light',
  converged: true,
  V: [0, 0.2, 0.4, 0.6],
  J: [21.5, 21.3, 20.9, 18.2],
  profiles: [],
  warnings: [],
  ...over,
});

describe('key figures of a sweep that stops before Voc', () => {
  it('shows the computed Jsc (J at 0 V) and says why the rest is absent', () => {
    const c = curve({});
    expect(jscOf(c)).toBe(21.5);
    expect(stoppedBeforeVoc(c)).toBe(true);
  });

  it('uses the solved figures when there are some, and nothing for dark curves or sweeps without 0 V', () => {
    const figures = {
      Jsc_mA_cm2: 21.49,
      Voc_V: 1.1,
      FF: 0.8,
      PCE_percent: 19,
      Vmp_V: 0.95,
      Jmp_mA_cm2: 20,
      Pmax_mW_cm2: 19,
      method: 'solved' as const,
    };
    expect(jscOf(curve({ figures }))).toBe(21.49);
    expect(stoppedBeforeVoc(curve({ figures }))).toBe(false);
    expect(jscOf(curve({ tag: 'dark', J: [0, -1e-6, -1e-3, -1] }))).toBeUndefined();
    expect(jscOf(curve({ V: [0.1, 0.2], J: [21, 20] }))).toBeUndefined();
    expect(stoppedBeforeVoc(curve({ converged: false }))).toBe(false);
  });
});

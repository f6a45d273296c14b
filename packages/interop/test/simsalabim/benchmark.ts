import { type runDeviceSimulation, sampledKeyFigures } from '@pvforge/engine';
import { expect } from 'vitest';

/** The tolerances of the SIMsalabim benchmark cases (../shared/validation/cases/dd/simsalabim-*.json). */
export const TOL = { Jsc_rel: 0.002, Voc_abs_V: 0.002, FF_abs: 0.003, J_abs_mA_cm2: 0.1, J_rel: 0.005 };

/**
 * A PVForge light J-V against SimSS's (mA/cm^2, photocurrent positive) within the benchmark
 * tolerances: Jsc, Voc and FF (SimSS's from its sampled curve), and J at every voltage both have.
 */
export function expectWithinBenchmark(
  res: ReturnType<typeof runDeviceSimulation>,
  ref: { x: number[]; y: number[] },
): void {
  const f = res.light!.figures!;
  const k = sampledKeyFigures(ref.x, ref.y);
  expect(Math.abs(f.Jsc_mA_cm2 / k.jscMaCm2 - 1)).toBeLessThan(TOL.Jsc_rel);
  expect(Math.abs(f.Voc_V - k.vocV)).toBeLessThan(TOL.Voc_abs_V);
  expect(Math.abs(f.FF - k.ff)).toBeLessThan(TOL.FF_abs);
  let compared = 0;
  res.light!.V.forEach((v, i) => {
    const j = ref.x.findIndex((x) => Math.abs(x - v) < 1e-9);
    if (j < 0) return;
    compared++;
    expect(Math.abs(res.light!.J_mA_cm2[i]! - ref.y[j]!), `J at ${v} V`).toBeLessThan(
      TOL.J_abs_mA_cm2 + TOL.J_rel * Math.abs(ref.y[j]!),
    );
  });
  expect(compared).toBeGreaterThan(10);
}

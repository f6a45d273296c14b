import { describe, expect, it } from 'vitest';
import { simulateLightAndDark } from '../../src/electrical/solvers/jv.js';
import { quantumEfficiency } from '../../src/electrical/solvers/quantum-efficiency.js';
import { pinDevice } from './helpers.js';

describe('EQE / IQE hook and light + dark J-V', () => {
  const blocking = pinDevice({
    contacts: {
      left: { kind: 'schottky', workFunction_eV: 5.4, S_n_cm_s: 0 },
      right: { kind: 'schottky', workFunction_eV: 4.1, S_p_cm_s: 0 },
      anode: 'left',
    },
  });
  it('IQE = 1 and EQE = absorbed fraction for perfect extraction; IQE < 1 with bulk SRH', () => {
    const lines = [1e4, 5e4, 2e5].map((alpha, k) => {
      const x_nm = Array.from({ length: 601 }, (_, i) => (i * 300) / 600);
      return {
        wavelength_nm: 500 + 100 * k,
        x_nm,
        Gper_photon_cm: x_nm.map((x) => alpha * Math.exp(-alpha * x * 1e-7)),
      };
    });
    const qe = quantumEfficiency(blocking, lines);
    qe.IQE.forEach((v) => {
      expect(Math.abs(v - 1)).toBeLessThan(1e-6);
    });
    [1e4, 5e4, 2e5].forEach((alpha, k) => {
      expect(Math.abs(qe.EQE[k]! / -Math.expm1(-alpha * 300e-7) - 1)).toBeLessThan(1e-3);
    });
    const lossy = { ...blocking, layers: [{ ...blocking.layers[0]!, tau_n_s: 1e-10, tau_p_s: 1e-10 }] };
    const q2 = quantumEfficiency(lossy, lines);
    q2.IQE.forEach((v) => {
      expect(v).toBeLessThan(0.99);
      expect(v).toBeGreaterThan(0.1);
    });
  });
  it('light and dark runs of the same device', () => {
    const dev = { ...blocking, layers: [{ ...blocking.layers[0]!, tau_n_s: 1e-7, tau_p_s: 1e-7 }] };
    const { light, dark } = simulateLightAndDark({ ...dev, voltage_V: [0, 0.3, 0.6, 0.9, 1.0, 1.1, 1.2] });
    expect(light.converged && dark.converged).toBe(true);
    expect(light.J_mA_cm2[0]).toBeGreaterThan(4);
    expect(dark.J_mA_cm2[0]).toBeCloseTo(0, 15);
    expect(dark.J_mA_cm2[6]).toBeLessThan(0);
    expect(dark.figures).toBeUndefined();
    expect(light.figures!.Voc_V).toBeGreaterThan(0.9);
  });

  describe('a run that does not converge is reported, never turned into a number', () => {
    const x_nm = Array.from({ length: 31 }, (_, i) => i * 10);
    const lines = [500, 600].map((wavelength_nm) => ({ wavelength_nm, x_nm, Gper_photon_cm: x_nm.map(() => 1e4) }));
    /** A clock that stands still for `calls` readings, then jumps past any time limit at every reading. */
    const clockJumpingAfter = (calls: number) => {
      let n = 0;
      return () => {
        n++;
        return n <= calls ? 0 : n * 1e9;
      };
    };
    const readingsOfBaseRun = () => {
      let n = 0;
      const counting = () => {
        n++;
        return 0;
      };
      quantumEfficiency({ ...blocking, options: { clock: counting } }, []);
      return n;
    };
    it('a wavelength that fails is named in `failed` and left out (before: EQE NaN, Jsc(EQE) NaN, no word)', () => {
      const base = readingsOfBaseRun();
      const qe = quantumEfficiency({ ...blocking, options: { clock: clockJumpingAfter(base) } }, lines);
      expect(qe.wavelength_nm).toEqual([]);
      expect(qe.EQE).toEqual([]);
      expect(qe.failed.map((f) => f.wavelength_nm)).toEqual([500, 600]);
      expect(qe.failed[0]!.error.text).toMatch(/wall-clock limit/);
    });
    it('the run without the probe light failing throws (before: taken as J = 0)', () => {
      expect(() => quantumEfficiency({ ...blocking, options: { clock: clockJumpingAfter(1) } }, lines)).toThrow(
        /EQE: the short-circuit run without the probe light failed/,
      );
    });
  });
});

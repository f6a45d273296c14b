import { describe, expect, it } from 'vitest';
import { DDSystem } from '../../src/electrical/discretisation/system.js';
import { impedanceSpectrum } from '../../src/electrical/solvers/impedance.js';
import { simulateJV } from '../../src/electrical/solvers/jv.js';
import { simulateTransient, type TransientProtocol } from '../../src/electrical/solvers/transient.js';
import type { ElectricalDevice } from '../../src/electrical/types.js';
import { sampledKeyFigures } from '../../src/jv/figures.js';
import { type PvBenchDdInput, pvBenchToDevice } from '../../src/validation/dd-case.js';
import { jacobianMismatch, loadCase } from './helpers.js';

const ionCase = loadCase('simsalabim-pin-perovskite-ions-steady').input as unknown as PvBenchDdInput;
const device = (nodes = 200, over: Partial<PvBenchDdInput> = {}): ElectricalDevice =>
  pvBenchToDevice({ ...ionCase, voltage_V: [0], ...over }, { nodes, standardProfiles: false });

/** A reverse-then-forward loop over 1.3 V at a scan rate, sampled every 10 mV. */
function loop(rate: number): { protocol: TransientProtocol; times: number[] } {
  const T = 1.3 / rate;
  return {
    protocol: {
      initial: { V: 1.3, light: 1 },
      segments: [
        { duration_s: T, to_V: 0 },
        { duration_s: T, to_V: 1.3 },
      ],
    },
    times: Array.from({ length: 261 }, (_, k) => (k * 2 * T) / 260),
  };
}

/** Reverse and forward figures of a loop's samples, and the hysteresis index (PCE_rev - PCE_fwd) / PCE_rev. */
function loopFigures(samples: { V: number; J_mA_cm2: number }[]) {
  const rev = samples.slice(0, 131);
  const fwd = samples.slice(130);
  const fr = sampledKeyFigures(
    rev.map((s) => s.V),
    rev.map((s) => s.J_mA_cm2),
  );
  const ff = sampledKeyFigures(
    fwd.map((s) => s.V),
    fwd.map((s) => s.J_mA_cm2),
  );
  return { reverse: fr, forward: ff, hi: (fr.pcePercent - ff.pcePercent) / fr.pcePercent };
}

describe('mobile ions: steady state, transients, impedance', () => {
  it('analytic Jacobian with ions, steady and transient forms, matches finite differences', () => {
    const dev = device(40);
    for (const rows of ['steady', 'box'] as const) {
      const sys = new DDSystem(dev);
      sys.ionRows = rows;
      const x = sys.initialGuess();
      for (let i = 0; i < sys.N; i++) {
        x[sys.m * i]! += 0.2 * Math.sin(3 * i);
        x[sys.m * i + 1] = 0.3 * Math.sin(i);
        x[sys.m * i + 2] = 0.2 * Math.cos(i);
        // an ion quasi-Fermi level that varies, so that ions flow both ways
        x[sys.m * i + 3]! += 0.4 * Math.sin(2 * i);
      }
      if (rows === 'box') {
        // with a time term, as a transient step assembles it
        sys.time = { c0: 3.7, hist: new Float64Array(sys.m * sys.N).fill(0.01), histD: 0 };
      }
      const all = Array.from({ length: sys.N }, (_, i) => i);
      const { worst, at } = jacobianMismatch(sys, x, 0, all);
      expect(worst, `${rows}: ${at}`).toBeLessThanOrEqual(1);
    }
  });

  it('the transient from a steady state at constant voltage stays there; the ion number is conserved', () => {
    const r = simulateTransient(
      device(),
      { initial: { V: 0.9, light: 1 }, segments: [{ duration_s: 1e4 }] },
      {
        sampleTimes_s: [0, 1e-9, 1e-6, 1e-3, 1, 100, 1e4],
      },
    );
    expect(r.converged, r.error?.text).toBe(true);
    const J0 = r.samples[0]!.J_mA_cm2;
    for (const s of r.samples) expect(Math.abs(s.J_mA_cm2 - J0)).toBeLessThan(1e-6 * Math.abs(J0));
    for (const d of r.ionNumberDrift) expect(d).toBeLessThan(1e-8);
  });

  it('a voltage step relaxes to the steady state at the new voltage (ions equilibrated) to 1e-4', () => {
    const r = simulateTransient(
      device(),
      { initial: { V: 0.8, light: 1 }, segments: [{ duration_s: 1e4, jump_V: 1.05 }] },
      {
        sampleTimes_s: [0, 1e-6, 1, 1e4],
      },
    );
    expect(r.converged, r.error?.text).toBe(true);
    const steady = simulateJV({ ...device(), voltage_V: [1.05], options: { nodes: 200, standardProfiles: false } });
    const Jss = steady.J_mA_cm2[0]!;
    const Jend = r.samples.at(-1)!.J_mA_cm2;
    expect(Math.abs(Jend - Jss)).toBeLessThan(1e-4 * Math.abs(Jss));
    // and it was not there all along: the step disturbed the current
    expect(Math.abs(r.samples[1]!.J_mA_cm2 - Jss)).toBeGreaterThan(1);
  });

  it('a step of 1.2 V (preconditioning from short circuit) runs: it rises over a microsecond', () => {
    const r = simulateTransient(
      device(),
      { initial: { V: 0, light: 1 }, segments: [{ duration_s: 10, jump_V: 1.2 }] },
      { sampleTimes_s: [0, 1e-6, 1e-3, 10] },
    );
    expect(r.converged, r.error?.text).toBe(true);
    expect(r.samples.map((q) => q.V)).toEqual([0, 1.2, 1.2, 1.2]);
    const steady = simulateJV({ ...device(), voltage_V: [1.2], options: { nodes: 200, standardProfiles: false } });
    expect(Math.abs(r.samples.at(-1)!.J_mA_cm2 - steady.J_mA_cm2[0]!)).toBeLessThan(
      1e-3 * Math.abs(steady.J_mA_cm2[0]!) + 1e-3,
    );
  });

  it('the ion number is conserved to 1e-8 over a whole loop; slow loops retrace the quasi-static J-V', () => {
    const { protocol, times } = loop(1e-3);
    const r = simulateTransient(device(), protocol, { sampleTimes_s: times });
    expect(r.converged, r.error?.text).toBe(true);
    expect(Math.max(...r.ionNumberDrift)).toBeLessThan(1e-8);
    const steady = simulateJV({
      ...device(),
      voltage_V: [0, 0.5, 1.0],
      options: { nodes: 200, standardProfiles: false },
    });
    for (const [k, V] of [
      [0, 1.3],
      [130, 0],
      [180, 0.5],
      [230, 1.0],
    ] as const) {
      expect(r.samples[k]!.V).toBeCloseTo(V, 9);
    }
    steady.V.forEach((V, i) => {
      const s = r.samples.find((q, k) => k >= 130 && Math.abs(q.V - V) < 1e-9)!;
      expect(Math.abs(s.J_mA_cm2 - steady.J_mA_cm2[i]!)).toBeLessThan(0.02);
    });
  });

  it('the hysteresis index is small at very slow and very fast scans and largest in between', () => {
    const rates = [1e-3, 1e-1, 1, 10, 1e3];
    const hi = rates.map((rate) => {
      const { protocol, times } = loop(rate);
      const r = simulateTransient(device(120), protocol, { sampleTimes_s: times });
      expect(r.converged, r.error?.text).toBe(true);
      return Math.abs(loopFigures(r.samples).hi);
    });
    const peak = Math.max(...hi);
    const at = hi.indexOf(peak);
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(rates.length - 1);
    expect(hi[0]!).toBeLessThan(0.1 * peak);
    expect(hi[rates.length - 1]!).toBeLessThan(0.5 * peak);
    expect(peak).toBeGreaterThan(0.01);
  }, 60_000);

  it('a loop\u2019s figures change less than the case tolerances when the time tolerance and the mesh are refined', () => {
    const { protocol, times } = loop(1);
    const run = (nodes: number, rtol: number) => {
      const r = simulateTransient(device(nodes), protocol, { sampleTimes_s: times, rtol });
      expect(r.converged, r.error?.text).toBe(true);
      return loopFigures(r.samples);
    };
    const base = run(200, 1e-4);
    for (const fine of [run(200, 1e-6), run(400, 1e-4)]) {
      for (const dir of ['reverse', 'forward'] as const) {
        expect(Math.abs(fine[dir].jscMaCm2 - base[dir].jscMaCm2) / base[dir].jscMaCm2).toBeLessThan(0.002);
        expect(Math.abs(fine[dir].vocV - base[dir].vocV)).toBeLessThan(0.002);
        expect(Math.abs(fine[dir].ff - base[dir].ff)).toBeLessThan(0.003);
      }
    }
  }, 60_000);

  it('the impedance tends to -1/(dJ/dV) of the quasi-static J-V at low frequency (1 %)', () => {
    const V = 0.9;
    const h = 0.002;
    const jv = simulateJV({
      ...device(300),
      voltage_V: [V - 2 * h, V - h, V + h, V + 2 * h],
      options: { nodes: 300, standardProfiles: false },
    });
    const [a, b, c, d] = jv.J_mA_cm2 as [number, number, number, number];
    // fourth-order central difference, A/cm^2 per volt
    const dJdV = ((a - 8 * b + 8 * c - d) / (12 * h)) * 1e-3;
    const z = impedanceSpectrum(device(300), V, [1e-6]);
    expect(z.converged, z.error?.text).toBe(true);
    const Z0 = -1 / dJdV;
    expect(Math.abs(z.points[0]!.Z_re_ohm_cm2 - Z0) / Z0).toBeLessThan(0.01);
    expect(Math.abs(z.points[0]!.Z_im_ohm_cm2)).toBeLessThan(0.01 * Z0);
  });

  it("the low-frequency limit is the steady J-V's -dV/dJ to 1e-6, with and without ions (the same discrete equations)", () => {
    // both solved to 1e-12 Vt and the derivative taken to fourth order, so that neither the
    // Newton tolerance nor the difference quotient hides a term the two linearise differently
    const plain = loadCase('simsalabim-pin-perovskite').input as unknown as PvBenchDdInput;
    for (const input of [plain, ionCase])
      for (const V of [0.45, 0.9]) {
        const h = 1e-3;
        const at = (Vs: number[]) =>
          pvBenchToDevice(
            { ...input, voltage_V: Vs },
            { nodes: 200, standardProfiles: false, solveFigures: false, newtonTolerance: 1e-12 },
          );
        const [a, b, c, d] = simulateJV(at([V - 2 * h, V - h, V + h, V + 2 * h])).J_mA_cm2 as [
          number,
          number,
          number,
          number,
        ];
        const Z0 = -1 / (((a - 8 * b + 8 * c - d) / (12 * h)) * 1e-3);
        const z = impedanceSpectrum(at([V]), V, [1e-6]);
        expect(z.converged, z.error?.text).toBe(true);
        expect(Math.abs(z.points[0]!.Z_re_ohm_cm2 - Z0) / Z0).toBeLessThan(1e-6);
      }
  }, 60_000);

  it('at high frequency the capacitance is the geometric capacitance of the depleted stack (1 %)', () => {
    // dark, reverse bias: every layer depleted of free carriers, the ions frozen
    const dark = device(300, { illumination: 'dark' });
    const z = impedanceSpectrum(dark, -0.5, [1e5, 1e6]);
    expect(z.converged, z.error?.text).toBe(true);
    const eps0 = 8.8541878128e-14; // F/cm
    const Cgeo = 1 / ionCase.layers.reduce((s, l) => s + (l.thickness_nm * 1e-7) / (l.eps_r * eps0), 0);
    for (const p of z.points) expect(Math.abs(p.C_F_cm2 - Cgeo) / Cgeo).toBeLessThan(0.01);
  });

  it('the transient solver and the small-signal solver agree: a 1 mV sine in time gives the impedance', () => {
    const dev = device(200);
    const V = 1.0;
    for (const f of [0.5, 2e3]) {
      const z = impedanceSpectrum(dev, V, [f]).points[0]!;
      // three periods of V + 1 mV sin(w t), 64 linear pieces per period; fit J over the last period
      const per = 1 / f;
      const pieces = 64;
      const segments = Array.from({ length: 3 * pieces }, (_, k) => ({
        duration_s: per / pieces,
        to_V: V + 1e-3 * Math.sin((2 * Math.PI * (k + 1)) / pieces),
      }));
      const times = Array.from({ length: 3 * pieces + 1 }, (_, k) => (k * per) / pieces);
      const r = simulateTransient(dev, { initial: { V, light: 1 }, segments }, { sampleTimes_s: times, rtol: 1e-6 });
      expect(r.converged, r.error?.text).toBe(true);
      const last = r.samples.slice(-pieces - 1, -1);
      let c = 0;
      let s = 0;
      let j0 = 0;
      for (const q of last) j0 += q.J_mA_cm2 / pieces;
      for (const q of last) {
        const ph = 2 * Math.PI * f * q.t_s;
        c += ((q.J_mA_cm2 - j0) * Math.cos(ph) * 2) / pieces;
        s += ((q.J_mA_cm2 - j0) * Math.sin(ph) * 2) / pieces;
      }
      // J(t) = j0 + s sin + c cos = Im[(s + i c)... ]: with V = V0 + dV sin(wt), dJ phasor = (s + i c) (mA/cm^2) per 1 mV
      const Yre = (s * 1e-3) / 1e-3;
      const Yim = (c * 1e-3) / 1e-3;
      // Z = -1/Y (passive convention)
      const d = Yre * Yre + Yim * Yim;
      const Zre = -Yre / d;
      const Zim = Yim / d;
      const rel = Math.hypot(Zre - z.Z_re_ohm_cm2, Zim - z.Z_im_ohm_cm2) / Math.hypot(z.Z_re_ohm_cm2, z.Z_im_ohm_cm2);
      expect(
        rel,
        `f = ${f} Hz: time domain ${Zre} ${Zim}, frequency domain ${z.Z_re_ohm_cm2} ${z.Z_im_ohm_cm2}`,
      ).toBeLessThan(0.02);
    }
  }, 60_000);
});

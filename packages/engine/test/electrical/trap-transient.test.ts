import { describe, expect, it } from 'vitest';
import { Q_C } from '../../src/constants.js';
import { DDSystem } from '../../src/electrical/discretisation/system.js';
import { biasProfile, ContinuationSolver, pointBreakdown } from '../../src/electrical/solvers/jv.js';
import { simulateTransient } from '../../src/electrical/solvers/transient.js';
import type { BulkDefect, InterfaceDefect } from '../../src/electrical/types.js';
import { jacobianMismatch, perturbedSolution, pinDevice, VT300 } from './helpers.js';

/**
 * Trap occupation as a state of the transient solver (defects.ts, transient.ts): the occupation of
 * each level follows df/dt = c_n n (1 - f) - e_n f - c_p p f + e_p (1 - f).
 */

/** An electron trap `depth` eV below E_c of the p-i-n absorber (E_c = -4 eV), emission e_n = c_n Nc exp(-depth/Vt). */
const electronTrap = (over: Partial<BulkDefect> = {}): BulkDefect => ({
  type: 'acceptor',
  N_t_cm3: 1e15,
  level_below_vacuum_eV: 4 + 0.3,
  c_n_cm3_s: 1e-8,
  // holes are (almost) never captured: no recombination, only trapping and detrapping
  c_p_cm3_s: 1e-20,
  ...over,
});

/** Log-spaced times from t0 to t1 (s), n per decade, after an offset. */
const logTimes = (offset: number, t0: number, t1: number, perDecade: number) => {
  const n = Math.ceil(Math.log10(t1 / t0) * perDecade);
  return Array.from({ length: n + 1 }, (_, k) => offset + t0 * (t1 / t0) ** (k / n));
};

describe('trap occupation in transients', () => {
  it('the analytic Jacobian of a transient step with trap histories matches finite differences', () => {
    const sheet: InterfaceDefect = {
      type: 'acceptor',
      N_t_cm2: 1e11,
      level_below_vacuum_eV: 4.6,
      c_n_cm3_s: 1e-9,
      c_p_cm3_s: 3e-9,
      distribution: { shape: 'gaussian', sigma_eV: 0.05 },
    };
    const dev = pinDevice({
      layers: [
        { ...pinDevice().layers[0]!, name: 'a', thickness_nm: 150 },
        {
          ...pinDevice().layers[0]!,
          name: 'b',
          thickness_nm: 150,
          defects: [
            electronTrap({ c_p_cm3_s: 1e-9, N_t_cm3: 1e16 }),
            electronTrap({ type: 'neutral', c_p_cm3_s: 1e-9, level_below_vacuum_eV: 4.5 }),
            electronTrap({
              type: 'donor',
              level_below_vacuum_eV: 4.9,
              distribution: { shape: 'gaussian', sigma_eV: 0.08 },
              c_p_cm3_s: 2e-9,
            }),
          ],
        },
      ],
      interfaces: [{ defects: [sheet] }],
      options: { nodes: 40, standardProfiles: false },
    });
    const sys = new DDSystem(dev);
    const x = perturbedSolution(sys, 0.5);
    expect(sys.trapCount).toBeGreaterThan(0);
    // a step of 1e-3 t0 with histories that are not those of any steady state
    const hs = 1e-3;
    const traps = new Float64Array(sys.trapCount);
    const f0 = sys.trapOccupations(x);
    for (let k = 0; k < traps.length; k++) traps[k] = -(f0[k]! * (0.5 + 0.4 * Math.sin(k))) / hs;
    const hist = new Float64Array(sys.m * sys.N);
    sys.time = { c0: 1 / hs, hist, histD: 0, traps };
    const all = Array.from({ length: sys.N }, (_, i) => i);
    const { worst, at } = jacobianMismatch(sys, x, 0.5 / sys.Vt, all);
    expect(worst, at).toBeLessThanOrEqual(1);
  });

  it('after the light is switched off, the photocurrent decays with the detrapping time 1/e_n', () => {
    const cn = 1e-8;
    const depth = 0.3;
    const en = cn * 1e19 * Math.exp(-depth / VT300); // about 1e6 /s
    const base = pinDevice().layers[0]!;
    // mobile carriers leave in < 0.1 ns, so a released electron is recaptured with probability
    // c_n N_t t_transit < 1e-3: the tail is the emission of the traps alone
    const dev = pinDevice({
      layers: [{ ...base, mu_n_cm2_Vs: 10, mu_p_cm2_Vs: 10, defects: [electronTrap()] }],
      generation: { kind: 'uniform', G_cm3_s: 1e22 },
      options: { nodes: 200, standardProfiles: false },
    });
    const times = logTimes(0, 1e-9, 10 / en, 20);
    const r = simulateTransient(
      dev,
      { initial: { V: 0, light: 1 }, segments: [{ duration_s: 10 / en, light: 0 }] },
      { sampleTimes_s: [0, ...times], rtol: 1e-5, profileTimes_s: [1 / en, 3 / en] },
    );
    expect(r.converged, r.error?.text).toBe(true);
    // the profiles report the trapped charge the transient carries: in the middle of the absorber
    // (no retrapping there) it decays as exp(-e_n t)
    const [pa, pb] = r.profiles;
    const mid = pa!.x_nm.findIndex((x) => x >= 150);
    const decay = pb!.trappedCharge_cm3![mid]! / pa!.trappedCharge_cm3![mid]!;
    expect(Math.abs(decay / Math.exp(-en * (pb!.t_s! - pa!.t_s!)) - 1)).toBeLessThan(0.01);
    const J = (t: number) => {
      const s = r.samples.reduce((a, b) => (Math.abs(b.t_s - t) < Math.abs(a.t_s - t) ? b : a));
      return s.J_mA_cm2;
    };
    const t1 = times.find((t) => t >= 3 / en)!;
    const t2 = times.find((t) => t >= 7 / en)!;
    expect(J(t1)).toBeGreaterThan(0);
    const rate = Math.log(J(t1) / J(t2)) / (t2 - t1);
    expect(Math.abs(rate / en - 1)).toBeLessThan(0.01);
    // the free carriers alone leave within nanoseconds: without the trap there is no tail
    const bare = simulateTransient(
      { ...dev, layers: [{ ...dev.layers[0]!, defects: [] }] },
      { initial: { V: 0, light: 1 }, segments: [{ duration_s: 10 / en, light: 0 }] },
      { sampleTimes_s: [0, t1] },
    );
    expect(bare.converged, bare.error?.text).toBe(true);
    expect(Math.abs(bare.samples.at(-1)!.J_mA_cm2)).toBeLessThan(1e-3 * J(t1));
  });

  it('charge is conserved: every generated pair is collected, trapped or not', () => {
    // no recombination at all (holes are not captured, selective contacts), electrons trapped
    // many times on their way out (c_n N_t t_transit >> 1): whatever the traps hold during the
    // pulse comes out afterwards, so the integrated terminal current is q G d t_on
    const base = pinDevice().layers[0]!;
    const en = 1e-8 * 1e19 * Math.exp(-0.3 / VT300);
    const tOn = 2e-7;
    const tOff = 200 / en;
    const G = 1e21;
    const dev = pinDevice({
      layers: [{ ...base, mu_n_cm2_Vs: 0.01, mu_p_cm2_Vs: 0.01, defects: [electronTrap({ N_t_cm3: 5e16 })] }],
      contacts: {
        left: { kind: 'schottky', workFunction_eV: 5.4, S_n_cm_s: 0 },
        right: { kind: 'schottky', workFunction_eV: 4.1, S_p_cm_s: 0 },
        anode: 'left',
      },
      generation: { kind: 'uniform', G_cm3_s: G },
      options: { nodes: 150, standardProfiles: false },
    });
    const times = [0, ...logTimes(0, 1e-11, tOn, 40), ...logTimes(tOn, 1e-11, tOff, 40)];
    const r = simulateTransient(
      dev,
      {
        initial: { V: 0, light: 0 },
        segments: [
          { duration_s: tOn, light: 1 },
          { duration_s: tOff, light: 0 },
        ],
      },
      { sampleTimes_s: times, rtol: 1e-5, maxStep_s: tOff / 20 },
    );
    expect(r.converged, r.error?.text).toBe(true);
    let collected = 0;
    for (let k = 1; k < r.samples.length; k++) {
      const a = r.samples[k - 1]!;
      const b = r.samples[k]!;
      collected += 0.5 * (a.J_mA_cm2 + b.J_mA_cm2) * (b.t_s - a.t_s);
    }
    const generated = Q_C * G * 300e-7 * tOn * 1e3; // mA s / cm^2
    // most of it arrives after the pulse: the traps held it
    let during = 0;
    for (let k = 1; k < r.samples.length && r.samples[k]!.t_s <= tOn; k++) {
      const a = r.samples[k - 1]!;
      const b = r.samples[k]!;
      during += 0.5 * (a.J_mA_cm2 + b.J_mA_cm2) * (b.t_s - a.t_s);
    }
    expect(during).toBeLessThan(0.5 * generated);
    // trapezoids over 40 samples per decade: error below 1e-3
    expect(Math.abs(collected / generated - 1)).toBeLessThan(3e-3);
  });

  it('at long times the transient reaches the steady state with the steady occupation', () => {
    const base = pinDevice().layers[0]!;
    const sheet: InterfaceDefect = {
      type: 'donor',
      N_t_cm2: 5e10,
      level_below_vacuum_eV: 4.7,
      c_n_cm3_s: 1e-8,
      c_p_cm3_s: 1e-8,
    };
    const dev = pinDevice({
      layers: [
        { ...base, name: 'a', thickness_nm: 150 },
        {
          ...base,
          name: 'b',
          thickness_nm: 150,
          defects: [
            electronTrap({ type: 'acceptor', c_p_cm3_s: 1e-10, N_t_cm3: 3e15 }),
            electronTrap({
              type: 'donor',
              N_t_cm3: 2e15,
              level_below_vacuum_eV: 5.1,
              c_p_cm3_s: 1e-9,
              distribution: { shape: 'gaussian', sigma_eV: 0.05 },
            }),
          ],
        },
      ],
      interfaces: [{ defects: [sheet] }],
      options: { nodes: 120, standardProfiles: false },
    });
    const V = 0.6;
    const r = simulateTransient(
      dev,
      { initial: { V, light: 0 }, segments: [{ duration_s: 1e-2, light: 1 }] },
      { sampleTimes_s: [0, 1e-2] },
    );
    expect(r.converged, r.error?.text).toBe(true);
    const sys = new DDSystem(dev);
    const cs = new ContinuationSolver(sys, Date.now() + 60000, Date.now);
    cs.start(1);
    cs.goTo(V);
    const steadyJ = cs.breakdown().J;
    const steadyF = sys.trapOccupations(cs.x);
    const Jend = r.samples.at(-1)!.J_mA_cm2;
    expect(Math.abs(Jend - steadyJ)).toBeLessThan(1e-6 * Math.abs(steadyJ));
    let worst = 0;
    for (let k = 0; k < steadyF.length; k++)
      worst = Math.max(worst, Math.abs(r.trapOccupation[k]! - steadyF[k]!) / Math.max(steadyF[k]!, 1e-12));
    expect(worst).toBeLessThan(1e-6);
    // and the light did change the occupation from the dark start
    expect(steadyF.length).toBe(r.trapOccupation.length);
  });

  it("a transient state's defect recombination uses the occupations it carries, not the steady ones", () => {
    // a neutral level 0.3 eV below E_c everywhere in the absorber, its occupation held at 0.9: the
    // rate is the mean of electron and hole capture, N_t [c_n (n (1-f) - n1 f) + c_p (p f - p1 (1-f))] / 2
    const cn = 1e-8;
    const cp = 1e-9;
    const Nt = 1e15;
    const dev = pinDevice({
      layers: [{ ...pinDevice().layers[0]!, defects: [electronTrap({ type: 'neutral', N_t_cm3: Nt, c_p_cm3_s: cp })] }],
      options: { nodes: 400, standardProfiles: false },
    });
    const sys = new DDSystem(dev);
    const cs = new ContinuationSolver(sys, Number.POSITIVE_INFINITY, () => 0);
    cs.start();
    cs.goTo(0.3);
    const v = 0.3 / sys.Vt;
    const steady = pointBreakdown(sys, cs.x, v).defects[0]![0]!;
    const f = 0.9;
    sys.trapState = new Float64Array(sys.trapCount).fill(f);
    const held = pointBreakdown(sys, cs.x, v).defects[0]![0]!;
    const pr = biasProfile(sys, cs.x, v, 0.3, 'held');
    sys.trapState = undefined;
    const n1 = 1e19 * Math.exp(-0.3 / VT300);
    const p1 = (1e19 * 1e19 * Math.exp(-1.5 / VT300)) / n1;
    const R = pr.n_cm3.map((n, k) => (Nt * (cn * (n * (1 - f) - n1 * f) + cp * (pr.p_cm3[k]! * f - p1 * (1 - f)))) / 2);
    let integral = 0; // cm^-2 s^-1
    for (let k = 1; k < R.length; k++) integral += 0.5 * (R[k - 1]! + R[k]!) * (pr.x_nm[k]! - pr.x_nm[k - 1]!) * 1e-7;
    const expected = Q_C * integral * 1e3; // mA/cm^2
    expect(Math.abs(held / expected - 1)).toBeLessThan(1e-2);
    // and it is not the steady rate the same densities would give
    expect(Math.abs(held / steady - 1)).toBeGreaterThan(0.5);
  });
});

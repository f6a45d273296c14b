import { describe, expect, it } from 'vitest';
import { DDSystem } from '../../src/electrical/discretisation/system.js';
import { fermiHalf, logFermiHalf } from '../../src/electrical/models/statistics/fermi-dirac.js';
import { simulateJV } from '../../src/electrical/solvers/jv.js';
import type { ElectricalDevice } from '../../src/electrical/types.js';
import { jacobianMismatch, perturbedSolution, pinDevice, siLayer } from './helpers.js';

describe('Fermi-Dirac integral F_1/2', () => {
  it('matches reference values (polylog: F(eta) = -Li_3/2(-e^eta)) and the limits', () => {
    expect(fermiHalf(0)).toBeCloseTo(0.765147024625408, 7);
    expect(fermiHalf(-1)).toBeCloseTo(0.32779515926071157, 7);
    expect(fermiHalf(-30) / Math.exp(-30)).toBeCloseTo(1, 10);
    const big = 150;
    const somm = (4 / (3 * Math.sqrt(Math.PI))) * big ** 1.5 * (1 + (Math.PI * Math.PI) / (8 * big * big));
    expect(fermiHalf(big) / somm).toBeCloseTo(1, 10);
    // continuity at the table ends and a consistent derivative
    expect(fermiHalf(99.9999) / fermiHalf(100.0001)).toBeCloseTo(1, 5);
    const o = new Float64Array(2);
    for (const eta of [-12, -1.3, 0.21, 4.7, 33]) {
      logFermiHalf(eta + 1e-6, o);
      const up = o[0]!;
      logFermiHalf(eta - 1e-6, o);
      const dn = o[0]!;
      logFermiHalf(eta, o);
      expect(Math.abs(o[1]! - (up - dn) / 2e-6)).toBeLessThan(1e-6);
    }
  });
});

describe('Fermi-Dirac statistics in the solver', () => {
  it('agrees with Boltzmann for a non-degenerate device', () => {
    // contacts 0.3 eV inside the gap: eta <= -11.6 everywhere, F(eta)/e^eta - 1 < 4e-6
    const V = [0, 0.5, 0.8, 0.9, 1.0];
    const contacts = {
      left: { kind: 'schottky' as const, workFunction_eV: 5.2 },
      right: { kind: 'schottky' as const, workFunction_eV: 4.3 },
      anode: 'left' as const,
    };
    const b = simulateJV(pinDevice({ contacts, voltage_V: V, options: { standardProfiles: false } }));
    const f = simulateJV(
      pinDevice({ contacts, voltage_V: V, options: { standardProfiles: false, statistics: 'fermi-dirac' } }),
    );
    expect(f.converged).toBe(true);
    V.forEach((_, i) => {
      expect(Math.abs(f.J_mA_cm2[i]! - b.J_mA_cm2[i]!)).toBeLessThan(1e-4 * Math.abs(b.J_mA_cm2[i]!) + 1e-9);
    });
  });

  const degenerate = (statistics: 'boltzmann' | 'fermi-dirac'): ElectricalDevice => ({
    layers: [
      siLayer('n++', 300, { Nd_cm3: 1e20, tau_n_s: 1e-7, tau_p_s: 1e-7 }),
      siLayer('p', 2000, { Na_cm3: 1e17, tau_n_s: 1e-6, tau_p_s: 1e-6 }),
    ],
    contacts: { left: { kind: 'ohmic' }, right: { kind: 'ohmic' }, anode: 'right' },
    T_K: 300,
    generation: { kind: 'uniform', G_cm3_s: 1e21 },
    voltage_V: [0, 0.3, 0.5],
    options: { statistics, profileBiases_V: [0] },
  });

  it('degenerate n++ layer: neutral ohmic contact (n = Nd) with the Fermi level from F_1/2, currents conserved', () => {
    const r = simulateJV(degenerate('fermi-dirac'));
    expect(r.converged).toBe(true);
    const p = r.profiles.find((q) => q.label === '0 V')!;
    expect(p.n_cm3[0]! / 1e20).toBeCloseTo(1, 6);
    const eta = (p.EFn_eV[0]! - p.Ec_eV[0]!) / ((1.380649e-23 * 300) / 1.602176634e-19);
    expect(eta).toBeGreaterThan(Math.log(1e20 / 2.8e19)); // degenerate: above the Boltzmann value
    expect(2.8e19 * fermiHalf(eta)).toBeCloseTo(1e20, -13);
    const Jx = p.J_mA_cm2; // anode right: J along +x = J
    for (let i = 0; i < p.x_nm.length; i++) {
      expect(Math.abs(p.Jn_mA_cm2[i]! + p.Jp_mA_cm2[i]! - Jx)).toBeLessThan(1e-6 * Math.abs(Jx));
    }
    const b = simulateJV(degenerate('boltzmann'));
    // the degenerate emitter injects fewer holes than Boltzmann predicts: different dark-like current near Voc
    expect(Math.abs(r.J_mA_cm2[2]! - b.J_mA_cm2[2]!)).toBeGreaterThan(1e-4);
  });

  it('analytic Jacobian agrees with finite differences under Fermi-Dirac statistics', () => {
    const dev = degenerate('fermi-dirac');
    dev.options = { ...dev.options, nodes: 30 };
    dev.interfaces = [{ S_n_cm_s: 1e3, S_p_cm_s: 1e3 }];
    dev.contacts.left.S_p_cm_s = 1e4;
    dev.layers[1]!.k_rad_cm3_s = 1e-14;
    dev.layers[1]!.Cn_cm6_s = 1e-30;
    dev.layers[1]!.Cp_cm6_s = 1e-30;
    const sys = new DDSystem(dev);
    const x = perturbedSolution(sys, 0.3);
    const all = Array.from({ length: sys.N }, (_, i) => i);
    const { worst, at } = jacobianMismatch(sys, x, 0.3 / sys.Vt, all);
    expect(worst, at).toBeLessThanOrEqual(1);
  });
});

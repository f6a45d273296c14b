import { describe, expect, it } from 'vitest';
import { EPS0_F_M, Q_C } from '../../src/constants.js';
import { DDSystem } from '../../src/electrical/discretisation/system.js';
import {
  braunBessel,
  buildDissociation,
  dissociationProbability,
  separations,
} from '../../src/electrical/models/excitons/dissociation.js';
import { simulateJV } from '../../src/electrical/solvers/jv.js';
import type { ElectricalDevice, ElectricalLayer } from '../../src/electrical/types.js';
import { jacobianMismatch, perturbedSolution, VT300 } from './helpers.js';

/** A single-layer organic blend between selective contacts (the public case's blend). */
function blend(over: Partial<ElectricalLayer> = {}): ElectricalLayer {
  return {
    name: 'blend',
    thickness_nm: 100,
    eps_r: 3.5,
    chi_eV: 3.8,
    Eg_eV: 1.4,
    Nc_cm3: 2.5e19,
    Nv_cm3: 2.5e19,
    mu_n_cm2_Vs: 1e-4,
    mu_p_cm2_Vs: 1e-4,
    langevin_prefactor: 1,
    exciton: { model: 'onsager-braun', a_nm: 1.8, k_f_s: 1e6 },
    ...over,
  };
}

function organic(layer: ElectricalLayer, voltage_V = [0, 0.3, 0.6, 0.9]): ElectricalDevice {
  return {
    layers: [layer],
    contacts: {
      left: { kind: 'schottky', workFunction_eV: 3.9 },
      right: { kind: 'schottky', workFunction_eV: 5.1 },
      anode: 'right',
    },
    T_K: 300,
    generation: { kind: 'uniform', G_cm3_s: 1e22 },
    voltage_V,
    options: { nodes: 150, standardProfiles: false },
  };
}

describe('Onsager-Braun dissociation and Langevin recombination', () => {
  it('the Bessel factor: its series start, its asymptote and its derivative', () => {
    for (const b of [0, 1e-4, 1e-2, 0.1]) {
      expect(braunBessel(b).value).toBeCloseTo(1 + b + b ** 2 / 3 + b ** 3 / 18 + b ** 4 / 180 + b ** 5 / 2700, 9);
    }
    // I1(z)/(z/2) with z = 2 sqrt(2b) tends to e^z / sqrt(2 pi z) (1 - 3/(8z) - 15/(128 z^2)) / (z/2)
    for (const b of [200, 800]) {
      const z = 2 * Math.sqrt(2 * b);
      const asym = ((Math.exp(z) / Math.sqrt(2 * Math.PI * z)) * (1 - 3 / (8 * z) - 15 / (128 * z * z))) / (z / 2);
      expect(Math.abs(braunBessel(b).value / asym - 1)).toBeLessThan(1e-4);
    }
    for (const b of [0.3, 3, 30]) {
      const h = 1e-5 * b;
      const fd = (braunBessel(b + h).value - braunBessel(b - h).value) / (2 * h);
      expect(Math.abs(braunBessel(b).derivative / fd - 1)).toBeLessThan(1e-7);
    }
  });

  it('P at zero field and at a field, from Braun\u2019s formula written out', () => {
    const layer = blend();
    const d = buildDissociation([layer], { L0: 100e-9, Vt: VT300 })[0]!;
    const eps = EPS0_F_M * 3.5;
    const a = 1.8e-9;
    const gamma = (Q_C * 2e-8) / eps;
    const kd0 = ((3 * gamma) / (4 * Math.PI * a ** 3)) * Math.exp(-Q_C / (4 * Math.PI * eps * a) / VT300);
    for (const F of [0, 1e6, 1e7, 1e8]) {
      const b = (Q_C * F) / (8 * Math.PI * eps * VT300 * VT300);
      const kd = kd0 * braunBessel(b).value;
      // the model's b per unit scaled field: F = Vt |du/dx| / L0
      const scaled = (F * 100e-9) / VT300;
      expect(dissociationProbability(d, d.bScale * scaled).P).toBeCloseTo(kd / (kd + 1e6), 12);
    }
  });

  it('the Gaussian distribution of separations: unit weight, and P against a fine quadrature', () => {
    // the quadrature leaves out t < 0.005, 9.4e-8 of the weight, where no pair dissociates
    const { w } = separations('gaussian');
    expect(Math.abs(w.reduce((s, q) => s + q, 0) - (1 - 9.4e-8))).toBeLessThan(1e-9);
    const layer = blend({ exciton: { model: 'onsager-braun', a_nm: 1.8, k_f_s: 1e6, distribution: 'gaussian' } });
    const [gauss] = buildDissociation([layer], { L0: 100e-9, Vt: VT300 });
    for (const b of [0, 0.5, 5, 300]) {
      // midpoint rule over 0..8a with 40000 points, P(r) of the delta model at each r
      let ref = 0;
      const n = 40000;
      for (let k = 0; k < n; k++) {
        const t = ((k + 0.5) * 8) / n;
        const at = blend({ exciton: { model: 'onsager-braun', a_nm: 1.8 * t, k_f_s: 1e6 } });
        const [delta] = buildDissociation([at], { L0: 100e-9, Vt: VT300 });
        ref += (8 / n) * ((4 * t * t * Math.exp(-t * t)) / Math.sqrt(Math.PI)) * dissociationProbability(delta!, b).P;
      }
      expect(Math.abs(dissociationProbability(gauss!, b).P - ref)).toBeLessThan(1e-7);
    }
  });

  it('the analytic Jacobian with dissociation matches finite differences entry by entry', () => {
    for (const distribution of ['delta', 'gaussian'] as const) {
      const dev = organic(blend({ exciton: { model: 'onsager-braun', a_nm: 1.8, k_f_s: 1e6, P0: 0.1, distribution } }));
      dev.options = { nodes: 40, standardProfiles: false };
      const sys = new DDSystem(dev);
      const x = perturbedSolution(sys, 0.4);
      const all = Array.from({ length: sys.N }, (_, i) => i);
      const { worst, at } = jacobianMismatch(sys, x, 0.4 / sys.Vt, all);
      expect(worst, `${distribution}: ${at}`).toBeLessThanOrEqual(1);
    }
  });

  it('k_f -> 0: every CT state dissociates and the bimolecular loss vanishes (plain drift-diffusion without k_rad)', () => {
    const V = [0, 0.2, 0.4, 0.6, 0.8];
    const ob = simulateJV(organic(blend({ exciton: { model: 'onsager-braun', a_nm: 1.8, k_f_s: 1e-30 } }), V));
    const plain = simulateJV(organic(blend({ exciton: undefined, langevin_prefactor: 0 }), V));
    expect(ob.converged && plain.converged).toBe(true);
    ob.J_mA_cm2.forEach((j, k) => {
      expect(Math.abs(j - plain.J_mA_cm2[k]!)).toBeLessThan(1e-6 * Math.abs(plain.J_mA_cm2[k]!) + 1e-9);
    });
  });

  it('P0 = 1: every CT state gives free carriers whatever the field; the bimolecular rate is still reduced by (1 - P)', () => {
    const run = (P0: number) =>
      simulateJV({
        ...organic(blend({ exciton: { model: 'onsager-braun', a_nm: 1.8, k_f_s: 1e6, P0 } }), [0]),
        options: { nodes: 150, standardProfiles: false, profileBiases_V: [0] },
      });
    const full = run(1);
    const none = run(0);
    expect(full.profiles[0]!.R_geminate_cm3_s!.every((g) => g === 0)).toBe(true);
    expect(full.recombination.layers[0]!.geminate![0]).toBe(0);
    expect(full.J_mA_cm2[0]!).toBeGreaterThan(none.J_mA_cm2[0]! * 1.1);
    // all of q G d is either collected or lost to (1 - P) gamma (n p - n_i^2) and the contacts
    const L = full.recombination.layers[0]!;
    const c = full.recombination.contacts;
    expect(
      Math.abs(full.recombination.generation[0]! - L.radiative[0]! - c.anode[0]! - c.cathode[0]! - full.J_mA_cm2[0]!),
    ).toBeLessThan(1e-6);
  });

  it('the J-V splits into generation, geminate and bimolecular losses and the contacts (current balance)', () => {
    const r = simulateJV({
      ...organic(blend(), [0, 0.5, 0.8]),
      options: { nodes: 200, standardProfiles: false, profileBiases_V: [0.5] },
    });
    expect(r.converged).toBe(true);
    const L = r.recombination.layers[0]!;
    expect(L.geminate).toBeDefined();
    r.J_mA_cm2.forEach((J, k) => {
      const lost = L.geminate![k]! + L.radiative[k]! + L.srh[k]! + L.auger[k]!;
      const contacts = r.recombination.contacts.anode[k]! + r.recombination.contacts.cathode[k]!;
      const balance = r.recombination.generation[k]! - lost - contacts;
      expect(Math.abs(balance - J)).toBeLessThan(1e-6 * r.recombination.generation[k]!);
      // at short circuit the geminate loss is a large part of what is lost in this blend
      if (k === 0) expect(L.geminate![0]!).toBeGreaterThan(0.01 * r.recombination.generation[0]!);
    });
    const pr = r.profiles[0]!;
    expect(pr.P_dissociation!.every((p) => p > 0 && p < 1)).toBe(true);
    // the field is strongest near the contacts at 0.5 V below the built-in voltage: P is not uniform
    expect(Math.max(...pr.P_dissociation!) - Math.min(...pr.P_dissociation!)).toBeGreaterThan(1e-3);
  });
});

import { describe, expect, it } from 'vitest';
import { DDSystem } from '../../src/electrical/discretisation/system.js';
import { selectiveWorkFunctions } from '../../src/electrical/solvers/contact-continuation.js';
import { simulateJV } from '../../src/electrical/solvers/jv.js';
import type { ElectricalDevice, ElectricalLayer } from '../../src/electrical/types.js';

/** The public library's PTAA, MAPbI3 and C60 (assets/materials), undoped transport layers. */
const PTAA: ElectricalLayer = {
  name: 'PTAA',
  thickness_nm: 30,
  eps_r: 3,
  chi_eV: 2.25,
  Eg_eV: 3.15,
  Nc_cm3: 1e20,
  Nv_cm3: 1e20,
  mu_n_cm2_Vs: 1e-5,
  mu_p_cm2_Vs: 1e-3,
  k_rad_cm3_s: 1e-11,
};
const MAPI: ElectricalLayer = {
  name: 'MAPbI3',
  thickness_nm: 500,
  eps_r: 23,
  chi_eV: 3.8,
  Eg_eV: 1.6,
  Nc_cm3: 1e19,
  Nv_cm3: 1e19,
  mu_n_cm2_Vs: 20,
  mu_p_cm2_Vs: 20,
  tau_n_s: 1e-7,
  tau_p_s: 1e-7,
  k_rad_cm3_s: 3.6e-12,
};
const C60: ElectricalLayer = {
  name: 'C60',
  thickness_nm: 30,
  eps_r: 5,
  chi_eV: 4,
  Eg_eV: 1.9,
  Nc_cm3: 5e20,
  Nv_cm3: 5e20,
  mu_n_cm2_Vs: 0.01,
  mu_p_cm2_Vs: 1e-5,
  k_rad_cm3_s: 1e-11,
};

describe('robustness of the Newton solver on devices users build', () => {
  it('undoped wide-gap transport layers under ohmic contacts: the light comes on and the sweep runs', () => {
    // both carriers are nearly absent in C60 near its contact (1e7-1e8 cm^-3): a quasi-Fermi level
    // there is rounding noise of 1e-4 Vt at a residual of 1e-13, which once read as "not converged"
    const dev: ElectricalDevice = {
      layers: [PTAA, MAPI, C60],
      contacts: { left: { kind: 'ohmic' }, right: { kind: 'ohmic' }, anode: 'left' },
      T_K: 300,
      generation: { kind: 'uniform', G_cm3_s: 4e21 },
      voltage_V: Array.from({ length: 27 }, (_, k) => k * 0.05),
      options: { nodes: 400, standardProfiles: false },
    };
    const r = simulateJV(dev);
    expect(r.converged, r.error?.text).toBe(true);
    expect(r.J_mA_cm2.every(Number.isFinite)).toBe(true);
    // the same device with work-function contacts that suit the layers is a working cell
    const good = simulateJV({
      ...dev,
      contacts: {
        left: { kind: 'schottky', workFunction_eV: 5.2 },
        right: { kind: 'schottky', workFunction_eV: 4.05 },
        anode: 'left',
      },
    });
    expect(good.converged, good.error?.text).toBe(true);
    expect(good.figures!.Voc_V).toBeGreaterThan(1);
  });

  it('100 nm undoped PTAA and C60 under ohmic contacts (the library device, all defaults): started through the contacts', () => {
    // Without the continuation in the contacts' work functions Newton fails at V = 0 already at
    // 1e-12 of the light: "did not converge at V = 0.00000 V".
    const dev: ElectricalDevice = {
      layers: [
        { ...PTAA, thickness_nm: 100 },
        { ...MAPI, thickness_nm: 100 },
        { ...C60, thickness_nm: 100 },
      ],
      contacts: { left: { kind: 'ohmic' }, right: { kind: 'ohmic' }, anode: 'left' },
      T_K: 300,
      generation: { kind: 'uniform', G_cm3_s: 4e21 },
      voltage_V: [0, 0.2, 0.4],
      options: { nodes: 400, standardProfiles: false },
    };
    const r = simulateJV(dev);
    expect(r.converged, r.error?.text).toBe(true);
    // the state reached is the given device's steady state: its current balances its breakdown
    // (generation - recombination in every layer - contact losses), an identity of the discrete
    // equations that a solution of another system (other contacts) would not satisfy
    r.J_mA_cm2.forEach((J, k) => {
      const lost = r.recombination.layers.reduce((s, l) => s + l.srh[k]! + l.radiative[k]! + l.auger[k]!, 0);
      const contacts = r.recombination.contacts.anode[k]! + r.recombination.contacts.cathode[k]!;
      const balance = r.recombination.generation[k]! - lost - contacts;
      expect(Math.abs(balance - J)).toBeLessThan(1e-6 * r.recombination.generation[k]!);
    });
    // the ohmic contacts take the layers' intrinsic Fermi levels (anode 3.825 eV < cathode 4.95 eV):
    // the built-in field points the wrong way and the photocurrent flows backwards, as it must
    expect(r.J_mA_cm2[0]!).toBeLessThan(0);
    // the continuation left the system's contacts as given
    const sys = new DDSystem(dev);
    expect(sys.left.W_eV).toBeCloseTo(2.25 + 3.15 / 2, 6);
    expect(selectiveWorkFunctions(sys)).toEqual({ left: 2.25 + 3.15 - 0.1, right: 4 + 0.1 });
  });
});

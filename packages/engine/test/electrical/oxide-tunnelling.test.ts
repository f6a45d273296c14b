import { describe, expect, it } from 'vitest';
import { HBAR_J_S, M0_KG, Q_C } from '../../src/constants.js';
import { thermalTransmission, wkbExponent } from '../../src/electrical/models/tunnelling/oxide-tunnelling.js';
import { simulateJV } from '../../src/electrical/solvers/jv.js';
import type { ElectricalDevice, ElectricalInterface } from '../../src/electrical/types.js';
import { siLayer, VT300 } from './helpers.js';

/** kappa = sqrt(2 m (V - E)) / hbar, 1/m. */
const kappa = (dV_eV: number, m: number) => Math.sqrt(2 * m * M0_KG * dV_eV * Q_C) / HBAR_J_S;

/** SiO2 between silicon: 3.1 eV for electrons, 4.5 eV for holes, masses 0.4 m0 (Simmons-type fits). */
const SIOX = { barrier_n_eV: 3.1, barrier_p_eV: 4.5, mass_n_rel: 0.4, mass_p_rel: 0.4 };

describe('tunnelling through a thin interlayer (WKB, Tsu-Esaki)', () => {
  it('the WKB exponent of a rectangular barrier against the exact quantum transmission', () => {
    const V0 = 1.0;
    const m = 0.5;
    for (const [E, d] of [
      [0.2, 2e-9],
      [0.5, 3e-9],
      [0.9, 5e-9],
    ] as const) {
      const k = kappa(V0 - E, m);
      expect(k * d).toBeGreaterThan(4);
      // exact: T = 1 / (1 + V0^2 sinh^2(k d) / (4 E (V0 - E)))
      const s = Math.sinh(k * d);
      const exact = 1 / (1 + (V0 * V0 * s * s) / (4 * E * (V0 - E)));
      const w = wkbExponent(() => V0, d, E, m);
      expect(w).toBeCloseTo(2 * k * d, 9);
      // the two differ by the prefactor 16 E (V0 - E) / V0^2 and terms of order e^(-2kd)
      const prefactor = (16 * E * (V0 - E)) / (V0 * V0);
      expect(Math.abs(Math.log(exact) - (Math.log(prefactor) - w))).toBeLessThan(3 * Math.exp(-2 * k * d) + 1e-9);
    }
  });

  it('the WKB integral of a trapezoidal barrier against its closed form', () => {
    const [p1, p2, E, d, m] = [3.0, 2.0, 0.3, 1.5e-9, 0.4];
    const closed =
      (((2 * Math.sqrt(2 * m * M0_KG * Q_C)) / HBAR_J_S) * ((2 / 3) * d * ((p2 - E) ** 1.5 - (p1 - E) ** 1.5))) /
      (p2 - p1);
    expect(wkbExponent((x) => p1 + ((p2 - p1) * x) / d, d, E, m) / closed - 1).toBeLessThan(1e-10);
  });

  it('the thermal average against a brute-force sum, and a factor of about 3 per 0.1 nm of SiO2', () => {
    const kT = VT300;
    for (const [phi, dnm, m] of [
      [3.1, 1.5, 0.4],
      [0.5, 2, 0.3],
    ] as const) {
      let sum = 0;
      const n = 200000;
      const dE = (phi + 40 * kT) / n;
      for (let i = 0; i < n; i++) {
        const E = (i + 0.5) * dE;
        const T = E < phi ? Math.exp(-2 * kappa(phi - E, m) * dnm * 1e-9) : 1;
        sum += (T * Math.exp(-E / kT) * dE) / kT;
      }
      expect(Math.abs(thermalTransmission(phi, dnm, m, kT) / sum - 1)).toBeLessThan(1e-5);
    }
    const r = thermalTransmission(3.1, 1.6, 0.4, kT) / thermalTransmission(3.1, 1.5, 0.4, kT);
    // exp(-2 kappa(E) 0.1 nm) at the energies that carry the current, a little above the band edge
    expect(r).toBeGreaterThan(Math.exp(-2 * kappa(3.1, 0.4) * 1e-10));
    expect(r).toBeLessThan(Math.exp(-2 * kappa(3.1 - 0.2, 0.4) * 1e-10));
    expect(1 / r).toBeGreaterThan(2.8);
    expect(1 / r).toBeLessThan(3.3);
  });

  it('an electron current through the oxide between two n+ silicon layers: its conductance follows <T>', () => {
    const dev = (ox: ElectricalInterface['tunnel_oxide']): ElectricalDevice => ({
      layers: [siLayer('n+ Si', 200, { Nd_cm3: 1e20 }), siLayer('n+ poly', 100, { Nd_cm3: 1e20 })],
      interfaces: [{ tunnel_oxide: ox }],
      contacts: { left: { kind: 'ohmic' }, right: { kind: 'ohmic' }, anode: 'right' },
      T_K: 300,
      generation: { kind: 'dark' },
      voltage_V: [-0.002, 0, 0.002],
      options: { nodes: 200, standardProfiles: false, statistics: 'fermi-dirac' },
    });
    const g = (d: number) => {
      const r = simulateJV(dev({ thickness_nm: d, ...SIOX }));
      expect(r.converged, r.error?.text).toBe(true);
      // contact resistivity, Ohm cm^2, from the slope at 0 V
      return (0.004 / Math.abs(r.J_mA_cm2[2]! - r.J_mA_cm2[0]!)) * 1e3;
    };
    const rho15 = g(1.5);
    const rho16 = g(1.6);
    const tRatio = thermalTransmission(3.1, 1.5, 0.4, VT300) / thermalTransmission(3.1, 1.6, 0.4, VT300);
    expect(Math.abs(rho16 / rho15 / tRatio - 1)).toBeLessThan(0.02);
    // TOPCon's 1.5 nm oxide: a few milliohm cm^2 (published: about 1-10 mOhm cm^2)
    expect(rho15).toBeGreaterThan(5e-4);
    expect(rho15).toBeLessThan(2e-2);
  });

  it('a TOPCon rear contact: high Voc with low contact resistivity, selective through the hole barrier', () => {
    // n-type wafer with an ideal front hole contact (electron recombination velocity 1 cm/s); rear:
    // SiOx + n+ poly-Si + metal, or the metal straight on the wafer, or an oxide that does not
    // block holes. Published TOPCon: iVoc above 700 mV with contact resistivities below
    // 10 mOhm cm^2 (Feldmann et al., SOLMAT 120, 270 (2014); the HighLite round robin, 2-10 fA/cm^2
    // and < 10 mOhm cm^2). Silicon here has no band-gap narrowing, so absolute Voc runs high.
    const auger = { Cn_cm6_s: 2.8e-31, Cp_cm6_s: 9.9e-32, k_rad_cm3_s: 4.7e-15 };
    const cell = (rear: 'topcon' | 'metal' | 'no hole barrier') => {
      const layers = [
        siLayer('p+ emitter', 300, { Na_cm3: 1e19, tau_n_s: 1e-6, tau_p_s: 1e-6, ...auger }),
        siLayer('n wafer', 150000, { Nd_cm3: 1e15, tau_n_s: 5e-3, tau_p_s: 5e-3, ...auger }),
      ];
      if (rear !== 'metal')
        layers.push(siLayer('n+ poly-Si', 100, { Nd_cm3: 1e20, tau_n_s: 1e-9, tau_p_s: 1e-9, ...auger }));
      const ox = { thickness_nm: 1.5, ...SIOX, ...(rear === 'no hole barrier' ? { barrier_p_eV: 0.05 } : {}) };
      const G = 0.04 / (Q_C * 0.015); // 40 mA/cm^2 absorbed in the wafer
      return simulateJV({
        layers,
        interfaces: rear === 'metal' ? [] : [{}, { tunnel_oxide: ox }],
        contacts: { left: { kind: 'ohmic', S_n_cm_s: 1, S_p_cm_s: null }, right: { kind: 'ohmic' }, anode: 'left' },
        T_K: 300,
        generation: { kind: 'per-layer', G_cm3_s: layers.map((_, i) => (i === 1 ? G : 0)) },
        voltage_V: Array.from({ length: 43 }, (_, k) => k * 0.02),
        options: { nodes: 500, standardProfiles: false, statistics: 'fermi-dirac' },
      });
    };
    const topcon = cell('topcon');
    const metal = cell('metal');
    const open = cell('no hole barrier');
    for (const r of [topcon, metal, open]) expect(r.converged, r.error?.text).toBe(true);
    expect(topcon.figures!.Voc_V).toBeGreaterThan(0.7);
    expect(topcon.figures!.FF).toBeGreaterThan(0.8);
    expect(topcon.figures!.Voc_V - metal.figures!.Voc_V).toBeGreaterThan(0.1);
    // without the hole barrier the holes reach the rear metal: the selectivity is the barrier's
    expect(topcon.figures!.Voc_V - open.figures!.Voc_V).toBeGreaterThan(0.03);
  });

  it('reports the electron and hole currents through the oxide: they add up to the terminal current, and the holes are blocked', () => {
    // the TOPCon rear of the test above, its oxide without interface recombination: current
    // continuity across the gap makes J_n + J_p through the oxide the terminal current
    const layers = [
      siLayer('p+ emitter', 300, { Na_cm3: 1e19, tau_n_s: 1e-6, tau_p_s: 1e-6 }),
      siLayer('n wafer', 150000, { Nd_cm3: 1e15, tau_n_s: 5e-3, tau_p_s: 5e-3 }),
      siLayer('n+ poly-Si', 100, { Nd_cm3: 1e20, tau_n_s: 1e-9, tau_p_s: 1e-9 }),
    ];
    const G = 0.04 / (Q_C * 0.015);
    const run = (barrier_p_eV: number) =>
      simulateJV({
        layers,
        interfaces: [{}, { tunnel_oxide: { thickness_nm: 1.5, ...SIOX, barrier_p_eV } }],
        contacts: { left: { kind: 'ohmic', S_n_cm_s: 1, S_p_cm_s: null }, right: { kind: 'ohmic' }, anode: 'left' },
        T_K: 300,
        generation: { kind: 'per-layer', G_cm3_s: [0, G, 0] },
        voltage_V: [0, 0.3, 0.6],
        options: { nodes: 400, standardProfiles: false, solveFigures: false },
      });
    const selective = run(SIOX.barrier_p_eV);
    const open = run(0.05);
    for (const r of [selective, open]) {
      expect(r.converged, r.error?.text).toBe(true);
      expect(r.recombination.interfaces[0]!.tunnelOxide).toBeUndefined();
      const ox = r.recombination.interfaces[1]!.tunnelOxide!;
      r.J_mA_cm2.forEach((J, k) => {
        expect(Math.abs(ox.electron[k]! + ox.hole[k]! - J)).toBeLessThan(1e-6);
      });
    }
    // short circuit: the electrons carry the current out; the holes that cross the oxide are lost
    // (negative), a few 1e-8 mA/cm^2 through the 4.5 eV barrier, 1e6 times more without it
    const hs = selective.recombination.interfaces[1]!.tunnelOxide!.hole[0]!;
    const ho = open.recombination.interfaces[1]!.tunnelOxide!.hole[0]!;
    expect(selective.recombination.interfaces[1]!.tunnelOxide!.electron[0]!).toBeGreaterThan(39);
    expect(hs).toBeLessThan(0);
    expect(Math.abs(hs)).toBeLessThan(1e-6);
    expect(Math.abs(ho)).toBeGreaterThan(1e4 * Math.abs(hs));
  });
});

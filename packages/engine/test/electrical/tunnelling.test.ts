import { describe, expect, it } from 'vitest';
import { HBAR_J_S, KB_J_K, M0_KG, Q_C } from '../../src/constants.js';
import { DDSystem } from '../../src/electrical/discretisation/system.js';
import { buildBulkTunnelling, tatGamma } from '../../src/electrical/models/tunnelling/tunnelling.js';
import { simulateJV } from '../../src/electrical/solvers/jv.js';
import type { ElectricalDevice, ElectricalLayer } from '../../src/electrical/types.js';
import { jacobianMismatch, perturbedSolution, siLayer } from './helpers.js';

const BTBT: Partial<ElectricalLayer> = { btbt_A_cm3_s: 4e14, btbt_B_V_cm: 1.9e7, btbt_P: 2.5 };

/** A silicon p++/n++ junction, 1e20 cm^-3 on each side (a tunnel diode, the core of a recombination junction). */
function tunnelDiode(over: Partial<ElectricalLayer> = {}, voltage_V = [-0.3, -0.1, 0, 0.1, 0.2]): ElectricalDevice {
  return {
    layers: [
      siLayer('p++', 50, { Na_cm3: 1e20, tau_n_s: 1e-9, tau_p_s: 1e-9, ...over }),
      siLayer('n++', 50, { Nd_cm3: 1e20, tau_n_s: 1e-9, tau_p_s: 1e-9, ...over }),
    ],
    contacts: { left: { kind: 'ohmic' }, right: { kind: 'ohmic' }, anode: 'left' },
    T_K: 300,
    generation: { kind: 'dark' },
    voltage_V,
    options: { nodes: 300, standardProfiles: false, statistics: 'fermi-dirac' },
  };
}

describe('band-to-band and trap-assisted tunnelling (Hurkx)', () => {
  it('F_Gamma and Gamma from the formula written out', () => {
    const t = buildBulkTunnelling(siLayer('x', 10, { tat_mass_rel: 0.25 }), 300, 1)!;
    const kT = KB_J_K * 300;
    const FG = Math.sqrt(24 * 0.25 * M0_KG * kT ** 3) / (Q_C * HBAR_J_S) / 100;
    expect(t.tatF_V_cm).toBeCloseTo(FG, 6);
    expect(FG).toBeGreaterThan(3.6e5);
    expect(FG).toBeLessThan(3.8e5);
    for (const F of [1e4, 2e5, 5e5]) {
      const r = F / FG;
      // (saturating smoothly at 1e12: a relative 1e-10 here)
      const g = 2 * Math.sqrt(3 * Math.PI) * r * Math.exp(r * r);
      expect(Math.abs(tatGamma(t, F).g / g - 1)).toBeLessThan(1e-9);
      const h = 1e-4 * F;
      const fd = (tatGamma(t, F + h).g - tatGamma(t, F - h).g) / (2 * h);
      expect(Math.abs(tatGamma(t, F).dg / fd - 1)).toBeLessThan(1e-7);
    }
  });

  it('the analytic Jacobian with both models matches finite differences entry by entry', () => {
    // Gamma grows as exp((F/F_G)^2): at the 3 MV/cm of a 1e20 junction its derivatives are too
    // steep for the difference quotient's step, so trap-assisted tunnelling is checked on a 1e18
    // junction (r = F/F_G about 1.5), band-to-band tunnelling on both
    for (const [doping, over] of [
      [1e20, BTBT],
      [1e18, { ...BTBT, btbt_A_cm3_s: 4e18, tat_mass_rel: 0.25 }],
    ] as const) {
      const dev = tunnelDiode(over);
      dev.layers[0]!.Na_cm3 = doping;
      dev.layers[1]!.Nd_cm3 = doping;
      dev.options = { nodes: 40, standardProfiles: false, statistics: 'fermi-dirac' };
      const sys = new DDSystem(dev);
      const x = perturbedSolution(sys, 0.1);
      const all = Array.from({ length: sys.N }, (_, i) => i);
      const { worst, at } = jacobianMismatch(sys, x, 0.1 / sys.Vt, all);
      expect(worst, `${doping}: ${at}`).toBeLessThanOrEqual(1);
    }
  });

  it('a p++/n++ junction conducts at small bias both ways only with band-to-band tunnelling, in proportion to A', () => {
    // A well below silicon's 4e14 so that tunnelling, not the neutral regions, limits the current
    const plain = simulateJV(tunnelDiode());
    const tun = simulateJV(tunnelDiode({ ...BTBT, btbt_A_cm3_s: 4e8 }));
    const tun2 = simulateJV(tunnelDiode({ ...BTBT, btbt_A_cm3_s: 8e8 }));
    for (const r of [plain, tun, tun2]) expect(r.converged, r.error?.text).toBe(true);
    // reverse (Zener) and small forward bias: tunnelling carries orders of magnitude more current
    const at = (r: typeof plain, V: number) => r.J_mA_cm2[r.V.indexOf(V)]!;
    expect(Math.abs(at(tun, -0.3))).toBeGreaterThan(100 * Math.abs(at(plain, -0.3)));
    expect(Math.abs(at(tun, 0.1))).toBeGreaterThan(100 * Math.abs(at(plain, 0.1)));
    expect(at(tun, 0)).toBeCloseTo(0, 6);
    // where tunnelling dominates the current is linear in A
    for (const V of [-0.3, -0.1, 0.1]) {
      const ratio = at(tun2, V) / at(tun, V);
      expect(Math.abs(ratio - 2)).toBeLessThan(0.02);
    }
    // the breakdown balances with the band-to-band loss in it. The terminal current is the mean
    // of Jn + Jp over the intervals, and in 1e20 cm^-3 regions the majority current (density x a
    // quasi-Fermi gradient far below Newton's tolerance) is resolved to about 1e-5 of J only:
    // without the band-to-band term the balance would be off by J itself
    tun.J_mA_cm2.forEach((J, k) => {
      const lost = tun.recombination.layers.reduce(
        (s, l) => s + l.srh[k]! + l.radiative[k]! + l.auger[k]! + (l.bandToBand?.[k] ?? 0),
        0,
      );
      const c = tun.recombination.contacts;
      expect(Math.abs(-lost - c.anode[k]! - c.cathode[k]! - J)).toBeLessThan(1e-4 * Math.max(1, Math.abs(J)));
    });
  });

  it('trap-assisted tunnelling raises the SRH current of a reverse-biased junction', () => {
    const base = {
      layers: [
        siLayer('p', 200, { Na_cm3: 1e18, tau_n_s: 1e-6, tau_p_s: 1e-6 }),
        siLayer('n', 200, { Nd_cm3: 1e18, tau_n_s: 1e-6, tau_p_s: 1e-6 }),
      ],
      contacts: { left: { kind: 'ohmic' }, right: { kind: 'ohmic' }, anode: 'left' },
      T_K: 300,
      generation: { kind: 'dark' },
      voltage_V: [-1, -0.5],
      options: { nodes: 300, standardProfiles: false },
    } satisfies ElectricalDevice;
    const plain = simulateJV(base);
    const tat = simulateJV({
      ...base,
      layers: base.layers.map((l) => ({ ...l, tat_mass_rel: 0.25 })),
    });
    expect(plain.converged && tat.converged).toBe(true);
    for (let k = 0; k < 2; k++) expect(Math.abs(tat.J_mA_cm2[k]!)).toBeGreaterThan(3 * Math.abs(plain.J_mA_cm2[k]!));
  });
});

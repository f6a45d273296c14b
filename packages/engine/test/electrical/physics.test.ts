import { describe, expect, it } from 'vitest';
import { simulateJV } from '../../src/electrical/solvers/jv.js';
import type { ElectricalDevice, ElectricalResult } from '../../src/electrical/types.js';
import { type PvBenchDdInput, pvBenchToDevice } from '../../src/validation/dd-case.js';
import { loadCase, pinDevice, siLayer, VT300 } from './helpers.js';

const Q = 1.602176634e-19;
const EPS0 = 8.8541878128e-12;

const perovskite = loadCase('simsalabim-pin-perovskite').input as unknown as PvBenchDdInput;
const siLight = loadCase('analytic-si-np-diode-light').input as unknown as PvBenchDdInput;

function range(a: number, b: number, step: number): number[] {
  const out: number[] = [];
  for (let k = 0; a + k * step <= b + 1e-12; k++) out.push(Math.round((a + k * step) * 1e9) / 1e9);
  return out;
}

/** max |Jn + Jp - J_x| / |J| over a profile (J_x along +x: J_x = -J for the anode on the left). */
function currentConstancy(r: ElectricalResult, anodeLeft: boolean): number {
  let worst = 0;
  for (const p of r.profiles) {
    const Jx = anodeLeft ? -p.J_mA_cm2 : p.J_mA_cm2;
    for (let i = 0; i < p.x_nm.length; i++) {
      worst = Math.max(worst, Math.abs(p.Jn_mA_cm2[i]! + p.Jp_mA_cm2[i]! - Jx) / Math.abs(Jx));
    }
  }
  return worst;
}

describe('equilibrium', () => {
  for (const [name, input] of [
    ['perovskite p-i-n heterostructure', perovskite],
    ['silicon n+/p diode', siLight],
  ] as const) {
    it(`${name}: zero current and flat Fermi levels in the dark at 0 V`, () => {
      const dev = pvBenchToDevice({ ...input, illumination: 'dark', voltage_V: [0] }, { profileBiases_V: [0] });
      const r = simulateJV(dev);
      expect(r.converged).toBe(true);
      expect(Math.abs(r.J_mA_cm2[0]!)).toBeLessThan(1e-12);
      const p = r.profiles[0]!;
      const ef = p.EFn_eV[0]!;
      for (let i = 0; i < p.x_nm.length; i++) {
        expect(Math.abs(p.EFn_eV[i]! - ef)).toBeLessThan(1e-9);
        expect(Math.abs(p.EFp_eV[i]! - ef)).toBeLessThan(1e-9);
        expect(Math.abs(p.Jn_mA_cm2[i]!)).toBeLessThan(1e-12);
        expect(Math.abs(p.Jp_mA_cm2[i]!)).toBeLessThan(1e-12);
        expect(p.Ec_eV[i]! - p.Ev_eV[i]!).toBeGreaterThan(1);
      }
      // built-in potential: W_right - W_left for Schottky contacts; n p = ni^2 everywhere (Boltzmann)
      if (input === perovskite) {
        const dpsi = p.potential_V[p.potential_V.length - 1]! - p.potential_V[0]!;
        expect(dpsi).toBeCloseTo(5.2 - 4.05, 12);
      }
    });
  }
});

describe('contact convention (FORMAT-dd-notes: anode = hole contact, V = anode minus cathode potential)', () => {
  for (const anode of ['left', 'right'] as const) {
    it(`anode ${anode}: E_F(anode) = E_F(cathode) - qV, psi(anode) - psi(cathode) shifts by +V, J(0) = +Jsc`, () => {
      const base = pvBenchToDevice({ ...perovskite, voltage_V: [0, 0.8] }, { profileBiases_V: [0.8] });
      const dev =
        anode === 'left'
          ? base
          : {
              ...base,
              layers: [...base.layers].reverse(),
              generation: { kind: 'per-layer' as const, G_cm3_s: [0, 2.7e21, 0] },
              contacts: { left: base.contacts.right, right: base.contacts.left, anode: 'right' as const },
            };
      const r = simulateJV({ ...dev, options: { ...dev.options, standardProfiles: true } });
      expect(r.converged).toBe(true);
      expect(r.J_mA_cm2[0]!).toBeGreaterThan(21);
      const p0 = r.profiles.find((p) => p.label === '0 V')!;
      const p8 = r.profiles.find((p) => p.label === '0.8 V')!;
      const last = p8.x_nm.length - 1;
      const [ia, ic] = anode === 'left' ? [0, last] : [last, 0];
      const Wc = 4.05;
      expect(p8.EFn_eV[ic]!).toBeCloseTo(-Wc, 9);
      expect(p8.EFp_eV[ia]!).toBeCloseTo(-Wc - 0.8, 9);
      const dpsi0 = p0.potential_V[ia]! - p0.potential_V[ic]!;
      const dpsi8 = p8.potential_V[ia]! - p8.potential_V[ic]!;
      expect(dpsi8 - dpsi0).toBeCloseTo(0.8, 9);
      // both orientations give the same device (SIMsalabim: 21.34545 mA/cm2 at 0.8 V)
      expect(Math.abs(r.J_mA_cm2[1]! - 21.34545)).toBeLessThan(0.1);
    });
  }
});

describe('Shockley diode law, long-base silicon n+/p junction', () => {
  // base 2 mm >> L_n = 161 um; emitter 0.5 um; low injection; SRH everywhere (tau = 100 us)
  const tau = 1e-4;
  const emitter = { Nd_cm3: 1e19, mu_n_cm2_Vs: 100, mu_p_cm2_Vs: 70, tau_n_s: tau, tau_p_s: tau };
  const base = { Na_cm3: 1e16, mu_n_cm2_Vs: 1000, mu_p_cm2_Vs: 400, tau_n_s: tau, tau_p_s: tau };
  const V = [0.4, 0.45, 0.5];
  const dev: ElectricalDevice = {
    layers: [siLayer('emitter', 500, emitter), siLayer('base', 2e6, base)],
    contacts: { left: { kind: 'ohmic' }, right: { kind: 'ohmic' }, anode: 'right' },
    T_K: 300,
    generation: { kind: 'dark' },
    voltage_V: V,
  };
  it('J = J0 (exp(V/Vt) - 1) with the analytic J0 within 1.5 %, ideality 1 within 1 %', () => {
    const r = simulateJV(dev);
    expect(r.converged).toBe(true);
    const Vt = VT300;
    const ni2 = 2.8e19 * 1.04e19 * Math.exp(-1.12 / Vt);
    const Nd = 1e19;
    const Na = 1e16;
    const eps = 11.7 * EPS0;
    const Dn = 1000 * Vt;
    const Dp = 70 * Vt;
    const Ln = Math.sqrt(Dn * tau);
    const Lp = Math.sqrt(Dp * tau);
    const coth = (z: number) => 1 / Math.tanh(z);
    V.forEach((v, i) => {
      const Vbi = Vt * Math.log((Na * Nd) / ni2);
      const w = Math.sqrt(((2 * eps * (Vbi - v)) / (Q * 1e6)) * (1 / Na + 1 / Nd)) * 100; // cm
      const xp = (w * Nd) / (Na + Nd);
      const xn = (w * Na) / (Na + Nd);
      const J0 = Q * ni2 * ((Dn / (Na * Ln)) * coth((0.2 - xp) / Ln) + (Dp / (Nd * Lp)) * coth((5e-5 - xn) / Lp));
      const ideal = -J0 * Math.expm1(v / Vt) * 1e3;
      expect(Math.abs(r.J_mA_cm2[i]! / ideal - 1)).toBeLessThan(0.015);
    });
    const n = (V[2]! - V[0]!) / Vt / Math.log(r.J_mA_cm2[2]! / r.J_mA_cm2[0]!);
    expect(Math.abs(n - 1)).toBeLessThan(0.01);
  }, 20_000);
});

describe('p-i-n with perfect extraction', () => {
  it('Jsc = q G W to 1e-6 (no recombination, blocking contacts for the wrong carrier)', () => {
    const G = 1e21;
    const dev = pinDevice({
      contacts: {
        left: { kind: 'schottky', workFunction_eV: 5.4, S_n_cm_s: 0 },
        right: { kind: 'schottky', workFunction_eV: 4.1, S_p_cm_s: 0 },
        anode: 'left',
      },
      generation: { kind: 'uniform', G_cm3_s: G },
    });
    const r = simulateJV(dev);
    expect(r.converged).toBe(true);
    const qGW = Q * G * 300e-7 * 1e3;
    expect(Math.abs(r.J_mA_cm2[0]! / qGW - 1)).toBeLessThan(1e-6);
  });
});

describe('conservation and mesh convergence', () => {
  it('Jn + Jp is constant in x to 1e-6 relative (perovskite, 0 V / mpp / Voc) and the current balance closes', () => {
    const dev = pvBenchToDevice({ ...perovskite, voltage_V: range(0, 1.35, 0.05) }, { nodes: 400 });
    const r = simulateJV(dev);
    expect(r.converged).toBe(true);
    expect(r.profiles.map((p) => p.label)).toEqual(['0 V', 'maximum power', 'Voc']);
    // skip the Voc profile for the relative measure (J ~ 0 there); check it in absolute terms
    const noVoc = { ...r, profiles: r.profiles.slice(0, 2) };
    expect(currentConstancy(noVoc, true)).toBeLessThan(1e-6);
    const pVoc = r.profiles[2]!;
    for (let i = 0; i < pVoc.x_nm.length; i++) {
      expect(Math.abs(pVoc.Jn_mA_cm2[i]! + pVoc.Jp_mA_cm2[i]! + pVoc.J_mA_cm2)).toBeLessThan(1e-6 * 21.6);
    }
    // J = q int G - q int R - interface - contact losses at every bias
    const rc = r.recombination;
    r.J_mA_cm2.forEach((J, k) => {
      let loss = rc.contacts.anode[k]! + rc.contacts.cathode[k]!;
      for (const l of rc.layers) loss += l.srh[k]! + l.radiative[k]! + l.auger[k]!;
      for (const it of rc.interfaces) loss += it.current[k]!;
      expect(Math.abs(rc.generation[k]! - loss - J)).toBeLessThan(1e-6 * rc.generation[k]!);
    });
    expect(rc.generation[0]).toBeCloseTo(Q * 2.7e21 * 500e-7 * 1e3, 8);
  }, 20_000);

  it('silicon cell: Jn + Jp constant to 1e-6 relative at 0 V and maximum power', () => {
    const dev = pvBenchToDevice({ ...siLight, voltage_V: range(0, 0.64, 0.04) }, { nodes: 400 });
    const r = simulateJV(dev);
    expect(r.converged).toBe(true);
    expect(currentConstancy({ ...r, profiles: r.profiles.slice(0, 2) }, false)).toBeLessThan(1e-6);
  }, 20_000);

  for (const [name, input, V] of [
    ['perovskite p-i-n', perovskite, range(1.2, 1.32, 0.01)],
    ['silicon n+/p', siLight, range(0.56, 0.64, 0.01)],
  ] as const) {
    it(`${name}: doubling the mesh moves Voc by less than 1 mV`, () => {
      const voc = (nodes: number) => {
        const dev = pvBenchToDevice({ ...input, voltage_V: [0, ...V] }, { nodes, standardProfiles: false });
        const r = simulateJV(dev);
        expect(r.converged).toBe(true);
        return r.figures!.Voc_V;
      };
      const a = voc(300);
      const b = voc(600);
      expect(Math.abs(a - b)).toBeLessThan(1e-3);
    }, 20_000);
  }
});

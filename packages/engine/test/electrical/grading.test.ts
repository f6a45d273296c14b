/**
 * Graded layers (electrical/models/grading.ts), against independent references:
 *   - the same absorber cut into a staircase of thin ungraded sublayers (values at their
 *     midpoints) converges to the graded layer's J-V figures as the steps get finer;
 *   - at equilibrium a graded-gap layer has one flat Fermi level and band edges that follow chi
 *     and chi + Eg linearly (the quasi-neutral limit: n = Nd, so E_c - E_F is constant where
 *     Nc and Nd are).
 */
import { describe, expect, it } from 'vitest';
import { checkElectricalDevice } from '../../src/electrical/input-check.js';
import { layerAt } from '../../src/electrical/models/grading.js';
import { simulateJV } from '../../src/electrical/solvers/jv.js';
import { type ElectricalDevice, ElectricalInputError, type ElectricalLayer } from '../../src/electrical/types.js';

const D_NM = 600;

/** A p-type absorber graded in every gradable parameter, between selective Schottky contacts. */
function absorber(intervals: number): ElectricalLayer {
  return {
    name: 'absorber',
    thickness_nm: D_NM,
    eps_r: 10,
    chi_eV: 4.0,
    Eg_eV: 1.5,
    Nc_cm3: 1e19,
    Nv_cm3: 1e19,
    mu_n_cm2_Vs: 2,
    mu_p_cm2_Vs: 1,
    Nd_cm3: 0,
    Na_cm3: 1e16,
    tau_n_s: 1e-8,
    tau_p_s: 1e-8,
    mesh_intervals: intervals,
    mesh_grading: 0,
    graded: {
      law: 'linear',
      back: {
        eps_r: 12,
        chi_eV: 4.1,
        Eg_eV: 1.3,
        Nc_cm3: 2e19,
        Nv_cm3: 2e18,
        mu_n_cm2_Vs: 6,
        mu_p_cm2_Vs: 3,
        Nd_cm3: 1e14,
        Na_cm3: 1e15,
      },
    },
  };
}

function device(layers: ElectricalLayer[]): ElectricalDevice {
  return {
    layers,
    contacts: {
      left: { kind: 'schottky', workFunction_eV: 5.4 },
      right: { kind: 'schottky', workFunction_eV: 4.15 },
      anode: 'left',
    },
    T_K: 300,
    generation: { kind: 'uniform', G_cm3_s: 1e21 },
    voltage_V: Array.from({ length: 25 }, (_, k) => k * 0.05),
  };
}

/** The graded absorber cut into `steps` ungraded sublayers, each with the values at its midpoint. */
function staircase(steps: number, intervalsEach: number): ElectricalLayer[] {
  const g = absorber(0);
  return Array.from({ length: steps }, (_, k) => {
    const { graded: _g, ...at } = layerAt(g, (k + 0.5) / steps);
    return { ...at, name: `step ${k}`, thickness_nm: D_NM / steps, mesh_intervals: intervalsEach, mesh_grading: 0 };
  });
}

describe('graded layers', () => {
  it('a staircase of thin ungraded sublayers converges to the graded layer', () => {
    const graded = simulateJV(device([absorber(512)])).figures!;
    const err = (steps: number) => {
      const f = simulateJV(device(staircase(steps, 512 / steps))).figures!;
      return {
        jsc: Math.abs(f.Jsc_mA_cm2 / graded.Jsc_mA_cm2 - 1),
        voc: Math.abs(f.Voc_V - graded.Voc_V),
        pmax: Math.abs(f.Pmax_mW_cm2 / graded.Pmax_mW_cm2 - 1),
      };
    };
    const e16 = err(16);
    const e64 = err(64);
    expect(e64.jsc).toBeLessThan(1e-3);
    expect(e64.pmax).toBeLessThan(1e-3);
    expect(e64.voc).toBeLessThan(1e-4);
    // second order in the step: the error falls by about 16 from 16 to 64 steps
    expect(e64.jsc).toBeLessThan(e16.jsc / 4);
    expect(e64.pmax).toBeLessThan(e16.pmax / 4);
    // the grading matters here: the layer's front values alone are far off
    const front = simulateJV(device([{ ...absorber(512), graded: undefined }])).figures!;
    expect(Math.abs(front.Jsc_mA_cm2 / graded.Jsc_mA_cm2 - 1)).toBeGreaterThan(0.05);
    expect(Math.abs(front.Voc_V - graded.Voc_V)).toBeGreaterThan(0.05);
  });

  it('refuses a back value outside the hard limits of the parameter it grades, naming it', () => {
    const bad = absorber(64);
    bad.graded!.back.Nc_cm3 = -1;
    expect(() => simulateJV(device([bad]))).toThrow(ElectricalInputError);
    expect(() => simulateJV(device([bad]))).toThrow(/graded\.back\.Nc_cm3/);
  });

  it('warns of Boltzmann statistics where a graded layer becomes degenerate, at either face', () => {
    const l = absorber(64);
    const degenerate = (d: ElectricalDevice) =>
      checkElectricalDevice(d).filter((i) => i.code === 'boltzmann-degenerate' && i.severity === 'warning');
    expect(degenerate(device([l]))).toEqual([]);
    // the acceptors reach Nv at the back face only (Na 1e16 -> 1e19 against Nv 1e19 -> 2e18)
    l.graded!.back.Na_cm3 = 1e19;
    const w = degenerate(device([l]));
    expect(w).toHaveLength(1);
    expect(w[0]!.field).toBe('Na_cm3');
    // the right contact touches the back face: a work function in the back face's band is said
    const c = device([absorber(64)]);
    c.contacts.right = { kind: 'schottky', workFunction_eV: 4.12 };
    expect(degenerate(c).map((i) => i.where)).toEqual(['contacts.right']);
  });

  it('at equilibrium a graded-gap layer has a flat Fermi level and band edges that follow chi and chi + Eg', () => {
    // n-type, graded in chi, Eg and Nc; quasi-neutral away from the contacts: n = Nd, so
    // E_c - E_F = Vt ln(Nc(x)/Nd) and E_v = E_c - Eg(x)
    const Nd = 1e17;
    const layer: ElectricalLayer = {
      name: 'graded',
      thickness_nm: 500,
      eps_r: 10,
      chi_eV: 4.0,
      Eg_eV: 1.2,
      Nc_cm3: 1e19,
      Nv_cm3: 1e19,
      mu_n_cm2_Vs: 10,
      mu_p_cm2_Vs: 10,
      Nd_cm3: Nd,
      Na_cm3: 0,
      mesh_intervals: 200,
      mesh_grading: 0,
      graded: { law: 'linear', back: { chi_eV: 4.3, Eg_eV: 1.5, Nc_cm3: 4e19 } },
    };
    const r = simulateJV({
      layers: [layer],
      contacts: { left: { kind: 'ohmic' }, right: { kind: 'ohmic' }, anode: 'left' },
      T_K: 300,
      generation: { kind: 'dark' },
      voltage_V: [0],
      options: { profileBiases_V: [0], extendToVoc: false },
    });
    const pr = r.profiles.find((p) => p.V === 0)!;
    const Vt = (1.380649e-23 * 300) / 1.602176634e-19;
    const EF = pr.EFn_eV[0]!;
    let checked = 0;
    pr.x_nm.forEach((x, i) => {
      expect(Math.abs(pr.EFn_eV[i]! - EF)).toBeLessThan(1e-9);
      expect(Math.abs(pr.EFp_eV[i]! - EF)).toBeLessThan(1e-9);
      const t = x / 500;
      const eg = 1.2 + 0.3 * t;
      const nc = 1e19 + 3e19 * t;
      expect(pr.Ec_eV[i]! - pr.Ev_eV[i]!).toBeCloseTo(eg, 12);
      if (x < 100 || x > 400) return;
      checked++;
      expect(Math.abs(pr.Ec_eV[i]! - EF - Vt * Math.log(nc / Nd))).toBeLessThan(1e-4);
    });
    expect(checked).toBeGreaterThan(100);
  });
});

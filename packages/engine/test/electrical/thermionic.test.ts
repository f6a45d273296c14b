import { describe, expect, it } from 'vitest';
import { buildMesh } from '../../src/electrical/discretisation/mesh.js';
import { DDSystem } from '../../src/electrical/discretisation/system.js';
import { simulateJV } from '../../src/electrical/solvers/jv.js';
import type { ElectricalDevice } from '../../src/electrical/types.js';
import { type PvBenchDdInput, pvBenchToDevice } from '../../src/validation/dd-case.js';
import { jacobianMismatch, loadCase, perturbedSolution } from './helpers.js';

const c = loadCase('simsalabim-pin-perovskite');
const input = c.input as unknown as PvBenchDdInput;
const Jref = c.expected['J_mA_cm2'] as number[];

function withTE(v_cm_s: number, over: Partial<ElectricalDevice['options']> = {}): ElectricalDevice {
  const dev = pvBenchToDevice(input, { nodes: 400, ...over });
  dev.interfaces = [
    { thermionic: { v_n_cm_s: v_cm_s, v_p_cm_s: v_cm_s } },
    { thermionic: { v_n_cm_s: v_cm_s, v_p_cm_s: v_cm_s } },
  ];
  return dev;
}

describe('thermionic emission across band offsets (double-node interfaces)', () => {
  it('fast emission (1e9 cm/s, as the SIMsalabim reference) reproduces the case at its tolerance', () => {
    const r = simulateJV(withTE(1e9, { standardProfiles: false }));
    expect(r.converged).toBe(true);
    // two double-node interfaces add one node each
    expect(r.mesh.nodes - buildMesh(pvBenchToDevice(input).layers, 400).x.length).toBe(2);
    Jref.forEach((j, i) => {
      expect(Math.abs(r.J_mA_cm2[i]! - j)).toBeLessThanOrEqual(0.1 + 0.005 * Math.abs(j));
    });
  }, 20_000);

  it('equilibrium: zero current and flat Fermi levels', () => {
    const dev = withTE(1e3, { profileBiases_V: [0] });
    const r = simulateJV({ ...dev, generation: { kind: 'dark' }, voltage_V: [0] });
    expect(Math.abs(r.J_mA_cm2[0]!)).toBeLessThan(1e-12);
    const p = r.profiles[0]!;
    for (let i = 0; i < p.x_nm.length; i++) {
      expect(Math.abs(p.EFn_eV[i]! - p.EFn_eV[0]!)).toBeLessThan(1e-9);
      expect(Math.abs(p.EFp_eV[i]! - p.EFn_eV[0]!)).toBeLessThan(1e-9);
    }
  });

  it('slow emission limits transport: quasi-Fermi levels jump at the interfaces, FF drops, Jn + Jp stays constant', () => {
    const dev = withTE(1e3);
    dev.interfaces![0] = { ...dev.interfaces![0], S_n_cm_s: 100, S_p_cm_s: 100 };
    dev.voltage_V = Array.from({ length: 28 }, (_, k) => k * 0.05);
    const r = simulateJV(dev);
    expect(r.converged).toBe(true);
    expect(r.figures!.FF).toBeLessThan(0.74); // 0.757 with continuous quasi-Fermi levels
    const mpp = r.profiles.find((p) => p.label === 'maximum power')!;
    // the ETL interface (second): two entries at (nearly) the same x with different E_Fn
    const k = mpp.x_nm.findIndex((x, i) => i > 0 && Math.abs(x - 510) < 1e-3 && Math.abs(mpp.x_nm[i + 1]! - x) < 1e-3);
    expect(k).toBeGreaterThan(0);
    expect(Math.abs(mpp.EFn_eV[k + 1]! - mpp.EFn_eV[k]!)).toBeGreaterThan(1e-3);
    const Jx = -mpp.J_mA_cm2;
    for (let i = 0; i < mpp.x_nm.length; i++) {
      expect(Math.abs(mpp.Jn_mA_cm2[i]! + mpp.Jp_mA_cm2[i]! - Jx)).toBeLessThan(1e-6 * Math.abs(Jx));
    }
    // current balance including the interface recombination across the double node
    const rc = r.recombination;
    r.J_mA_cm2.forEach((J, i) => {
      let loss = rc.contacts.anode[i]! + rc.contacts.cathode[i]!;
      for (const l of rc.layers) loss += l.srh[i]! + l.radiative[i]! + l.auger[i]!;
      for (const q of rc.interfaces) loss += q.current[i]!;
      expect(Math.abs(rc.generation[i]! - loss - J)).toBeLessThan(1e-6 * rc.generation[i]!);
    });
    expect(rc.interfaces[0]!.current[20]!).toBeGreaterThan(0);
  }, 20_000);

  it('analytic Jacobian agrees with finite differences (emission and recombination across the gap, barriers on either side)', () => {
    const dev = withTE(1e4, { nodes: 40 });
    dev.interfaces![0] = { ...dev.interfaces![0], S_n_cm_s: 1e3, S_p_cm_s: 1e2 };
    dev.interfaces![1] = { ...dev.interfaces![1], S_n_cm_s: 10, S_p_cm_s: 1e4 };
    // the mirrored stack puts every band offset on the other side of its interface
    const mirrored: ElectricalDevice = {
      ...dev,
      layers: [...dev.layers].reverse(),
      interfaces: [...dev.interfaces!].reverse(),
      contacts: { left: dev.contacts.right, right: dev.contacts.left, anode: 'right' },
    };
    for (const d of [dev, mirrored]) {
      const sys = new DDSystem(d);
      const x = perturbedSolution(sys, 0.9);
      const cols = new Set<number>();
      for (const n of sys.mesh.interfaceNodes) for (const k of [-1, 0, 1, 2]) cols.add(n + k);
      const { worst, at } = jacobianMismatch(sys, x, 0.9 / sys.Vt, cols);
      expect(worst, at).toBeLessThanOrEqual(1);
    }
  });
});

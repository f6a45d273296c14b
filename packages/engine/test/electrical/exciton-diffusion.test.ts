import { describe, expect, it } from 'vitest';
import { Q_C } from '../../src/constants.js';
import { buildMesh } from '../../src/electrical/discretisation/mesh.js';
import { checkElectricalDevice } from '../../src/electrical/input-check.js';
import { solveExcitons } from '../../src/electrical/models/excitons/exciton-diffusion.js';
import { simulateJV } from '../../src/electrical/solvers/jv.js';
import type { ElectricalDevice, ElectricalLayer } from '../../src/electrical/types.js';

/** A donor (left, 40 nm) and an acceptor (right, 30 nm), small-molecule-like parameters. */
function donor(over: Partial<ElectricalLayer> = {}): ElectricalLayer {
  return {
    name: 'donor',
    thickness_nm: 40,
    eps_r: 3.5,
    chi_eV: 3.0,
    Eg_eV: 2.0,
    Nc_cm3: 1e20,
    Nv_cm3: 1e20,
    mu_n_cm2_Vs: 1e-6,
    mu_p_cm2_Vs: 1e-3,
    exciton_diffusion: { L_nm: 10, tau_s: 1e-9 },
    ...over,
  };
}
function acceptor(over: Partial<ElectricalLayer> = {}): ElectricalLayer {
  return {
    name: 'acceptor',
    thickness_nm: 30,
    eps_r: 3.9,
    chi_eV: 4.0,
    Eg_eV: 1.8,
    Nc_cm3: 1e20,
    Nv_cm3: 1e20,
    mu_n_cm2_Vs: 1e-2,
    mu_p_cm2_Vs: 1e-6,
    exciton_diffusion: { L_nm: 20, tau_s: 1e-9 },
    ...over,
  };
}

function bilayer(G: [number, number], voltage_V = [0, 0.2, 0.4]): ElectricalDevice {
  return {
    layers: [donor(), acceptor()],
    contacts: {
      left: { kind: 'schottky', workFunction_eV: 5.0 },
      right: { kind: 'schottky', workFunction_eV: 4.0 },
      anode: 'left',
    },
    T_K: 300,
    generation: { kind: 'per-layer', G_cm3_s: G },
    voltage_V,
    options: { nodes: 200, standardProfiles: false },
  };
}

/** Node-side generation of a two-layer mesh with uniform G per layer (the model's layout). */
function sides(mesh: ReturnType<typeof buildMesh>, G: number[]): Float64Array {
  const N = mesh.x.length;
  const out = new Float64Array(2 * N);
  for (let i = 0; i < N; i++) {
    if (i > 0) out[2 * i] = G[mesh.intervalLayer[i - 1]!]!;
    if (i < N - 1) out[2 * i + 1] = G[mesh.intervalLayer[i]!]!;
  }
  return out;
}

describe('exciton diffusion to a donor/acceptor interface', () => {
  it('collects (L/d) tanh(d/L) of a uniform generation, to second order in the mesh', () => {
    const layers = [donor(), acceptor()];
    const G = 1e21;
    const errors: number[] = [];
    for (const nodes of [50, 100, 200]) {
      const mesh = buildMesh(layers, nodes);
      const ex = solveExcitons(layers, mesh, sides(mesh, [G, 0]));
      const node = mesh.interfaceNodes[0]!;
      const collected = ex.electronsAt[node]!;
      const d = 40e-7;
      const L = 10e-7;
      const eta = ((L / d) * Math.tanh(d / L)) as number;
      errors.push(Math.abs(collected / (G * d) - eta) / eta);
      // conservation: what is generated either splits or decays
      expect(Math.abs(collected + ex.decay[0]! - G * d) / (G * d)).toBeLessThan(1e-12);
      expect(ex.holesAt[node]).toBe(collected);
    }
    expect(errors[2]!).toBeLessThan(1e-3);
    expect(errors[0]! / errors[2]!).toBeGreaterThan(10); // about 16 for second order
  });

  it('a short-circuit current of q times the excitons that reach the interface, and a balanced breakdown', () => {
    const r = simulateJV({
      ...bilayer([1e21, 5e20]),
      options: { nodes: 300, standardProfiles: false, profileBiases_V: [0] },
    });
    expect(r.converged, r.error?.text).toBe(true);
    const mesh = buildMesh([donor(), acceptor()], 300);
    const ex = solveExcitons([donor(), acceptor()], mesh, sides(mesh, [1e21, 5e20]));
    const split = ex.electronsAt[mesh.interfaceNodes[0]!]! * Q_C * 1e3;
    // every split pair is collected at short circuit (no recombination in the layers)
    expect(Math.abs(r.J_mA_cm2[0]! - split) / split).toBeLessThan(1e-3);
    r.J_mA_cm2.forEach((J, k) => {
      const L = r.recombination.layers;
      const lost = L.reduce((s, l) => s + (l.excitonDecay?.[k] ?? 0) + l.radiative[k]! + l.srh[k]! + l.auger[k]!, 0);
      const contacts = r.recombination.contacts.anode[k]! + r.recombination.contacts.cathode[k]!;
      const iface = r.recombination.interfaces.reduce((s, q) => s + q.current[k]!, 0);
      expect(Math.abs(r.recombination.generation[k]! - lost - contacts - iface - J)).toBeLessThan(
        1e-6 * r.recombination.generation[k]!,
      );
    });
    // generation = q (G_d d_d + G_a d_a); the exciton profile vanishes at the interface
    expect(r.recombination.generation[0]!).toBeCloseTo(Q_C * (1e21 * 40e-7 + 5e20 * 30e-7) * 1e3, 6);
    const pr = r.profiles[0]!;
    const at = pr.x_nm.findIndex((x) => Math.abs(x - 40) < 1e-9);
    expect(pr.X_cm3![at]).toBe(0);
    expect(Math.max(...pr.X_cm3!)).toBeGreaterThan(0);
  });

  it('a layer with exciton diffusion and no partner is warned about; both models in one layer are refused', () => {
    const lone = bilayer([1e21, 0]);
    delete lone.layers[1]!.exciton_diffusion;
    const issues = checkElectricalDevice(lone);
    expect(issues.find((i) => i.code === 'exciton-no-interface')?.severity).toBe('warning');
    const both = bilayer([1e21, 0]);
    both.layers[0]!.exciton = { model: 'onsager-braun', a_nm: 1.8, k_f_s: 1e6 };
    both.layers[0]!.k_rad_cm3_s = 1e-10;
    expect(checkElectricalDevice(both).find((i) => i.code === 'conflict')?.field).toBe('exciton_diffusion');
  });
});

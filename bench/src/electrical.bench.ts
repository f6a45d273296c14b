import { type ElectricalDevice, type ElectricalLayer, simulateJV } from '@pvforge/engine';
import { type BenchFigure, median, timeRuns } from './types.js';

/**
 * Electrical engine (issue 4 targets): light J-V of a three-layer perovskite p-i-n cell with about
 * 500 nodes, 0 to 1.3 V in 10 mV steps (median <= 200 ms), and of a 200 um silicon n+/p cell with
 * 1000 nodes, 0 to 0.65 V in 10 mV steps (median <= 500 ms); Newton iterations per bias point.
 */
function layer(over: Partial<ElectricalLayer> & { name: string; thickness_nm: number }): ElectricalLayer {
  return {
    eps_r: 11.7,
    chi_eV: 4.05,
    Eg_eV: 1.12,
    Nc_cm3: 2.8e19,
    Nv_cm3: 1.04e19,
    mu_n_cm2_Vs: 1000,
    mu_p_cm2_Vs: 400,
    Nd_cm3: 0,
    Na_cm3: 0,
    ...over,
  };
}

function sweep(to: number): number[] {
  return Array.from({ length: Math.round(to / 0.01) + 1 }, (_, k) => Math.round(k * 10) / 1000);
}

const perovskite: ElectricalDevice = {
  layers: [
    layer({
      name: 'HTL',
      thickness_nm: 10,
      eps_r: 3,
      chi_eV: 2.25,
      Eg_eV: 3.15,
      Nc_cm3: 1e20,
      Nv_cm3: 1e20,
      mu_n_cm2_Vs: 1e-5,
      mu_p_cm2_Vs: 1e-3,
      k_rad_cm3_s: 1e-11,
    }),
    layer({
      name: 'perovskite',
      thickness_nm: 500,
      eps_r: 24,
      chi_eV: 3.9,
      Eg_eV: 1.63,
      Nc_cm3: 2.2e18,
      Nv_cm3: 2.2e18,
      mu_n_cm2_Vs: 1,
      mu_p_cm2_Vs: 1,
      tau_n_s: 2e-7,
      tau_p_s: 5e-7,
      k_rad_cm3_s: 1e-11,
    }),
    layer({
      name: 'ETL',
      thickness_nm: 25,
      eps_r: 5,
      chi_eV: 4,
      Eg_eV: 1.9,
      Nc_cm3: 5e20,
      Nv_cm3: 5e20,
      mu_n_cm2_Vs: 1e-2,
      mu_p_cm2_Vs: 1e-5,
      k_rad_cm3_s: 1e-11,
    }),
  ],
  contacts: {
    left: { kind: 'schottky', workFunction_eV: 5.2 },
    right: { kind: 'schottky', workFunction_eV: 4.05 },
    anode: 'left',
  },
  T_K: 300,
  generation: { kind: 'per-layer', G_cm3_s: [0, 2.7e21, 0] },
  voltage_V: sweep(1.3),
  options: { nodes: 500, standardProfiles: false },
};

const silicon: ElectricalDevice = {
  layers: [
    layer({
      name: 'n+ emitter',
      thickness_nm: 500,
      Nd_cm3: 1e19,
      mu_n_cm2_Vs: 114.1,
      mu_p_cm2_Vs: 68.8,
      tau_n_s: 1e-5,
      tau_p_s: 1e-5,
    }),
    layer({
      name: 'p base',
      thickness_nm: 199500,
      Na_cm3: 1e16,
      mu_n_cm2_Vs: 1218.4,
      mu_p_cm2_Vs: 437.5,
      tau_n_s: 1e-5,
      tau_p_s: 1e-5,
    }),
  ],
  contacts: { left: { kind: 'ohmic' }, right: { kind: 'ohmic' }, anode: 'right' },
  T_K: 300,
  generation: { kind: 'uniform', G_cm3_s: 2e19 },
  voltage_V: sweep(0.65),
  options: { nodes: 1000, standardProfiles: false },
};

export default function electricalBench(): BenchFigure[] {
  const out: BenchFigure[] = [];
  for (const [name, dev, target] of [
    ['electrical: perovskite p-i-n, 3 layers, ~500 nodes, light J-V 0-1.3 V / 10 mV', perovskite, 200],
    ['electrical: 200 um silicon n+/p, 1000 nodes, light J-V 0-0.65 V / 10 mV', silicon, 500],
  ] as const) {
    const r = simulateJV(dev);
    if (!r.converged) throw new Error(`${name}: ${r.error}`);
    const times = timeRuns(() => simulateJV(dev), 15);
    const its = r.newtonIterations;
    out.push({
      name,
      medianMs: median(times),
      targetMs: target,
      extra: {
        nodes: r.mesh.nodes,
        biasPoints: r.V.length,
        'Newton iterations per bias point (mean)': r.stats.totalNewtonIterations / r.V.length,
        'max per point': Math.max(...its.slice(1)),
        'min ms': times[0]!,
        'p90 ms': times[Math.floor(0.9 * (times.length - 1))]!,
        Voc_V: r.figures?.Voc_V ?? Number.NaN,
        FF: r.figures?.FF ?? Number.NaN,
      },
    });
  }
  return out;
}

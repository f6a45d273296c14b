import type { ElectricalDevice, ElectricalLayer } from '@pvforge/engine';

/**
 * Devices the engine benches share, so that figures of different benches (electrical, defects) are
 * of one cell: the three-layer perovskite p-i-n cell of SIMsalabim's default set (500 nodes, light
 * J-V 0 to 1.3 V in 10 mV steps).
 */

/** A layer with silicon-like defaults, overridden per field. */
export function benchLayer(over: Partial<ElectricalLayer> & { name: string; thickness_nm: number }): ElectricalLayer {
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

/** Voltages 0 to `to` V in 10 mV steps. */
export function sweep10mV(to: number): number[] {
  return Array.from({ length: Math.round(to / 0.01) + 1 }, (_, k) => Math.round(k * 10) / 1000);
}

export const perovskitePin: ElectricalDevice = {
  layers: [
    benchLayer({
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
    benchLayer({
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
    benchLayer({
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
  voltage_V: sweep10mV(1.3),
  options: { nodes: 500, standardProfiles: false },
};

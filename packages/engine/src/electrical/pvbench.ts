/**
 * Mapping of a pv-bench/1 "dd-jv" case input (assets/validation/FORMAT.md and
 * FORMAT-dd-notes.md) to the solver's ElectricalDevice: uniform per-layer generation, SRH at the
 * intrinsic level (tau = 1e30 s means none), ohmic or work-function contacts with null = infinite
 * surface recombination velocities, the anode naming the hole-collecting contact, Rs and Rsh.
 */
import type { ElectricalContact, ElectricalDevice, ElectricalLayer, ElectricalSolverOptions } from './types.js';

export interface PvBenchDdLayer {
  name: string;
  thickness_nm: number;
  eps_r: number;
  chi_eV: number;
  Eg_eV: number;
  Nc_cm3: number;
  Nv_cm3: number;
  mu_n_cm2_Vs: number;
  mu_p_cm2_Vs: number;
  Nd_cm3: number;
  Na_cm3: number;
  tau_n_s: number;
  tau_p_s: number;
  k_rad_cm3_s: number;
  Cn_cm6_s: number;
  Cp_cm6_s: number;
  G_cm3_s: number;
  ions?: { N_ion_cm3: number; D_ion_cm2_s: number; sign: number };
}

export interface PvBenchDdContact {
  work_function_eV?: number;
  ohmic?: boolean;
  S_n_cm_s?: number | null;
  S_p_cm_s?: number | null;
}

export interface PvBenchDdInput {
  T_K: number;
  layers: PvBenchDdLayer[];
  contacts: { left: PvBenchDdContact; right: PvBenchDdContact; anode?: 'left' | 'right' };
  Rs_ohm_cm2?: number;
  Rsh_ohm_cm2?: number | null;
  illumination: 'uniform-G' | 'dark';
  voltage_V: number[];
  scan_rate_V_s?: number;
}

/** True when a case needs the (not yet implemented) mobile-ion model. */
export function pvBenchHasIons(input: PvBenchDdInput): boolean {
  return input.layers.some((l) => l.ions !== undefined);
}

function contact(c: PvBenchDdContact): ElectricalContact {
  const out: ElectricalContact =
    c.ohmic || c.work_function_eV === undefined
      ? { kind: 'ohmic' }
      : { kind: 'schottky', workFunction_eV: c.work_function_eV };
  out.S_n_cm_s = c.S_n_cm_s ?? null;
  out.S_p_cm_s = c.S_p_cm_s ?? null;
  return out;
}

export function pvBenchToDevice(input: PvBenchDdInput, options: ElectricalSolverOptions = {}): ElectricalDevice {
  if (pvBenchHasIons(input)) throw new Error('ions not supported yet');
  const layers: ElectricalLayer[] = input.layers.map((l) => {
    const noSrh = l.tau_n_s >= 1e30 && l.tau_p_s >= 1e30;
    const layer: ElectricalLayer = {
      name: l.name,
      thickness_nm: l.thickness_nm,
      eps_r: l.eps_r,
      chi_eV: l.chi_eV,
      Eg_eV: l.Eg_eV,
      Nc_cm3: l.Nc_cm3,
      Nv_cm3: l.Nv_cm3,
      mu_n_cm2_Vs: l.mu_n_cm2_Vs,
      mu_p_cm2_Vs: l.mu_p_cm2_Vs,
      Nd_cm3: l.Nd_cm3,
      Na_cm3: l.Na_cm3,
      k_rad_cm3_s: l.k_rad_cm3_s,
      Cn_cm6_s: l.Cn_cm6_s,
      Cp_cm6_s: l.Cp_cm6_s,
    };
    if (!noSrh) layer.srh = { tau_n_s: l.tau_n_s, tau_p_s: l.tau_p_s };
    return layer;
  });
  const dark = input.illumination === 'dark' || input.layers.every((l) => !l.G_cm3_s);
  return {
    layers,
    contacts: {
      left: contact(input.contacts.left),
      right: contact(input.contacts.right),
      anode: input.contacts.anode ?? 'left',
    },
    Rs_ohm_cm2: input.Rs_ohm_cm2 ?? 0,
    Rsh_ohm_cm2: input.Rsh_ohm_cm2 ?? null,
    T_K: input.T_K,
    generation: dark ? { kind: 'dark' } : { kind: 'per-layer', G_cm3_s: input.layers.map((l) => l.G_cm3_s) },
    voltage_V: input.voltage_V,
    options,
  };
}

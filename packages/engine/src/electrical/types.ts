/**
 * Input and output types of the 1-D steady-state drift-diffusion solver (docs/physics/drift-diffusion.md).
 *
 * Units are written into field names, as in the pv-bench/1 format: thicknesses in nm, densities in
 * cm^-3, mobilities in cm^2/(V s), lifetimes in s, energies in eV, velocities in cm/s, current
 * densities in mA/cm^2, resistances in Ohm cm^2, temperature in K. Energies are relative to the
 * vacuum level (E_c = -chi, E_v = -chi - Eg for a flat vacuum level).
 */

/** Shockley-Read-Hall recombination through one trap level. */
export type ElectricalSrhSpec =
  | {
      /** Electron and hole lifetimes, s (tau_n = 1/(sigma_n v_th N_t)). */
      tau_n_s: number;
      tau_p_s: number;
      /** Trap level minus the intrinsic level, eV (0 = at the intrinsic level, the default). */
      Et_minus_Ei_eV?: number;
    }
  | {
      /** Trap density, cm^-3, capture cross-sections, cm^2, thermal velocity, cm/s (default 1e7). */
      Nt_cm3: number;
      sigma_n_cm2: number;
      sigma_p_cm2: number;
      vth_cm_s?: number;
      Et_minus_Ei_eV?: number;
    };

/** Mesh control of one layer. */
export interface ElectricalLayerMesh {
  /** Number of intervals in the layer (default: shared out from options.nodes). */
  intervals?: number;
  /**
   * Clustering of nodes towards both faces of the layer (interfaces and contacts): the node
   * positions follow x = d/2 (1 + tanh(beta (2s - 1)) / tanh(beta)) for s uniform in [0, 1].
   * 0 = uniform. Default 3.
   */
  grading?: number;
}

export interface ElectricalLayer {
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
  /** Bulk SRH recombination; absent = none. */
  srh?: ElectricalSrhSpec;
  /** Radiative (band-to-band) coefficient, cm^3/s. */
  k_rad_cm3_s?: number;
  /** Auger coefficients, cm^6/s. */
  Cn_cm6_s?: number;
  Cp_cm6_s?: number;
  mesh?: ElectricalLayerMesh;
  /**
   * An electrode layer (metal, TCO) is not part of the drift-diffusion domain: the solver skips it
   * and the input checks do not apply to it. Only leading or trailing layers may be electrodes.
   */
  electrode?: boolean;
}

/**
 * Recombination at an internal interface (between layers i and i+1 of the semiconductor stack),
 * through a trap level at the interface: R_s = (n p - n_i,eff^2) / ((n + n1)/S_p + (p + p1)/S_n),
 * n taken on the side with the lower conduction band, p on the side with the higher valence band.
 */
export interface ElectricalInterface {
  /** Surface recombination velocities, cm/s. */
  S_n_cm_s?: number;
  S_p_cm_s?: number;
  /** Alternatively an interface trap density, cm^-2, with cross-sections, cm^2 (S = sigma v_th N_t). */
  Nt_cm2?: number;
  sigma_n_cm2?: number;
  sigma_p_cm2?: number;
  vth_cm_s?: number;
  /** Trap level relative to the mid-gap of the interface gap, eV. */
  Et_minus_Emid_eV?: number;
  /**
   * Thermionic emission over the band offsets (transfer velocities, cm/s, default 1e7 each): the
   * quasi-Fermi levels may then be discontinuous at this interface. Absent = continuous quasi-Fermi
   * levels (the infinite-velocity limit).
   */
  thermionic?: { v_n_cm_s?: number; v_p_cm_s?: number };
}

export interface ElectricalContact {
  /** 'ohmic': flat-band, the equilibrium Fermi level of the adjacent layer. */
  kind: 'ohmic' | 'schottky';
  /** Metal work function, eV (schottky only). */
  workFunction_eV?: number;
  /** Surface recombination velocities, cm/s; undefined or null = infinite (Dirichlet). */
  S_n_cm_s?: number | null;
  S_p_cm_s?: number | null;
}

export type ElectricalGenerationSpec =
  | { kind: 'dark' }
  /** The same rate everywhere, cm^-3 s^-1. */
  | { kind: 'uniform'; G_cm3_s: number }
  /** One uniform rate per semiconductor layer, cm^-3 s^-1. */
  | { kind: 'per-layer'; G_cm3_s: number[] }
  /**
   * Beer-Lambert absorption of a monochromatic photon flux (cm^-2 s^-1) entering from one side,
   * alpha per semiconductor layer (cm^-1), after a front reflectance R (fraction).
   */
  | { kind: 'beer-lambert'; photonFlux_cm2_s: number; alpha_cm: number[]; from: 'left' | 'right'; reflectance?: number }
  /**
   * Values at the nodes of the solver's mesh (buildElectricalMesh(layers without electrodes,
   * options.nodes, double-node flags) gives the positions), one per node.
   */
  | { kind: 'mesh'; G_cm3_s: number[] }
  /** A profile (e.g. from the optical engine): G at positions x_nm (from the left face), linearly interpolated. */
  | { kind: 'profile'; x_nm: number[]; G_cm3_s: number[] }
  /** A function of position x_nm from the left face of the semiconductor stack. */
  | { kind: 'function'; G: (x_nm: number) => number };

export interface ElectricalSolverOptions {
  /** Total number of nodes when layers do not set their intervals (default 400). */
  nodes?: number;
  /** 'boltzmann' (default) or 'fermi-dirac' (F_1/2 for n and p, degeneracy in the SG fluxes). */
  statistics?: 'boltzmann' | 'fermi-dirac';
  /** Newton: maximal iterations per bias point (default 40), update tolerance in units of Vt (default 1e-6; the error after the last step is of its square). */
  maxNewtonIterations?: number;
  newtonTolerance?: number;
  /** Largest voltage step of the continuation, V (default 0.05). */
  maxVoltageStep_V?: number;
  /** Smallest voltage step before a bias point is given up, V (default 1e-4). */
  minVoltageStep_V?: number;
  /** Wall-clock limit of the whole run, ms (default 300000 = 5 min). */
  wallClockLimit_ms?: number;
  /** Clock used for the limit (default Date.now); injectable for tests. */
  clock?: () => number;
  /** When the illuminated J-V ends before Voc, keep stepping until J changes sign (default false). */
  extendToVoc?: boolean;
  /** Incident power for PCE, mW/cm^2 (default 100). */
  incidentPower_mW_cm2?: number;
  /** Biases (external, V) at which to return profiles, besides 0 V, maximum power and Voc. */
  profileBiases_V?: number[];
  /** Whether to return the profiles at 0 V, maximum power and Voc (default true). */
  standardProfiles?: boolean;
  /** Called after each bias point of the sweep (done of total, at that external voltage): for progress reports. */
  onBiasPoint?: (done: number, total: number, voltageV: number) => void;
}

export interface ElectricalDevice {
  /** Semiconductor stack from left (x = 0) to right. */
  layers: ElectricalLayer[];
  /** Internal interfaces, index i between semiconductor layers i and i+1 (optional entries). */
  interfaces?: (ElectricalInterface | undefined)[];
  contacts: { left: ElectricalContact; right: ElectricalContact; anode: 'left' | 'right' };
  /** External series and shunt resistance, Ohm cm^2 (shunt: undefined/null = none). */
  Rs_ohm_cm2?: number;
  Rsh_ohm_cm2?: number | null;
  T_K: number;
  generation: ElectricalGenerationSpec;
  /** External (terminal) voltages, V, forward bias positive; swept in the order given. */
  voltage_V: number[];
  options?: ElectricalSolverOptions;
}

/** A message about bad input, naming the layer (or contact, interface) and the field. */
export interface ElectricalInputIssue {
  severity: 'error' | 'warning';
  /** Layer name, "contacts.left", "interface 1 (A/B)", "voltage_V", ... */
  where: string;
  field: string;
  message: string;
}

export class ElectricalInputError extends Error {
  readonly issues: ElectricalInputIssue[];
  constructor(issues: ElectricalInputIssue[]) {
    super(issues.map((i) => i.message).join('; '));
    this.name = 'ElectricalInputError';
    this.issues = issues;
  }
}

/** Profiles against position at one bias. Interface nodes appear twice (left side, right side). */
export interface ElectricalBiasProfile {
  /** External voltage, V, and the terminal current there, mA/cm^2 (generation positive). */
  V: number;
  J_mA_cm2: number;
  label: string;
  x_nm: number[];
  /** Band edges and quasi-Fermi levels, eV (vacuum-level reference at the cathode in equilibrium). */
  Ec_eV: number[];
  Ev_eV: number[];
  EFn_eV: number[];
  EFp_eV: number[];
  /** Electrostatic potential, V, and field E = -dpsi/dx, V/cm. */
  potential_V: number[];
  field_V_cm: number[];
  n_cm3: number[];
  p_cm3: number[];
  /** Electron and hole current densities along +x, mA/cm^2. */
  Jn_mA_cm2: number[];
  Jp_mA_cm2: number[];
  G_cm3_s: number[];
  R_srh_cm3_s: number[];
  R_rad_cm3_s: number[];
  R_auger_cm3_s: number[];
  /** Interface recombination per internal interface, cm^-2 s^-1. */
  R_interface_cm2_s: number[];
  /** Minority-carrier loss at the contacts (electrons into the anode, holes into the cathode), cm^-2 s^-1. */
  R_contact_cm2_s: { anode: number; cathode: number };
}

/** Recombination currents against voltage (one entry per J-V point), mA/cm^2. */
export interface ElectricalRecombinationCurrents {
  /** Per semiconductor layer. */
  layers: { name: string; srh: number[]; radiative: number[]; auger: number[] }[];
  /** Per internal interface. */
  interfaces: { name: string; current: number[] }[];
  /** Minority carriers lost at the contacts. */
  contacts: { anode: number[]; cathode: number[] };
  /** q times the integrated generation. */
  generation: number[];
}

export interface ElectricalJvFigures {
  Jsc_mA_cm2: number;
  Voc_V: number;
  FF: number;
  PCE_percent: number;
  Vmp_V: number;
  Jmp_mA_cm2: number;
  Pmax_mW_cm2: number;
}

export interface ElectricalResult {
  /** False when a bias point did not converge or the wall-clock limit ended the run. */
  converged: boolean;
  /** 'did not converge at V = ... (last residual ...)' or the wall-clock message. */
  error?: string;
  warnings: string[];
  /** External voltages solved (the requested ones, possibly extended to Voc), V. */
  V: number[];
  /** Terminal current density, mA/cm^2, generation positive (J(0) = +Jsc under light). */
  J_mA_cm2: number[];
  /** Internal (junction) voltage V + J Rs at each point, V. */
  Vinternal: number[];
  /** Newton iterations spent on each point (including continuation sub-steps). */
  newtonIterations: number[];
  recombination: ElectricalRecombinationCurrents;
  /** Figures of merit; undefined in the dark or when J does not cross zero in the range. */
  figures?: ElectricalJvFigures;
  profiles: ElectricalBiasProfile[];
  mesh: { x_nm: number[]; nodes: number };
  stats: { elapsed_ms: number; totalNewtonIterations: number; biasPoints: number };
}

/**
 * Input and output types of the 1-D steady-state drift-diffusion solver (docs/physics/drift-diffusion.md).
 *
 * Units are written into field names, as in the pv-bench/1 format: thicknesses in nm, densities in
 * cm^-3, mobilities in cm^2/(V s), lifetimes in s, energies in eV, velocities in cm/s, current
 * densities in mA/cm^2, resistances in Ohm cm^2, temperature in K. Energies are relative to the
 * vacuum level (E_c = -chi, E_v = -chi - Eg for a flat vacuum level).
 */
import type { EngineMessage, ResultWarning } from '../messages/index.js';
import type { LayerSolverKey } from './fields.js';

/**
 * One layer of the semiconductor stack. The parameter names are the benchmark cases' (pv-bench/1)
 * and are tied to the DeviceSpec names through the one field list, layer-fields.ts (a compile-time
 * check below keeps this interface and that list equal).
 */
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
  /** Donor and acceptor densities (fully ionised), cm^-3; absent = 0. */
  Nd_cm3?: number;
  Na_cm3?: number;
  /**
   * Bulk SRH through one trap level: lifetimes, s (tau_n = 1/(sigma_n v_th N_t)) ... Both absent
   * (or both >= 1e30 s, the cases' convention) means no SRH.
   */
  tau_n_s?: number;
  tau_p_s?: number;
  /**
   * ... or a trap density, cm^-3, capture cross-sections, cm^2, and thermal velocities, cm/s: the
   * electrons' (default 1e7) and the holes' (default: the electrons'), as SCAPS gives one per carrier.
   */
  Nt_cm3?: number;
  sigma_n_cm2?: number;
  sigma_p_cm2?: number;
  vth_cm_s?: number;
  vth_p_cm_s?: number;
  /** Trap level minus the intrinsic level, eV (default 0). */
  Et_minus_Ei_eV?: number;
  /** Radiative (band-to-band) coefficient, cm^3/s. */
  k_rad_cm3_s?: number;
  /** Auger coefficients, cm^6/s. */
  Cn_cm6_s?: number;
  Cp_cm6_s?: number;
  /**
   * Band-to-band tunnelling (Hurkx, local): R = A D (F / 1 V/cm)^P exp(-B/F); A in cm^-3 s^-1
   * (absent or 0: off), B in V/cm (default 1.9e7), P (default 2.5). electrical/models/tunnelling/tunnelling.ts.
   */
  btbt_A_cm3_s?: number;
  btbt_B_V_cm?: number;
  btbt_P?: number;
  /** Trap-assisted tunnelling: SRH lifetimes divided by 1 + Gamma(F) with this tunnelling mass, in m0. */
  tat_mass_rel?: number;
  /** Number of mesh intervals in the layer (default: a share of options.nodes). */
  mesh_intervals?: number;
  /**
   * Clustering of nodes towards both faces of the layer (interfaces and contacts): the node
   * positions follow x = d/2 (1 + tanh(beta (2s - 1)) / tanh(beta)) for s uniform in [0, 1].
   * 0 = uniform. Default 3.
   */
  mesh_grading?: number;
  /**
   * An electrode layer (metal, TCO) is not part of the drift-diffusion domain: the solver skips it
   * and the input checks do not apply to it. Only leading or trailing layers may be electrodes.
   */
  electrode?: boolean;
  /**
   * Mobile ionic species in this layer (at most two, e.g. a cation and an anion), each confined to
   * the layer, each with a uniform immobile background of the opposite charge and the same mean
   * density (electrical/models/ions.ts).
   */
  ions?: IonSpecies[];
  /**
   * Langevin bimolecular recombination: gamma = prefactor q (mu_n + mu_p) / (eps0 eps_r) in place
   * of k_rad (organic blends).
   */
  langevin_prefactor?: number;
  /**
   * The generation makes bound charge-transfer states that dissociate with a field-dependent
   * probability (electrical/models/excitons/dissociation.ts).
   */
  exciton?: ExcitonDissociation;
  /**
   * The generation makes excitons that diffuse and split only at a face shared with another
   * layer with exciton diffusion (a planar donor/acceptor heterojunction;
   * electrical/models/excitons/exciton-diffusion.ts): diffusion length, nm, and lifetime, s.
   */
  exciton_diffusion?: { L_nm: number; tau_s: number };
  /**
   * Defects of the layer (any number, each independent; electrical/models/recombination/defects.ts): charged or
   * neutral, at a level or spread in energy, their occupation setting their charge and their SRH
   * recombination (on top of tau_n_s / tau_p_s).
   */
  defects?: BulkDefect[];
  /**
   * A linear grading (SCAPS's graded layers): each parameter listed in `back` goes linearly from
   * the layer's own value at its front face (x = 0) to the given value at its back face
   * (electrical/models/grading.ts; docs/physics/drift-diffusion.md "Graded layers").
   */
  graded?: { law: 'linear'; back: GradedLayerValues };
}

/** The layer parameters a grading may vary, by solver name (fields.ts GRADABLE_KEYS, by DeviceSpec name). */
export type GradedSolverKey =
  | 'eps_r'
  | 'chi_eV'
  | 'Eg_eV'
  | 'Nc_cm3'
  | 'Nv_cm3'
  | 'mu_n_cm2_Vs'
  | 'mu_p_cm2_Vs'
  | 'Nd_cm3'
  | 'Na_cm3';
export type GradedLayerValues = { [K in GradedSolverKey]?: number };

/** How a defect's density is spread over energy (electrical/models/recombination/defects.ts). */
export type DefectDistribution =
  | { shape: 'single' }
  | { shape: 'gaussian'; sigma_eV: number }
  | { shape: 'uniform'; width_eV: number }
  /** An exponential (Urbach) tail into the gap from a band edge; the level is ignored. */
  | { shape: 'tail'; band: 'conduction' | 'valence'; E_ch_eV: number };

/** A bulk defect (FORMAT-dd-notes.md "Defects (traps)"): density, level, capture coefficients. */
export interface BulkDefect {
  /** Donor: +q when empty; acceptor: -q when it holds an electron; neutral: never charged. */
  type: 'donor' | 'acceptor' | 'neutral';
  N_t_cm3: number;
  /** Depth of the level (or of the distribution's centre) below the vacuum level, eV (E_t = -depth). */
  level_below_vacuum_eV: number;
  /**
   * The band edge (or the intrinsic level) the level was given from: in a graded layer the level
   * keeps its distance from it, so it follows the local band edges (absent: a fixed energy).
   */
  reference?: 'conduction' | 'valence' | 'intrinsic';
  c_n_cm3_s: number;
  c_p_cm3_s: number;
  distribution?: DefectDistribution;
}

/** A sheet of defects at an interface, capturing from both adjacent layers. */
export interface InterfaceDefect {
  type: 'donor' | 'acceptor' | 'neutral';
  N_t_cm2: number;
  level_below_vacuum_eV: number;
  c_n_cm3_s: number;
  c_p_cm3_s: number;
  distribution?: DefectDistribution;
}

/** Onsager-Braun dissociation of CT states (FORMAT-dd-notes.md "Excitons"; Koster et al., PRB 72, 085205 (2005)). */
export interface ExcitonDissociation {
  model: 'onsager-braun';
  /** Electron-hole separation distance of the CT state, nm. */
  a_nm: number;
  /** Decay rate of the CT state to the ground state, 1/s. */
  k_f_s: number;
  /** Field-independent part of the free-carrier yield (0..1), default 0. */
  P0?: number;
  /** One separation ('delta', default) or a Gaussian distribution of separations around a_nm. */
  distribution?: 'delta' | 'gaussian';
}

/** A mobile ionic species (FORMAT-dd-notes.md "Ions"; Courtier et al., Energy Environ. Sci. 12, 396 (2019)). */
export interface IonSpecies {
  /** Mean density over the layer, cm^-3 (also the density of the immobile background). */
  N_ion_cm3: number;
  /** Diffusion coefficient at the device temperature, cm^2/s (mobility D q / kT). */
  D_ion_cm2_s: number;
  /** Charge in units of q: +1 (e.g. iodide vacancies) or -1. */
  sign: 1 | -1;
}

/** The parameter names of ElectricalLayer are exactly the field list's solver names. */
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const layerKeysMatch: SameKeys<
  Exclude<
    keyof ElectricalLayer,
    'name' | 'thickness_nm' | 'electrode' | 'ions' | 'exciton' | 'exciton_diffusion' | 'defects' | 'graded'
  >,
  LayerSolverKey
> = true;
void layerKeysMatch;

/**
 * Recombination at an internal interface (between layers i and i+1 of the semiconductor stack),
 * through a trap level at the interface: R_s = (n p - n_i,eff^2) / ((n + n1)/S_p + (p + p1)/S_n),
 * n taken on the side where the electron density is larger at equal quasi-Fermi level (the lower
 * conduction band when the two layers' Nc are equal), p on the side where the hole density is
 * larger (the higher valence band when the Nv are equal); n_i,eff^2 is their product at equal
 * quasi-Fermi levels (electrical/models/interfaces/interfaces.ts).
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
  /**
   * A thin insulating interlayer (TOPCon's SiOx) that carriers tunnel through: thickness, barrier
   * of each band above its band edge, tunnelling masses (m0). The transfer velocities become the
   * thermionic ones times the thermally averaged WKB transmission (oxide-tunnelling.ts); implies
   * the two-node (thermionic) interface.
   */
  tunnel_oxide?: {
    thickness_nm: number;
    barrier_n_eV: number;
    barrier_p_eV: number;
    mass_n_rel: number;
    mass_p_rel: number;
  };
  /** Sheets of defects at the interface (electrical/models/recombination/defects.ts): charge and recombination. */
  defects?: InterfaceDefect[];
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
   * Beer-Lambert absorption of photon fluxes (cm^-2 s^-1, one per spectral line or bin) entering
   * from one side after a front reflectance R (fraction), each with its absorption coefficient per
   * semiconductor layer (cm^-1): no interference, no back reflection.
   */
  | {
      kind: 'beer-lambert';
      lines: { photonFlux_cm2_s: number; alpha_cm: number[] }[];
      from: 'left' | 'right';
      reflectance?: number;
    }
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
  /**
   * Solve Jsc, Voc and the maximum power point on the device instead of reading them off the
   * sweep (default true; a few extra solves).
   */
  solveFigures?: boolean;
  /** When the illuminated J-V ends before Voc, keep stepping until J changes sign (default false). */
  extendToVoc?: boolean;
  /** Incident power for PCE, mW/cm^2 (default 100). */
  incidentPower_mW_cm2?: number;
  /** Biases (external, V) at which to return profiles, besides 0 V, maximum power and Voc. */
  profileBiases_V?: number[];
  /** Whether to return the profiles at 0 V, maximum power and Voc (default true). */
  standardProfiles?: boolean;
  /**
   * Whether the input checks' warnings go into the result (default true). The DeviceSpec run
   * reports them itself, under the DeviceSpec's field names (device/check.ts).
   */
  inputWarnings?: boolean;
  /** Called after each bias point of the sweep (done of total, at that external voltage): for progress reports. */
  onBiasPoint?: (done: number, total: number, voltageV: number) => void;
  // The state hooks (onState, initialStates) speak of the built model, so they are simulateJV's
  // second argument (solvers/states.ts), not part of the device description.
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
  /** Layer name, "contacts.left", "interface 1", "generation", "options", "device". */
  where: string;
  /** The solver's field name (layer-fields.ts maps it to the DeviceSpec's). */
  field: string;
  /** Index into device.layers when the issue is about a layer. */
  layerIndex?: number;
  /** What is wrong, without the place: "must be > 0 (got -5)". */
  text: string;
  /** The same for the user: a check code with its numbers (messages/device-check.ts); text is its English. */
  detail: EngineMessage;
  /** A stable code for the kind of issue ("not-positive", "doping-impossible", "boltzmann-degenerate", ...). */
  code: string;
  /** where, field and text in one line. */
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
  /**
   * Mobile ion densities, cm^-3, one list per species (same points as x_nm; 0 outside its layer),
   * with the species' layer and charge. Absent without ions.
   */
  ions?: { layer: string; sign: 1 | -1; density_cm3: number[] }[];
  /**
   * Defects (electrical/models/recombination/defects.ts): the trapped charge at each point (signed, in units of q,
   * cm^-3; 0 where there are none), and per defect of each layer its occupation (the mean fraction
   * of its levels holding an electron; absent, null, outside its layer). Absent without defects.
   */
  trappedCharge_cm3?: number[];
  defects?: { layer: string; index: number; type: 'donor' | 'acceptor' | 'neutral'; occupation: (number | null)[] }[];
  /** Defect sheets at interfaces: occupation and sheet charge (q cm^-2, signed). */
  interfaceDefects?: { interface: string; occupation: number; charge_cm2: number }[];
  /**
   * Where CT states dissociate (organic blends, dissociation.ts): the dissociation probability P
   * at each point (1 elsewhere) and the generation lost to the decay of CT states (geminate
   * recombination), cm^-3 s^-1. Absent without such layers.
   */
  P_dissociation?: number[];
  R_geminate_cm3_s?: number[];
  /** Exciton density in layers with exciton diffusion (0 elsewhere), cm^-3; absent without such layers. */
  X_cm3?: number[];
  /** Band-to-band tunnelling rate (net recombination), cm^-3 s^-1; absent without it. */
  R_btbt_cm3_s?: number[];
  /** Time of a transient's profile, s. */
  t_s?: number;
}

/** Recombination currents against voltage (one entry per J-V point), mA/cm^2. */
export interface ElectricalRecombinationCurrents {
  /** Per semiconductor layer. */
  layers: {
    name: string;
    srh: number[];
    /** Band-to-band (bimolecular): k_rad or Langevin, times (1 - P) in layers with CT dissociation. */
    radiative: number[];
    auger: number[];
    /** Generation lost to the decay of CT states before they dissociate; only layers with CT dissociation. */
    geminate?: number[];
    /** Excitons that decay before reaching the donor/acceptor interface; only layers with exciton diffusion. */
    excitonDecay?: number[];
    /** Band-to-band tunnelling (net recombination); only layers with it. SRH includes trap-assisted tunnelling. */
    bandToBand?: number[];
    /** Recombination through each of the layer's defects ([defect][bias point]); srh is the tau-based part. */
    defects?: number[][];
  }[];
  /** Per internal interface. */
  interfaces: {
    name: string;
    current: number[];
    /** Recombination through the interface's defect sheets (the rest of current is S-based). */
    defects?: number[];
    /**
     * Interfaces with a tunnel oxide: the electron and hole current densities through it, mA/cm^2,
     * in the terminal current's sign (generation positive). Their sum is the terminal current
     * less what the interface recombines.
     */
    tunnelOxide?: { electron: number[]; hole: number[] };
  }[];
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
  /**
   * The PCE on the incident power inside the simulated wavelength window (as SCAPS divides),
   * beside PCE_percent on the whole spectrum's; set by the device run (device/simulate.ts).
   */
  pceWindowPercent?: number;
  Vmp_V: number;
  Jmp_mA_cm2: number;
  Pmax_mW_cm2: number;
  /**
   * How they were found: 'solved' — Jsc at 0 V, Voc (to 1e-7 V) and the maximum power point (to
   * 1e-5 V) solved on the device, independent of the voltage step; 'interpolated' — read off a
   * monotone cubic through the sweep (solving switched off, or it failed: a warning says why).
   * Absent in results made before this field existed (interpolated).
   */
  method?: 'solved' | 'interpolated';
  /** Solver runs beyond the sweep that the solved figures took. */
  solves?: number;
}

export interface ElectricalResult {
  /** False when a bias point did not converge or the wall-clock limit ended the run. */
  converged: boolean;
  /** Why the sweep stopped: Newton failing at a voltage, or the wall-clock limit (messages/results.ts). */
  error?: EngineMessage;
  warnings: ResultWarning[];
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

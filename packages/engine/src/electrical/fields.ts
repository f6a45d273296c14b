/**
 * The one list of drift-diffusion parameters (layers, and below them interfaces and contacts): for each, its DeviceSpec name (camelCase with the
 * unit, as forms, the API and the library use it), the solver's and the benchmark cases' name
 * (snake_case with the unit, ElectricalLayer and pv-bench/1), the unit as users read it, the
 * form group, whether a material carries it, and the rule its value obeys. The DeviceSpec schema
 * (packages/contracts), the DeviceSpec -> solver mapping (map.ts), the solver's input checks
 * (electrical/input-check.ts), the material library and the device editor all derive from it, so
 * that a name, a unit or a rule cannot drift between them. Physics of each parameter:
 * docs/physics/drift-diffusion.md.
 */

/** What a value must satisfy (the checks word the message). */
export type FieldRule =
  /** > 0 (lifetimes, mobilities, densities of states, permittivity: spec §5; the gap). */
  | 'positive'
  /** >= 0. */
  | 'non-negative'
  /** Any finite number (energies relative to a reference). */
  | 'finite'
  /** An integer >= 2 (mesh intervals). */
  | 'intervals';

export interface LayerField {
  /** DeviceSpec name (LayerElectricalSpec). */
  readonly key: string;
  /** Solver (ElectricalLayer) and benchmark-case name. */
  readonly solver: string;
  /** Unit as shown to users ('' for dimensionless). */
  readonly unit: string;
  readonly group: 'basic' | 'doping' | 'recombination' | 'traps' | 'tunnelling' | 'mesh';
  readonly rule: FieldRule;
  /** Every layer of the electrical domain must give it. */
  readonly required: boolean;
  /** A material of the library carries it (mesh settings belong to a device, not a material). */
  readonly material: boolean;
}

export const LAYER_FIELDS = [
  { key: 'epsR', solver: 'eps_r', unit: '', group: 'basic', rule: 'positive', required: true, material: true },
  { key: 'chiEV', solver: 'chi_eV', unit: 'eV', group: 'basic', rule: 'finite', required: true, material: true },
  { key: 'egEV', solver: 'Eg_eV', unit: 'eV', group: 'basic', rule: 'positive', required: true, material: true },
  { key: 'ncCm3', solver: 'Nc_cm3', unit: 'cm⁻³', group: 'basic', rule: 'positive', required: true, material: true },
  { key: 'nvCm3', solver: 'Nv_cm3', unit: 'cm⁻³', group: 'basic', rule: 'positive', required: true, material: true },
  {
    key: 'muNCm2PerVs',
    solver: 'mu_n_cm2_Vs',
    unit: 'cm²/(V·s)',
    group: 'basic',
    rule: 'positive',
    required: true,
    material: true,
  },
  {
    key: 'muPCm2PerVs',
    solver: 'mu_p_cm2_Vs',
    unit: 'cm²/(V·s)',
    group: 'basic',
    rule: 'positive',
    required: true,
    material: true,
  },
  {
    key: 'ndCm3',
    solver: 'Nd_cm3',
    unit: 'cm⁻³',
    group: 'doping',
    rule: 'non-negative',
    required: false,
    material: true,
  },
  {
    key: 'naCm3',
    solver: 'Na_cm3',
    unit: 'cm⁻³',
    group: 'doping',
    rule: 'non-negative',
    required: false,
    material: true,
  },
  {
    key: 'tauNS',
    solver: 'tau_n_s',
    unit: 's',
    group: 'recombination',
    rule: 'positive',
    required: false,
    material: true,
  },
  {
    key: 'tauPS',
    solver: 'tau_p_s',
    unit: 's',
    group: 'recombination',
    rule: 'positive',
    required: false,
    material: true,
  },
  {
    key: 'kRadCm3PerS',
    solver: 'k_rad_cm3_s',
    unit: 'cm³/s',
    group: 'recombination',
    rule: 'non-negative',
    required: false,
    material: true,
  },
  {
    key: 'cnCm6PerS',
    solver: 'Cn_cm6_s',
    unit: 'cm⁶/s',
    group: 'recombination',
    rule: 'non-negative',
    required: false,
    material: true,
  },
  {
    key: 'cpCm6PerS',
    solver: 'Cp_cm6_s',
    unit: 'cm⁶/s',
    group: 'recombination',
    rule: 'non-negative',
    required: false,
    material: true,
  },
  {
    // gamma = prefactor q (mu_n + mu_p) / eps replaces k_rad (organic blends; dissociation.ts)
    key: 'langevinPrefactor',
    solver: 'langevin_prefactor',
    unit: '',
    group: 'recombination',
    rule: 'non-negative',
    required: false,
    material: true,
  },
  {
    // band-to-band tunnelling (Hurkx; tunnelling.ts): A, B, P
    key: 'btbtACm3PerS',
    solver: 'btbt_A_cm3_s',
    unit: 'cm⁻³ s⁻¹',
    group: 'tunnelling',
    rule: 'non-negative',
    required: false,
    material: true,
  },
  {
    key: 'btbtBVPerCm',
    solver: 'btbt_B_V_cm',
    unit: 'V/cm',
    group: 'tunnelling',
    rule: 'positive',
    required: false,
    material: true,
  },
  {
    key: 'btbtP',
    solver: 'btbt_P',
    unit: '',
    group: 'tunnelling',
    rule: 'positive',
    required: false,
    material: true,
  },
  {
    // trap-assisted tunnelling: the field enhancement of SRH with this tunnelling mass (in m0)
    key: 'tatMassRel',
    solver: 'tat_mass_rel',
    unit: 'm₀',
    group: 'tunnelling',
    rule: 'positive',
    required: false,
    material: true,
  },
  {
    key: 'ntCm3',
    solver: 'Nt_cm3',
    unit: 'cm⁻³',
    group: 'traps',
    rule: 'non-negative',
    required: false,
    material: true,
  },
  {
    key: 'sigmaNCm2',
    solver: 'sigma_n_cm2',
    unit: 'cm²',
    group: 'traps',
    rule: 'non-negative',
    required: false,
    material: true,
  },
  {
    key: 'sigmaPCm2',
    solver: 'sigma_p_cm2',
    unit: 'cm²',
    group: 'traps',
    rule: 'non-negative',
    required: false,
    material: true,
  },
  {
    key: 'vthCmPerS',
    solver: 'vth_cm_s',
    unit: 'cm/s',
    group: 'traps',
    rule: 'positive',
    required: false,
    material: true,
  },
  {
    key: 'etMinusEiEV',
    solver: 'Et_minus_Ei_eV',
    unit: 'eV',
    group: 'traps',
    rule: 'finite',
    required: false,
    material: true,
  },
  {
    key: 'gridPoints',
    solver: 'mesh_intervals',
    unit: '',
    group: 'mesh',
    rule: 'intervals',
    required: false,
    material: false,
  },
  {
    key: 'gridGrading',
    solver: 'mesh_grading',
    unit: '',
    group: 'mesh',
    rule: 'non-negative',
    required: false,
    material: false,
  },
] as const satisfies readonly LayerField[];

export type LayerFieldKey = (typeof LAYER_FIELDS)[number]['key'];
export type LayerSolverKey = (typeof LAYER_FIELDS)[number]['solver'];

/** The per-layer parameters of a DeviceSpec (all optional; which are required is checked). */
export type LayerElectricalValues = { [K in LayerFieldKey]?: number };

const BY_SOLVER = new Map<string, LayerField>(LAYER_FIELDS.map((f) => [f.solver, f]));
const BY_KEY = new Map<string, LayerField>(LAYER_FIELDS.map((f) => [f.key, f]));

/** The field of a DeviceSpec name or a solver name. */
export function layerFieldByKey(key: string): LayerField | undefined {
  return BY_KEY.get(key);
}
export function layerFieldBySolver(solver: string): LayerField | undefined {
  return BY_SOLVER.get(solver);
}

/** Interface parameters: DeviceSpec name -> solver (ElectricalInterface) name; rules in input-check.ts. */
export const INTERFACE_FIELDS = [
  { key: 'sNCmPerS', solver: 'S_n_cm_s' },
  { key: 'sPCmPerS', solver: 'S_p_cm_s' },
  { key: 'ntCm2', solver: 'Nt_cm2' },
  { key: 'sigmaNCm2', solver: 'sigma_n_cm2' },
  { key: 'sigmaPCm2', solver: 'sigma_p_cm2' },
  { key: 'vthCmPerS', solver: 'vth_cm_s' },
  { key: 'etMinusEmidEV', solver: 'Et_minus_Emid_eV' },
] as const;
/** Thermionic emission at an interface: DeviceSpec name -> solver name. */
export const THERMIONIC_FIELDS = [
  { key: 'vNCmPerS', solver: 'v_n_cm_s' },
  { key: 'vPCmPerS', solver: 'v_p_cm_s' },
] as const;
/** Tunnelling through a thin interlayer at an interface (oxide-tunnelling.ts): DeviceSpec name -> solver name. */
export const TUNNEL_OXIDE_FIELDS = [
  { key: 'thicknessNm', solver: 'thickness_nm' },
  { key: 'barrierElectronEV', solver: 'barrier_n_eV' },
  { key: 'barrierHoleEV', solver: 'barrier_p_eV' },
  { key: 'massElectronRel', solver: 'mass_n_rel' },
  { key: 'massHoleRel', solver: 'mass_p_rel' },
] as const;
/** Contact parameters: DeviceSpec name -> solver (ElectricalContact) name. */
export const CONTACT_FIELDS = [
  { key: 'kind', solver: 'kind' },
  { key: 'workFunctionEV', solver: 'workFunction_eV' },
  { key: 'sNCmPerS', solver: 'S_n_cm_s' },
  { key: 'sPCmPerS', solver: 'S_p_cm_s' },
] as const;
/** Device-level settings the solver names differently: solver name -> DeviceSpec path under `electrical`. */
export const DEVICE_FIELDS: Record<string, string> = {
  T_K: 'temperatureK',
  Rs_ohm_cm2: 'rsOhmCm2',
  Rsh_ohm_cm2: 'rshOhmCm2',
  voltage_V: 'voltageSweep',
  layers: 'layers',
  'options.nodes': 'gridPoints',
  'options.statistics': 'statistics',
  'options.profileBiases_V': 'profileBiasesV',
  'generation.G_cm3_s': 'generation.gCm3PerS',
  'generation.reflectance': 'generation.reflectance',
};

/** solver name -> DeviceSpec name of one of the tables above (the name itself when not listed). */
export function specName(table: readonly { key: string; solver: string }[], solver: string): string {
  return table.find((f) => f.solver === solver)?.key ?? solver;
}

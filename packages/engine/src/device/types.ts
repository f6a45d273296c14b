/**
 * The electrical part of DeviceSpec v1 as the engine reads it (packages/contracts builds its
 * schema from the same field list, electrical/fields.ts, so a checked DeviceSpec is assignable to
 * ElectricalDeviceSpecLike). Units are in the field names.
 */

import type {
  INTERFACE_FIELDS,
  LayerChoiceValues,
  LayerElectricalValues,
  THERMIONIC_FIELDS,
  TUNNEL_OXIDE_FIELDS,
} from '../electrical/fields.js';
import type { MottSchottkyFit, MottSchottkyReading } from '../electrical/solvers/mott-schottky.js';
import type { SolverStateHooks } from '../electrical/solvers/states.js';
import type { ElectricalResult } from '../electrical/types.js';
import type { EngineMessage, ResultWarning } from '../messages/index.js';
import type { DeviceLayerLike, DeviceLike, DeviceOpticsReport } from '../optics/device.js';

/** A mobile ionic species of a layer (electrical/models/ions.ts). */
export interface IonElectricalLike {
  /** Mean density, cm^-3 (also the density of the opposite, immobile background). */
  densityCm3: number;
  /** Diffusion coefficient at referenceTemperatureK, cm^2/s. */
  diffusionCm2PerS: number;
  /** Charge in units of q. */
  sign: 1 | -1;
  /** Activation energy of the diffusion coefficient, eV: D(T) = D_ref exp(-Ea/k (1/T - 1/T_ref)). */
  activationEnergyEV?: number;
  /** Temperature of diffusionCm2PerS, K (default 300). */
  referenceTemperatureK?: number;
}

/**
 * Onsager-Braun dissociation of the charge-transfer states an organic blend's light makes
 * (electrical/models/excitons/dissociation.ts): separation, decay rate to the ground state, field-independent
 * yield, one separation or a Gaussian distribution of them.
 */
export interface CtDissociationElectricalLike {
  model: 'onsager-braun';
  separationNm: number;
  decayRatePerS: number;
  directYield?: number;
  distribution?: 'delta' | 'gaussian';
}

/**
 * A defect as SCAPS users give it (device/defects-map.ts maps it to the solver's): charge type,
 * density (per volume in a layer, per area at an interface), energy relative to a reference,
 * distribution over energy with its width, and capture by cross-sections with thermal velocities or
 * by capture coefficients.
 */
export interface DefectElectricalLike {
  /** A label for the results (e.g. "I vacancy"); default "defect k". */
  name?: string;
  /** Donor: +q when empty; acceptor: -q when it holds an electron; neutral: never charged. */
  type: 'donor' | 'acceptor' | 'neutral';
  /** Total density, cm^-3 (layer defects). */
  densityCm3?: number;
  /** Total sheet density, cm^-2 (interface defects). */
  densityCm2?: number;
  /**
   * The level (or the distribution's centre), eV: below E_c ('conduction'), above E_v ('valence')
   * or above E_i ('intrinsic', signed); default 0. Not used by a band tail.
   */
  energyEV?: number;
  energyReference: 'conduction' | 'valence' | 'intrinsic';
  /** Default 'single'. */
  distribution?: 'single' | 'uniform' | 'gaussian' | 'tail';
  /** Uniform: full width; Gaussian: standard deviation; tail: characteristic energy; eV. */
  widthEV?: number;
  /** Capture cross-sections, cm^2, with thermal velocities, cm/s (default 1e7)... */
  sigmaNCm2?: number;
  sigmaPCm2?: number;
  vthNCmPerS?: number;
  vthPCmPerS?: number;
  /** ...or the capture coefficients, cm^3/s. */
  cNCm3PerS?: number;
  cPCm3PerS?: number;
}

/** Per-layer drift-diffusion parameters (electrical/fields.ts), the layer's mobile ions and its CT-state dissociation. */
export type LayerElectricalLike = LayerElectricalValues &
  LayerChoiceValues & {
    ions?: IonElectricalLike[];
    /** The layer's defects (any number up to 20), each independent. */
    defects?: DefectElectricalLike[];
    ctDissociation?: CtDissociationElectricalLike;
    /** Excitons that diffuse to a donor/acceptor interface (planar heterojunctions; electrical/models/excitons/exciton-diffusion.ts). */
    excitonDiffusion?: { diffusionLengthNm: number; lifetimeS: number };
    /** A linear grading: the listed parameters' values at the layer's back face (electrical/models/grading.ts). */
    grading?: { law: 'linear'; back: LayerElectricalValues };
    /** false: absorbs light but makes no free carriers, whatever the generation kind (default true). */
    generatesCarriers?: boolean;
  };

/** One piece of a transient protocol (device/transient.ts). */
export type TransientSegmentLike =
  /** A linear voltage scan to toV at rateVPerS (default: the protocol's rateVPerS). */
  | { kind: 'scan'; toV: number; rateVPerS?: number }
  /** The voltage held for durationS (after a step to voltageV when given): preconditioning, a step, J(t). */
  | { kind: 'hold'; durationS: number; voltageV?: number }
  /** The light switched on or off, the voltage held (transient photocurrent). */
  | { kind: 'light'; on: boolean; durationS: number }
  /** Open circuit (the voltage floats) for durationS, optionally switching the light (transient photovoltage). */
  | { kind: 'open-circuit'; durationS: number; light?: boolean };

export interface TransientElectricalLike {
  /** The steady state (ions equilibrated) the protocol starts from. */
  initialV: number;
  /** Light at the start (default: on when the device is illuminated). */
  initialLight?: boolean;
  /** Scan rate of scan segments that do not give their own, V/s. */
  rateVPerS?: number;
  segments: TransientSegmentLike[];
  /** Samples saved, evenly over the whole protocol (spec §9: step = time / (points - 1); default 201). */
  points?: number;
  /** Times at which to keep profiles (bands, densities, ions), s. */
  profileTimesS?: number[];
}

export interface ImpedanceElectricalLike {
  /** DC terminal voltage of the steady state, V. */
  voltageV: number;
  /** Frequency range (log-spaced), Hz, and the number of frequencies (defaults 1e-3, 1e6, 60). */
  startHz?: number;
  stopHz?: number;
  points?: number;
}

export type InterfaceElectricalLike = { between: [string, string] } & {
  [K in (typeof INTERFACE_FIELDS)[number]['key']]?: number;
} & {
  thermionic?: { [K in (typeof THERMIONIC_FIELDS)[number]['key']]?: number };
  tunnelOxide?: { [K in (typeof TUNNEL_OXIDE_FIELDS)[number]['key']]: number };
  /** Defect sheets at the interface (densityCm2), capturing from both layers. */
  defects?: DefectElectricalLike[];
};

/**
 * C-V: the small-signal capacitance at one frequency over DC voltages, with a Mott-Schottky line
 * fitted over fitFromV .. fitToV (default: the reverse-bias half of the sweep, where the depletion
 * approximation holds), read with the relative permittivity of the layer named in fitLayer
 * (default: the thickest electrical layer, the absorber).
 */
export interface CapacitanceVoltageLike {
  frequencyHz: number;
  startV: number;
  stopV: number;
  stepV: number;
  fitFromV?: number;
  fitToV?: number;
  fitLayer?: string;
}

/** C-f: the capacitance over log-spaced frequencies at one DC voltage, with -f dC/df. */
export interface CapacitanceFrequencyLike {
  voltageV: number;
  startHz?: number;
  stopHz?: number;
  points?: number;
}

export interface ContactElectricalLike {
  kind: 'ohmic' | 'schottky';
  workFunctionEV?: number;
  sNCmPerS?: number | null;
  sPCmPerS?: number | null;
}

export type GenerationElectricalLike =
  | { kind: 'optical' }
  | { kind: 'uniform'; gCm3PerS: number }
  | { kind: 'beer-lambert'; reflectance?: number }
  | { kind: 'profile'; xNm: number[]; gCm3PerS: number[] }
  | { kind: 'dark' };

export interface DeviceElectricalLike {
  contacts: { front: ContactElectricalLike; back: ContactElectricalLike; anode: 'front' | 'back' };
  interfaces?: InterfaceElectricalLike[];
  rsOhmCm2?: number;
  rshOhmCm2?: number | null;
  temperatureK?: number;
  statistics?: 'boltzmann' | 'fermi-dirac';
  voltageSweep: { startV: number; stopV: number; stepV: number };
  extendToVoc?: boolean;
  profileBiasesV?: number[];
  generation?: GenerationElectricalLike;
  gridPoints?: number;
  darkJV?: boolean;
  /**
   * EQE and IQE (optical generation only): every stepNm, at the DC bias voltage biasV (V, default 0:
   * short circuit) under a bias light of biasLightSuns suns of the device's spectrum (default 0).
   */
  eqe?: { stepNm?: number; biasLightSuns?: number; biasV?: number };
  /** A transient protocol (ions, hysteresis, steps, light switching, open circuit). */
  transient?: TransientElectricalLike;
  /** A small-signal impedance spectrum about a steady state. */
  impedance?: ImpedanceElectricalLike;
  /** A capacitance-voltage sweep with its Mott-Schottky reading. */
  capacitanceVoltage?: CapacitanceVoltageLike;
  /** A capacitance-frequency sweep with the admittance-spectroscopy view. */
  capacitanceFrequency?: CapacitanceFrequencyLike;
  /**
   * The J-V loss of each defect: the light J-V run again without it, one defect at a time
   * (default false; one more J-V per defect).
   */
  defectLosses?: boolean;
  /** A monolithic tandem: the layers' `subcell` says which layers form the top and bottom cells. */
  tandem?: TandemElectricalLike;
}

export interface ElectricalLayerLike extends DeviceLayerLike {
  electrical?: LayerElectricalLike;
  /** Which subcell of a monolithic tandem the layer belongs to (tandem/; only with electrical.tandem). */
  subcell?: TandemSubcellName;
}

/** The subcells of a two-terminal tandem; 'junction' layers exist only in the whole-stack run. */
export type TandemSubcellName = 'top' | 'bottom' | 'junction';

/** A monolithic two-terminal tandem (tandem/simulate.ts). */
export interface TandemElectricalLike {
  /** Also solve the whole stack as one drift-diffusion device with its junction (default false; see docs/physics/tandem.md). */
  fullStack?: boolean;
  /** Current matching: the photocurrents with this top-cell layer's thickness swept (optics only). */
  thicknessSweep?: { layer: string; fromNm: number; toNm: number; points: number };
}

/** A DeviceSpec with its electrical part. */
export interface ElectricalDeviceSpecLike extends DeviceLike {
  layers: ElectricalLayerLike[];
  electrical?: DeviceElectricalLike;
}

/** Bad electrical input in a DeviceSpec: every message names the layer (or block) and the field. */
export class DeviceSpecInputError extends Error {
  readonly errors: string[];
  constructor(errors: string[]) {
    super(errors.join('; '));
    this.name = 'DeviceSpecInputError';
    this.errors = errors;
  }
}

export interface DeviceSimulationOptions {
  /** Points per layer of the G(x) sample in the optics report (default 101). */
  profilePoints?: number;
  /** Wall-clock limit of each electrical run, ms (default 300000); clock for tests. */
  wallClockLimit_ms?: number;
  clock?: () => number;
  /** Progress of the whole run, 0..1, with what is being computed (e.g. the current bias point). */
  onProgress?: (fraction: number, detail: string) => void;
  /** The solver's state hooks for the light J-V (a tandem's whole stack started from its subcells). */
  solverStates?: SolverStateHooks;
  /**
   * The J-V at these terminal voltages (in this order) instead of the DeviceSpec's sweep, without
   * the solved key figures and the standard profiles: a fit's forward run (fit/forward.ts) needs the
   * current at the measured voltages and nothing else.
   */
  fitVoltagesV?: number[];
  /** Only the EQE (electrical.eqe), no J-V sweep: a fit's forward run of an EQE spectrum. */
  eqeOnly?: boolean;
  /**
   * Only the capacitance at exactly these points, no J-V sweep: a fit's forward run of a C-V curve
   * (biases in the order given, one continuation along them, at one frequency; the result in
   * capacitanceVoltage, without a Mott-Schottky reading) or a C-f curve (one steady state, the
   * frequencies; the result in capacitanceFrequency). The device's generation is used as it is.
   */
  capacitanceOnly?:
    | { kind: 'cv'; biasV: number[]; frequencyHz: number }
    | { kind: 'cf'; biasV: number; frequencyHz: number[] };
  /**
   * Only a measured scan, no steady J-V sweep: a fit's forward run of a J-V scanned at a rate on a
   * device with mobile ions. The steady state at fromV (the ions settled there, as a pre-bias
   * leaves them), then a linear scan to toV at rateVPerS; the total current (displacement
   * included) at the voltages atV, in their order, into result.scan.
   */
  scanOnly?: { fromV: number; toV: number; rateVPerS: number; atV: number[] };
  /**
   * Keeps the optics (G(x) and the incident power) of devices run before, keyed by everything but
   * their electrical parameters: a fit's runs differ only in those (fit/forward.ts). The results
   * share the memoised optics report: treat it as read-only.
   */
  opticsMemo?: Map<string, unknown>;
}

export interface DeviceSimulationResult {
  schemaVersion: 1;
  device: string;
  /** Names of the electrical layers (front to back) and their indices in `layers`. */
  electricalLayers: { name: string; index: number }[];
  /** Incident power used for the PCE, mW/cm^2 (the illumination spectrum times suns; 100 without one). */
  incidentPowerMwCm2: number;
  /**
   * The incident power inside the simulated wavelength window (illumination.wavelength), mW/cm^2:
   * what SCAPS divides the maximum power by (figures' pceWindowPercent). Absent in older results.
   */
  incidentPowerWindowMwCm2?: number;
  /** The generation the electrical solver used, at its mesh nodes (x from the front face of the first electrical layer). */
  generation: {
    kind: 'optical' | 'uniform' | 'beer-lambert' | 'profile' | 'dark';
    x_nm: number[];
    G_cm3_s: number[];
    /** q times G integrated on the electrical mesh (box rule), mA/cm^2. */
    jGenerationMaCm2: number;
    /** Optical generation: the optical photocurrents (exact integrals) of the electrical layers, summed, mA/cm^2. */
    jOpticalMaCm2?: number;
  };
  /** The optics report (optical generation only). */
  optics?: DeviceOpticsReport;
  /** Light J-V (absent for dark generation) and dark J-V (when asked or when the generation is dark). */
  light?: ElectricalResult;
  dark?: ElectricalResult;
  /**
   * At electrical.eqe.biasV (default short circuit) under its biasLightSuns (default none): EQE =
   * collected electrons per incident photon of a weak probe on that state; IQE = EQE / absorptance
   * of the electrical layers (from the transfer matrix).
   */
  eqe?: {
    wavelengthNm: number[];
    eqe: number[];
    iqe: number[];
    absorptance: number[];
    /**
     * q integral of EQE times the incident photon flux (EQE interpolated onto the optical grid),
     * mA/cm^2; absent when a wavelength failed.
     */
    jscFromEqeMaCm2?: number;
    /** Wavelengths whose run did not converge (left out of the lists above), nm. */
    failedWavelengthNm?: number[];
  };
  /** The transient protocol's result. */
  transient?: DeviceTransientResult;
  /** A fit's measured scan (DeviceSimulationOptions.scanOnly): J at its voltages, in their order. */
  scan?: { converged: boolean; V: number[]; J_mA_cm2: number[]; error?: EngineMessage };
  /** The impedance spectrum. */
  impedance?: DeviceImpedanceResult;
  /** The C-V sweep and its Mott-Schottky reading. */
  capacitanceVoltage?: DeviceCapacitanceVoltageResult;
  /** The C-f sweep and -f dC/df. */
  capacitanceFrequency?: DeviceCapacitanceFrequencyResult;
  /** What each defect costs: the light J-V's figures without it, against those with all defects. */
  defectLosses?: DeviceDefectLoss[];
  warnings: ResultWarning[];
  elapsedMs: number;
}

/** A transient run of a DeviceSpec (device/transient.ts). */
export interface DeviceTransientResult {
  converged: boolean;
  error?: EngineMessage;
  /** Time, terminal voltage, total current (displacement included, generation positive) at the samples. */
  t_s: number[];
  V: number[];
  J_mA_cm2: number[];
  /** Light on (1) or off (0) at each sample. */
  light: number[];
  /** The protocol's scans, each with its figures when J crosses zero (Jsc, Voc, FF, PCE). */
  scans: {
    direction: 'reverse' | 'forward';
    rate_V_s: number;
    V: number[];
    J_mA_cm2: number[];
    figures?: {
      Jsc_mA_cm2: number;
      Voc_V: number;
      FF: number;
      PCE_percent: number;
      /** The PCE on the window's power (incidentPowerWindowMwCm2), as SCAPS gives it. */
      pceWindowPercent?: number;
      Vmp_V: number;
      Jmp_mA_cm2: number;
    };
  }[];
  /** (PCE_reverse - PCE_forward) / PCE_reverse of the first reverse scan and the forward scan after it. */
  hysteresisIndex?: number;
  profiles: ElectricalResult['profiles'];
  /** Largest relative change of each species' number of ions over the run (conservation check). */
  ionNumberDrift: number;
  stats: { steps: number; rejected: number; newtonIterations: number; elapsed_ms: number };
}

/** The impedance spectrum of a DeviceSpec (electrical/solvers/impedance.ts). */
export interface DeviceImpedanceResult {
  converged: boolean;
  error?: EngineMessage;
  V_dc: number;
  J_dc_mA_cm2: number;
  frequency_Hz: number[];
  /** Terminal impedance, Ohm cm^2 (passive convention), and C = Im(1/Z)/w, F/cm^2. */
  Z_re_ohm_cm2: number[];
  Z_im_ohm_cm2: number[];
  C_F_cm2: number[];
  elapsed_ms: number;
}

/** A capacitance-voltage sweep of a DeviceSpec (device/capacitance.ts). */
export interface DeviceCapacitanceVoltageResult {
  converged: boolean;
  error?: EngineMessage;
  frequency_Hz: number;
  V: number[];
  C_F_cm2: number[];
  invC2_cm4_F2: number[];
  /** The Mott-Schottky line (absent when no window of the range meets the criteria: mottSchottkyCheck says why). */
  mottSchottky?: MottSchottkyFit & {
    /** The layer whose permittivity read the slope, and that permittivity. */
    layer: string;
    eps_r: number;
  };
  /**
   * What the reading was held to (electrical/solvers/mott-schottky.ts): the range searched, the
   * geometric capacitance and the largest C / C_geo in it, the device's equilibrium potential drop,
   * why there is no line (refused), and whether the line's V_bi lies beyond that drop.
   */
  mottSchottkyCheck?: Omit<MottSchottkyReading, 'fit'> & { range_V: [number, number] };
  elapsed_ms: number;
}

/** A capacitance-frequency sweep of a DeviceSpec: C(f) and the admittance-spectroscopy view -f dC/df. */
export interface DeviceCapacitanceFrequencyResult {
  converged: boolean;
  error?: EngineMessage;
  V_dc: number;
  frequency_Hz: number[];
  C_F_cm2: number[];
  /** -f dC/df = -dC/d ln f at each frequency (central differences in ln f), F/cm^2. */
  minusFdCdf_F_cm2: number[];
  elapsed_ms: number;
}

/** The light J-V without one defect (where: a layer's or an interface's), and the differences it makes. */
export interface DeviceDefectLoss {
  where: 'layer' | 'interface';
  /** The layer's name, or "front/back" of the interface. */
  location: string;
  index: number;
  name: string;
  type: 'donor' | 'acceptor' | 'neutral';
  converged: boolean;
  /** Figures without the defect. */
  without?: { PCE_percent: number; Voc_V: number; Jsc_mA_cm2: number; FF: number };
  /** Without minus with: what the defect costs (positive = the defect lowers it). */
  deltaPCE_percent?: number;
  deltaVoc_V?: number;
  deltaJsc_mA_cm2?: number;
  deltaFF?: number;
}

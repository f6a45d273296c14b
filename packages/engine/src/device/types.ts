/**
 * Structural copies of the electrical part of DeviceSpec v1 (packages/contracts/src/device,
 * device-spec-electrical.ts), so that the engine stays free of dependencies: a checked DeviceSpec
 * is assignable to ElectricalDeviceSpecLike. Units are in the field names.
 */

import type { ElectricalResult } from '../electrical/types.js';
import type { DeviceLayerLike, DeviceLike, DeviceOpticsReport } from '../optics/device.js';

export interface LayerElectricalLike {
  epsR?: number;
  chiEV?: number;
  egEV?: number;
  ncCm3?: number;
  nvCm3?: number;
  muNCm2PerVs?: number;
  muPCm2PerVs?: number;
  ndCm3?: number;
  naCm3?: number;
  tauNS?: number;
  tauPS?: number;
  ntCm3?: number;
  sigmaNCm2?: number;
  sigmaPCm2?: number;
  vthCmPerS?: number;
  etMinusEiEV?: number;
  kRadCm3PerS?: number;
  cnCm6PerS?: number;
  cpCm6PerS?: number;
  gridPoints?: number;
  gridGrading?: number;
}

export interface InterfaceElectricalLike {
  between: [string, string];
  sNCmPerS?: number;
  sPCmPerS?: number;
  ntCm2?: number;
  sigmaNCm2?: number;
  sigmaPCm2?: number;
  vthCmPerS?: number;
  etMinusEmidEV?: number;
  thermionic?: { vNCmPerS?: number; vPCmPerS?: number };
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
  eqe?: { stepNm?: number };
}

export interface ElectricalLayerLike extends DeviceLayerLike {
  electrical?: LayerElectricalLike;
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
}

export interface DeviceSimulationResult {
  schemaVersion: 1;
  device: string;
  /** Names of the electrical layers (front to back) and their indices in `layers`. */
  electricalLayers: { name: string; index: number }[];
  /** Incident power used for the PCE, mW/cm^2 (the illumination spectrum times suns; 100 without one). */
  incidentPowerMwCm2: number;
  /** The generation the electrical solver used, at its mesh nodes (x from the front face of the first electrical layer). */
  generation: {
    kind: 'optical' | 'uniform' | 'beer-lambert' | 'dark';
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
   * At short circuit, without bias light: EQE = collected electrons per incident photon;
   * IQE = EQE / absorptance of the electrical layers (from the transfer matrix).
   */
  eqe?: {
    wavelengthNm: number[];
    eqe: number[];
    iqe: number[];
    absorptance: number[];
    /** q integral of EQE times the incident photon flux (EQE interpolated onto the optical grid), mA/cm^2. */
    jscFromEqeMaCm2: number;
  };
  warnings: string[];
  elapsedMs: number;
}

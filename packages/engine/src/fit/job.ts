/**
 * What a device fit is given (issue 27): the device, its measured curves, the fields left free and
 * the budget, and how far a running fit is. The engine's own types, so the fit needs nothing from
 * the packages above it; the contract's TypeBox schema of the same payload
 * (packages/contracts/src/schemas/device-fit.ts) validates requests at the edge and is checked at
 * compile time to describe exactly these types.
 */

/** Curves and points a fit takes at most (a J-V with ~100 points is typical). */
export const DEVICE_FIT_MAX_CURVES = 12;
export const DEVICE_FIT_MAX_POINTS = 2000;
/** Free parameters at most: each costs one forward run per Jacobian, and the data rarely pin more. */
export const DEVICE_FIT_MAX_FREE = 12;
/** The budget's ceilings: a fit never runs for hours. */
export const DEVICE_FIT_MAX_EVALUATIONS = 5000;
export const DEVICE_FIT_MAX_SECONDS = 3600;
export const DEVICE_FIT_DEFAULT_EVALUATIONS = 600;
export const DEVICE_FIT_DEFAULT_SECONDS = 600;

/** A J-V curve: V in V and J in mA/cm^2, photocurrent positive (the engine's sign). */
export interface DeviceFitJvCurve {
  kind: 'jv';
  /** What the user calls it ("1 sun, reverse"); shown in the result. */
  label?: string;
  /** Light intensity in suns of the device's spectrum; 0 is a dark curve. */
  intensitySuns: number;
  /** Temperature of the measurement, K (default: the device's). */
  temperatureK?: number;
  /**
   * Scan direction as measured. With scanRateVPerS, on a device with mobile ions, the model is the
   * scan itself (from the curve's first voltage in that direction, the ions settled there, at that
   * rate: fit/forward.ts); without ions, or without a rate, the steady state.
   */
  scan?: 'forward' | 'reverse';
  /** Scan rate as measured, V/s (1e-5 to 1e3). */
  scanRateVPerS?: number;
  voltageV: number[];
  jMaCm2: number[];
  /** Noise of each point, mA/cm^2 (absolute): the residual's scale. */
  noiseMaCm2?: number;
  /**
   * Noise relative to |J| (a dark curve over decades): the residual's scale is noiseRel |J|; with
   * noiseMaCm2 as well, sqrt(noiseMaCm2^2 + (noiseRel J)^2) (a relative noise above a meter's floor).
   */
  noiseRel?: number;
  /** Extra weight of the whole curve (default 1). */
  weight?: number;
}

/**
 * An external quantum efficiency spectrum (the engine's EQE, device/simulate.ts): wavelengths in nm
 * inside the device's optical window, EQE in percent; measured at short circuit without bias light
 * unless the curve gives its bias light and bias voltage.
 */
export interface DeviceFitEqeCurve {
  kind: 'eqe';
  /** What the user calls it; shown in the result. */
  label?: string;
  /** Temperature of the measurement, K (default: the device's). */
  temperatureK?: number;
  /**
   * DC bias light under which the EQE was measured, suns of the device's spectrum (0 to 2;
   * default 0: none): the device's own generation profile scaled, the probe on top of it.
   */
  biasLightSuns?: number;
  /**
   * DC voltage at which the EQE was measured, V, forward positive at the anode (-5 V to the
   * absorber's band gap; default 0: short circuit).
   */
  biasV?: number;
  wavelengthNm: number[];
  eqePercent: number[];
  /** Noise of each point in percentage points of EQE (absolute): the residual's scale. */
  noisePercent?: number;
  /** Extra weight of the whole curve (default 1). */
  weight?: number;
}

/**
 * A capacitance-voltage curve (the Mott-Schottky measurement): the small-signal capacitance at one
 * frequency over DC biases (the engine's C = Im(1/Z)/w, device/capacitance.ts, series and shunt
 * resistance included), in the dark unless the curve gives a light intensity. Biases in V (forward
 * positive at the anode, as the J-V), capacitance in nF/cm^2 (per area of the device).
 */
export interface DeviceFitCvCurve {
  kind: 'cv';
  /** What the user calls it; shown in the result. */
  label?: string;
  /** The measuring frequency, Hz. */
  frequencyHz: number;
  /** Light intensity in suns of the device's spectrum (default 0: measured in the dark). */
  intensitySuns?: number;
  /** Temperature of the measurement, K (default: the device's). */
  temperatureK?: number;
  biasV: number[];
  capacitanceNFPerCm2: number[];
  /** Noise of each point, nF/cm^2 (absolute): the residual's scale. */
  noiseNFPerCm2?: number;
  /**
   * Noise relative to |C| (default 0.01, said): the residual's scale is noiseRel |C|; with
   * noiseNFPerCm2 as well, sqrt(noiseNFPerCm2^2 + (noiseRel C)^2).
   */
  noiseRel?: number;
  /** Extra weight of the whole curve (default 1). */
  weight?: number;
}

/**
 * A capacitance-frequency curve (impedance spectroscopy read as C(f) = Im(1/Z)/(2 pi f)) at one DC
 * bias, in the dark unless the curve gives a light intensity: frequencies in Hz, capacitance in
 * nF/cm^2 (per area of the device).
 */
export interface DeviceFitCfCurve {
  kind: 'cf';
  /** What the user calls it; shown in the result. */
  label?: string;
  /** The DC bias, V (forward positive at the anode). */
  biasV: number;
  /** Light intensity in suns of the device's spectrum (default 0: measured in the dark). */
  intensitySuns?: number;
  /** Temperature of the measurement, K (default: the device's). */
  temperatureK?: number;
  frequencyHz: number[];
  capacitanceNFPerCm2: number[];
  /** Noise of each point, nF/cm^2 (absolute): the residual's scale. */
  noiseNFPerCm2?: number;
  /** Noise relative to |C| (default 0.01, said); with noiseNFPerCm2 as well, their quadrature sum. */
  noiseRel?: number;
  /** Extra weight of the whole curve (default 1). */
  weight?: number;
}

export type DeviceFitCurve = DeviceFitJvCurve | DeviceFitEqeCurve | DeviceFitCvCurve | DeviceFitCfCurve;

export interface DeviceFitFree {
  /** A numeric DeviceSpec field: `layers[2].electrical.muNCm2PerVs`. */
  path: string;
  /** Bounds in the field's unit (default: the registry's plausible range, inside its hard limits). */
  min?: number;
  max?: number;
  /** Fitted in log10 (default: the registry's choice: densities, lifetimes, mobilities) or linearly. */
  scale?: 'log' | 'linear';
  /** Takes the value of another free path (mu_n = mu_p): not a fit variable of its own. */
  tie?: string;
}

export interface DeviceFitOptions {
  /** Forward runs of the whole curve set at most (each is one J-V per curve). */
  maxEvaluations?: number;
  /** Wall-clock budget, s. */
  maxSeconds?: number;
  /** Points of the space-filling start design (default 3 per free parameter, at least 8; 0: start from the device). */
  starts?: number;
  /** Confidence of the intervals (default 0.95). */
  confidence?: number;
  /** Seed of the start design (the same seed gives the same fit). */
  seed?: number;
  /** Skip the profile-likelihood check of the intervals (faster; linearised intervals only). */
  skipProfiles?: boolean;
}

export interface DeviceFitJob {
  /** The device (a DeviceSpec with an electrical block); the free fields start from its values. */
  device: Record<string, unknown>;
  curves: DeviceFitCurve[];
  free: DeviceFitFree[];
  options?: DeviceFitOptions;
}

/**
 * How far a running device fit is, after every batch of forward runs (fitDevice's onProgress), as
 * it reaches the browser in the live 'progress' message of a 'fit' calculation: plain JSON, so the
 * page redraws the model curves and shows the chi-square and the current values while it runs.
 */
export interface DeviceFitProgress {
  /** 'start': the space-filling start design; 'fit': Levenberg-Marquardt; 'intervals': the interval checks. */
  stage: 'start' | 'fit' | 'intervals';
  /** Forward runs of the curve set so far, and the budget. */
  evaluations: number;
  maxEvaluations: number;
  elapsedMs: number;
  maxSeconds: number;
  /** Chi-square of the best point so far (null until one run succeeded). */
  chiSquare: number | null;
  /** Current best values of the free parameters, in their units, in the order of the job's free list (ties left out). */
  values: number[] | null;
  /**
   * The model curves at the current best, one array per curve in the job's order at its abscissae
   * sorted ascending: J in mA/cm^2 (J-V), EQE in % (EQE), C in nF/cm^2 (C-V, C-f).
   */
  curves: number[][] | null;
}

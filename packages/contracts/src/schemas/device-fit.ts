import Type, { type Static } from 'typebox';

/**
 * A device fit (issue 27): measured curves, the DeviceSpec fields left free, and the fit's budget.
 * One payload for the platform's 'fit' calculation, the CLI's `fit-device` (which builds it from
 * CURVES.json and FREE.json) and the engine (packages/engine/src/fit). This schema is structural;
 * the physics of the values (a path the registry knows, bounds inside its hard limits, a curve with
 * enough points, a noise level > 0) is the engine's check, checkDeviceFitInput, which every caller
 * runs before anything is computed.
 */

/** Curves and points a fit takes at most (a J-V with ~100 points is typical; 5000 is a very dense trace). */
export const DEVICE_FIT_MAX_CURVES = 12;
export const DEVICE_FIT_MAX_POINTS = 2000;
/** Free parameters at most: each costs one forward run per Jacobian, and the data rarely pin more. */
export const DEVICE_FIT_MAX_FREE = 12;
/** The budget's ceilings: a fit never runs for hours. */
export const DEVICE_FIT_MAX_EVALUATIONS = 5000;
export const DEVICE_FIT_MAX_SECONDS = 3600;
export const DEVICE_FIT_DEFAULT_EVALUATIONS = 600;
export const DEVICE_FIT_DEFAULT_SECONDS = 600;

const Finite = (o: Record<string, unknown> = {}) => Type.Number(o);

export const DeviceFitCurve = Type.Object({
  /** A J-V curve: V in V and J in mA/cm^2, photocurrent positive (the engine's sign). */
  kind: Type.Literal('jv'),
  /** What the user calls it ("1 sun, reverse"); shown in the result. */
  label: Type.Optional(Type.String({ maxLength: 200 })),
  /** Light intensity in suns of the device's spectrum; 0 is a dark curve. */
  intensitySuns: Finite({ minimum: 0, maximum: 1000 }),
  /** Temperature of the measurement, K (default: the device's). */
  temperatureK: Type.Optional(Finite()),
  /** Scan direction as measured (kept with the curve; the steady-state model has no hysteresis). */
  scan: Type.Optional(Type.Union([Type.Literal('forward'), Type.Literal('reverse')])),
  /** Scan rate as measured, V/s (kept with the curve). */
  scanRateVPerS: Type.Optional(Finite()),
  voltageV: Type.Array(Finite(), { minItems: 1, maxItems: DEVICE_FIT_MAX_POINTS }),
  jMaCm2: Type.Array(Finite(), { minItems: 1, maxItems: DEVICE_FIT_MAX_POINTS }),
  /** Noise of each point, mA/cm^2 (absolute): the residual's scale. */
  noiseMaCm2: Type.Optional(Finite()),
  /**
   * Noise relative to |J| (a dark curve over decades): the residual's scale is noiseRel |J|; with
   * noiseMaCm2 as well, sqrt(noiseMaCm2^2 + (noiseRel J)^2) (a relative noise above a meter's floor).
   */
  noiseRel: Type.Optional(Finite()),
  /** Extra weight of the whole curve (default 1). */
  weight: Type.Optional(Finite()),
});
export type DeviceFitCurve = Static<typeof DeviceFitCurve>;

export const DeviceFitFree = Type.Object({
  /** A numeric DeviceSpec field: `layers[2].electrical.muNCm2PerVs`. */
  path: Type.String({ minLength: 1, maxLength: 200 }),
  /** Bounds in the field's unit (default: the registry's plausible range, inside its hard limits). */
  min: Type.Optional(Finite()),
  max: Type.Optional(Finite()),
  /** Fitted in log10 (default: the registry's choice: densities, lifetimes, mobilities) or linearly. */
  scale: Type.Optional(Type.Union([Type.Literal('log'), Type.Literal('linear')])),
  /** Takes the value of another free path (mu_n = mu_p): not a fit variable of its own. */
  tie: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
export type DeviceFitFree = Static<typeof DeviceFitFree>;

export const DeviceFitOptions = Type.Object({
  /** Forward runs of the whole curve set at most (each is one J-V per curve). */
  maxEvaluations: Type.Optional(Type.Integer({ minimum: 10, maximum: DEVICE_FIT_MAX_EVALUATIONS })),
  /** Wall-clock budget, s. */
  maxSeconds: Type.Optional(Finite({ minimum: 1, maximum: DEVICE_FIT_MAX_SECONDS })),
  /** Points of the space-filling start design (default 4 per free parameter, at least 8; 0: start from the device). */
  starts: Type.Optional(Type.Integer({ minimum: 0, maximum: 256 })),
  /** Confidence of the intervals (default 0.95). */
  confidence: Type.Optional(Finite({ minimum: 0.5, maximum: 0.999 })),
  /** Seed of the start design (the same seed gives the same fit). */
  seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  /** Skip the profile-likelihood check of the intervals (faster; linearised intervals only). */
  skipProfiles: Type.Optional(Type.Boolean()),
});
export type DeviceFitOptions = Static<typeof DeviceFitOptions>;

export const DeviceFitJob = Type.Object({
  /** The device (a DeviceSpec with an electrical block); the free fields start from its values. */
  device: Type.Object({}, { additionalProperties: true }),
  curves: Type.Array(DeviceFitCurve, { minItems: 1, maxItems: DEVICE_FIT_MAX_CURVES }),
  free: Type.Array(DeviceFitFree, { minItems: 1, maxItems: DEVICE_FIT_MAX_FREE }),
  options: Type.Optional(DeviceFitOptions),
});
export type DeviceFitJob = Static<typeof DeviceFitJob>;

/**
 * How far a running device fit is, as the engine reports it after every batch of forward runs
 * (fitDevice's onProgress) and as it reaches the browser in the live 'progress' message of a 'fit'
 * calculation (LiveMessage.fit): plain JSON, so the page redraws the model curves and shows the
 * chi-square and the current values while the fit runs. Defined here, not in the engine, so the
 * web imports it without the engine.
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
  /** The model curves at the current best: J in mA/cm^2, one array per curve in the job's order, at its measured voltages sorted ascending. */
  curves: number[][] | null;
}

import Type, { type Static } from 'typebox';

/**
 * A device fit (issue 27): measured curves, the DeviceSpec fields left free, and the fit's budget.
 * One payload for the platform's 'fit' calculation, the CLI's `fit-device` (which builds it from
 * CURVES.json and FREE.json) and the engine (packages/engine/src/fit). This schema is structural;
 * the physics of the values (a path the registry knows, bounds inside its hard limits, a curve with
 * enough points, a noise level > 0) is the engine's check, checkDeviceFitInput, which every caller
 * runs before anything is computed.
 */

import {
  DEVICE_FIT_MAX_CURVES,
  DEVICE_FIT_MAX_EVALUATIONS,
  DEVICE_FIT_MAX_FREE,
  DEVICE_FIT_MAX_POINTS,
  DEVICE_FIT_MAX_SECONDS,
  type DeviceFitJob as EngineDeviceFitJob,
} from '@pvforge/engine';

// the limits and defaults are the engine's (packages/engine/src/fit/job.ts); so is the progress
export {
  DEVICE_FIT_DEFAULT_EVALUATIONS,
  DEVICE_FIT_DEFAULT_SECONDS,
  DEVICE_FIT_MAX_CURVES,
  DEVICE_FIT_MAX_EVALUATIONS,
  DEVICE_FIT_MAX_FREE,
  DEVICE_FIT_MAX_POINTS,
  DEVICE_FIT_MAX_SECONDS,
  type DeviceFitProgress,
} from '@pvforge/engine';

const Finite = (o: Record<string, unknown> = {}) => Type.Number(o);

/** A J-V curve: V in V and J in mA/cm^2, photocurrent positive (the engine's sign). */
export const DeviceFitJvCurve = Type.Object({
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

/**
 * An EQE spectrum: wavelengths in nm (inside the device's optical window), EQE in percent; at
 * short circuit without bias light unless the curve gives its bias light and bias voltage (their
 * ranges are the engine's check: 0 to 2 suns, -5 V to the absorber's band gap).
 */
export const DeviceFitEqeCurve = Type.Object({
  kind: Type.Literal('eqe'),
  label: Type.Optional(Type.String({ maxLength: 200 })),
  /** Temperature of the measurement, K (default: the device's). */
  temperatureK: Type.Optional(Finite()),
  /** DC bias light, suns of the device's spectrum (default 0: none). */
  biasLightSuns: Type.Optional(Finite()),
  /** DC bias voltage, V, forward positive at the anode (default 0: short circuit). */
  biasV: Type.Optional(Finite()),
  wavelengthNm: Type.Array(Finite(), { minItems: 1, maxItems: DEVICE_FIT_MAX_POINTS }),
  eqePercent: Type.Array(Finite(), { minItems: 1, maxItems: DEVICE_FIT_MAX_POINTS }),
  /** Noise of each point in percentage points of EQE (absolute): the residual's scale. */
  noisePercent: Type.Optional(Finite()),
  /** Extra weight of the whole curve (default 1). */
  weight: Type.Optional(Finite()),
});

/**
 * A C-V curve (Mott-Schottky): the small-signal capacitance at one frequency over DC biases, in the
 * dark unless a light intensity is given; biases in V (forward positive), capacitance in nF/cm^2.
 */
export const DeviceFitCvCurve = Type.Object({
  kind: Type.Literal('cv'),
  label: Type.Optional(Type.String({ maxLength: 200 })),
  /** The measuring frequency, Hz. */
  frequencyHz: Finite(),
  /** Light intensity in suns (default 0: dark). */
  intensitySuns: Type.Optional(Finite({ minimum: 0, maximum: 1000 })),
  /** Temperature of the measurement, K (default: the device's). */
  temperatureK: Type.Optional(Finite()),
  biasV: Type.Array(Finite(), { minItems: 1, maxItems: DEVICE_FIT_MAX_POINTS }),
  capacitanceNFPerCm2: Type.Array(Finite(), { minItems: 1, maxItems: DEVICE_FIT_MAX_POINTS }),
  /** Noise of each point, nF/cm^2 (absolute). */
  noiseNFPerCm2: Type.Optional(Finite()),
  /** Noise relative to |C| (default 0.01); with noiseNFPerCm2, their quadrature sum. */
  noiseRel: Type.Optional(Finite()),
  /** Extra weight of the whole curve (default 1). */
  weight: Type.Optional(Finite()),
});

/**
 * A C-f curve (impedance spectroscopy as C(f) = Im(1/Z)/(2 pi f)) at one DC bias, in the dark unless
 * a light intensity is given; frequencies in Hz, capacitance in nF/cm^2.
 */
export const DeviceFitCfCurve = Type.Object({
  kind: Type.Literal('cf'),
  label: Type.Optional(Type.String({ maxLength: 200 })),
  /** The DC bias, V (forward positive). */
  biasV: Finite(),
  /** Light intensity in suns (default 0: dark). */
  intensitySuns: Type.Optional(Finite({ minimum: 0, maximum: 1000 })),
  /** Temperature of the measurement, K (default: the device's). */
  temperatureK: Type.Optional(Finite()),
  frequencyHz: Type.Array(Finite(), { minItems: 1, maxItems: DEVICE_FIT_MAX_POINTS }),
  capacitanceNFPerCm2: Type.Array(Finite(), { minItems: 1, maxItems: DEVICE_FIT_MAX_POINTS }),
  /** Noise of each point, nF/cm^2 (absolute). */
  noiseNFPerCm2: Type.Optional(Finite()),
  /** Noise relative to |C| (default 0.01); with noiseNFPerCm2, their quadrature sum. */
  noiseRel: Type.Optional(Finite()),
  /** Extra weight of the whole curve (default 1). */
  weight: Type.Optional(Finite()),
});

export type DeviceFitJvCurve = Static<typeof DeviceFitJvCurve>;
export type DeviceFitEqeCurve = Static<typeof DeviceFitEqeCurve>;
export type DeviceFitCvCurve = Static<typeof DeviceFitCvCurve>;
export type DeviceFitCfCurve = Static<typeof DeviceFitCfCurve>;

export const DeviceFitCurve = Type.Union([DeviceFitJvCurve, DeviceFitEqeCurve, DeviceFitCvCurve, DeviceFitCfCurve]);
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
  /** Points of the space-filling start design (default 3 per free parameter, at least 8; 0: start from the device). */
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
  device: Type.Record(Type.String(), Type.Unknown()),
  curves: Type.Array(DeviceFitCurve, { minItems: 1, maxItems: DEVICE_FIT_MAX_CURVES }),
  free: Type.Array(DeviceFitFree, { minItems: 1, maxItems: DEVICE_FIT_MAX_FREE }),
  options: Type.Optional(DeviceFitOptions),
});
export type DeviceFitJob = Static<typeof DeviceFitJob>;

// The schema describes exactly the engine's payload type: each must be assignable to the other.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaIsEngineType: Same<DeviceFitJob, EngineDeviceFitJob> = true;
void schemaIsEngineType;

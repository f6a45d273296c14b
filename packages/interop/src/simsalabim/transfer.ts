/**
 * SIMsalabim's interface transfer velocity against PVForge's interfaces, one rule for the import
 * and the export. SIMsalabim sets the mobility of the one grid interval across an interface to
 * nu h / Vt. Far faster than either layer's diffusion velocity D/L it only keeps the quasi-Fermi
 * levels continuous, which is PVForge's interface without thermionic emission; slower, it limits
 * the current and becomes thermionic emission at the same velocity
 * (docs/physics/simsalabim-import.md#interfaces).
 */

export const Q_OVER_KB = 1.602176634e-19 / 1.380649e-23;

/** A transfer velocity this many times the layers' diffusion velocities D/L does not limit the current. */
export const FAST_TRANSFER = 100;

interface LayerTransport {
  muNCm2PerVs: number;
  muPCm2PerVs: number;
  thicknessNm: number;
}

/**
 * The larger of the electron and hole diffusion velocities D/L (cm/s), each the slower of the two
 * layers': a transfer velocity FAST_TRANSFER times this for both carriers is "continuous".
 */
export function diffusionVelocityCmPerS(a: LayerTransport, b: LayerTransport, T: number): number {
  const slowest = (k: 'muNCm2PerVs' | 'muPCm2PerVs') =>
    Math.min(...[a, b].map((l) => (l[k] * T) / Q_OVER_KB / (l.thicknessNm * 1e-7)));
  return Math.max(slowest('muNCm2PerVs'), slowest('muPCm2PerVs'));
}

/** Whether SIMsalabim's velocities (cm/s) make a continuous interface (see the module comment). */
export function isContinuousTransfer(vNCmPerS: number, vPCmPerS: number, dCmPerS: number): boolean {
  return vNCmPerS >= FAST_TRANSFER * dCmPerS && vPCmPerS >= FAST_TRANSFER * dCmPerS;
}

/**
 * The velocity (cm/s) the export writes for a continuous interface: ten times the threshold,
 * rounded up to a power of ten, and never below SIMsalabim's shipped 1e3 m/s.
 */
export function continuousTransferCmPerS(dCmPerS: number): number {
  return Math.max(1e5, 10 ** Math.ceil(Math.log10(10 * FAST_TRANSFER * dCmPerS)));
}

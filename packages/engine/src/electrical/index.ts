/**
 * Electrical engine: 1-D drift-diffusion, steady state, transients with mobile ions and small-signal
 * impedance (docs/physics/drift-diffusion.md, ions.md, transients.md).
 */

export { thermalVoltageV } from '../constants.js';
export {
  type CapacitanceVoltageResult,
  capacitanceVoltage,
  type MottSchottkyFit,
  mottSchottky,
} from './capacitance.js';
export { SELECTIVE_OFFSET_EV } from './contact-continuation.js';
export { jvFigures as electricalJvFigures } from './figures.js';
export { type ImpedancePoint, type ImpedanceResult, impedanceSpectrum } from './impedance.js';
export { checkElectricalDevice, OHMIC_BARRIER_WARN_EV, ohmicBarrier } from './input-check.js';
export {
  DidNotConverge,
  pointBreakdown as electricalPointBreakdown,
  quantumEfficiency,
  simulateJV,
  simulateLightAndDark,
} from './jv.js';
export { buildMesh as buildElectricalMesh, type Mesh as ElectricalMesh } from './mesh.js';
export { WallClockExceeded } from './newton.js';
export { DDSystem } from './system.js';
export {
  simulateTransient,
  type TransientOptions,
  type TransientProtocol,
  type TransientResult,
  type TransientSample,
  type TransientSegment,
} from './transient.js';
export * from './types.js';

/**
 * Electrical engine: 1-D drift-diffusion, steady state, transients with mobile ions and small-signal
 * impedance (docs/physics/drift-diffusion.md, ions.md, transients.md).
 */

export { thermalVoltageV } from '../constants.js';
export { buildMesh as buildElectricalMesh, type Mesh as ElectricalMesh } from './discretisation/mesh.js';
export { WallClockExceeded } from './discretisation/newton.js';
export { DDSystem } from './discretisation/system.js';
export { checkElectricalDevice, OHMIC_BARRIER_WARN_EV, ohmicBarrier } from './input-check.js';
export { type CapacitanceVoltageResult, capacitanceReferences, capacitanceVoltage } from './solvers/capacitance.js';
export { SELECTIVE_OFFSET_EV } from './solvers/contact-continuation.js';
export { jvFigures as electricalJvFigures } from './solvers/figures.js';
export { type ImpedancePoint, type ImpedanceResult, impedanceSpectrum } from './solvers/impedance.js';
export {
  DidNotConverge,
  pointBreakdown as electricalPointBreakdown,
  simulateJV,
  simulateLightAndDark,
} from './solvers/jv.js';
export {
  MOTT_SCHOTTKY_CRITERIA,
  type MottSchottkyFit,
  type MottSchottkyReading,
  type MottSchottkyRefusal,
  mottSchottky,
  mottSchottkyNote,
  readMottSchottky,
} from './solvers/mott-schottky.js';
export { quantumEfficiency } from './solvers/quantum-efficiency.js';
export type { SolvedState, SolverStateHooks } from './solvers/states.js';
export {
  simulateTransient,
  type TransientOptions,
  type TransientProtocol,
  type TransientResult,
  type TransientSample,
  type TransientSegment,
} from './solvers/transient.js';
export * from './types.js';

/** Electrical engine: 1-D steady-state drift-diffusion (docs/physics/drift-diffusion.md). */

export { jvFigures as electricalJvFigures } from './figures.js';
export { checkElectricalDevice } from './input-check.js';
export {
  DidNotConverge,
  pointBreakdown as electricalPointBreakdown,
  quantumEfficiency,
  simulateJV,
  simulateLightAndDark,
} from './jv.js';
export { buildMesh as buildElectricalMesh, type Mesh as ElectricalMesh } from './mesh.js';
export { WallClockExceeded } from './newton.js';
export { type PvBenchDdInput, pvBenchHasIons, pvBenchToDevice } from './pvbench.js';
export { DDSystem } from './system.js';
export * from './types.js';

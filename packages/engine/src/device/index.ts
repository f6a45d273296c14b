/**
 * DeviceSpec -> engine models: the electrical part of a DeviceSpec mapped to the drift-diffusion
 * solver, and the coupled optics + electrical run (docs/physics/drift-diffusion.md, "Coupling to
 * the optical engine").
 */

export {
  CF_DEFAULTS,
  defaultMottSchottkyRange,
  minusFdCdf,
  runDeviceCapacitanceFrequency,
  runDeviceCapacitanceVoltage,
} from './capacitance.js';
export { checkDeviceElectrical, checkDeviceElectricalCoded } from './check.js';
export {
  captureCoefficients,
  DEFAULT_VTH_CM_S,
  type DefectGap,
  defectDensityOfStates,
  interfaceGap,
  layerGap,
  levelDepthEV,
} from './defects-map.js';
export { electricalDomain, sweepVoltages } from './electrical-spec.js';
export * from './field-path.js';
export type { MappedDevice } from './map.js';
export { computedKRads, kRadFromAbsorptionIssues } from './radiative-absorption.js';
export {
  ADVISED_MAX_GRID_POINTS,
  deviceToElectrical,
  electricalMeshOf,
  integrateOnMesh,
  runDeviceSimulation,
  valuesOnMesh,
} from './simulate.js';
export { runDeviceImpedance, runDeviceTransient, transientProtocol } from './transient.js';
export * from './types.js';

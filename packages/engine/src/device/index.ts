/**
 * DeviceSpec -> engine models: the electrical part of a DeviceSpec mapped to the drift-diffusion
 * solver, and the coupled optics + electrical run (docs/physics/drift-diffusion.md, "Coupling to
 * the optical engine").
 */
export { checkDeviceElectrical, electricalDomain, sweepVoltages } from './check.js';
export { deviceToElectrical, type MappedDevice } from './map.js';
export {
  ADVISED_MAX_GRID_POINTS,
  electricalMeshOf,
  integrateOnMesh,
  runDeviceSimulation,
  valuesOnMesh,
} from './simulate.js';
export * from './types.js';

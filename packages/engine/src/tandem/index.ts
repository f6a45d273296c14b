/** Monolithic two-terminal tandems (docs/physics/tandem.md): series connection, whole-stack run, 4T, current matching. */
export { checkTandem, checkTandemIssues, MAX_THICKNESS_SWEEP_POINTS } from './check.js';
export { type SeriesConnection, type SeriesOptions, type SubcellCurve, seriesConnect } from './series.js';
export {
  runTandemSimulation,
  subcellSpec,
  subcellVoltages,
  type TandemCell,
  type TandemResult,
  type TandemSubcellResult,
  type TandemThicknessSweep,
  tandemThicknessSweep,
} from './simulate.js';

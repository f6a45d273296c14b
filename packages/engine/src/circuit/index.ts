/**
 * Public API of the circuit engine (src/circuit): forward models (single-diode via Lambert W,
 * two-diode, modified diode model), key figures, measured-curve parsing, fitting, and the input
 * rules they share. The loss analysis (src/losses) and the job runner (src/jobs) build on it and
 * have their own entries.
 */
export { CircuitEvaluator, type Diode, type DiodeCircuit } from './diode-circuit.js';
export {
  type CurveFit,
  defaultPhotocurrentRange,
  FIT_MODELS,
  type FitCurveData,
  type FitCurvesOptions,
  type FitModelName,
  type FitOptions,
  type FitResult,
  type FittedParameter,
  fitCurve,
  fitCurves,
  fitMeasuredCurve,
  type Identifiability,
  MAX_FIT_CURVES,
  measuredFitCurve,
} from './fit.js';
export { CircuitInputError } from './input-check.js';
export { circuitKeyFigures, DEFAULT_PIN_MW_CM2, type KeyFigures, sampledKeyFigures } from './key-figures.js';
export { lambertW, lambertWOfExp } from './lambertw.js';
export {
  type AugerKnowledge,
  type BulkKnowledge,
  fitModifiedDiode,
  type MdmFitOptions,
  type MdmFitSettings,
  type MdmKnowns,
  type MdmResult,
  type MdmSplit,
  mdmKnownsProblems,
  splitOf,
  yBulkFromLifetime,
} from './mdm.js';
export {
  type Cell,
  type CurrentUnit,
  CurveParseError,
  type CurveParseOptions,
  detectIllumination,
  type MeasuredCurve,
  parseCurveRows,
  parseCurveText,
  parseScapsIv,
  type ScapsIv,
  type VoltageUnit,
} from './measured-curve.js';
export {
  type AbsorberProps,
  intrinsicDensityCm3,
  MODIFIED_DIODES,
  type ModifiedCurve,
  type ModifiedParams,
  modifiedCircuit,
  modifiedComponents,
  modifiedPrefactors,
  type SdmParams,
  SdmSolver,
  type SimulatedCurve,
  sdmCircuit,
  simulateCircuit,
  simulateModified,
  simulateSdm,
  simulateTwoDiode,
  type TwoDiodeParams,
  twoDiodeCircuit,
} from './models.js';

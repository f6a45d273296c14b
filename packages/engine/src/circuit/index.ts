/**
 * Public API of the circuit engine (src/circuit) and of the loss analysis (src/losses):
 * forward models (single-diode via Lambert W, two-diode, modified diode model), key figures,
 * measured-curve parsing, fitting, detailed balance and efficiency-loss quantification.
 */
import { type FitOptions, type FitResult, fitCurve } from './fit.js';
import type { MeasuredCurve } from './measured-curve.js';

export * from '../losses/index.js';
export { CircuitEvaluator, type Diode, type DiodeCircuit } from './diode-circuit.js';
export {
  type FitModelName,
  type FitOptions,
  type FitResult,
  type FittedParameter,
  fitCurve,
} from './fit.js';
export { type CircuitJob, type CircuitJobResult, runCircuitJob } from './jobs.js';
export { circuitKeyFigures, DEFAULT_PIN_MW_CM2, type KeyFigures, sampledKeyFigures } from './key-figures.js';
export { lambertW, lambertWOfExp } from './lambertw.js';
export {
  type Cell,
  type CurrentUnit,
  CurveParseError,
  type CurveParseOptions,
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

/**
 * Fits a parsed measured curve (parseCurveText / parseCurveRows / parseScapsIv). A dark curve is
 * fitted with relative weighting and Jph held at 0 unless the options say otherwise.
 */
export function fitMeasuredCurve(
  curve: MeasuredCurve,
  opts: Omit<FitOptions, 'voltageV' | 'jMaCm2' | 'measuredPointCount'>,
): FitResult {
  const dark = curve.detected.illumination === 'dark';
  return fitCurve({
    ...opts,
    weighting: opts.weighting ?? (dark ? 'relative' : 'uniform'),
    fixed: dark && opts.fixed?.['jphMaCm2'] === undefined ? { ...opts.fixed, jphMaCm2: 0 } : opts.fixed,
    voltageV: curve.voltageV,
    jMaCm2: curve.jMaCm2,
    measuredPointCount: curve.measured.voltageV.length,
  });
}

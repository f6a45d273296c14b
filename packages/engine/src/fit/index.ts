export * from './capacitance-units.js';
export { type PreparedCurve, prepareCurves } from './curves.js';
export * from './device-fit.js';
export { type FitEvaluator, localEvaluator } from './evaluator.js';
export { evaluateFitPoint, type FitEvaluation } from './forward.js';
export { type FitProblem, type FitVariable, resolveFreeParameters } from './free-parameters.js';
export * from './job.js';

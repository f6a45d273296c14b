/**
 * Public API of src/losses: the detailed-balance (Shockley-Queisser) limit and the
 * efficiency-loss quantification of a modified-diode-model device. Built on the circuit models
 * (src/circuit) and the spectra (src/spectra); neither of them imports anything from here.
 */
export {
  bandGapFromEqe,
  type DetailedBalanceResult,
  detailedBalance,
  detailedBalanceProblems,
} from './detailed-balance.js';
export {
  analyseLosses,
  type LossAnalysis,
  type LossAnalysisInput,
  type LossConditions,
  type LossMechanism,
  lossAnalysisProblems,
  lossLight,
  type MppPowerSplit,
  type RemovalGain,
  removalGains,
  WATERFALL_STEPS,
  type WaterfallStep,
  type WaterfallStepKey,
} from './loss-analysis.js';

/** Efficiency-loss quantification and the detailed-balance limit (public API of src/losses). */
export { bandGapFromEqe, type DetailedBalanceResult, detailedBalance, radiativeJ0MaCm2 } from './detailed-balance.js';
export {
  analyseLosses,
  type LossAnalysis,
  type LossAnalysisInput,
  type LossMechanism,
  type MppPowerSplit,
  type RemovalGain,
  type WaterfallStep,
} from './loss-analysis.js';
export { aboveGap, irradiancePowerWM2, parseIrradianceCsv, type SpectralIrradiance } from './spectrum.js';

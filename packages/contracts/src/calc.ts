/**
 * Calculations: kinds, states and the live messages that report them (spec §4, §7).
 * 'opt' optical, 'elec' electrical (drift-diffusion), 'circle' traditional circuit fit (5-parameter),
 * 'circle2' modified-diode fit with loss quantification, 'fit' a device fit: drift-diffusion
 * parameters fitted to measured curves (issue 27; the payload is DeviceFitJob).
 */
export const CALC_KINDS = ['opt', 'elec', 'circle', 'circle2', 'fit'] as const;
export type CalcKind = (typeof CALC_KINDS)[number];

/**
 * queued -> running -> succeeded | failed (reason) | nonconvergent (wall-clock limit) | cancelled.
 * A job interrupted by a restart goes back to queued once, then fails with the reason.
 */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'nonconvergent', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const FINAL_STATUSES: readonly JobStatus[] = ['succeeded', 'failed', 'nonconvergent', 'cancelled'];

/** Default wall-clock limit of one calculation (spec §1: about 5 minutes without ending = non-convergent). */
export const DEFAULT_JOB_TIME_LIMIT_MS = 5 * 60 * 1000;

/**
 * The live acts that report calculations, by kind ('circle' and 'circle2' share the circuit acts;
 * a device fit has its own, as its page follows a run of minutes with its own progress field).
 */
export const CALC_ACTS: Record<CalcKind, { fire: string; finish: string }> = {
  opt: { fire: 'fireOpt', finish: 'finishOpt' },
  elec: { fire: 'fireElec', finish: 'finishElec' },
  circle: { fire: 'fireCircle', finish: 'finishCircle' },
  circle2: { fire: 'fireCircle', finish: 'finishCircle' },
  fit: { fire: 'fireFit', finish: 'finishFit' },
};

/**
 * The codes of what a result tells its user: warnings in a result (a J-V sweep extended to Voc, a
 * fit parameter at its bound, a measured curve's unit taken by guess) and the reason a run stopped
 * (Newton failing, the wall-clock limit). Each builder here is the one place its English `text` is
 * written, so the text and the parameters cannot drift apart; the UI words the code from the
 * catalogue in @pvforge/contracts (engine-messages/results.ts).
 *
 * A message that wraps another ("figures interpolated, since …: <why>", "top cell: <warning>")
 * carries the inner one flat in its params: `cause` is the inner code, `cause.<name>` its params and
 * `causeText` its English, so that params stay names and numbers and the UI can word both parts.
 *
 * Numbers that the English shows formatted (toPrecision, toExponential) are passed as those
 * strings, so that every language shows the same digits.
 */
import { type CheckIssue, checkLine } from './device-check.js';
import type { EngineMessage, MessageParams } from './message.js';

export const RESULT_MESSAGE_CODES = [
  // a device-check warning carried into the result (device/check.ts): its field path and coded rule
  'device.check-warning',
  // J-V sweep (electrical/solvers/jv.ts)
  'jv.not-converged',
  'jv.not-converged-equilibrium',
  'jv.not-converged-light',
  'jv.wall-clock',
  'jv.sweep-extended',
  'jv.sweep-below-voc',
  'jv.sweep-no-zero',
  'jv.figures-interpolated',
  'jv.profiles-failed',
  'jv.no-point-solved',
  'eqe.base-failed',
  // the DeviceSpec run (device/simulate.ts)
  'device.grid-advised',
  'device.no-exciton-model',
  'eqe.failed-wavelengths',
  'eqe.not-computed',
  // transient, impedance, capacitance (electrical/solvers/transient.ts, impedance.ts, capacitance.ts)
  'transient.not-converged',
  'transient.wall-clock',
  'transient.initial',
  'impedance.steady-state',
  'impedance.singular',
  'impedance.wall-clock',
  // optics (optics/device.ts)
  'optics.thick-coherent',
  // circuit fits and measured curves (circuit/fit.ts, measured-curve.ts, jobs/circuit-job.ts)
  'fit.at-bound',
  'fit.serial-correlation',
  'fit.singular',
  'curve.voltage-unit',
  'curve.current-unit',
  'curve.sign-flipped',
  'circuit.no-waterfall',
  // why a loss analysis cannot run (losses/loss-analysis.ts)
  'losses.j0rad-zero',
  'losses.jph-not-positive',
  'losses.above-gap-power',
  'losses.spectrum-power',
  'losses.jph-above-limit',
  'losses.j0rad-too-low',
  // tandem (tandem/simulate.ts)
  'tandem.subcell-not-converged',
  'tandem.subcell-warning',
  'tandem.series-failed',
  'tandem.stack-not-converged',
] as const;

export type ResultMessageCode = (typeof RESULT_MESSAGE_CODES)[number];

/**
 * A warning in a result: always a message with a code (a device-check warning is wrapped by
 * checkWarning). Results stored before messages had codes hold plain English lines; the web reads
 * those back (apps/web/src/pages/plat/results/engine-warnings.ts).
 */
export type ResultWarning = EngineMessage;

function msg(code: ResultMessageCode, params: MessageParams, text: string): EngineMessage {
  return { code, params, text };
}

/** The inner message's code, params and text, flat, for a message that wraps it. */
export function causeParams(cause: EngineMessage): Record<string, string | number> {
  const out: Record<string, string | number> = { cause: cause.code, causeText: cause.text };
  for (const [k, v] of Object.entries(cause.params)) out[`cause.${k}`] = v;
  return out;
}

/** The inner message back from a wrapping message's params (the inverse of causeParams). */
export function causeOf(params: MessageParams): EngineMessage | undefined {
  const code = params['cause'];
  if (typeof code !== 'string') return undefined;
  const inner: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) if (k.startsWith('cause.')) inner[k.slice(6)] = v;
  return { code, params: inner, text: String(params['causeText'] ?? '') };
}

/** The English of a warning or reason, whatever its kind (for logs, the CLI, exports). */
export function messageText(m: EngineMessage | string): string {
  return typeof m === 'string' ? m : m.text;
}

/** Where a run stopped converging: the dark equilibrium, switching the light on (both at 0 V), or the sweep. */
export type ConvergenceStage = 'equilibrium' | 'light' | 'sweep';

const STAGE: Record<ConvergenceStage, { code: ResultMessageCode; text: string }> = {
  equilibrium: { code: 'jv.not-converged-equilibrium', text: ' in the dark equilibrium' },
  light: { code: 'jv.not-converged-light', text: ' while switching the light on' },
  sweep: { code: 'jv.not-converged', text: '' },
};

/** "the spectrum" or "the spectrum times 2 suns". */
const lightText = (suns: number) => `the spectrum${suns === 1 ? '' : ` times ${suns} suns`}`;

export const resultMessage = {
  notConverged(vV: number, residual: number, stage: ConvergenceStage = 'sweep'): EngineMessage {
    const v = vV.toPrecision(6);
    const r = residual.toExponential(3);
    const s = STAGE[stage];
    return msg(s.code, { v, residual: r }, `did not converge at V = ${v} V (last residual ${r})${s.text}`);
  },
  jvWallClock(limitS: number, vV: number): EngineMessage {
    const v = vV.toPrecision(6);
    return msg(
      'jv.wall-clock',
      { limitS, v },
      `wall-clock limit of ${limitS} s reached at V = ${v} V: run not converged`,
    );
  },
  sweepExtended(endV: number, toV: number): EngineMessage {
    return msg(
      'jv.sweep-extended',
      { end: endV, to: toV },
      `voltage_V: the range ended at ${endV} V, below Voc; extended to ${toV} V (extendToVoc)`,
    );
  },
  sweepBelowVoc(endV: number, jMaCm2: number): EngineMessage {
    const j = jMaCm2.toPrecision(4);
    return msg(
      'jv.sweep-below-voc',
      { end: endV, j },
      `voltage_V: the range ends at ${endV} V, below Voc (J = ${j} mA/cm^2 > 0 there); set options.extendToVoc to extend it`,
    );
  },
  sweepNoZero(): EngineMessage {
    return msg(
      'jv.sweep-no-zero',
      {},
      'voltage_V: the range does not include 0 V, so Jsc, FF and PCE are not computed',
    );
  },
  figuresInterpolated(cause: EngineMessage): EngineMessage {
    return msg(
      'jv.figures-interpolated',
      causeParams(cause),
      `figures: interpolated from the sweep, since solving at Voc or maximum power failed: ${cause.text}`,
    );
  },
  profilesFailed(cause: EngineMessage): EngineMessage {
    return msg('jv.profiles-failed', causeParams(cause), `profiles: ${cause.text}`);
  },
  noPointSolved(): EngineMessage {
    return msg('jv.no-point-solved', {}, 'no point solved');
  },
  eqeBaseFailed(cause: EngineMessage): EngineMessage {
    return msg(
      'eqe.base-failed',
      causeParams(cause),
      `EQE: the short-circuit run without the probe light failed: ${cause.text}`,
    );
  },
  gridAdvised(nodes: number, advised: number): EngineMessage {
    return msg(
      'device.grid-advised',
      { nodes, advised },
      `electrical.gridPoints: ${nodes} mesh nodes, more than the ${advised} users are advised (slower runs)`,
    );
  },
  noExcitonModel(index: number, layer: string): EngineMessage {
    return msg(
      'device.no-exciton-model',
      { index, layer },
      `layers[${index}] "${layer}".excitonic: no exciton model is given for this layer (electrical.ctDissociation or electrical.excitonDiffusion): the generation is taken as free electron-hole pairs`,
    );
  },
  eqeFailedWavelengths(failedNm: number[], total: number): EngineMessage {
    const wl = failedNm.join(', ');
    return msg(
      'eqe.failed-wavelengths',
      { n: failedNm.length, total, wl },
      `electrical.eqe: the run did not converge at ${failedNm.length} of ${total} wavelengths (${wl} nm); they are left out and Jsc from the EQE is not given`,
    );
  },
  eqeNotComputed(cause: EngineMessage): EngineMessage {
    return msg('eqe.not-computed', causeParams(cause), `electrical.eqe: not computed: ${cause.text}`);
  },
  transientNotConverged(tS: number, vV: number, residual: number): EngineMessage {
    const t = tS.toPrecision(6);
    const v = vV.toPrecision(6);
    const r = residual.toExponential(3);
    return msg(
      'transient.not-converged',
      { t, v, residual: r },
      `did not converge at t = ${t} s, V = ${v} V (last residual ${r})`,
    );
  },
  transientWallClock(tS: number): EngineMessage {
    const t = tS.toPrecision(6);
    return msg('transient.wall-clock', { t }, `wall-clock limit reached at t = ${t} s`);
  },
  transientInitial(cause: EngineMessage): EngineMessage {
    return msg('transient.initial', causeParams(cause), `initial steady state: ${cause.text}`);
  },
  impedanceSteadyState(vV: number, cause: EngineMessage): EngineMessage {
    return msg('impedance.steady-state', { v: vV, ...causeParams(cause) }, `steady state at ${vV} V: ${cause.text}`);
  },
  impedanceSingular(fHz: number): EngineMessage {
    return msg('impedance.singular', { f: fHz }, `the small-signal system is singular at ${fHz} Hz`);
  },
  impedanceWallClock(): EngineMessage {
    return msg('impedance.wall-clock', {}, 'wall-clock limit reached');
  },
  thickCoherent(index: number, layer: string, thicknessNm: number): EngineMessage {
    return msg(
      'optics.thick-coherent',
      { index, layer, thickness: thicknessNm },
      `layers[${index}] "${layer}" is ${thicknessNm} nm thick and coherent: mark it coherent: false (thick layer, intensities add)`,
    );
  },
  /** param: the fit parameter's key (jphMaCm2); the UI names it as its fit table does. */
  fitAtBound(
    param: string,
    description: string,
    curveLabel: string | null,
    side: 'lower' | 'upper',
    bound: number,
    unit: string,
  ): EngineMessage {
    const u = unit === '1' ? '' : unit;
    const which = curveLabel === null ? '' : ` for curve "${curveLabel}"`;
    return msg(
      'fit.at-bound',
      { param, description, curveLabel: curveLabel ?? '', side, bound, unit: u },
      `${param} (${description})${which} hit its ${side} bound ${bound}${u ? ` ${u}` : ''}: widen the range or check the data`,
    );
  },
  fitSerialCorrelation(rho: number, independentPoints: number): EngineMessage {
    const r = rho.toFixed(2);
    return msg(
      'fit.serial-correlation',
      { rho: r, n: independentPoints },
      `the residuals follow a pattern (lag-1 autocorrelation ${r}): the model does not describe the curve to its noise level, so the intervals are widened as for ${independentPoints} independent points`,
    );
  },
  fitSingular(): EngineMessage {
    return msg(
      'fit.singular',
      {},
      'the Jacobian is (nearly) singular: some parameters are not determined by the data (their intervals span the range)',
    );
  },
  curveVoltageUnit(unit: string, span: number): EngineMessage {
    return msg(
      'curve.voltage-unit',
      { unit, span },
      `voltage unit not stated; taken as ${unit} (largest |value| ${span})`,
    );
  },
  curveCurrentUnit(): EngineMessage {
    return msg('curve.current-unit', {}, 'current unit not stated; taken as mA/cm^2');
  },
  curveSignFlipped(): EngineMessage {
    return msg(
      'curve.sign-flipped',
      {},
      'the current increased with voltage: sign flipped to the generation-positive convention',
    );
  },
  /** path: the field the loss analysis refused (absorber.j0RadMaCm2), as the job names it. */
  noWaterfall(label: string, path: string, cause: EngineMessage): EngineMessage {
    return msg(
      'circuit.no-waterfall',
      { label, path, ...causeParams(cause) },
      `no loss waterfall for ${label}: ${path}: ${cause.text}`,
    );
  },
  // why a loss analysis cannot run; the text is the part of the problem line after the field path
  lossesJ0RadZero(): EngineMessage {
    return msg(
      'losses.j0rad-zero',
      {},
      'must be > 0 for a loss analysis: every loss is measured from the radiative limit, and a device without any recombination has no open-circuit voltage (leave it out for the detailed-balance value)',
    );
  },
  lossesJphNotPositive(jph: number): EngineMessage {
    return msg(
      'losses.jph-not-positive',
      { jph },
      `must be > 0 for a loss analysis: without photocurrent the device delivers no power (got ${jph})`,
    );
  },
  /** power and pin as the text shows them (6 significant digits). */
  lossesAboveGapPower(suns: number, power: string, pin: string): EngineMessage {
    return msg(
      'losses.above-gap-power',
      { suns, power, pin },
      `${lightText(suns)} carries ${power} mW/cm^2 above the gap alone, more than the incident power ${pin} mW/cm^2: the incident power, the light intensity or the spectrum is wrong`,
    );
  },
  lossesSpectrumPower(suns: number, power: string, pin: string): EngineMessage {
    return msg(
      'losses.spectrum-power',
      { suns, power, pin },
      `${lightText(suns)} carries ${power} mW/cm^2, more than the incident power ${pin} mW/cm^2: give the incident power the spectrum stands for, or the light intensity in suns`,
    );
  },
  lossesJphAboveLimit(jph: string, egEV: number, jsc: string): EngineMessage {
    return msg(
      'losses.jph-above-limit',
      { jph, eg: egEV, jsc },
      `${jph} mA/cm^2 is above the detailed-balance Jsc of Eg = ${egEV} eV under this light (${jsc} mA/cm^2, every photon above the gap collected): the band gap, the spectrum or the light intensity does not match the curve`,
    );
  },
  lossesJ0RadTooLow(j0: number, sq: string, egEV: number): EngineMessage {
    return msg(
      'losses.j0rad-too-low',
      { j0, sq, eg: egEV },
      `${j0} mA/cm^2 is so far below the detailed-balance value ${sq} mA/cm^2 of Eg = ${egEV} eV that the ideal device would beat the limit of its gap: the waterfall measures losses from that limit`,
    );
  },
  subcellNotConverged(subcell: string, cause: EngineMessage | undefined): EngineMessage {
    return msg(
      'tandem.subcell-not-converged',
      { subcell, ...(cause ? causeParams(cause) : {}) },
      `${subcell} cell: the J-V did not converge (${cause?.text ?? 'unknown'})`,
    );
  },
  /** A warning of the device check (runs, but may mislead), with the field it concerns; text: its English line. */
  checkWarning(issue: CheckIssue, text = checkLine(issue)): EngineMessage {
    return msg('device.check-warning', { path: issue.path, ...causeParams(issue.message) }, text);
  },
  subcellWarning(subcell: string, cause: EngineMessage): EngineMessage {
    return msg('tandem.subcell-warning', { subcell, ...causeParams(cause) }, `${subcell} cell: ${cause.text}`);
  },
  /** reason: the English of SeriesNoOverlap (tandem/series.ts). */
  seriesNoOverlap(reason: string): EngineMessage {
    return msg('tandem.series-failed', {}, `series connection: ${reason}`);
  },
  stackNotConverged(cause: EngineMessage | undefined): EngineMessage {
    return msg(
      'tandem.stack-not-converged',
      cause ? causeParams(cause) : {},
      `whole stack: the J-V did not converge (${cause?.text ?? 'unknown'})`,
    );
  },
} as const;

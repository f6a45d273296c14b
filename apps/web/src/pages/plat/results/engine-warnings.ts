/**
 * The engine's warnings and failure reasons in the UI's language. The engine gives each a code and
 * its parameters (packages/engine/src/messages/results.ts); the wording is the contracts catalogue's
 * (wordEngineMessage), with the names the screen uses for a fitted parameter and for the "extend to
 * Voc" option passed in from this UI's catalogue.
 *
 * Legacy fallback: results stored before messages had codes hold English strings, and the device
 * check's lines in a result are still strings. Those are recognised by the patterns below and told
 * in the UI's language with their numbers kept; anything else is shown as the engine wrote it, so a
 * warning is never lost, only untranslated. New results never need the result patterns.
 */
import { hasMessageWording, wordEngineMessage } from '@pvforge/contracts';
import { type EngineMessage, isEngineMessage, type MessageParams, resultMessage } from '@pvforge/engine';
import i18n from 'i18next';

type T = (key: string, vars?: Record<string, string>) => string;

/** A warning or failure reason as a result holds it: a message with a code, or a plain line. */
export type EngineText = EngineMessage | string;

/** A stored value as a warning or reason, when it is one. */
export function asEngineText(v: unknown): EngineText | undefined {
  return typeof v === 'string' || isEngineMessage(v) ? v : undefined;
}

/** A stored list of warnings (anything else in it is dropped). */
export function engineTexts(v: unknown): EngineText[] {
  return Array.isArray(v) ? v.flatMap((x) => asEngineText(x) ?? []) : [];
}

/**
 * The screen's own names added to a message's params, at every level of wrapping (`cause.` prefixes):
 * `paramName` for a fitted parameter `param` (as the fit table names it), `checkbox` for the option
 * that extends a sweep to Voc (as the form names it).
 */
function withScreenNames(p: MessageParams, t: T): MessageParams {
  const out: Record<string, string | number> = { ...p };
  const prefixes = new Set(['']);
  for (const k of Object.keys(p)) {
    const parts = k.split('.');
    for (let i = 1; i < parts.length; i++) prefixes.add(`${parts.slice(0, i).join('.')}.`);
  }
  for (const pre of prefixes) {
    const param = p[`${pre}param`];
    if (param !== undefined)
      out[`${pre}paramName`] = t(`results.circuit.paramDesc.${param}`, {
        defaultValue: `${param} (${String(p[`${pre}description`] ?? '')})`,
      });
    out[`${pre}checkbox`] = t('editor.el.extendToVoc');
  }
  return out;
}

const PATTERNS: { re: RegExp; key: string; vars: (m: RegExpExecArray) => Record<string, string> }[] = [
  {
    // fit.ts: `${key} (${description})[ for curve "${label}"] hit its ${lower|upper} bound ${bound}[ ${unit}]: widen ...`
    re: /^(\w+) \((.+?)\)(?: for curve "(.*)")? hit its (lower|upper) bound (\S+?)( [^:]+)?: widen the range or check the data$/,
    key: 'results.engineWarn.atBound',
    vars: (m) => ({ param: m[1]!, curveLabel: m[3] ?? '', side: m[4]!, bound: m[5]!, unit: m[6] ?? '' }),
  },
  {
    // fit.ts: residuals with a pattern widen the intervals
    re: /^the residuals follow a pattern \(lag-1 autocorrelation (\S+)\): .* as for (\d+) independent points$/,
    key: 'results.engineWarn.serial',
    vars: (m) => ({ rho: m[1]!, n: m[2]! }),
  },
  {
    // jobs/circuit-job.ts: a light curve whose loss analysis was refused
    re: /^no loss waterfall for (.+?): (.+)$/,
    key: 'results.engineWarn.noWaterfall',
    vars: (m) => ({ label: m[1]!, why: m[2]! }),
  },
  {
    re: /^the Jacobian is \(nearly\) singular/,
    key: 'results.engineWarn.singular',
    vars: () => ({}),
  },
  {
    re: /^voltage unit not stated; taken as (\S+) \(largest \|value\| (\S+)\)$/,
    key: 'results.engineWarn.voltageUnit',
    vars: (m) => ({ unit: m[1]!, span: m[2]! }),
  },
  { re: /^current unit not stated; taken as mA\/cm\^2$/, key: 'results.engineWarn.currentUnit', vars: () => ({}) },
  {
    re: /^the current increased with voltage: sign flipped/,
    key: 'results.engineWarn.signFlipped',
    vars: () => ({}),
  },
  // Reasons the job service gives a calculation that did not succeed (apps/server/src/jobs).
  { re: /^cancelled by the user$/, key: 'results.engineWarn.cancelledByUser', vars: () => ({}) },
  { re: /^interrupted twice by a server restart$/, key: 'results.engineWarn.interrupted', vars: () => ({}) },
  {
    re: /^no result within (\d+) s \(wall-clock limit\)$/,
    key: 'results.engineWarn.jobTimeLimit',
    vars: (m) => ({ s: m[1]! }),
  },
  { re: /^the worker stopped unexpectedly/, key: 'results.engineWarn.workerStopped', vars: () => ({}) },
  {
    re: /^layers\[(\d+)\] "(.+)" is (\S+) nm thick and coherent/,
    key: 'results.engineWarn.thickCoherent',
    vars: (m) => ({ layer: m[2]!, thickness: m[3]! }),
  },
  // Boltzmann statistics outside their validity (engine electrical/input-check.ts, DeviceSpec names)
  {
    re: /^layers\[\d+\] "(.+)"\.electrical\.(\w+): puts the Fermi level .*choose Fermi-Dirac statistics$/,
    key: 'results.engineWarn.boltzmannLayer',
    vars: (m) => ({ layer: m[1]!, field: m[2]! }),
  },
  // a defect distribution past a band edge (engine device/defects-map.ts)
  {
    re: /^layers\[\d+\] "(.+)"\.electrical\.defects\[(\d+)\]\.widthEV: the \w+ distribution reaches (\S+) eV beyond/,
    key: 'defects.warn.beyondGap',
    vars: (m) => ({ where: m[1]!, n: String(Number(m[2]) + 1), ev: m[3]! }),
  },
  {
    re: /^electrical\.interfaces\[(\d+)\]\.defects\[(\d+)\]\.widthEV: the \w+ distribution reaches (\S+) eV beyond/,
    key: 'defects.warn.beyondGapInterface',
    vars: (m) => ({ where: String(Number(m[1]) + 1), n: String(Number(m[2]) + 1), ev: m[3]! }),
  },
  {
    re: /^electrical\.contacts\.(front|back)\.workFunctionEV: .*choose Fermi-Dirac statistics$/,
    key: 'results.engineWarn.boltzmannContact',
    vars: (m) => ({ side: m[1]! }),
  },
  // an ohmic contact on an undoped transport layer (engine electrical/input-check.ts): the editor's words
  {
    re: /^electrical\.contacts\.(?:front|back)\.kind: \(ohmic\) takes the equilibrium Fermi level of layer "(.*)", (\S+) eV from its valence band edge/,
    key: 'editor.warn.ohmicUndopedAnode',
    vars: (m) => ({ layer: m[1]!, ev: m[2]! }),
  },
  {
    re: /^electrical\.contacts\.(?:front|back)\.kind: \(ohmic\) takes the equilibrium Fermi level of layer "(.*)", (\S+) eV from its conduction band edge/,
    key: 'editor.warn.ohmicUndopedCathode',
    vars: (m) => ({ layer: m[1]!, ev: m[2]! }),
  },
  {
    re: /^electrical\.eqe: the run did not converge at (\d+) of \d+ wavelengths \((.+)\)/,
    key: 'results.engineWarn.eqeFailed',
    vars: (m) => ({ n: m[1]!, wl: m[2]!.replace(/ nm$/, '') }),
  },
  { re: /^electrical\.eqe: not computed: /, key: 'results.engineWarn.eqeNotComputed', vars: () => ({}) },
  { re: /^figures: interpolated from the sweep/, key: 'results.engineWarn.figuresInterpolated', vars: () => ({}) },
  // a sweep that ends below Voc (engine electrical/jv.ts); the checkbox named as the form names it
  {
    re: /^voltage_V: the range ended at (\S+) V, below Voc; extended to (\S+) V \(extendToVoc\)$/,
    key: 'results.engineWarn.sweepExtended',
    vars: (m) => ({ end: m[1]!, to: m[2]!, checkbox: '' }),
  },
  {
    re: /^voltage_V: the range ends at (\S+) V, below Voc \(J = (\S+) mA\/cm\^2 > 0 there\)/,
    key: 'results.engineWarn.sweepBelowVoc',
    vars: (m) => ({ end: m[1]!, j: m[2]!, checkbox: '' }),
  },
  {
    re: /^voltage_V: the range does not include 0 V/,
    key: 'results.engineWarn.sweepNoZero',
    vars: () => ({}),
  },
  // Why a J-V sweep, a transient or an impedance spectrum stopped (engine electrical/jv.ts, transient.ts, impedance.ts)
  {
    re: /^did not converge at t = (\S+) s, V = (\S+) V \(last residual \S+\)$/,
    key: 'transient.err.notConvergedAt',
    vars: (m) => ({ t: m[1]!, v: m[2]! }),
  },
  {
    re: /^initial steady state: did not converge at V = (\S+) V/,
    key: 'transient.err.initial',
    vars: (m) => ({ v: m[1]! }),
  },
  { re: /^initial steady state: wall-clock limit/, key: 'transient.err.wallClock', vars: () => ({}) },
  { re: /^wall-clock limit reached at t = (\S+) s$/, key: 'transient.err.wallClockAt', vars: (m) => ({ t: m[1]! }) },
  { re: /^wall-clock limit reached$/, key: 'transient.err.wallClock', vars: () => ({}) },
  { re: /^steady state at (\S+) V: /, key: 'transient.err.impedanceSteady', vars: (m) => ({ v: m[1]! }) },
  {
    re: /^the small-signal system is singular at (\S+) Hz$/,
    key: 'transient.err.singular',
    vars: (m) => ({ f: m[1]! }),
  },
  {
    re: /^did not converge at V = (\S+) V \(last residual \S+\) while switching the light on$/,
    key: 'transient.err.jvLightOn',
    vars: (m) => ({ v: m[1]! }),
  },
  {
    re: /^did not converge at V = (\S+) V \(last residual \S+\) in the dark equilibrium$/,
    key: 'transient.err.jvEquilibrium',
    vars: (m) => ({ v: m[1]! }),
  },
  {
    re: /^did not converge at V = (\S+) V \(last residual \S+\)$/,
    key: 'transient.err.jvNotConverged',
    vars: (m) => ({ v: m[1]! }),
  },
  {
    re: /^wall-clock limit of (\S+) s reached at V = (\S+) V: run not converged$/,
    key: 'transient.err.jvWallClock',
    vars: (m) => ({ s: m[1]!, v: m[2]! }),
  },
];

/** A warning or failure reason in the UI's language. */
export function localWarning(w: EngineText, t: T): string {
  if (isEngineMessage(w)) {
    // a code this UI has no wording for (a newer engine's) falls back to its English, via the patterns
    if (!hasMessageWording(w.code)) return localLegacy(w.text, t);
    const lang = i18n.language === 'en' ? 'en' : 'zh-CN';
    return wordEngineMessage({ ...w, params: withScreenNames(w.params, t) }, lang);
  }
  return localLegacy(w, t);
}

/** A plain line: a result stored before codes, or a device-check line (the legacy patterns above). */
function localLegacy(w: string, t: T): string {
  // a tandem subcell's line (tandem/simulate.ts prefixes its cell), or a stored tandem reason
  const cell = /^(top|bottom) cell: (.+)$/s.exec(w);
  if (cell)
    return t('results.elec.curveWarning', { curve: t(`tandem.result.${cell[1]}Cell`), text: localLegacy(cell[2]!, t) });
  for (const p of PATTERNS) {
    const m = p.re.exec(w);
    if (!m) continue;
    const vars = p.vars(m);
    if (vars['side']) vars['side'] = t(`results.engineWarn.${vars['side']}`);
    if (vars['checkbox'] !== undefined) vars['checkbox'] = t('editor.el.extendToVoc');
    if (vars['field']) vars['field'] = t(`editor.param.${vars['field']}.label`, { defaultValue: vars['field'] });
    if (vars['param']) vars['param'] = t(`results.circuit.paramDesc.${vars['param']}`, { defaultValue: vars['param'] });
    if (vars['why']) vars['why'] = localWhy(vars['why'], t);
    if (vars['curveLabel'] !== undefined)
      vars['curve'] = vars['curveLabel'] ? t('results.engineWarn.atBoundCurve', { label: vars['curveLabel'] }) : '';
    return t(p.key, vars);
  }
  return w;
}

/** Why a fitted curve got no loss waterfall (losses/loss-analysis.ts lossAnalysisProblems), told in the UI's language. */
function localWhy(why: string, t: T): string {
  const jph =
    /jphMaCm2: (\S+) mA\/cm\^2 is above the detailed-balance Jsc of Eg = (\S+) eV under this light \((\S+) mA\/cm\^2/.exec(
      why,
    );
  if (jph) return t('results.engineWarn.jphAboveLimit', { jph: jph[1]!, eg: jph[2]!, jsc: jph[3]! });
  const j0 =
    /j0RadMaCm2: (\S+) mA\/cm\^2 is so far below the detailed-balance value (\S+) mA\/cm\^2 of Eg = (\S+) eV/.exec(why);
  if (j0) return t('results.engineWarn.j0RadTooLow', { j0: j0[1]!, sq: j0[2]!, eg: j0[3]! });
  return why;
}

const WALL_CLOCK = new Set(['jv.wall-clock', 'transient.wall-clock', 'impedance.wall-clock']);
const AT_START = new Set(['jv.not-converged-equilibrium', 'jv.not-converged-light']);

/**
 * The advice for a run that did not converge, by what stopped it: the wall-clock limit, or Newton's
 * method failing with the smallest voltage step (a failure at 0 V after half a second is no time
 * limit), before the sweep began or during it. A message decides by its code (and its cause's, when
 * it wraps one); a plain reason (stored before codes, or the job service's own) by its words.
 */
export function nonconvergentAdvice(reason: EngineText | undefined | null): string {
  if (isEngineMessage(reason)) {
    const codes: string[] = [];
    for (const [k, v] of Object.entries(reason.params))
      if (k === 'cause' || k.endsWith('.cause')) codes.push(String(v));
    codes.push(reason.code);
    if (codes.some((c) => WALL_CLOCK.has(c))) return 'results.failure.adviceNonconvergent';
    if (codes.some((c) => AT_START.has(c))) return 'results.failure.adviceStart';
    return 'results.failure.adviceNotConverged';
  }
  if (reason && /wall-clock limit/.test(reason)) return 'results.failure.adviceNonconvergent';
  if (reason && /(while switching the light on|in the dark equilibrium)$/.test(reason))
    return 'results.failure.adviceStart';
  return 'results.failure.adviceNotConverged';
}

/** An engine warning of one curve ("light"/"dark"), with the curve named in the UI's language. */
export function curveWarning(tag: string, w: EngineText, t: T): string {
  return t('results.elec.curveWarning', {
    curve: t(`results.elec.${tag === 'dark' ? 'dark' : 'light'}`),
    text: localWarning(w, t),
  });
}

/**
 * Why a stored calculation did not converge, as the result holds it (with its code): the failed J-V
 * curve's error, or a tandem subcell's (named with its cell). Undefined when the result has none
 * (a time limit of the job service, a result from before codes): the job's reason is shown then.
 */
export function failureOfResult(result: unknown): EngineMessage | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const r = result as Record<string, unknown>;
  for (const tag of ['light', 'dark']) {
    const c = r[tag] as Record<string, unknown> | undefined;
    if (c && c['converged'] === false && isEngineMessage(c['error'])) return c['error'];
  }
  if (Array.isArray(r['subcells']))
    for (const c of r['subcells'] as Record<string, unknown>[])
      if (c && c['converged'] === false && isEngineMessage(c['error']))
        return resultMessage.subcellWarning(String(c['subcell']), c['error']);
  return undefined;
}

/**
 * The engine's warnings and failure reasons in the UI's language. The engine gives each a code and
 * its parameters (packages/engine/src/messages/results.ts); the wording is the contracts catalogue's
 * (wordEngineMessage), with the names the screen uses for a fitted parameter and for the "extend to
 * Voc" option passed in from this UI's catalogue.
 *
 * Legacy fallback: results stored before messages had codes hold the engine's English of that time;
 * LEGACY_RESULTS reads such a line back as the message the engine gives today, so both are worded
 * by the one catalogue (new results never need it). The device check's lines in a result and the
 * job service's reasons are plain strings, told by PATTERNS. Anything else is shown as it was
 * written, so a warning is never lost, only untranslated.
 */
import { hasMessageWording, wordEngineMessage } from '@pvforge/contracts';
import { type EngineMessage, isEngineMessage, type MessageParams, resultMessage } from '@pvforge/engine';
import i18n from 'i18next';
import { paramLang, wordsAt } from '../../../lib/params';

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

/**
 * Plain lines that are not result messages: the job service's reasons (apps/server/src/jobs) and the
 * device check's lines in a result (electrical/input-check.ts, device/defects-map.ts, named as the
 * DeviceSpec names its fields), told with this UI's keys.
 */
const PATTERNS: { re: RegExp; key: string; vars: (m: RegExpExecArray) => Record<string, string> }[] = [
  { re: /^cancelled by the user$/, key: 'results.engineWarn.cancelledByUser', vars: () => ({}) },
  { re: /^interrupted twice by a server restart$/, key: 'results.engineWarn.interrupted', vars: () => ({}) },
  {
    re: /^no result within (\d+) s \(wall-clock limit\)$/,
    key: 'results.engineWarn.jobTimeLimit',
    vars: (m) => ({ s: m[1]! }),
  },
  { re: /^the worker stopped unexpectedly/, key: 'results.engineWarn.workerStopped', vars: () => ({}) },
  // a device fit that ran out of its budget (jobs/run-calculation.ts runDeviceFit): its best point is kept
  {
    re: /^the fit spent its budget of (\d+) runs before converging$/,
    key: 'results.engineWarn.fitBudget',
    vars: (m) => ({ n: m[1]! }),
  },
  {
    re: /^the fit spent its time budget of (\S+) s before converging$/,
    key: 'results.engineWarn.fitTime',
    vars: (m) => ({ s: m[1]! }),
  },
  // a database or queue failure around the run (jobs/bullmq-queue.ts, in-process-queue.ts): its detail is for support
  { re: /^internal error: (.*)$/s, key: 'results.engineWarn.internalError', vars: (m) => ({ detail: m[1]! }) },
  // Boltzmann statistics outside their validity
  {
    re: /^layers\[\d+\] "(.+)"\.electrical\.(\w+): puts the Fermi level .*choose Fermi-Dirac statistics$/,
    key: 'results.engineWarn.boltzmannLayer',
    vars: (m) => ({ layer: m[1]!, field: m[2]! }),
  },
  // a defect distribution past a band edge
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
  // an ohmic contact on an undoped transport layer: the editor's words
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
];

type Params = Record<string, string | number>;
/** A legacy line read back as a message: its code and params, its own line as the English. */
const legacy = (code: string, params: Params, text: string): EngineMessage => ({ code, params, text });
/** The flat params of a wrapped message (engine messages/results.ts causeParams). */
function causeOfLine(line: string): Params {
  const inner = legacyMessage(line) ?? legacy('', {}, line);
  const out: Params = { cause: inner.code, causeText: inner.text };
  for (const [k, v] of Object.entries(inner.params)) out[`cause.${k}`] = v;
  return out;
}

/**
 * Result lines stored before messages had codes (the engine's English of that time), each read back
 * as the message the engine gives today, so that both are worded by the one catalogue.
 */
const LEGACY_RESULTS: { re: RegExp; msg: (m: RegExpExecArray, line: string) => EngineMessage | undefined }[] = [
  {
    re: /^(\w+) \((.+?)\)(?: for curve "(.*)")? hit its (lower|upper) bound (\S+?)(?: ([^:]+))?: widen the range or check the data$/,
    msg: (m, l) =>
      legacy(
        'fit.at-bound',
        { param: m[1]!, description: m[2]!, curveLabel: m[3] ?? '', side: m[4]!, bound: m[5]!, unit: m[6] ?? '' },
        l,
      ),
  },
  {
    re: /^the residuals follow a pattern \(lag-1 autocorrelation (\S+)\): .* as for (\d+) independent points$/,
    msg: (m, l) => legacy('fit.serial-correlation', { rho: m[1]!, n: m[2]! }, l),
  },
  {
    re: /^no loss waterfall for (.+?): (\S+): (.+)$/,
    msg: (m, l) => legacy('circuit.no-waterfall', { label: m[1]!, path: m[2]!, ...causeOfLine(m[3]!) }, l),
  },
  {
    re: /^(\S+) mA\/cm\^2 is above the detailed-balance Jsc of Eg = (\S+) eV under this light \((\S+) mA\/cm\^2/,
    msg: (m, l) => legacy('losses.jph-above-limit', { jph: m[1]!, eg: m[2]!, jsc: m[3]! }, l),
  },
  {
    re: /^(\S+) mA\/cm\^2 is so far below the detailed-balance value (\S+) mA\/cm\^2 of Eg = (\S+) eV/,
    msg: (m, l) => legacy('losses.j0rad-too-low', { j0: m[1]!, sq: m[2]!, eg: m[3]! }, l),
  },
  { re: /^the Jacobian is \(nearly\) singular/, msg: (_m, l) => legacy('fit.singular', {}, l) },
  {
    re: /^voltage unit not stated; taken as (\S+) \(largest \|value\| (\S+)\)$/,
    msg: (m, l) => legacy('curve.voltage-unit', { unit: m[1]!, span: m[2]! }, l),
  },
  { re: /^current unit not stated; taken as mA\/cm\^2$/, msg: (_m, l) => legacy('curve.current-unit', {}, l) },
  { re: /^the current increased with voltage: sign flipped/, msg: (_m, l) => legacy('curve.sign-flipped', {}, l) },
  {
    re: /^layers\[(\d+)\] "(.+)" is (\S+) nm thick and coherent/,
    msg: (m, l) => legacy('optics.thick-coherent', { index: m[1]!, layer: m[2]!, thickness: m[3]! }, l),
  },
  {
    re: /^electrical\.eqe: the run did not converge at (\d+) of (\d+) wavelengths \((.+?)(?: nm)?\)/,
    msg: (m, l) => legacy('eqe.failed-wavelengths', { n: m[1]!, total: m[2]!, wl: m[3]! }, l),
  },
  { re: /^electrical\.eqe: not computed: (.+)$/, msg: (m, l) => legacy('eqe.not-computed', causeOfLine(m[1]!), l) },
  {
    re: /^EQE: the short-circuit run without the probe light failed: (.+)$/,
    msg: (m, l) => legacy('eqe.base-failed', causeOfLine(m[1]!), l),
  },
  {
    re: /^figures: interpolated from the sweep, since solving at Voc or maximum power failed: (.+)$/,
    msg: (m, l) => legacy('jv.figures-interpolated', causeOfLine(m[1]!), l),
  },
  { re: /^profiles: (.+)$/, msg: (m, l) => legacy('jv.profiles-failed', causeOfLine(m[1]!), l) },
  {
    re: /^voltage_V: the range ended at (\S+) V, below Voc; extended to (\S+) V \(extendToVoc\)$/,
    msg: (m, l) => legacy('jv.sweep-extended', { end: m[1]!, to: m[2]! }, l),
  },
  {
    re: /^voltage_V: the range ends at (\S+) V, below Voc \(J = (\S+) mA\/cm\^2 > 0 there\)/,
    msg: (m, l) => legacy('jv.sweep-below-voc', { end: m[1]!, j: m[2]! }, l),
  },
  { re: /^voltage_V: the range does not include 0 V/, msg: (_m, l) => legacy('jv.sweep-no-zero', {}, l) },
  {
    re: /^did not converge at t = (\S+) s, V = (\S+) V \(last residual (\S+)\)$/,
    msg: (m, l) => legacy('transient.not-converged', { t: m[1]!, v: m[2]!, residual: m[3]! }, l),
  },
  { re: /^initial steady state: (.+)$/, msg: (m, l) => legacy('transient.initial', causeOfLine(m[1]!), l) },
  { re: /^wall-clock limit reached at t = (\S+) s$/, msg: (m, l) => legacy('transient.wall-clock', { t: m[1]! }, l) },
  { re: /^wall-clock limit reached$/, msg: (_m, l) => legacy('impedance.wall-clock', {}, l) },
  {
    re: /^steady state at (\S+) V: (.+)$/,
    msg: (m, l) => legacy('impedance.steady-state', { v: m[1]!, ...causeOfLine(m[2]!) }, l),
  },
  {
    re: /^the small-signal system is singular at (\S+) Hz$/,
    msg: (m, l) => legacy('impedance.singular', { f: m[1]! }, l),
  },
  {
    re: /^did not converge at V = (\S+) V \(last residual (\S+)\)( while switching the light on| in the dark equilibrium)?$/,
    msg: (m, l) =>
      legacy(
        m[3] === undefined
          ? 'jv.not-converged'
          : m[3].includes('light')
            ? 'jv.not-converged-light'
            : 'jv.not-converged-equilibrium',
        { v: m[1]!, residual: m[2]! },
        l,
      ),
  },
  {
    re: /^wall-clock limit of (\S+) s reached at V = (\S+) V: run not converged$/,
    msg: (m, l) => legacy('jv.wall-clock', { limitS: m[1]!, v: m[2]! }, l),
  },
  {
    // a tandem cell's result line; its device-check lines stay lines (localLine)
    re: /^(top|bottom) cell: (.+)$/s,
    msg: (m, l) =>
      legacyMessage(m[2]!) ? legacy('tandem.subcell-warning', { subcell: m[1]!, ...causeOfLine(m[2]!) }, l) : undefined,
  },
];

/** A result line from before codes as its message, when it is one the engine gave. */
function legacyMessage(line: string): EngineMessage | undefined {
  for (const p of LEGACY_RESULTS) {
    const m = p.re.exec(line);
    const msg = m && p.msg(m, line);
    if (msg) return msg;
  }
  return undefined;
}

/** A warning or failure reason in the UI's language. */
export function localWarning(w: EngineText, t: T): string {
  // a code this UI has no wording for (a newer engine's) is shown in its English
  if (isEngineMessage(w) && hasMessageWording(w.code)) {
    const lang = i18n.language === 'en' ? 'en' : 'zh-CN';
    return wordEngineMessage({ ...w, params: withScreenNames(w.params, t) }, lang);
  }
  const line = isEngineMessage(w) ? w.text : w;
  const old = legacyMessage(line);
  return old ? localWarning(old, t) : localLine(line, t);
}

/** A plain line that is no result message: a device-check line or a job reason (the patterns above). */
function localLine(w: string, t: T): string {
  // a device-check line of a tandem subcell (tandem/simulate.ts prefixes its cell)
  const cell = /^(top|bottom) cell: (.+)$/s.exec(w);
  if (cell)
    return t('results.elec.curveWarning', { curve: t(`tandem.result.${cell[1]}Cell`), text: localLine(cell[2]!, t) });
  for (const p of PATTERNS) {
    const m = p.re.exec(w);
    if (!m) continue;
    const vars = p.vars(m);
    if (vars['side']) vars['side'] = t(`results.engineWarn.${vars['side']}`);
    if (vars['field'])
      vars['field'] = wordsAt(`layers[].electrical.${vars['field']}`, paramLang(i18n.language))?.label ?? vars['field'];
    return t(p.key, vars);
  }
  return w;
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
  const old = reason ? legacyMessage(reason) : undefined;
  if (old) return nonconvergentAdvice(old);
  // the job service's own time limit ("no result within 300 s (wall-clock limit)")
  if (reason && /wall-clock limit/.test(reason)) return 'results.failure.adviceNonconvergent';
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

/**
 * The codes of the device check's lines (device/check.ts, device/defects-map.ts, tandem/check.ts,
 * electrical/input-check.ts, and the DeviceSpec schema's own words in packages/contracts). A check
 * line is a field path and a message: the path names the DeviceSpec field as the user wrote it
 * (`layers[2] "MAPbI3".electrical.defects[0].widthEV`), the message says which rule it broke with
 * the numbers that go with it (params.got is the value given, as String(value) writes it, so an
 * empty field reads "undefined" or "NaN"). The English `text` is the rule as the engine has always
 * written it, so `path: text` is the line logs, the CLI and the API's `detail` show.
 *
 * A code names a wording, not a field: "check.not-positive" is every "must be > 0" whatever the
 * field, so that a rule reads the same wherever it is broken.
 */
import { type Param, sayVerdict, type Verdict } from '@pvforge/params';
import type { EngineMessage, MessageParams } from './message.js';

export const CHECK_MESSAGE_CODES = [
  // a registered parameter's value against its registry entry (@pvforge/params): refused, or warned
  'check.param-limit',
  'check.param-implausible',
  // values
  'check.missing',
  'check.not-finite',
  'check.not-finite-voltage',
  'check.not-positive',
  'check.not-positive-in-layer',
  'check.not-positive-temperature',
  'check.negative',
  'check.not-zero',
  'check.thickness-not-positive',
  'check.above-zero-at-most',
  'check.between',
  'check.integer-range',
  'check.integer-min',
  'check.above-start-at-most',
  'check.choice',
  'check.not-object',
  'check.not-list',
  'check.length',
  'check.not-increasing',
  'check.not-function',
  'check.unknown-field',
  'check.not-supported',
  'check.schema',
  // device structure
  'check.no-electrical-layer',
  'check.not-contiguous',
  'check.not-electrical-layer',
  'check.not-adjacent',
  'check.interface-twice',
  'check.electrode-position',
  'check.needs-electrical',
  // voltage sweep, EQE
  'check.sweep-not-finite',
  'check.sweep-direction',
  'check.too-many-points',
  'check.eqe-step',
  'check.eqe-needs-optical',
  'check.profile-coverage',
  // doping, recombination, contacts
  'check.density-impossible',
  'check.srh-lifetimes-pair',
  'check.srh-conflict',
  'check.srh-trap-incomplete',
  'check.schottky-needs-work-function',
  'check.boltzmann-degenerate',
  'check.no-absorption-edge',
  'check.krad-absorption-limit',
  'check.krad-absorption-implausible',
  'check.boltzmann-contact',
  'check.ohmic-undoped',
  'check.voltage-list',
  // mobile ions
  'check.ions-count',
  'check.ion-sign',
  // transients
  'check.scan-rate-missing',
  'check.segments-empty',
  'check.segments-too-many',
  'check.scan-nowhere',
  'check.segment-kind',
  'check.protocol-too-long',
  'check.time-outside-protocol',
  // capacitance
  'check.cv-step',
  'check.cv-too-many',
  'check.fit-order',
  // defects
  'check.defects-count',
  'check.defect-type',
  'check.defect-density-impossible',
  'check.capture-coefficient',
  'check.level-outside-gap',
  'check.level-outside-gap-vacuum',
  'check.energy-reference',
  'check.tail-reference',
  'check.tail-band',
  'check.distribution-shape',
  'check.width-missing',
  'check.width-single',
  'check.width-for-shape',
  'check.capture-both',
  'check.capture-missing',
  'check.vth-without-sigma',
  'check.density-per-volume',
  'check.density-per-area',
  'check.distribution-beyond-edge',
  // excitons, tunnelling
  'check.ct-model',
  'check.ct-distribution',
  'check.exciton-models-conflict',
  'check.exciton-no-gamma',
  'check.exciton-no-interface',
  'check.oxide-thickness',
  // tandems
  'check.subcell-not-tandem',
  'check.subcell-choice',
  'check.subcell-not-electrical',
  'check.subcell-missing',
  'check.subcell-order',
  'check.subcell-not-contiguous',
  'check.subcell-none',
  'check.tandem-generation',
  'check.tandem-unsupported',
  'check.no-layer-named',
  'check.not-top-layer',
  'check.not-above-from',
  'check.boolean',
  // a user spectrum
  'check.spectrum-length',
  'check.spectrum-order',
  'check.spectrum-coverage',
] as const;

export type CheckMessageCode = (typeof CHECK_MESSAGE_CODES)[number];

/** One line of the device check: the DeviceSpec field and what is wrong with it. */
export interface CheckIssue {
  readonly path: string;
  readonly message: EngineMessage;
}

export function checkMessage(code: CheckMessageCode, params: MessageParams, text: string): EngineMessage {
  return { code, params, text };
}

export function checkIssue(path: string, code: CheckMessageCode, params: MessageParams, text: string): CheckIssue {
  return { path, message: { code, params, text } };
}

/** The line as the engine writes it in English: `path: text`. */
export function checkLine(issue: CheckIssue): string {
  return `${issue.path}: ${issue.message.text}`;
}

/** The value as a check line quotes it ("got undefined" is an empty field). */
export function gotOf(v: unknown): string {
  return String(v);
}

/** The codes of a registry verdict: every field rule of a registered parameter says one of these. */
export const PARAM_CHECK_CODES: readonly CheckMessageCode[] = ['check.param-limit', 'check.param-implausible'];

/**
 * A registry verdict as a check message. The params carry what the wording needs to say it again
 * in any language with the registry's own words (sayVerdict): the entry's path, the rule, the bound
 * and the value. `got` is the value as text and `gotType` says how to read it back ('number':
 * Number(got), so 1e-9 round-trips exactly; 'json': JSON.parse(got)), so the UI's words quote the
 * value exactly as the English `text` does.
 */
export function paramMessage(p: Param, v: Verdict, got: unknown): EngineMessage {
  const params: Record<string, string | number> = {
    param: p.path,
    rule: v.rule,
    got: typeof got === 'number' ? String(got) : (JSON.stringify(got) ?? String(got)),
    gotType: typeof got === 'number' ? 'number' : 'json',
  };
  if ('limit' in v) params['limit'] = v.limit;
  if ('inclusive' in v) params['inclusive'] = v.inclusive ? 1 : 0;
  return {
    code: v.severity === 'error' ? 'check.param-limit' : 'check.param-implausible',
    params,
    text: sayVerdict(p, v, got, 'en'),
  };
}

/** The verdict and value a paramMessage's params carry (undefined when they are not one's). */
export function verdictOfParams(params: MessageParams): { verdict: Verdict; got: unknown } | undefined {
  const rule = params['rule'];
  const gotText = String(params['got'] ?? '');
  let got: unknown = gotText;
  if (params['gotType'] === 'number') got = Number(gotText);
  else if (gotText === 'undefined') got = undefined;
  else
    try {
      got = JSON.parse(gotText);
    } catch {
      // a value the engine could not write as JSON stays as its text
    }
  const limit = Number(params['limit']);
  switch (rule) {
    case 'not-number':
    case 'not-integer':
      return { verdict: { severity: 'error', rule }, got };
    case 'below':
    case 'above':
      return { verdict: { severity: 'error', rule, limit, inclusive: Number(params['inclusive']) === 1 }, got };
    case 'implausible-low':
    case 'implausible-high':
      return { verdict: { severity: 'warning', rule, limit }, got };
    default:
      return undefined;
  }
}

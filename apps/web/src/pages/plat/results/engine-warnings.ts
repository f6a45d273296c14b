/**
 * The engine writes its warnings in English (it has no language). The ones it emits today are
 * recognised here and told in the UI's language with their numbers kept; anything else is shown as
 * the engine wrote it, so a new warning is never lost, only untranslated.
 */
type T = (key: string, vars?: Record<string, string>) => string;

const PATTERNS: { re: RegExp; key: string; vars: (m: RegExpExecArray) => Record<string, string> }[] = [
  {
    // fit.ts: `${key} (${description}) hit its ${lower|upper} bound ${bound} ${unit}: widen the range or check the data`
    re: /^(\w+) \((.+)\) hit its (lower|upper) bound (\S+) (.+): widen the range or check the data$/,
    key: 'results.engineWarn.atBound',
    vars: (m) => ({ param: m[1]!, side: m[3]!, bound: m[4]!, unit: m[5]! }),
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
    re: /^layers\[(\d+)\] "(.+)" is (\S+) nm thick and coherent/,
    key: 'results.engineWarn.thickCoherent',
    vars: (m) => ({ layer: m[2]!, thickness: m[3]! }),
  },
];

export function localWarning(w: string, t: T): string {
  for (const p of PATTERNS) {
    const m = p.re.exec(w);
    if (!m) continue;
    const vars = p.vars(m);
    if (vars['side']) vars['side'] = t(`results.engineWarn.${vars['side']}`);
    if (vars['param']) vars['param'] = t(`results.circuit.paramDesc.${vars['param']}`, { defaultValue: vars['param'] });
    return t(p.key, vars);
  }
  return w;
}

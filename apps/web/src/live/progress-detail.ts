/**
 * The engine and the job runner describe progress in English ("transient: t = 3.2 s of 26 s",
 * "light J-V: V = 0.300 V (31/136)"); these are the lines they write today, told in the UI's
 * language with their numbers kept. Anything else is shown as written, so a new stage is never
 * hidden, only untranslated. Pure, unit-tested in apps/web/test/transient-model.test.ts.
 */
type T = (key: string, vars?: Record<string, string>) => string;

/** The fit's stages as the server writes them, to their keys under fit.stage. */
const FIT_STAGES: Record<string, string> = { 'start design': 'start', 'least squares': 'fit', intervals: 'intervals' };

const STAGES: { re: RegExp; key: string; vars?: (m: RegExpExecArray) => Record<string, string> }[] = [
  { re: /^transient: t = (.+) of (.+)$/, key: 'transient.progress.step', vars: (m) => ({ t: m[1]!, total: m[2]! }) },
  { re: /^transient: steady state at the start$/, key: 'transient.progress.start' },
  { re: /^impedance spectrum$/, key: 'transient.progress.impedance' },
  { re: /^capacitance-voltage$/, key: 'defects.progress.cv' },
  { re: /^capacitance-frequency$/, key: 'defects.progress.cf' },
  {
    re: /^J-V without defect (\d+) of (\d+)$/,
    key: 'defects.progress.loss',
    vars: (m) => ({ k: m[1]!, n: m[2]! }),
  },
  {
    re: /^(light|dark) J-V: V = (\S+) V \((\d+)\/(\d+)\)$/,
    key: 'transient.progress.jv',
    vars: (m) => ({ curve: m[1]!, v: m[2]!, done: m[3]!, n: m[4]! }),
  },
  { re: /^EQE and IQE$/, key: 'transient.progress.eqe' },
  { re: /^optics and mesh( done)?$/, key: 'transient.progress.opticsMesh' },
  { re: /^J-V sweep done$/, key: 'transient.progress.done' },
  { re: /^optics: transfer matrices over the spectrum$/, key: 'transient.progress.optics' },
  { re: /^optics: done$/, key: 'transient.progress.done' },
  // a device fit (apps/server/src/jobs/run-calculation.ts runDeviceFit)
  { re: /^fit: starting$/, key: 'fit.progress.starting' },
  {
    re: /^fit: (start design|least squares|intervals), (\d+)\/(\d+) runs(?:, chi2 (\S+))?$/,
    key: 'fit.progress.state',
    vars: (m) => ({
      stage: FIT_STAGES[m[1]!] ?? m[1]!,
      n: m[2]!,
      max: m[3]!,
      chi: m[4] ?? '–',
    }),
  },
];

export function progressText(detail: string, t: T): string {
  for (const s of STAGES) {
    const m = s.re.exec(detail.trim());
    if (!m) continue;
    const vars = s.vars?.(m) ?? {};
    if (vars['curve']) vars['curve'] = t(`transient.progress.${vars['curve']}`);
    if (vars['stage']) vars['stage'] = t(`fit.stage.${vars['stage']}`);
    return t(s.key, vars);
  }
  return detail;
}

import { isNumeric } from '@pvforge/contracts';
import { judgeSpecFields, verdictOfParams } from '@pvforge/engine/spec-check';
import {
  type Choice,
  choiceBeside,
  judge,
  type Lang,
  labelWithSymbol,
  materialParam,
  type Param,
  param,
  paramAt,
  plausibleRange,
  sayVerdict,
  type Verdict,
} from '@pvforge/params';

/**
 * The web app's one door to the parameter registry (@pvforge/params): a field's words in the UI
 * language and its judgement, so the device editor, the material form, the result summaries and
 * the comparison say what the server and the CLI say. Pure (no React), so unit tests and the
 * cross-surface test (server, CLI, web) call these very functions.
 */

export type { Choice, Lang, Param, Verdict };
export { paramAt };

/** The registry's language of an i18next language ('zh-CN', 'en', 'en-US'). */
export function paramLang(i18nLang: string | undefined): Lang {
  return i18nLang?.startsWith('en') ? 'en' : 'zh';
}

/** What a form shows of a parameter. */
export interface ParamWords {
  /** The label with its symbol, as a form labels the field: '电子迁移率 μn'. */
  label: string;
  /** The label alone: '电子迁移率'. */
  name: string;
  symbol: string;
  /** '' for a pure number. */
  unit: string;
  /** The registry's tip with the usual range after it: '… 常见范围 1e-8 – 1e5 cm²/(V·s)。' */
  tip: string;
  /** The usual (plausible) range alone, when the registry gives one. */
  usual?: string;
}

/** The label with its symbol, unless the label already says it ('Langevin prefactor'). */
export function paramWords(p: Param, lang: Lang): ParamWords {
  const usual = plausibleRange(p, lang);
  const tip = p.tip[lang].trim();
  const tail = usual ? (lang === 'zh' ? `常见范围 ${usual}。` : `Usual range ${usual}.`) : '';
  return {
    label: labelWithSymbol(p, lang),
    name: p.label[lang],
    symbol: p.symbol,
    unit: p.unit,
    tip: tail ? `${tip}${lang === 'zh' ? '' : ' '}${tail}` : tip,
    ...(usual ? { usual } : {}),
  };
}

/**
 * The words of the field at a form path ('layers.2.electrical.muNCm2PerVs',
 * 'electrical.contacts.front.sNCmPerS', the sweep API's 'layers[2].electrical.tauNS'), or
 * undefined when the registry has no entry for it.
 */
export function wordsAt(path: string, lang: Lang): ParamWords | undefined {
  const p = paramAt(path);
  return p ? paramWords(p, lang) : undefined;
}

/** The words of a field the registry is known to describe (a programming error otherwise). */
export function wordsOf(path: string, lang: Lang): ParamWords {
  return paramWords(param(path), lang);
}

/** The words of a material-library field ('epsR', 'ions.densityCm3'). */
export function materialWords(key: string, lang: Lang): ParamWords | undefined {
  const p = materialParam(key);
  return p ? paramWords(p, lang) : undefined;
}

/** A verdict with its text in one language: errors refuse, warnings advise. */
export interface VerdictText {
  severity: 'error' | 'warning';
  verdict: Verdict;
  text: string;
}

/** The registry's judgement of a value and its words (undefined: the value is fine). */
export function verdictText(p: Param, value: unknown, lang: Lang): VerdictText | undefined {
  const v = judge(p, value);
  return v ? { severity: v.severity, verdict: v, text: sayVerdict(p, v, value, lang) } : undefined;
}

/**
 * A typed text as the value the registry judges: empty is "not given" (undefined), a decimal or
 * scientific-notation number its number, anything else 'format' (the form says how to type one).
 */
export function parseTyped(value: unknown): number | null | undefined | 'format' {
  if (value === undefined || value === null) return value;
  if (typeof value === 'number') return value;
  const s = String(value).trim();
  if (s === '') return undefined;
  return isNumeric(s) && Number.isFinite(Number(s)) ? Number(s) : 'format';
}

/** The antd Form rule shape these validators use (structurally antd's FormRule). */
export interface ParamRule {
  warningOnly?: boolean;
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

/**
 * antd Form rules of a parameter whose field holds the typed text (or a number): a hard-limit
 * verdict refuses with the registry's words; a plausible-range verdict shows as a warning
 * (warningOnly) and does not block the submit. Text that is no number gets `formatMessage`
 * (the form's "enter a number" hint) or else the registry's not-a-number words. Empty passes: which
 * fields are required is the form's business.
 */
export function paramRules(p: Param, lang: Lang, formatMessage?: string): ParamRule[] {
  const judged = (value: unknown, severity: 'error' | 'warning'): string | undefined => {
    const n = parseTyped(value);
    if (n === undefined) return undefined;
    if (n === 'format') {
      if (severity === 'warning') return undefined;
      return formatMessage ?? verdictText(p, String(value), lang)?.text;
    }
    const v = verdictText(p, n, lang);
    return v?.severity === severity ? v.text : undefined;
  };
  const rule = (severity: 'error' | 'warning'): ParamRule => ({
    ...(severity === 'warning' ? { warningOnly: true } : {}),
    validator: (_r, value) => {
      const m = judged(value, severity);
      return m === undefined ? Promise.resolve() : Promise.reject(new Error(m));
    },
  });
  return [rule('error'), rule('warning')];
}

/**
 * Runs rules as antd does and collects their messages: errors from the blocking rules, warnings
 * from the warningOnly ones. For tests and for forms that show verdicts outside an antd Form.
 */
export async function runRules(
  rules: readonly ParamRule[],
  value: unknown,
): Promise<{ errors: string[]; warnings: string[] }> {
  const errors: string[] = [];
  const warnings: string[] = [];
  for (const r of rules) {
    try {
      await r.validator({}, value);
    } catch (e) {
      (r.warningOnly ? warnings : errors).push(e instanceof Error ? e.message : String(e));
    }
  }
  return { errors, warnings };
}

/**
 * What the web says of one typed value, through the very rules its forms run (paramRules): the
 * blocking messages and the warnings. The cross-surface test compares these with the server's and
 * the CLI's answers for the same value.
 */
export function webVerdict(p: Param, value: unknown, lang: Lang): Promise<{ errors: string[]; warnings: string[] }> {
  return runRules(paramRules(p, lang), value);
}

/** One registry verdict on a field of a device: the editor's path, the entry, the value. */
export interface SpecVerdict {
  /** Dotted as the editor addresses fields: 'layers.2.electrical.muNCm2PerVs'. */
  path: string;
  param: Param;
  value: number | null;
  verdict: Verdict;
}

/** A check path (`layers[2] "MAPbI3".electrical.defects[0].widthEV`) as the editor's dotted path. */
function editorPath(checkPath: string): string {
  return checkPath.replace(/^layers\[(\d+)\](?: "(?:[^"\\]|\\.)*")?/, 'layers.$1').replace(/\[(\d+)\]/g, '.$1');
}

/**
 * The registry's judgement of every registered numeric field of a DeviceSpec (or the editor's
 * state): errors (hard limits) and warnings (outside the plausible range), by the editor's path.
 * It is the engine's one field judgement (judgeSpecFields, the same the server and the CLI run),
 * read back into the entry, verdict and value its messages carry.
 */
export function specVerdicts(spec: unknown): SpecVerdict[] {
  const { errors, warnings } = judgeSpecFields(spec);
  return [...errors, ...warnings].flatMap((issue): SpecVerdict[] => {
    const entry = paramAt(String(issue.message.params['param'] ?? ''));
    const read = verdictOfParams(issue.message.params);
    if (!entry || !read) return [];
    const value = typeof read.got === 'number' || read.got === null ? read.got : Number.NaN;
    return [{ path: editorPath(issue.path), param: entry, value, verdict: read.verdict }];
  });
}

/** A verdict of specVerdicts in words. */
export function sayFieldVerdict(v: SpecVerdict, lang: Lang): string {
  return sayVerdict(v.param, v.verdict, v.value, lang);
}

/** What a form shows of a registry choice: its label, tip and options in the UI language. */
export interface ChoiceWords {
  label: string;
  tip: string;
  options: { value: string; label: string }[];
}

export function choiceWords(c: Choice, lang: Lang): ChoiceWords {
  return {
    label: c.label[lang],
    tip: c.tip[lang],
    options: c.choices.map((o) => ({ value: o.value, label: o.label[lang] })),
  };
}

/**
 * The registry choice that decides where a number field's value comes from (kRadFrom beside
 * kRadCm3PerS), with the choice's own path in the same object; undefined for the other fields
 * (and for a graded layer's back-face values, which have no choice of their own).
 */
export function choiceOfField(path: string): { choice: Choice; path: string } | undefined {
  if (path.includes('.grading.')) return undefined;
  const choice = choiceBeside(path);
  return choice ? { choice, path: `${path.slice(0, path.lastIndexOf('.'))}.${choice.key}` } : undefined;
}

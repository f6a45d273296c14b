import {
  FIELDS,
  type FieldKey,
  isChinaPhone,
  isEmail,
  isStrongPassword,
  type Lang,
  LIMITS,
  type Rule,
} from '@pvforge/contracts';

/**
 * antd Form rules built from the shared field catalogue, so a form and the server say the same
 * words for the same mistake (packages/contracts/field-messages.ts).
 */
export interface FormRule {
  required?: boolean;
  whitespace?: boolean;
  max?: number;
  message?: string;
  validator?: (rule: unknown, value: unknown) => Promise<void>;
}

export function fieldMessage(key: FieldKey, rule: Rule, lang: Lang): string {
  const spec = FIELDS[key];
  const m = (spec.messages as Partial<Record<Rule, Record<Lang, string>>>)[rule];
  return m ? m[lang] : spec.label[lang];
}

const has = (key: FieldKey, rule: Rule) => rule in FIELDS[key].messages;

function check(ok: (v: string) => boolean, message: string): FormRule {
  return {
    validator: (_r, value) =>
      // Empty values are left to the 'required' rule so only one message shows.
      typeof value !== 'string' || value === '' || ok(value) ? Promise.resolve() : Promise.reject(new Error(message)),
  };
}

export type Extra = 'email' | 'password' | 'phone';

/** Required (non-blank), max length and the named format check for one catalogued field. */
export function rulesFor(key: FieldKey, lang: Lang, max?: number, extra?: Extra, required = true): FormRule[] {
  const rules: FormRule[] = [];
  if (required && has(key, 'required')) {
    rules.push({ required: true, whitespace: true, message: fieldMessage(key, 'required', lang) });
  }
  if (extra === 'email') rules.push(check(isEmail, fieldMessage(key, 'format', lang)));
  if (extra === 'password') rules.push(check(isStrongPassword, fieldMessage(key, 'format', lang)));
  if (extra === 'phone') rules.push(check(isChinaPhone, fieldMessage(key, 'format', lang)));
  if (max !== undefined) rules.push({ max, message: fieldMessage(key, has(key, 'max') ? 'max' : 'required', lang) });
  return rules;
}

/** A confirm field that must equal another field of the same form. */
export function matchRule(getOther: () => unknown, key: 'reg.confirm' | 'pwd.confirm', lang: Lang): FormRule {
  return check((v) => v === getOther(), fieldMessage(key, 'match', lang));
}

/** Maps a server validation answer (code '1001', data {field, rule}) onto a form field. */
export function serverFieldError(
  data: unknown,
  prefix: 'reg' | 'pwd' | 'profile' | 'login' | 'forgot',
  lang: Lang,
): { name: string; errors: string[] } | null {
  if (!data || typeof data !== 'object') return null;
  const { field, rule } = data as { field?: unknown; rule?: unknown };
  if (typeof field !== 'string' || typeof rule !== 'string') return null;
  const key = `${prefix}.${field}` as FieldKey;
  if (!(key in FIELDS)) return null;
  const messages = FIELDS[key].messages as Partial<Record<string, Record<Lang, string>>>;
  const msg = messages[rule]?.[lang] ?? messages['format']?.[lang] ?? messages['required']?.[lang];
  return msg ? { name: field, errors: [msg] } : null;
}

export { LIMITS };

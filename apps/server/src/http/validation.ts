import { FIELDS, type FieldKey, format, GENERIC_RULE_MESSAGES, type Lang, type Rule } from '@pvforge/contracts';

export type ProblemRule = Rule | 'type';

export interface FieldProblem {
  field: string;
  rule: ProblemRule;
  limit?: number;
}

/** The part of an Ajv error this mapping reads. */
export interface AjvLikeError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function fieldOf(e: AjvLikeError): string {
  // Ajv names the missing property in missingProperty, TypeBox's Value.Errors in requiredProperties
  const required = e.params['requiredProperties'];
  const missing =
    typeof e.params['missingProperty'] === 'string'
      ? e.params['missingProperty']
      : Array.isArray(required) && typeof required[0] === 'string'
        ? required[0]
        : undefined;
  if (e.keyword === 'required' && missing !== undefined) {
    const parent = e.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return parent ? `${parent}.${missing}` : missing;
  }
  return e.instancePath.replace(/^\//, '').replaceAll('/', '.');
}

function ruleOf(e: AjvLikeError): { rule: ProblemRule; limit?: number } {
  const limit = typeof e.params['limit'] === 'number' ? e.params['limit'] : undefined;
  switch (e.keyword) {
    case 'required':
      return { rule: 'required' };
    case 'maxLength':
      return limit === undefined ? { rule: 'max' } : { rule: 'max', limit };
    case 'minLength':
      // An empty string where one character is the minimum is a missing value to the user.
      if (limit === undefined || limit <= 1) return { rule: 'required' };
      return { rule: 'min', limit };
    case 'format':
    case 'pattern':
      return { rule: 'format' };
    case 'type':
      return { rule: 'type' };
    default:
      // const, enum, anyOf (unions of literals), minimum, maximum: the value is not one allowed.
      return { rule: 'enum' };
  }
}

/**
 * Reduces Ajv's errors to the one field problem a user can act on: the first field reported,
 * and for a union (anyOf) the union's verdict rather than one branch's.
 */
export function problemFromAjv(errors: readonly AjvLikeError[]): FieldProblem {
  const first = errors[0];
  if (!first) return { field: '', rule: 'format' };
  const field = fieldOf(first);
  const union = errors.find((e) => e.keyword === 'anyOf' && fieldOf(e) === field);
  if (union) return { field, rule: 'enum' };
  return { field, ...ruleOf(first) };
}

/** The message for a field problem: the field's own catalogued words, else a generic one with its label. */
export function problemMessage(problem: FieldProblem, key: FieldKey | undefined, lang: Lang): string {
  const spec = key ? FIELDS[key] : undefined;
  const messages: Partial<Record<ProblemRule, Record<Lang, string>>> | undefined = spec?.messages;
  const own = messages?.[problem.rule];
  if (own) return own[lang];
  const label = spec?.label[lang] ?? (problem.field || 'body');
  return format(GENERIC_RULE_MESSAGES[problem.rule][lang], { field: label, limit: problem.limit ?? '' });
}

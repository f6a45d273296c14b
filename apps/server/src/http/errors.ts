import type { Code, Lang, Rule } from '@pvforge/contracts';

/** A refusal with a catalogue code; the error handler turns it into {code, msg, data}. */
export class AppError extends Error {
  constructor(
    readonly code: Code,
    readonly params?: Record<string, string | number>,
    readonly data: unknown = null,
    /** The params in the caller's language, where they hold words (a check issue): services do not know it. */
    readonly paramsIn?: (lang: Lang) => Record<string, string | number>,
  ) {
    super(`answer ${code}`);
    this.name = 'AppError';
  }
}

/**
 * A field that passed the schema but broke a rule the schema cannot say (password kinds, +86
 * phone, blank name). Services throw it without knowing the caller's language.
 */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    readonly rule: Rule | 'type',
  ) {
    super(`field ${field} breaks ${rule}`);
    this.name = 'FieldError';
  }
}

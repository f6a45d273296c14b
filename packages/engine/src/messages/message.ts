/**
 * The shape of every message the engine gives (index.ts says what they are for). Its own module so
 * that each list of codes (device-check.ts, results.ts) can build messages while index.ts joins the
 * lists, without the lists and the index importing each other.
 */

export type MessageParams = Readonly<Record<string, string | number>>;

export interface EngineMessage {
  readonly code: string;
  readonly params: MessageParams;
  readonly text: string;
}

export function engineMessage(code: string, params: MessageParams, text: string): EngineMessage {
  return { code, params, text };
}

/** True for a value shaped as an EngineMessage (stored results from before codes hold plain strings). */
export function isEngineMessage(v: unknown): v is EngineMessage {
  if (typeof v !== 'object' || v === null) return false;
  const m = v as Record<string, unknown>;
  return typeof m['code'] === 'string' && typeof m['text'] === 'string' && typeof m['params'] === 'object';
}

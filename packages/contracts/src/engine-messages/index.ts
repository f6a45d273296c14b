import { type EngineMessage, isEngineMessage, type MessageParams } from '@pvforge/engine';
import { format, type Lang, type Localized } from '../i18n.js';
import { DEVICE_CHECK_WORDINGS } from './device-check.js';
import { RESULT_MESSAGES } from './results.js';

/**
 * The engine's messages in the UI languages (packages/engine/src/messages). A wording is a
 * template with {param} placeholders in each language, or a function of the parameters where a
 * parameter itself needs words (a side, a field's label). Catalogues are kept per area and joined
 * here; a test checks that every code in ENGINE_MESSAGE_CODES has a wording.
 */
export type MessageWording = Localized | ((p: MessageParams) => Localized);
export type MessageCatalogue = Readonly<Record<string, MessageWording>>;

const CATALOGUES: readonly MessageCatalogue[] = [RESULT_MESSAGES, DEVICE_CHECK_WORDINGS];

function wordingOf(code: string): MessageWording | undefined {
  for (const c of CATALOGUES) if (Object.hasOwn(c, code)) return c[code];
  return undefined;
}

export function hasMessageWording(code: string): boolean {
  return wordingOf(code) !== undefined;
}

/**
 * A message in the user's language. A plain string (a result stored before messages had codes) or
 * a code without a wording is shown as the engine wrote it: never lost, only untranslated.
 */
export function wordEngineMessage(m: EngineMessage | string, lang: Lang): string {
  if (!isEngineMessage(m)) return String(m);
  const w = wordingOf(m.code);
  if (!w) return m.text;
  if (typeof w === 'function') return w(m.params)[lang];
  return format(w[lang], m.params);
}

export { RESULT_MESSAGES } from './results.js';

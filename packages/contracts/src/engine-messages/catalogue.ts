import { type EngineMessage, isEngineMessage, type MessageParams } from '@pvforge/engine';
import { format, type Lang, type Localized } from '../i18n.js';

/**
 * The shape of a catalogue of engine messages in the UI languages, and how a message is worded
 * from some catalogues. A wording that quotes another message (a result's cause, any code) is
 * handed the function that words it, so that no catalogue imports the module that joins them all
 * (index.ts) and the joined wording stays the one way in.
 */

/** Words a message (any code) in one language. */
export type WordMessage = (m: EngineMessage | string, lang: Lang) => string;
/**
 * A template with {param} placeholders in each language, or a function of the parameters where a
 * parameter itself needs words (a side, a field's label, a quoted message).
 */
export type MessageWording = Localized | ((p: MessageParams, word: WordMessage) => Localized);
export type MessageCatalogue = Readonly<Record<string, MessageWording>>;

export function wordingIn(catalogues: readonly MessageCatalogue[], code: string): MessageWording | undefined {
  for (const c of catalogues) if (Object.hasOwn(c, code)) return c[code];
  return undefined;
}

/**
 * A message in `lang` from these catalogues, a quoted message by `word`. A plain string (a result
 * stored before messages had codes) or a code without a wording is shown as the engine wrote it:
 * never lost, only untranslated.
 */
export function wordFrom(
  catalogues: readonly MessageCatalogue[],
  m: EngineMessage | string,
  lang: Lang,
  word: WordMessage,
): string {
  if (!isEngineMessage(m)) return String(m);
  const w = wordingIn(catalogues, m.code);
  if (!w) return m.text;
  if (typeof w === 'function') return w(m.params, word)[lang];
  return format(w[lang], m.params);
}

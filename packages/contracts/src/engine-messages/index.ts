import type { EngineMessage } from '@pvforge/engine';
import type { Lang } from '../i18n.js';
import { type MessageCatalogue, wordFrom, wordingIn } from './catalogue.js';
import { DEVICE_CHECK_WORDINGS } from './device-check.js';
import { RESULT_MESSAGES } from './results.js';

/**
 * The engine's messages in the UI languages (packages/engine/src/messages). A wording is a
 * template with {param} placeholders in each language, or a function of the parameters where a
 * parameter itself needs words (catalogue.ts). Catalogues are kept per area and joined here; a
 * test checks that every code in ENGINE_MESSAGE_CODES has a wording.
 */
export type { MessageCatalogue, MessageWording, WordMessage } from './catalogue.js';

const CATALOGUES: readonly MessageCatalogue[] = [RESULT_MESSAGES, DEVICE_CHECK_WORDINGS];

export function hasMessageWording(code: string): boolean {
  return wordingIn(CATALOGUES, code) !== undefined;
}

/**
 * A message in the user's language. A plain string (a result stored before messages had codes) or
 * a code without a wording is shown as the engine wrote it: never lost, only untranslated.
 */
export function wordEngineMessage(m: EngineMessage | string, lang: Lang): string {
  return wordFrom(CATALOGUES, m, lang, wordEngineMessage);
}

export { RESULT_MESSAGES } from './results.js';

import type { EngineMessage } from '@pvforge/engine';
import type { Lang } from '../i18n.js';
import { wordFrom } from './catalogue.js';
import { DEVICE_CHECK_WORDINGS } from './device-check.js';

/**
 * A device-check message (a check.* code) in `lang`. The check's own words are all in
 * DEVICE_CHECK_WORDINGS, so the labelled check issues (device/check-messages.ts) are worded from it
 * alone, without the joined catalogue, whose result wordings quote check issues in turn.
 */
export function wordCheckMessage(m: EngineMessage | string, lang: Lang): string {
  return wordFrom([DEVICE_CHECK_WORDINGS], m, lang, wordCheckMessage);
}

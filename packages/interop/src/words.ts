import { format, type Lang, type MessageCatalogue, wordEngineMessage } from '@pvforge/contracts';
import { COMMON_MESSAGES } from './common-words.js';
import type { InteropMessage } from './report.js';
import { SCAPS_MESSAGES } from './scaps/words.js';
import { SIMSALABIM_MESSAGES } from './simsalabim/words.js';

/**
 * The import and export reports in the UI languages. Each tool keeps its own catalogue beside its
 * reader; they are joined here. A message that is not the importers' own (the device check's, whose
 * codes start `check.`) is worded by the engine's catalogue, so a refused value reads the same as it
 * does in the editor.
 */
export const INTEROP_MESSAGES: readonly MessageCatalogue[] = [COMMON_MESSAGES, SCAPS_MESSAGES, SIMSALABIM_MESSAGES];

export function hasInteropWording(code: string): boolean {
  return INTEROP_MESSAGES.some((c) => Object.hasOwn(c, code));
}

export function wordInterop(m: InteropMessage, lang: Lang): string {
  for (const c of INTEROP_MESSAGES) {
    if (!Object.hasOwn(c, m.code)) continue;
    const w = c[m.code]!;
    return typeof w === 'function' ? w(m.params, wordEngineMessage)[lang] : format(w[lang], m.params);
  }
  return wordEngineMessage(m, lang);
}

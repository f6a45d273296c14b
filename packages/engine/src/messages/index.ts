/**
 * What the engine tells a user (a warning in a result, the reason a run stopped, a device-check
 * refusal). The engine has no language: it names what happened with a stable code and the names and
 * numbers that go with it; the UI and the server word it in the user's language from the catalogue
 * in @pvforge/contracts (engine-messages). `text` is the English wording, for logs, the CLI and API
 * clients that do not localise; nothing on a localised screen should read it.
 *
 * Codes are dotted and stable once shipped ("jv.sweep-below-voc"): stored results keep them, so a
 * code is never reused for a different meaning. Every code the engine can emit is listed in
 * ENGINE_MESSAGE_CODES, and a contracts test proves each has a wording in every UI language.
 */

import { CHECK_MESSAGE_CODES } from './device-check.js';
import { RESULT_MESSAGE_CODES } from './results.js';

export { type EngineMessage, engineMessage, isEngineMessage, type MessageParams } from './message.js';

/** Every code the engine emits (each module's list joined here). */
export const ENGINE_MESSAGE_CODES: readonly string[] = [...RESULT_MESSAGE_CODES, ...CHECK_MESSAGE_CODES];

export {
  CHECK_MESSAGE_CODES,
  type CheckIssue,
  type CheckMessageCode,
  checkIssue,
  checkLine,
  checkMessage,
} from './device-check.js';
export {
  causeOf,
  causeParams,
  messageText,
  RESULT_MESSAGE_CODES,
  type ResultMessageCode,
  type ResultWarning,
  resultMessage,
} from './results.js';

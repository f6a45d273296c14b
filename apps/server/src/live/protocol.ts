import { CHAT_COLOUR_PATTERN, CHAT_LIMITS, type LiveMessage } from '@pvforge/contracts';

const COLOUR = new RegExp(CHAT_COLOUR_PATTERN);

/**
 * The wire rules of /calc/ws that do not depend on sockets: limits, close codes and the parsing
 * and sanitising of what clients send. docs/live.md describes every message.
 */
export const LIVE_LIMITS = {
  /** Largest frame a client may send; ws closes larger ones with 1009. Chat is the largest act. */
  maxPayloadBytes: 8 * 1024,
  /** Chat text after sanitising, in characters. */
  chatMaxChars: CHAT_LIMITS.textMaxChars,
  /** Display name registered with act 101. */
  nameMaxChars: 30,
  /** Token bucket per socket: sustained rate and burst. The client sends one checklogin per 30 s. */
  messagesPerSecond: 5,
  burst: 20,
  /** Largest `seconds` an administrator may put in a kill. */
  killMaxSeconds: 24 * 3600,
  /** A socket that does not answer a ping within one interval is dropped. */
  heartbeatMs: 30_000,
} as const;

/** Close codes in the application range (4000-4999), with fixed reasons the client can show. */
export const CLOSE = {
  kicked: { code: 4000, reason: 'kicked' },
  sessionEnded: { code: 4001, reason: 'session ended' },
  unauthenticated: { code: 4401, reason: 'unauthenticated: tick/uid do not match a live session' },
  tooMany: { code: 4429, reason: 'too many messages' },
  shutdown: { code: 1001, reason: 'server shutting down' },
} as const;

/** What the server answers a client's 999, k, kill or report that could not be done, in `msg` of an 'ack'. */
export type AckStatus = 'ok' | 'offline' | 'forbidden' | 'invalid' | 'limited';

/** Client -> server acts the hub understands; anything else gets an 'ack' with 'invalid'. */
export const CLIENT_ACTS = ['101', '999', 'kill', 'k', 'checklogin', 'report'] as const;
export type ClientAct = (typeof CLIENT_ACTS)[number];

export interface ParsedClientMessage {
  act: ClientAct;
  msgid?: string;
  raw: Record<string, unknown>;
}

/** Parses one text frame; undefined when it is not a JSON object with a known act. */
export function parseClientMessage(text: string): ParsedClientMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const raw = value as Record<string, unknown>;
  const act = typeof raw['act'] === 'string' || typeof raw['act'] === 'number' ? String(raw['act']) : '';
  if (!(CLIENT_ACTS as readonly string[]).includes(act)) return undefined;
  const msgid = msgidOf(raw['msgid']);
  return { act: act as ClientAct, raw, ...(msgid ? { msgid } : {}) };
}

function msgidOf(v: unknown): string | undefined {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const s = String(v);
  return /^[A-Za-z0-9_.:-]{1,64}$/.test(s) ? s : undefined;
}

/** A user id as sent by a client (number or digit string); undefined otherwise. */
export function userIdOf(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

// C0/C1 control characters except tab and newline, and the bidi overrides that can disguise text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
const TAG = /<\/?[A-Za-z!][^>]*>/g;

/**
 * Chat is plain text: tags are removed (clients render text, never HTML, but other clients of the
 * protocol might not), control characters dropped, the length capped. Empty after that: undefined.
 */
export function sanitiseText(v: unknown, maxChars: number): string | undefined {
  if (typeof v !== 'string') return undefined;
  const cleaned = v.replace(TAG, '').replace(CONTROL, '').trim();
  if (!cleaned) return undefined;
  return Array.from(cleaned).slice(0, maxChars).join('');
}

/** Colours are passed on only in forms that cannot carry anything else: #rgb(a), #rrggbb(aa), a CSS name. */
export function colourOf(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  return COLOUR.test(s) ? s : undefined;
}

/** A short identifier-like word (kill's `type`). */
export function wordOf(v: unknown, max = 32): string | undefined {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const s = String(v).trim();
  return s.length > 0 && s.length <= max && /^[\p{L}\p{N}_.-]+$/u.test(s) ? s : undefined;
}

export function secondsOf(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 0 && n <= LIVE_LIMITS.killMaxSeconds ? n : undefined;
}

/** A token bucket: `take()` is false when the socket sends faster than allowed. */
export class RateBucket {
  private tokens: number;
  private last: number;
  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }
  take(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export function ack(status: AckStatus, msgid?: string): LiveMessage {
  return { act: 'ack', msg: status, ...(msgid ? { msgid } : {}) };
}

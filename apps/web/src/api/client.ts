import { type ApiAnswer, type Lang, signRequest } from '@pvforge/contracts';
import type { Session } from '../session/cookies';
import { getSession } from '../session/store';
import { apiBaseFor, HOSTINFO_KEY } from './hostinfo';

/** The request never produced an API answer (offline, DNS, proxy error page, server down). */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

/** The server answered with a code other than '1000'. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly answer: ApiAnswer<unknown>,
    readonly status: number,
  ) {
    super(answer.msg);
  }
  get code(): string {
    return this.answer.code;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Credentials other than the stored session (the phone landing validates a handed-over token). */
  auth?: Pick<Session, 'token' | 'uid'> | null;
  /**
   * Whether a 401 means "the session is gone". False for login, registration and reset calls,
   * where 401 is an ordinary answer (wrong password) and no session is involved.
   */
  sessionBound?: boolean;
  /**
   * A submission that must be made once: sent with an Idempotency-Key, and sent again with the
   * same key (and a fresh signature) when the network fails before the answer arrives, so that a
   * lost answer neither loses the calculation nor makes a second one (the server answers a repeat
   * with what the first made).
   */
  idempotent?: boolean;
}

/** Sends of an idempotent submission at most, and the wait before each repeat, ms. */
const SUBMIT_ATTEMPTS = 3;
const SUBMIT_RETRY_MS = 1500;

/**
 * Sends of a call whose signature was refused as a replay (2014). Each tab signs with its own clock,
 * so two tabs of one session (or a tab and a script) can sign in the same millisecond and the
 * server, which takes each signature once, refuses the second. That request was never carried out:
 * it goes again with a later signature instead of being taken for a lost session.
 */
const REPLAY_ATTEMPTS = 3;

/** A random key for one submission (getRandomValues works on plain-HTTP origins too). */
export function newRequestKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};
let currentLang: () => Lang = () => 'zh-CN';

/** Wired by the app shell: what a lost session does (clear it, ask for login with redirect). */
export function setUnauthorizedHandler(h: UnauthorizedHandler): void {
  onUnauthorized = h;
}
export function setLangSource(f: () => Lang): void {
  currentLang = f;
}

export function apiBase(): string {
  return apiBaseFor(typeof localStorage === 'undefined' ? null : localStorage.getItem(HOSTINFO_KEY));
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) qs.set(k, String(v));
  const q = qs.toString();
  return `${apiBase()}${path}${q ? `?${q}` : ''}`;
}

/** Sends one call and returns the server's answer whatever its code; throws NetworkError only. */
export async function request<T>(
  path: string,
  opts: RequestOptions = {},
): Promise<{ answer: ApiAnswer<T>; status: number }> {
  if (!opts.idempotent) return send<T>(path, opts);
  const key = newRequestKey();
  for (let attempt = 1; ; attempt++) {
    try {
      return await send<T>(path, opts, key);
    } catch (e) {
      if (!(e instanceof NetworkError) || attempt >= SUBMIT_ATTEMPTS) throw e;
      await new Promise((resolve) => setTimeout(resolve, SUBMIT_RETRY_MS * attempt));
    }
  }
}

async function send<T>(
  path: string,
  opts: RequestOptions,
  requestKey?: string,
): Promise<{ answer: ApiAnswer<T>; status: number }> {
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  const auth = opts.auth === undefined ? getSession() : opts.auth;
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Lang': currentLang() };
  if (requestKey) headers['Idempotency-Key'] = requestKey;
  // POST and PUT always carry a JSON body; DELETE only when given one; GET never.
  const withBody = method === 'POST' || method === 'PUT' || (method === 'DELETE' && opts.body !== undefined);
  if (withBody) headers['Content-Type'] = 'application/json';
  const res = await signedFetch(
    buildUrl(path, opts.query),
    { method, headers, body: withBody ? JSON.stringify(opts.body ?? {}) : undefined },
    auth,
  );
  let answer: ApiAnswer<T>;
  try {
    answer = (await res.json()) as ApiAnswer<T>;
  } catch {
    // A proxy's 502 page or an HTML fallback is not our server answering.
    throw new NetworkError(`HTTP ${res.status}`);
  }
  if (typeof answer?.code !== 'string') throw new NetworkError(`HTTP ${res.status}`);
  if (res.status === 401 && (opts.sessionBound ?? true) && auth && opts.auth === undefined) onUnauthorized();
  return { answer, status: res.status };
}

/**
 * fetch with the session's signature (X-Uid, X-Sign), for every call of the API: JSON calls,
 * uploads and downloads alike. A signature refused as a replay (2014) is made again and the call
 * sent again (REPLAY_ATTEMPTS); a failed network throws NetworkError. The body must be one that can
 * be sent twice (a string or FormData).
 */
export async function signedFetch(
  url: string,
  init: RequestInit & { headers: Record<string, string> },
  auth: Pick<Session, 'token' | 'uid'> | null = getSession(),
): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const headers = { ...init.headers };
    if (auth) {
      headers['X-Uid'] = auth.uid;
      headers['X-Sign'] = signRequest(auth.token, auth.uid);
    }
    let res: Response;
    try {
      res = await fetch(url, { ...init, headers });
    } catch (e) {
      throw new NetworkError(e instanceof Error ? e.message : String(e));
    }
    if (!auth || res.status !== 401 || attempt >= REPLAY_ATTEMPTS) return res;
    const code = await res
      .clone()
      .json()
      .then((a: { code?: unknown }) => a?.code)
      .catch(() => undefined);
    if (code !== '2014') return res;
    // another tab of this session took the same millisecond: wait a random moment so they part
    await new Promise((resolve) => setTimeout(resolve, 1 + Math.floor(Math.random() * 20)));
  }
}

/** Like request, but resolves with data on '1000' and throws ApiError otherwise (for queries). */
export async function call<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const { answer, status } = await request<T>(path, opts);
  if (answer.code !== '1000') throw new ApiError(answer as ApiAnswer<unknown>, status);
  return answer.data;
}

/** Spec §7's generic JSON PUT: the body as JSON, data on '1000', ApiError otherwise. */
export function putJson<T>(
  path: string,
  body: unknown,
  opts: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<T> {
  return call<T>(path, { ...opts, method: 'PUT', body });
}

/** Spec §7's generic JSON DELETE: an optional JSON body (e.g. the ids to remove), data on '1000'. */
export function deleteJson<T>(
  path: string,
  body?: unknown,
  opts: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<T> {
  return call<T>(path, { ...opts, method: 'DELETE', ...(body === undefined ? {} : { body }) });
}

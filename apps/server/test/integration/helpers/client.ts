import { type ApiAnswer, type SessionData, signRequest } from '@pvforge/contracts';
import type { FastifyInstance } from 'fastify';
import type { TestClock } from './clock.js';

export interface Answer<T = unknown> extends ApiAnswer<T> {
  status: number;
}

let ipCounter = 0;
/** A distinct client address per call site: lockouts by address stay inside their own test. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let mailCounter = 0;
export function freshEmail(prefix = 'user'): string {
  mailCounter += 1;
  return `${prefix}${mailCounter}.${Date.now().toString(36)}@example.com`;
}

export interface CallOptions {
  headers?: Record<string, string>;
  form?: boolean;
  ip?: string;
}

export async function post<T = unknown>(
  app: FastifyInstance,
  url: string,
  body: Record<string, unknown>,
  opts: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  let payload: string;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString();
  } else {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await app.inject({ method: 'POST', url, headers, payload, remoteAddress: opts.ip ?? '127.0.0.1' });
  return { status: res.statusCode, ...(res.json() as ApiAnswer<T>) };
}

export async function get<T = unknown>(app: FastifyInstance, url: string, opts: CallOptions = {}): Promise<Answer<T>> {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: opts.headers ?? {},
    remoteAddress: opts.ip ?? '127.0.0.1',
  });
  return { status: res.statusCode, ...(res.json() as ApiAnswer<T>) };
}

export function validRegistration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    username: freshEmail(),
    password: 'Secret123',
    real_name: '张三',
    gender: 1,
    phone: '13812345678',
    enterprise: '清华大学',
    address: '北京市海淀区',
    ...overrides,
  };
}

export interface TestUser {
  email: string;
  password: string;
  session: SessionData;
}

export async function registerUser(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const body = validRegistration(overrides);
  const res = await post<SessionData>(app, '/calc/sys/user/reg', body, { ip: freshIp() });
  if (res.code !== '1000') throw new Error(`registration failed: ${res.code} ${res.msg}`);
  return { email: String(body['username']), password: String(body['password']), session: res.data };
}

export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
): Promise<Answer<SessionData>> {
  return post<SessionData>(app, '/calc/sys/user/login', { username, password, ...extra }, { ip: freshIp() });
}

/** The last ms each test clock signed at (the server takes each signature once). */
const lastSigned = new WeakMap<TestClock, number>();

/**
 * X-Uid and X-Sign for a session, signed at the test clock's time (or at `ms`). The server accepts
 * each signature once, so requests at one clock time are signed a millisecond apart, as a browser
 * signs them (packages/contracts/src/sign.ts).
 */
export function signed(session: SessionData, clock: TestClock, ms?: number): Record<string, string> {
  const uid = String(session.user_id);
  let at = ms;
  if (at === undefined) {
    const now = clock.now();
    const last = lastSigned.get(clock);
    at = last !== undefined && last >= now && last - now < 60_000 ? last + 1 : now;
    lastSigned.set(clock, at);
  }
  return { 'x-uid': uid, 'x-sign': signRequest(session.mytoken, uid, at) };
}

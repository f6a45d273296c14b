import { signRequest } from '@pvforge/contracts';
import type { BrowserContext } from 'playwright-core';

export interface Answer<T> {
  code: string;
  msg: string;
  data: T;
}

/**
 * A signed API call with the browser's session (the same signature apps/web/src/api/client.ts
 * computes from the token and user id cookies), for the steps a test does through the API.
 */
export async function sessionApi<T>(
  context: BrowserContext,
  baseUrl: string,
  path: string,
  body: unknown,
): Promise<Answer<T>> {
  const cookies = await context.cookies(baseUrl);
  const token = cookies.find((c) => c.name === 'token')?.value ?? '';
  const uid = cookies.find((c) => c.name === 'user_id')?.value ?? '';
  const res = await fetch(`${baseUrl}/calc${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Uid': uid, 'X-Sign': signRequest(token, uid) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Answer<T>;
}

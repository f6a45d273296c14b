import { signRequest } from '@pvforge/contracts';
import type { BrowserContext, Page } from 'playwright-core';

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
  return untilNotReplayed(async () => {
    const res = await fetch(`${baseUrl}/calc${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Uid': uid, 'X-Sign': signRequest(token, uid) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Answer<T>;
  });
}

/**
 * The test and the pages sign with one session from different clocks, so a call can meet a page's
 * request in the same millisecond and be refused as a replay (2014), as the web client's signedFetch
 * knows: sign again and send again.
 */
async function untilNotReplayed<T>(send: () => Promise<Answer<T>>): Promise<Answer<T>> {
  for (let attempt = 1; ; attempt++) {
    const answer = await send();
    if (answer.code !== '2014' || attempt >= 3) return answer;
    await new Promise((r) => setTimeout(r, 1 + Math.floor(Math.random() * 20)));
  }
}

/**
 * The same signed call made from inside the page (its own origin, its own fetch), for tests that
 * drive several people's pages and want each call to go out as that page's request would.
 */
export async function pageApi<T>(page: Page, path: string, body: unknown): Promise<Answer<T>> {
  const cookies = await page.context().cookies();
  const token = decodeURIComponent(cookies.find((c) => c.name === 'token')?.value ?? '');
  const uid = decodeURIComponent(cookies.find((c) => c.name === 'user_id')?.value ?? '');
  return untilNotReplayed(() => {
    const sign = signRequest(token, uid);
    return page.evaluate(
      async ({ path, body, uid, sign }) => {
        const r = await fetch(`/calc${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Uid': uid, 'X-Sign': sign },
          body: JSON.stringify(body),
        });
        return r.json();
      },
      { path, body, uid, sign },
    );
  });
}

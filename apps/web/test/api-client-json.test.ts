import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, call, deleteJson, putJson, setUnauthorizedHandler } from '../src/api/client';
import { HOSTINFO_KEY } from '../src/api/hostinfo';

/**
 * Spec §7's generic JSON PUT and DELETE helpers, against a real HTTP server on a free port: the
 * method, the JSON body and content type, the signed session headers, and the answer's handling.
 */
interface Seen {
  method: string;
  url: string;
  type: string | undefined;
  uid: string | undefined;
  sign: string | undefined;
  body: string;
}
const seen: Seen[] = [];
let server: Server;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let b = '';
    req.on('data', (c: Buffer) => {
      b += c.toString('utf8');
    });
    req.on('end', () => resolve(b));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      type: req.headers['content-type'],
      uid: req.headers['x-uid'] as string | undefined,
      sign: req.headers['x-sign'] as string | undefined,
      body,
    });
    res.setHeader('Content-Type', 'application/json');
    const replays = /^\/calc\/replayed\/(\d+)/.exec(req.url ?? '');
    if (replays && seen.filter((x) => x.url === req.url).length <= Number(replays[1])) {
      // the server's answer to a signature it has already taken (another tab signed the same ms)
      res.statusCode = 401;
      res.end(JSON.stringify({ code: '2014', msg: 'replay', data: null }));
    } else if (req.url?.startsWith('/calc/refuse'))
      res.end(JSON.stringify({ code: '2007', msg: 'refused', data: null }));
    else res.end(JSON.stringify({ code: '1000', msg: 'ok', data: { echoed: body ? JSON.parse(body) : null } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // the client reads its API base from the browser's storage (the "hostinfo" alternate server)
  const store = new Map([[HOSTINFO_KEY, `http://127.0.0.1:${port}`]]);
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
  };
});

afterAll(async () => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
  await new Promise((resolve) => server.close(resolve));
});

const auth = { token: 'a'.repeat(32), uid: '42' };

describe('putJson and deleteJson', () => {
  it('PUTs the body as JSON with the signed session headers and resolves with data', async () => {
    const data = await putJson<{ echoed: unknown }>('/things/7', { name: '钙钛矿', thicknessNm: 400 }, { auth });
    expect(data).toEqual({ echoed: { name: '钙钛矿', thicknessNm: 400 } });
    const s = seen.at(-1)!;
    expect(s.method).toBe('PUT');
    expect(s.url).toBe('/calc/things/7');
    expect(s.type).toBe('application/json');
    expect(s.uid).toBe('42');
    expect(s.sign).toMatch(/\S/);
  });

  it('DELETEs with a JSON body when given one, and without a body otherwise', async () => {
    await deleteJson('/things', { ids: [1, 2] }, { auth });
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', type: 'application/json', body: '{"ids":[1,2]}' });
    await deleteJson('/things/3', undefined, { auth });
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', url: '/calc/things/3', body: '' });
    expect(seen.at(-1)!.type).toBeUndefined();
  });

  it('throws ApiError with the code when the server refuses', async () => {
    const err = await putJson('/refuse', {}, { auth }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('2007');
  });
});

describe('a signature refused as a replay', () => {
  it('is made again and the call sent again, without ending the session', async () => {
    let lost = 0;
    setUnauthorizedHandler(() => lost++);
    const data = await call<{ echoed: unknown }>('/replayed/2', { body: { n: 1 }, auth });
    expect(data).toEqual({ echoed: { n: 1 } });
    const sent = seen.filter((x) => x.url === '/calc/replayed/2');
    expect(sent).toHaveLength(3);
    // each send carries its own signature, and the body each time
    expect(new Set(sent.map((x) => x.sign)).size).toBe(3);
    expect(sent.every((x) => x.body === '{"n":1}')).toBe(true);
    expect(lost).toBe(0);
  });

  it('is given up after three sends, answering the refusal', async () => {
    const err = await call('/replayed/9', { body: {}, auth }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('2014');
    expect(seen.filter((x) => x.url === '/calc/replayed/9')).toHaveLength(3);
  });
});

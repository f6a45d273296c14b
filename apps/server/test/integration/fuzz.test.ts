/**
 * Hostile input against every route of the API (issue 15): random and malicious bodies, broken
 * JSON, deep nesting and oversized payloads must be answered with a 4xx and one of our answer codes,
 * never a 500, a crash or a hang. Property-based with fast-check, with a fixed seed and a bounded
 * number of runs so that CI is reproducible; a failure prints the counterexample and the seed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureDevice } from './calc/helpers.js';
import { ADMIN, createTestApp, seedWithAdmin, type TestApp } from './helpers/app.js';
import { freshIp, login, registerUser, signed, type TestUser } from './helpers/client.js';

const SEED = 20261124;
const RUNS_PER_ROUTE = 12;

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await seedWithAdmin(t);
  user = await registerUser(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** Strings that have broken web applications: injection, markup, control and odd Unicode. */
const HOSTILE = [
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '1; SELECT pg_sleep(5); --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}$' + '{7*7}',
  '../../../../etc/passwd',
  '\u0000\u0001\u001f',
  '\u202e\u200b\ufeff',
  '𝕏😀\ud800',
  '%00%0d%0a',
  'a'.repeat(70_000),
  '__proto__',
  'constructor',
  '-1',
  '1e309',
  'NaN',
];
const KEYS = [
  'id',
  'ids',
  'name',
  'title',
  'content',
  'text',
  'device',
  'job',
  'kind',
  'parameters',
  'username',
  'password',
  'email',
  'page',
  'size',
  'limit',
  'keyword',
  'status',
  'role',
  'lang',
  '__proto__',
  'constructor',
];
const hostileString = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: 'binary', maxLength: 40 }));
const leaf = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 0),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('v'), { maxLength: 4 }), tie('o')),
  o: fc.dictionary(fc.constantFrom(...KEYS), tie('v'), { maxKeys: 5 }),
})).v;
const body = fc.oneof(fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 }), fc.jsonValue());

function fillParams(url: string, param: string): string {
  return url.replace(/:[A-Za-z_]+/g, encodeURIComponent(param));
}

async function adminHeaders(): Promise<Record<string, string>> {
  const res = await login(t.app, ADMIN.email, ADMIN.password);
  return signed(res.data, t.clock);
}

async function answerOf(res: { statusCode: number; body: string }) {
  let parsed: { code?: unknown } | undefined;
  try {
    parsed = JSON.parse(res.body) as { code?: unknown };
  } catch {
    parsed = undefined;
  }
  return { status: res.statusCode, code: parsed?.code };
}

describe('hostile bodies on every route', () => {
  it('answers random and malicious JSON with a 4xx or a 2xx and an answer code, never a 500', async () => {
    const routes = t.app.routeTable.filter(
      (r) => r.method !== 'HEAD' && r.method !== 'GET' && !r.url.startsWith('/calc/docs'),
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) {
      // a fresh administrator session per route: a body that happens to log out must not blind the rest
      const headers = r.access === 'public' ? {} : await adminHeaders();
      await fc.assert(
        fc.asyncProperty(body, hostileString, async (payload, param) => {
          const res = await t.app.inject({
            method: r.method as 'POST',
            url: fillParams(r.url, param),
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
            remoteAddress: freshIp(),
          });
          const a = await answerOf(res);
          expect(a.status, `${r.method} ${r.url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          expect(typeof a.code, `${r.method} ${r.url} answers with a code`).toBe('string');
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
  });

  it('refuses bodies that are not JSON, nested too deep or too large, with a 4xx', async () => {
    const url = '/calc/sys/calc/elec';
    const cases: { payload: string | Buffer; type: string; expected: number[] }[] = [
      { payload: '{"device": ', type: 'application/json', expected: [400] },
      { payload: '['.repeat(200_000), type: 'application/json', expected: [400, 413] },
      { payload: `{"device":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`, type: 'application/json', expected: [400] },
      { payload: Buffer.alloc(40 * 1024 * 1024, 0x20), type: 'application/json', expected: [413] },
      { payload: '\u0000\u0001binary', type: 'application/octet-stream', expected: [400, 415] },
      { payload: '<?xml version="1.0"?><a/>', type: 'application/xml', expected: [415] },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        // each request its own signature: the server takes a signature once
        headers: { ...signed(user.session, t.clock), 'content-type': c.type },
        payload: c.payload,
      });
      const a = await answerOf(res);
      expect(
        c.expected,
        `${c.type} ${String(c.payload).slice(0, 40)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
      ).toContain(a.status);
      expect(typeof a.code).toBe('string');
    }
  });

  it('refuses forged and malformed signatures as anonymous (401), never a 500', async () => {
    const route = t.app.routeTable.find((r) => r.url === '/calc/sys/user/getUserAddon')!;
    await fc.assert(
      fc.asyncProperty(hostileString, hostileString, async (uid, sign) => {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: route.url,
          headers: { 'x-uid': uid.replace(/[^\x20-\x7e]/g, ''), 'x-sign': sign.replace(/[^\x20-\x7e]/g, '') },
        });
        expect(res.statusCode).toBe(401);
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});

/** Sets a value at a path of plain objects and arrays (creating nothing). */
function setAt(root: unknown, path: (string | number)[], v: unknown): void {
  let cur = root as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) cur = cur[k] as Record<string | number, unknown>;
  cur[path.at(-1)!] = v;
}

/** Every path to a number in a JSON document. */
function numericPaths(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) {
  if (typeof v === 'number') out.push(at);
  else if (Array.isArray(v)) for (const [i, x] of v.entries()) numericPaths(x, [...at, i], out);
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) numericPaths(x, [...at, k], out);
  return out;
}

describe('hostile DeviceSpecs', () => {
  const device = fixtureDevice('elec');
  const paths = numericPaths(device);

  async function submit(spec: unknown) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/calc/sys/calc/elec',
      headers: { ...signed(user.session, t.clock), 'content-type': 'application/json' },
      payload: JSON.stringify({ device: JSON.stringify(spec) }),
    });
    return { status: res.statusCode, body: res.json() as { code: string; msg?: string; data?: { field?: string } } };
  }

  it('refuses the extreme inputs a careless or hostile user sends, naming the field', async () => {
    const mutate = (f: (d: Record<string, unknown>) => void) => {
      const d = structuredClone(device);
      f(d);
      return d;
    };
    type Layer = Record<string, unknown> & { electrical?: Record<string, unknown> };
    const layers = (d: Record<string, unknown>) => d['layers'] as Layer[];
    const absorber = (d: Record<string, unknown>) => layers(d).find((l) => l.electrical)!;
    const extreme = [
      mutate((d) => {
        absorber(d).electrical!['ndCm3'] = 1e300;
      }),
      mutate((d) => {
        absorber(d)['thicknessNm'] = 0;
      }),
      mutate((d) => {
        d['layers'] = Array.from({ length: 10_000 }, () => structuredClone(absorber(device)));
      }),
      mutate((d) => {
        const e = d['electrical'] as Record<string, unknown>;
        e['gridPoints'] = 1e6;
      }),
      mutate((d) => {
        absorber(d)['thicknessNm'] = 'NaN';
      }),
      mutate((d) => {
        absorber(d)['thicknessNm'] = -5;
      }),
    ];
    for (const spec of extreme) {
      const r = await submit(spec);
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.body.msg ?? '').not.toBe('');
    }
  });

  it('answers any numeric field set to a hostile value with a clear refusal or a queued job, never a 500', async () => {
    const bad = fc.constantFrom<unknown>(1e300, -1e300, -1, 0, 1e-320, 'NaN', null, [], {}, '1e5', true, 2 ** 53 + 1);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), bad, async (path, v) => {
        const spec = structuredClone(device);
        setAt(spec, path, v);
        const r = await submit(spec);
        expect(
          r.status,
          `${path.join('.')} = ${JSON.stringify(v)}: ${JSON.stringify(r.body).slice(0, 300)}`,
        ).toBeLessThan(500);
        if (r.status >= 400) expect(r.body.msg ?? '').not.toBe('');
      }),
      { seed: SEED, numRuns: 150 },
    );
  });
});

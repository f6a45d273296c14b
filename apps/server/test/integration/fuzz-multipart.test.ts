/**
 * Hostile multipart uploads against every route that reads one (issue 28): wrong or missing
 * content types, broken framing, files past each route's limit, many and empty parts, binary
 * garbage, zip bombs, text in other encodings, NUL bytes, path-traversing, Unicode and overlong
 * file names, duplicate fields, and fields sent where files are expected and the other way round.
 * No answer may be a 500; every refusal is {code, msg, data} in the request's language, and one
 * about a part names it (data.field); a refused upload writes no row (row triggers, per request)
 * and leaves the tables it stores in and the data directory as they were (compared around each).
 *
 * The routes are found in the route table (`consumes` multipart/form-data); each has a valid
 * upload below, which must be accepted, so the hostile variants of it reach the handler. A walk
 * over every class, then a seeded fast-check property that assembles random hostile parts.
 * Runs on SQLite (`npm test`) and PostgreSQL (`npm run test:pg`, TEST_DATABASE_URL).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { FORUM_LIMITS, NK_FILE_MAX_BYTES, type SessionData, SITE_LIMITS } from '@pvforge/contracts';
import fc from 'fast-check';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/http/types.js';
import { fixtureDevice } from './calc/helpers.js';
import { ADMIN, createTestApp, seedWithAdmin, type TestApp } from './helpers/app.js';
import { freshIp, login, post, registerUser, signed, type TestUser } from './helpers/client.js';
import { changedTables, installWriteCounter, snapshot, type TableRows, writeCounts } from './helpers/db-snapshot.js';
import { type MultipartBody, multipartBody, type Part } from './helpers/multipart.js';
import { makePng } from './helpers/png.js';

const SEED = 20_281_128;
const PROPERTY_RUNS_PER_ROUTE = 30;

/** Tables a refused request may write by design (the stored login lockout, docs/security.md). */
const WRITES_ON_REFUSAL = new Set(['login_failures']);

interface UploadRoute {
  url: string;
  who: 'user' | 'admin';
  /** The text fields a valid upload sends before its file. */
  fields: () => Record<string, string>;
  file: () => Buffer;
  fileName: string;
  fileType: string;
  /** The largest file the route takes, bytes. */
  limit: number;
  /** The tables (the caller's rows of them) an accepted upload writes: compared around every refused one. */
  tables: () => readonly TableRows[];
  /** Removes what an accepted upload stored, when keeping it would make the comparisons slow. */
  afterAccepted?: () => Promise<void>;
}

const NK_TEXT = 'wavelength_nm,n,k\n300,2.5,0.8\n600,2.4,0.1\n1200,2.3,0\n';

let t: TestApp;
let user: TestUser;
let partnerId = 0;

/** Every route that reads a multipart upload, with a valid upload of it. */
function uploadRoutes(): UploadRoute[] {
  return [
    {
      url: '/calc/sys/forum/image',
      who: 'user',
      fields: () => ({}),
      file: () => makePng(8, 8),
      fileName: 'figure.png',
      fileType: 'image/png',
      limit: FORUM_LIMITS.imageMaxBytes,
      tables: () => [{ table: 'forum_images', column: 'user_id', value: user.session.user_id }],
      // an accepted image (up to 1 MB) would be hashed around every later request: it goes again
      afterAccepted: async () => {
        await t.database.db.kysely.deleteFrom('forum_images').where('user_id', '=', user.session.user_id).execute();
      },
    },
    {
      url: '/calc/sys/admin/partner/logo',
      who: 'admin',
      fields: () => ({ id: String(partnerId) }),
      file: () => makePng(8, 8),
      fileName: 'logo.png',
      fileType: 'image/png',
      limit: SITE_LIMITS.logoMaxBytes,
      tables: () => ['partners', 'admin_audit'],
    },
    {
      url: '/calc/sys/material/parseNk',
      who: 'user',
      fields: () => ({ type: 'nm' }),
      file: () => Buffer.from(NK_TEXT),
      fileName: 'mapbi3.csv',
      fileType: 'text/csv',
      limit: NK_FILE_MAX_BYTES,
      // reading an n,k file stores nothing (the row counters would see it); the material table is
      // the library's n,k data, too large to hash around every request
      tables: () => [],
    },
    {
      url: '/calc/sys/device/import',
      who: 'user',
      fields: () => ({ name: 'fuzzed import' }),
      file: () => Buffer.from(JSON.stringify(fixtureDevice('elec'))),
      fileName: 'pin.device.json',
      fileType: 'application/json',
      limit: t.config.bodyLimitBytes,
      tables: () => [
        { table: 'devices', column: 'user_id', value: user.session.user_id },
        { table: 'ledger', column: 'user_id', value: user.session.user_id },
      ],
    },
  ];
}

/** What one hostile request sends (a body and its content type; undefined sends no header). */
interface Hostile {
  cls: string;
  what: string;
  payload: Buffer;
  contentType: string | undefined;
  headers?: Record<string, string>;
}

/** mulberry32: seeded bytes, so that a failing run repeats exactly. */
function seededBytes(seed: number, n: number): Buffer {
  let a = seed >>> 0;
  const out = Buffer.alloc(n);
  for (let i = 0; i < n; i++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    out[i] = (x ^ (x >>> 14)) & 255;
  }
  return out;
}

/** A zip whose one entry inflates from a few kB to 200 MB: its compression ratio is the attack. */
function zipBomb(): Buffer {
  return Buffer.from(zipSync({ 'data.txt': new Uint8Array(200 * 1024 * 1024) }, { level: 9 }));
}
/** A zip inside a zip inside a zip ... ten deep, each holding the bomb's little sister. */
function nestedZip(): Buffer {
  let inner: Uint8Array = zipSync({ 'a.csv': new Uint8Array(1024 * 1024) }, { level: 9 });
  for (let i = 0; i < 10; i++) inner = zipSync({ [`level${i}.zip`]: inner }, { level: 0 });
  return Buffer.from(inner);
}

let bombCache: Buffer | undefined;
let nestedCache: Buffer | undefined;
let gzipCache: Buffer | undefined;

function utf16(text: string, bigEndian: boolean): Buffer {
  const le = Buffer.from(`\ufeff${text}`, 'utf16le');
  if (!bigEndian) return le;
  const be = Buffer.alloc(le.length);
  for (let i = 0; i < le.length; i += 2) {
    be[i] = le[i + 1]!;
    be[i + 1] = le[i]!;
  }
  return be;
}

/** The hostile requests of one route, by class, each a variant of its valid upload. */
function hostileRequests(r: UploadRoute): Hostile[] {
  const out: Hostile[] = [];
  const fieldParts = (fields = r.fields()): Part[] =>
    Object.entries(fields).map(([name, content]) => ({ name, content }));
  const filePart = (over: Partial<Part> = {}): Part => ({
    name: 'file',
    filename: r.fileName,
    type: r.fileType,
    content: r.file(),
    ...over,
  });
  const add = (cls: string, what: string, body: MultipartBody, extra: Partial<Hostile> = {}) =>
    out.push({ cls, what, payload: body.payload, contentType: body.contentType, ...extra });
  const withFile = (over: Partial<Part>, fields = r.fields()) => multipartBody([...fieldParts(fields), filePart(over)]);
  const valid = multipartBody([...fieldParts(), filePart()]);

  // --- content types
  add('content types', 'no Content-Type', valid, { contentType: undefined });
  add('content types', 'multipart without a boundary', valid, { contentType: 'multipart/form-data' });
  add('content types', 'another boundary than the body', valid, {
    contentType: 'multipart/form-data; boundary=not-the-one',
  });
  add('content types', 'text/plain with a multipart body', valid, { contentType: 'text/plain' });
  add('content types', 'application/json with a multipart body', valid, { contentType: 'application/json' });
  add('content types', 'octet-stream', valid, { contentType: 'application/octet-stream' });
  add('content types', 'multipart/mixed', valid, { contentType: valid.contentType.replace('form-data', 'mixed') });
  add('content types', 'gzip-encoded body', valid, {
    payload: gzipSync(valid.payload),
    headers: { 'content-encoding': 'gzip' },
  });
  add('content types', 'the file part typed as JSON', withFile({ type: 'application/json' }));
  add('content types', 'the file part typed as an executable', withFile({ type: 'application/x-msdownload' }));

  // --- framing
  add('framing', 'no closing boundary', multipartBody([...fieldParts(), filePart()], { unterminated: true }));
  add('framing', 'cut in the middle of the file', {
    ...valid,
    payload: valid.payload.subarray(0, valid.payload.length >> 1),
  });
  add('framing', 'cut in the headers', { ...valid, payload: valid.payload.subarray(0, valid.boundary.length + 20) });
  add('framing', 'empty body', { ...valid, payload: Buffer.alloc(0) });
  add('framing', 'only the closing boundary', { ...valid, payload: Buffer.from(`--${valid.boundary}--\r\n`) });
  add(
    'framing',
    'garbage before the first boundary',
    multipartBody([...fieldParts(), filePart()], { preamble: seededBytes(1, 4096) }),
  );
  add(
    'framing',
    'a part without Content-Disposition',
    multipartBody([...fieldParts(), filePart({ rawHeaders: `Content-Type: ${r.fileType}` })]),
  );
  add(
    'framing',
    'a part with an 100 kB header',
    multipartBody([...fieldParts(), filePart({ extraHeaders: [`X-Long: ${'h'.repeat(100_000)}`] })]),
  );
  add(
    'framing',
    'a malformed header line',
    multipartBody([...fieldParts(), filePart({ extraHeaders: ['no colon here'] })]),
  );

  // --- sizes
  add(
    'oversized',
    'the file one byte past the limit',
    withFile({ content: Buffer.concat([r.file(), Buffer.alloc(r.limit + 1 - r.file().length, 0x20)]) }),
  );
  add('oversized', 'a 3x-limit file', withFile({ content: Buffer.alloc(3 * r.limit, 0x41) }));
  add(
    'oversized',
    'a 2 MB text field',
    multipartBody([...fieldParts({ ...r.fields(), name: 'n'.repeat(2 * 1024 * 1024) }), filePart()]),
  );
  add(
    'oversized',
    'the file exactly at the limit',
    withFile({ content: Buffer.concat([r.file(), Buffer.alloc(r.limit - r.file().length, 0x20)]) }),
  );

  // --- many parts
  add('many parts', 'two files', multipartBody([...fieldParts(), filePart(), filePart({ filename: 'second.bin' })]));
  add(
    'many parts',
    '200 files',
    multipartBody([...fieldParts(), ...Array.from({ length: 200 }, (_, i) => filePart({ filename: `f${i}` }))]),
  );
  add(
    'many parts',
    '5000 fields',
    multipartBody([...Array.from({ length: 5000 }, (_, i) => ({ name: `f${i}`, content: 'x' })), filePart()]),
  );
  add(
    'many parts',
    '5000 fields after the file',
    multipartBody([filePart(), ...Array.from({ length: 5000 }, (_, i) => ({ name: `f${i}`, content: 'x' }))]),
  );

  // --- empty parts
  add('empty parts', 'an empty file', withFile({ content: Buffer.alloc(0) }));
  add('empty parts', 'an empty file name', withFile({ filename: '' }));
  add('empty parts', 'a part without a name', withFile({ name: undefined }));
  add('empty parts', 'an empty field name', multipartBody([{ name: '', content: 'x' }, filePart()]));
  add(
    'empty parts',
    'empty text fields',
    multipartBody([...fieldParts(Object.fromEntries(Object.keys(r.fields()).map((k) => [k, '']))), filePart()]),
  );
  add('empty parts', 'no file, only the fields', multipartBody(fieldParts()));
  add('empty parts', 'no parts at all', multipartBody([]));

  // --- binary garbage and archives
  add('binary garbage', 'seeded random bytes', withFile({ content: seededBytes(7, 64 * 1024) }));
  add('binary garbage', 'all 0xFF', withFile({ content: Buffer.alloc(4096, 0xff) }));
  add(
    'binary garbage',
    'a PNG header and garbage',
    withFile({ content: Buffer.concat([makePng(8, 8).subarray(0, 33), seededBytes(9, 2000)]) }),
  );
  bombCache ??= zipBomb();
  gzipCache ??= gzipSync(Buffer.alloc(50 * 1024 * 1024), { level: 9 });
  nestedCache ??= nestedZip();
  add(
    'archives',
    'a zip bomb (200 MB in a few kB)',
    withFile({ content: bombCache, filename: 'device.zip', type: 'application/zip' }),
  );
  add(
    'archives',
    'a zip nested ten deep',
    withFile({ content: nestedCache, filename: 'scaps.zip', type: 'application/zip' }),
  );
  add('archives', 'a gzip bomb as the file', withFile({ content: gzipCache, filename: 'x.gz' }));

  // --- text encodings (of the file, the fields and the names)
  const text = r.file().toString('latin1');
  add(
    'encodings',
    'invalid UTF-8 in the file',
    withFile({ content: Buffer.concat([r.file(), Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xf0, 0x28, 0x8c, 0x28])]) }),
  );
  add(
    'encodings',
    'Windows-1252 in the file',
    withFile({
      content: Buffer.concat([Buffer.from('# Brechungsindex \xb5m \xb1 0,1 \x93n\x94\n', 'latin1'), r.file()]),
    }),
  );
  add('encodings', 'UTF-16LE with a BOM', withFile({ content: utf16(text, false) }));
  add('encodings', 'UTF-16BE with a BOM', withFile({ content: utf16(text, true) }));
  add('encodings', 'UTF-16LE without a BOM', withFile({ content: Buffer.from(text, 'utf16le') }));
  add('encodings', 'a UTF-8 BOM', withFile({ content: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), r.file()]) }));
  add(
    'encodings',
    'invalid UTF-8 in a field',
    multipartBody([
      ...Object.keys(r.fields()).map((name) => ({ name, content: Buffer.from([0xff, 0xfe, 0x80, 0x41]) })),
      filePart(),
    ]),
  );
  add(
    'encodings',
    'invalid UTF-8 in the file name',
    withFile({ filename: Buffer.from([0x66, 0xff, 0xc0, 0x2e, 0x70]) }),
  );
  add('encodings', 'a charset the server does not know', withFile({ type: `${r.fileType}; charset=x-klingon` }));

  // --- NUL bytes
  add('NUL bytes', 'NUL in the file', withFile({ content: Buffer.concat([r.file(), Buffer.from('\u0000\u0000')]) }));
  add('NUL bytes', 'NUL inside the file', withFile({ content: Buffer.from(text.replace(/,|"/, '\u0000'), 'latin1') }));
  add(
    'NUL bytes',
    'NUL in every field',
    multipartBody([
      ...fieldParts(Object.fromEntries(Object.entries(r.fields()).map(([k, v]) => [k, `${v}\u0000x`]))),
      filePart(),
    ]),
  );
  add('NUL bytes', 'NUL in the file name', withFile({ filename: 'a\u0000.png' }));
  add('NUL bytes', 'NUL in a field name', multipartBody([{ name: 'na\u0000me', content: 'x' }, filePart()]));

  // --- file names
  for (const name of [
    '../../etc/passwd',
    '..\\..\\windows\\system32\\config\\sam',
    '/etc/passwd',
    '....//....//tmp/pvforge-fuzz',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '😀器件参数.device.json',
    '\u202egnp.exe',
    'n'.repeat(10_000),
    'CON',
    'a"; name="spec',
  ])
    add('file names', `file name ${name.slice(0, 40)}`, withFile({ filename: name }));
  add(
    'file names',
    'RFC 5987 filename*',
    withFile({
      filename: undefined,
      extraHeaders: [],
      rawHeaders: `Content-Disposition: form-data; name="file"; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd\r\nContent-Type: ${r.fileType}`,
    }),
  );

  // --- duplicates and swapped kinds
  const [firstField] = Object.keys(r.fields());
  if (firstField) {
    add(
      'duplicate fields',
      `${firstField} twice`,
      multipartBody([...fieldParts(), ...fieldParts({ [firstField]: 'other' }), filePart()]),
    );
    add('duplicate fields', `${firstField} after the file`, multipartBody([filePart(), ...fieldParts()]));
    add(
      'swapped kinds',
      `${firstField} sent as a file`,
      multipartBody([
        { name: firstField, filename: `${firstField}.txt`, type: 'text/plain', content: r.fields()[firstField]! },
        filePart(),
      ]),
    );
  }
  add(
    'duplicate fields',
    'file twice, the second garbage',
    multipartBody([...fieldParts(), filePart(), filePart({ content: seededBytes(3, 512) })]),
  );
  add(
    'swapped kinds',
    'file sent as a text field',
    multipartBody([...fieldParts(), { name: 'file', content: r.file().toString('latin1') }]),
  );
  add('swapped kinds', 'the file under another name', withFile({ name: 'upload' }));
  add(
    'swapped kinds',
    '__proto__ as a field name',
    multipartBody([{ name: '__proto__', content: '{"admin":true}' }, filePart()]),
  );
  add('swapped kinds', 'constructor as the file name field', withFile({ name: 'constructor' }));
  return out;
}

// --- the rules every answer is held to ---------------------------------------------------------

interface Snap {
  db: Awaited<ReturnType<typeof snapshot>>;
  files: Record<string, string>;
}

/** Every file of the data directory but the database's own (the table snapshot covers those), hashed. */
function dataDirFiles(dir: string, at = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(join(dir, at))) {
    const rel = at ? `${at}/${name}` : name;
    if (/^pvforge\.sqlite/.test(rel)) continue;
    const full = join(dir, rel);
    if (statSync(full).isDirectory()) Object.assign(out, dataDirFiles(dir, rel));
    else out[rel] = createHash('sha256').update(readFileSync(full)).digest('hex');
  }
  return out;
}

async function snap(tables: readonly TableRows[]): Promise<Snap> {
  return { db: await snapshot(t.database.db, tables), files: dataDirFiles(t.database.dataDir) };
}

const HAN = /[\u4e00-\u9fff]/;
const problems = new Map<string, string>();
const figures = { requests: 0, routes: new Set<string>(), classes: new Set<string>(), refused: 0, accepted: 0 };
const answers = new Map<string, number>();
let counted: Record<string, number> = {};

function problem(url: string, cls: string, what: string, msg: string) {
  const key = `${url} [${cls}] ${what}`;
  if (!problems.has(key)) problems.set(key, `${key}: ${msg}`);
}

/** Codes of refusals that are about the body as a whole (its size, framing or type), not one part. */
const WHOLE_BODY = new Set(['1002', '1003', '1005']);

/** A fresh session (a request that logs out must not blind the next); each request signs anew. */
async function sessionOf(who: 'user' | 'admin'): Promise<SessionData> {
  const session =
    who === 'admin'
      ? (await login(t.app, ADMIN.email, ADMIN.password)).data
      : (await login(t.app, user.email, user.password)).data;
  counted = await writeCounts(t.database.db);
  return session;
}

/** Sends one request and holds its answer to the rules; answers whether it was accepted. */
/**
 * Sends one request and holds its answer to the rules; answers whether it was accepted. With
 * `tables`, those tables and the data directory are compared around it too (rows written are
 * counted in every table either way).
 */
async function send(
  url: string,
  h: Hostile,
  session: SessionData,
  lang: 'en' | 'zh-CN',
  tables?: readonly TableRows[],
  afterAccepted?: () => Promise<void>,
): Promise<boolean> {
  const before = counted;
  const stored = tables ? await snap(tables) : undefined;
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: {
      // the server takes a signature once: every request its own
      ...signed(session, t.clock),
      'x-lang': lang,
      ...(h.contentType !== undefined ? { 'content-type': h.contentType } : {}),
      ...h.headers,
    },
    payload: h.payload,
    remoteAddress: freshIp(),
  });
  figures.requests += 1;
  figures.routes.add(url);
  figures.classes.add(h.cls);
  if (res.statusCode >= 500) problem(url, h.cls, h.what, `${res.statusCode} ${res.body.slice(0, 200)}`);
  let answer: { code?: unknown; msg?: unknown; data?: { field?: unknown } | null } | undefined;
  try {
    answer = res.json();
  } catch {
    problem(url, h.cls, h.what, `not JSON: ${res.body.slice(0, 100)}`);
  }
  const code = String(answer?.code);
  answers.set(`${res.statusCode} ${code}`, (answers.get(`${res.statusCode} ${code}`) ?? 0) + 1);
  counted = await writeCounts(t.database.db);
  if (res.statusCode < 400) {
    figures.accepted += 1;
    if (afterAccepted) {
      await afterAccepted();
      counted = await writeCounts(t.database.db);
    }
    return true;
  }
  figures.refused += 1;
  const msg = String(answer?.msg ?? '');
  if (typeof answer?.code !== 'string' || msg === '')
    problem(url, h.cls, h.what, `not {code, msg, data}: ${res.body.slice(0, 200)}`);
  else if (lang === 'zh-CN' ? !HAN.test(msg) : HAN.test(msg)) problem(url, h.cls, h.what, `not in ${lang}: ${msg}`);
  else if (!WHOLE_BODY.has(code) && typeof answer.data?.field !== 'string')
    problem(url, h.cls, h.what, `a refusal (${code} ${msg}) that names no field: ${res.body.slice(0, 200)}`);
  const wrote = Object.keys(counted).filter((k) => counted[k] !== before[k] && !WRITES_ON_REFUSAL.has(k));
  if (wrote.length) problem(url, h.cls, h.what, `refused (${code}) but wrote rows in ${wrote.join(', ')}`);
  if (stored && tables) {
    const now = await snap(tables);
    const changed = changedTables(stored.db, now.db);
    if (changed.length) problem(url, h.cls, h.what, `refused (${code}) but ${changed.join(', ')} changed`);
    if (JSON.stringify(stored.files) !== JSON.stringify(now.files))
      problem(url, h.cls, h.what, `refused (${code}) but the data directory changed: ${JSON.stringify(now.files)}`);
  }
  return false;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedWithAdmin(t);
  user = await registerUser(t.app);
  const admin = (await login(t.app, ADMIN.email, ADMIN.password)).data;
  const partner = await post<{ id: number }>(
    t.app,
    '/calc/sys/admin/partner/save',
    { nameZh: '模糊测试伙伴', nameEn: 'Fuzz partner' },
    { headers: signed(admin, t.clock) },
  );
  partnerId = partner.data.id;
  await installWriteCounter(t.database.db);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function multipartRoutes(): RouteEntry[] {
  return t.app.routeTable.filter((r) => r.schema?.consumes?.includes('multipart/form-data'));
}

describe('hostile multipart uploads', () => {
  it('finds every upload route in the route table, and each takes its valid upload', async () => {
    const declared = multipartRoutes().map((r) => r.url);
    expect(declared.sort()).toEqual(
      uploadRoutes()
        .map((r) => r.url)
        .sort(),
    );
    for (const r of uploadRoutes()) {
      const body = multipartBody([
        ...Object.entries(r.fields()).map(([name, content]) => ({ name, content })),
        { name: 'file', filename: r.fileName, type: r.fileType, content: r.file() },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: r.url,
        headers: { ...signed(await sessionOf(r.who), t.clock), 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.json(), r.url).toMatchObject({ code: '1000' });
    }
  });

  it('answers every class of hostile part with a 4xx in the caller language, and a refusal stores nothing', async () => {
    for (const r of uploadRoutes()) {
      const session = await sessionOf(r.who);
      for (const [i, h] of hostileRequests(r).entries())
        await send(r.url, h, session, i % 2 ? 'zh-CN' : 'en', r.tables(), r.afterAccepted);
    }
    // a file name that climbs out of a folder wrote nothing where it points either
    expect(existsSync(join(tmpdir(), 'pvforge-fuzz'))).toBe(false);
    console.log(`fuzz-multipart answers: ${JSON.stringify(Object.fromEntries(answers))}`);
    expect([...problems.values()]).toEqual([]);
  }, 300_000);
  it('answers random assemblies of hostile parts the same way (seeded property)', async () => {
    problems.clear();
    for (const r of uploadRoutes()) {
      const session = await sessionOf(r.who);
      const names = fc.constantFrom<string | undefined>(
        'file',
        ...Object.keys(r.fields()),
        'text',
        'spec',
        '',
        '__proto__',
        undefined,
      );
      const filenames = fc.constantFrom<string | Buffer | undefined>(
        undefined,
        r.fileName,
        '../../etc/passwd',
        '',
        'a\u0000b',
        Buffer.from([0xff, 0xfe]),
        '长'.repeat(300),
      );
      const contents = fc.constantFrom<Buffer | string>(
        r.file(),
        '',
        String(partnerId),
        'nm',
        seededBytes(11, 3000),
        utf16(r.file().toString('latin1'), false),
        Buffer.from('x\u0000y'),
        Buffer.alloc(r.limit + 1, 0x30),
      );
      const part = fc.record({
        name: names,
        filename: filenames,
        type: fc.constantFrom<string | undefined>(
          undefined,
          r.fileType,
          'application/zip',
          'text/plain; charset=utf-16',
        ),
        content: contents,
      });
      await fc.assert(
        fc.asyncProperty(fc.array(part, { maxLength: 6 }), fc.boolean(), async (parts, unterminated) => {
          const body = multipartBody(
            parts.map((p) => ({
              content: p.content,
              ...(p.name !== undefined ? { name: p.name } : {}),
              ...(p.filename !== undefined ? { filename: p.filename } : {}),
              ...(p.type !== undefined ? { type: p.type } : {}),
            })),
            { unterminated },
          );
          const what = parts.map((p) => `${p.name ?? '-'}${p.filename !== undefined ? '(file)' : ''}`).join(' ');
          await send(
            r.url,
            { cls: 'random assemblies', what, payload: body.payload, contentType: body.contentType },
            session,
            'en',
            r.tables(),
            r.afterAccepted,
          );
          expect([...problems.values()]).toEqual([]);
        }),
        { seed: SEED, numRuns: PROPERTY_RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
  }, 300_000);

  it('answers an upload sent to any route that reads JSON without a 500, and a refusal there stores nothing', async () => {
    problems.clear();
    const uploads = new Set(uploadRoutes().map((r) => r.url));
    const routes = t.app.routeTable.filter(
      (r) => r.method === 'POST' && r.url.startsWith('/calc/') && !uploads.has(r.url) && r.schema?.body,
    );
    expect(routes.length).toBeGreaterThan(80);
    for (const r of routes) {
      const fields = Object.keys(
        (r.schema?.body as { properties?: Record<string, unknown> } | undefined)?.properties ?? {},
      );
      const body = multipartBody([
        ...fields.slice(0, 3).map((name) => ({ name, content: '1' })),
        { name: fields[0] ?? 'file', filename: 'x.json', type: 'application/json', content: '{"id":1}' },
      ]);
      // a fresh session per route: one that logs out or changes the password must not blind the next
      const session = await sessionOf(r.access === 'admin' ? 'admin' : 'user');
      const before = counted;
      await send(
        r.url,
        { cls: 'uploads where JSON is expected', what: r.url, payload: body.payload, contentType: body.contentType },
        session,
        'zh-CN',
      );
      // a route that accepted the fields (all optional) wrote what it would for them: the baseline moves on
      if (counted !== before) counted = await writeCounts(t.database.db);
    }
    console.log(
      `fuzz-multipart (${t.database.db.dialect}): ${figures.requests} requests on ${figures.routes.size} routes, ` +
        `${figures.classes.size} classes (${[...figures.classes].join(', ')}); ${figures.refused} refused, ${figures.accepted} accepted`,
    );
    expect([...problems.values()]).toEqual([]);
  }, 300_000);
});

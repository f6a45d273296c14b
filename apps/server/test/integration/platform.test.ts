import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkDeviceSpec, type FaqListData, type NewsItem, type NewsListData, type StatData } from '@pvforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { assetsDir } from '../../src/jobs/assets.js';
import { createTestApp, seedWithAdmin, type TestApp } from './helpers/app.js';
import { get } from './helpers/client.js';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'pvforge-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>PVForge SPA</title><div id="root"></div>');
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the API envelope', () => {
  it('answers an unknown /calc path with 404 and 1004, for GET and POST', async () => {
    const g = await t.app.inject({ method: 'GET', url: '/calc/no/such/thing' });
    expect(g.statusCode).toBe(404);
    expect(g.json()).toEqual({ code: '1004', msg: '接口不存在', data: null });
    const p = await t.app.inject({ method: 'POST', url: '/calc/sys/nothing', payload: {} });
    expect(p.statusCode).toBe(404);
    expect(p.json()).toMatchObject({ code: '1004' });
  });

  it('answers an oversized body with 413 and 1002, JSON or form', async () => {
    const big = 'x'.repeat(t.config.bodyLimitBytes + 10);
    const json = await t.app.inject({
      method: 'POST',
      url: '/calc/sys/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: big, password: 'x' }),
    });
    expect(json.statusCode).toBe(413);
    expect(json.json()).toMatchObject({ code: '1002' });
    const form = await t.app.inject({
      method: 'POST',
      url: '/calc/sys/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${big}&password=x`,
    });
    expect(form.statusCode).toBe(413);
    expect(form.json()).toMatchObject({ code: '1002' });
  });

  it('answers an unparseable body with 400 and 1003', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/calc/sys/user/login',
      headers: { 'content-type': 'application/json', 'x-lang': 'en' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: '1003', msg: 'The request body could not be parsed', data: null });
  });

  it('answers an unsupported content type with 415 and 1005', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/calc/sys/user/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: '1005' });
  });

  it('hides unexpected errors behind 500 and 5000', async () => {
    const app = await buildApp(t.config, { db: t.database.db, clock: t.clock });
    app.get('/calc/boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret internals at /var/lib/x');
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/calc/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: '5000', msg: '服务器内部错误，请稍后再试', data: null });
      expect(res.body).not.toContain('secret');
    } finally {
      await app.close();
    }
  });

  it('reports health with the database dialect', async () => {
    const res = await get<{ db: string; dialect: string }>(t.app, '/calc/health');
    expect(res.code).toBe('1000');
    expect(res.data.db).toBe('ok');
    expect(res.data.dialect).toBe(process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite');
  });
});

describe('/sys/stat/all', () => {
  it('counts devices by visibility, calculations by kind and materials, live from the database', async () => {
    const k = t.database.db.kysely;
    const before = (await get<{ data: number[] }>(t.app, '/calc/sys/stat/all')).data.data;
    const now = Date.now();
    const owner = await k
      .insertInto('users')
      .values({
        email: `counter${now}@example.com`,
        password_hash: 'x',
        real_name: 'c',
        nickname: null,
        gender: 1,
        phone: '+8613800000001',
        enterprise: 'Counter Lab',
        address: 'a',
        role: 3,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const device = (n: number, isPublic: number) => ({
      id: `${String(n).padStart(2, '0')}${'d'.repeat(30)}`,
      user_id: owner.id,
      kind: n % 2 ? 'opt' : 'elec',
      is_public: isPublic,
      name: `device ${n}`,
      created_at: now,
    });
    await k
      .insertInto('devices')
      .values([device(1, 0), device(2, 0), device(3, 0), device(4, 1)])
      .execute();
    const calc = (kind: string) => ({ user_id: owner.id, kind, status: 'done', created_at: now });
    await k
      .insertInto('calculations')
      .values([calc('opt'), calc('elec'), calc('elec'), calc('circle'), calc('circle2'), calc('circle2')])
      .execute();
    await k
      .insertInto('materials')
      .values({ uuid: `m-${now}`, name: 'Si', category: 'tetrahedral', created_at: now })
      .execute();

    const after = (await get<{ data: number[] }>(t.app, '/calc/sys/stat/all')).data.data;
    const delta = after.map((v, i) => v - (before[i] ?? 0));
    expect(delta).toEqual([3, 1, 1, 1, 1, 2, 3, 1]);
  });
});

describe('OpenAPI', () => {
  it('serves the document at /calc/docs/json with the account routes and their schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/calc/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { security?: unknown }>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/calc/sys/user/reg',
      '/calc/sys/user/login',
      '/calc/sys/user/logout',
      '/calc/sys/user/getUserAddon',
      '/calc/sys/user/updateUserAddon',
      '/calc/sys/user/changePassword',
      '/calc/sys/user/checkResetToken',
      '/calc/sys/user/resetPassword',
      '/calc/mail/send',
      '/calc/sys/stat/all',
    ]) {
      expect(Object.keys(doc.paths), p).toContain(p);
    }
    expect(doc.paths['/calc/sys/user/logout']?.['post']?.security).toEqual([{ uid: [], sign: [] }]);
    expect(doc.paths['/calc/sys/user/login']?.['post']?.security).toBeUndefined();
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/*'))).toBe(false);
  });

  it('serves the UI at /calc/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/calc/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('the web app', () => {
  it('serves index.html for client routes such as /plat/index (SPA fallback)', async () => {
    for (const url of ['/', '/plat/index', '/news', '/reset-password?token=abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('PVForge SPA');
    }
  });

  it('serves built files as files, with long caching for hashed assets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("app")');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('never serves files outside WEB_DIST', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/..%2f..%2f..%2fetc%2fpasswd' });
    expect(res.body).toContain('PVForge SPA');
  });

  it('sends security headers with a CSP that allows the app and its WebSocket', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/plat/index', headers: { host: 'pvforge.example:8080' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain('img-src');
    expect(csp).toContain('data:');
    expect(csp).toContain('ws://pvforge.example:8080');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('shows a build hint when WEB_DIST has no index.html', async () => {
    const app = await buildApp(
      { ...t.config, webDist: path.join(webDist, 'missing') },
      { db: t.database.db, clock: t.clock },
    );
    try {
      const res = await app.inject({ method: 'GET', url: '/plat/index' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('npm run build');
    } finally {
      await app.close();
    }
  });
});

describe('seeded public content', () => {
  it('seeds once: administrator, news and the 29 FAQ entries; a second run changes nothing', async () => {
    await seedWithAdmin(t);
    await seedWithAdmin(t);
    const faq = await get<FaqListData>(t.app, '/calc/sys/faq/list');
    expect(faq.code).toBe('1000');
    expect(faq.data.list).toHaveLength(29);
    expect(faq.data.list.every((f) => f.question_zh && f.question_en && f.answer_zh && f.answer_en)).toBe(true);
    const text = JSON.stringify(faq.data);
    for (const fact of ['600', '1e3', '1e-5', '300-1600', '0.3-0.4', '32', '5 分钟', '1e10'])
      expect(text).toContain(fact);

    const news = await get<NewsListData>(t.app, '/calc/sys/news/list?page=1&size=3');
    expect(news.data.total).toBeGreaterThanOrEqual(6);
    expect(news.data.list).toHaveLength(3);
    const firstId = news.data.list[0]?.id;
    const detail = await get<NewsItem>(t.app, `/calc/sys/news/detail?id=${firstId}`);
    expect(detail.data.id).toBe(firstId);
    expect((await get(t.app, '/calc/sys/news/detail?id=999999')).code).toBe('4004');
    const bad = await get(t.app, '/calc/sys/news/detail?id=abc');
    expect(bad.code).toBe('1001');
    expect(bad.data).toEqual({ field: 'id', rule: 'type' });
    expect(await t.app.services.users.countAdmins()).toBe(1);
  });

  it('seeds worked example devices into an empty public device library, once', async () => {
    const fresh = await createTestApp();
    try {
      await seedWithAdmin(fresh);
      await seedWithAdmin(fresh);
      // Demo content: worked example devices in the public library, each a valid DeviceSpec with a citation.
      const stats = await get<StatData>(fresh.app, '/calc/sys/stat/all');
      // Every *.device.json shipped in assets/devices, once.
      const files = readdirSync(path.join(assetsDir(), 'devices')).filter((f) => f.endsWith('.device.json'));
      expect(stats.data.data[stats.data.names.indexOf('publicDevices')]).toBe(files.length);
      const demos = await fresh.app.services.db.kysely.selectFrom('devices').selectAll().execute();
      expect(demos).toHaveLength(files.length);
      expect([...new Set(demos.map((d) => d.kind))].sort()).toEqual(['elec', 'opt']);
      for (const d of demos) {
        expect(d.id).toMatch(/^[0-9a-f]{32}$/);
        expect(Number(d.is_public)).toBe(1);
        expect(d.citation).toBeTruthy();
        expect(checkDeviceSpec(JSON.parse(d.spec ?? 'null')).ok).toBe(true);
      }
    } finally {
      await fresh.close();
    }
  });

  it('prints a generated administrator password once, in a banner', async () => {
    const { seed } = await import('../../src/seed/seed.js');
    const fresh = await createTestApp();
    try {
      const printed: string[] = [];
      await seed(fresh.app.services, { ...fresh.config, adminEmail: undefined, adminPassword: undefined }, (s) =>
        printed.push(s),
      );
      await seed(fresh.app.services, { ...fresh.config, adminEmail: undefined, adminPassword: undefined }, (s) =>
        printed.push(s),
      );
      expect(printed).toHaveLength(1);
      expect(printed[0]).toContain('admin@pvforge.local');
      const password = /password: (\S+)/.exec(printed[0] ?? '')?.[1] ?? '';
      const res = await fresh.app.inject({
        method: 'POST',
        url: '/calc/sys/user/login',
        payload: { username: 'admin@pvforge.local', password },
      });
      expect(res.json()).toMatchObject({ code: '1000', data: { role: 1 } });
    } finally {
      await fresh.close();
    }
  });
});

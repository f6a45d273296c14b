import type { Access, SessionData } from '@pvforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ADMIN, createTestApp, seedWithAdmin, type TestApp } from './helpers/app.js';
import { login, registerUser, signed } from './helpers/client.js';

let t: TestApp;
let user: { email: string; password: string; session: SessionData };
beforeAll(async () => {
  t = await createTestApp();
  await seedWithAdmin(t);
  user = await registerUser(t.app);
});

/** A session of its own for each probe: probing logout must not end the session of the next probe. */
async function freshSession(email: string, password: string): Promise<SessionData> {
  return (await login(t.app, email, password)).data;
}
afterAll(async () => {
  await t?.close();
});

async function call(method: string, url: string, headers: Record<string, string>) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    ...(method === 'GET' || method === 'HEAD' ? {} : { payload: '{}' }),
  });
  return { status: res.statusCode, code: method === 'HEAD' ? undefined : (res.json() as { code: string }).code };
}

describe('route table', () => {
  it('declares an access level for every route', () => {
    const routes = t.app.routeTable;
    expect(routes.length).toBeGreaterThan(15);
    for (const r of routes) expect(['public', 'user', 'admin'] as Access[]).toContain(r.access);
    const api = routes.filter((r) => r.url.startsWith('/calc/') && !r.url.startsWith('/calc/docs'));
    expect(api.filter((r) => r.access === 'admin').map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/calc/sys/user/list',
        '/calc/sys/mail/outbox',
        '/calc/sys/admin/institution/save',
        '/calc/sys/admin/institution/delete',
        '/calc/sys/admin/institution/reorder',
        '/calc/sys/admin/partner/save',
        '/calc/sys/admin/partner/logo',
        '/calc/sys/admin/partner/delete',
        '/calc/sys/admin/partner/reorder',
        '/calc/sys/admin/contact/set',
      ]),
    );
    expect(api.filter((r) => r.access === 'user').map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/calc/sys/user/logout',
        '/calc/sys/user/getUserAddon',
        '/calc/sys/user/updateUserAddon',
        '/calc/sys/user/changePassword',
        '/calc/sys/chat/send',
        '/calc/sys/chat/conversations',
        '/calc/sys/chat/history',
        '/calc/sys/chat/read',
      ]),
    );
  });

  it('refuses anonymous callers on every user and admin route (401), ordinary users on admin routes (403), and lets an administrator through', async () => {
    const guarded = t.app.routeTable.filter((r) => r.access !== 'public' && r.method !== 'HEAD');
    expect(guarded.length).toBeGreaterThan(0);
    for (const r of guarded) {
      const anon = await call(r.method, r.url, {});
      expect(anon, `${r.method} ${r.url} anonymous`).toEqual({ status: 401, code: '2001' });

      const asUser = await call(r.method, r.url, signed(await freshSession(user.email, user.password), t.clock));
      if (r.access === 'admin') expect(asUser, `${r.method} ${r.url} as user`).toEqual({ status: 403, code: '2007' });
      else expect(asUser.status, `${r.method} ${r.url} as user`).not.toBe(401);

      const asAdmin = await call(r.method, r.url, signed(await freshSession(ADMIN.email, ADMIN.password), t.clock));
      expect([401, 403], `${r.method} ${r.url} as admin`).not.toContain(asAdmin.status);
    }
  });

  it('lets anyone call the public API routes', async () => {
    const open = t.app.routeTable.filter(
      (r) => r.access === 'public' && r.method === 'GET' && r.url.startsWith('/calc/sys/') && !r.url.includes(':'),
    );
    expect(open.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/calc/sys/stat/all',
        '/calc/sys/faq/list',
        '/calc/sys/validation/report',
        '/calc/sys/site/institutions',
        '/calc/sys/site/partners',
        '/calc/sys/site/contact',
      ]),
    );
    for (const r of open) {
      const res = await call(r.method, r.url, {});
      expect([401, 403], r.url).not.toContain(res.status);
    }
  });

  it('lets an administrator read any profile and list users', async () => {
    // The route walk above logs the administrator in once per route, which can revoke an earlier
    // session under the per-user session cap; this test uses a session of its own.
    const admin = await freshSession(ADMIN.email, ADMIN.password);
    const other = await t.app.inject({
      method: 'POST',
      url: '/calc/sys/user/getUserAddon',
      headers: signed(admin, t.clock),
      payload: { user_id: user.session.user_id },
    });
    expect(other.json()).toMatchObject({ code: '1000', data: { userAddon: { user_id: user.session.user_id } } });
    const list = await t.app.inject({
      method: 'POST',
      url: '/calc/sys/user/list',
      headers: signed(admin, t.clock),
      payload: { page: 1, size: 5, q: 'ADMIN@pvforge' },
    });
    const body = list.json() as { code: string; data: { list: Array<{ username: string }>; total: number } };
    expect(body.code).toBe('1000');
    expect(body.data.total).toBe(1);
    expect(body.data.list[0]?.username).toBe(ADMIN.email);
    // Wildcards in the search are literal characters.
    for (const q of ['%', '_dmin']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/calc/sys/user/list',
        headers: signed(admin, t.clock),
        payload: { q },
      });
      expect((res.json() as { data: { total: number } }).data.total, q).toBe(0);
    }
  });

  it('fails to build when a route declares no access', async () => {
    const app = await buildApp(t.config, { db: t.database.db, clock: t.clock });
    try {
      app.register(async (child) => {
        child.get('/calc/undeclared', async () => 'x');
      });
      await expect(app.ready()).rejects.toThrow(/declares no access/);
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});

import type { AdminUserDetail, AdminUserItem, AuditListData, SessionData } from '@pvforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, seedWithAdmin, type TestApp } from './helpers/app.js';
import { login, post, registerUser, signed, type TestUser } from './helpers/client.js';

/** Administration of users (issue 14, spec §6): the access matrix and each action's effect, audited. */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: SessionData;
let adminId: number;
const call = <T>(url: string, body: Record<string, unknown>, who?: SessionData) =>
  post<T>(t.app, `/calc${url}`, body, who ? { headers: signed(who, t.clock) } : {});

beforeAll(async () => {
  t = await createTestApp();
  await seedWithAdmin(t);
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
  admin = (await login(t.app, ADMIN.email, ADMIN.password)).data;
  adminId = Number(admin.user_id);
});
afterAll(async () => {
  await t?.close();
});

const ROUTES = ['detail', 'role', 'disable', 'logout', 'resetMail'];

describe('administration of users', () => {
  it('refuses anonymous callers (401) and ordinary users, even on themselves (403)', async () => {
    for (const r of ROUTES) {
      expect((await call(`/sys/admin/user/${r}`, { id: 1, role: 1, disabled: false })).code, r).toBe('2001');
      const self = Number(alice.session.user_id);
      expect((await call(`/sys/admin/user/${r}`, { id: self, role: 1, disabled: false }, alice.session)).code, r).toBe(
        '2007',
      );
    }
  });

  it('shows a user with activity and balance; unknown users are 4004', async () => {
    const d = await call<AdminUserDetail>('/sys/admin/user/detail', { id: Number(alice.session.user_id) }, admin);
    expect(d.data).toMatchObject({ user: { username: alice.email, disabled: false }, calculations: 0, balanceYuan: 0 });
    expect((await call('/sys/admin/user/detail', { id: 999999 }, admin)).code).toBe('4004');
  });

  it('disables an account (its sessions end, it cannot log in) and enables it again', async () => {
    const id = Number(bob.session.user_id);
    const d = await call<AdminUserItem>('/sys/admin/user/disable', { id, disabled: true }, admin);
    expect(d.data.disabled).toBe(true);
    expect((await call('/sys/msg/list', {}, bob.session)).status).toBe(401);
    expect((await login(t.app, bob.email, bob.password)).code).toBe('2011');
    expect((await call('/sys/admin/user/resetMail', { id }, admin)).code).toBe('2011');
    expect((await call<AdminUserItem>('/sys/admin/user/disable', { id, disabled: false }, admin)).data.disabled).toBe(
      false,
    );
    const again = await login(t.app, bob.email, bob.password);
    expect(again.code).toBe('1000');
    bob = { ...bob, session: again.data };
  });

  it('forces a logout, changes roles, never disables or demotes oneself, and sends a reset mail', async () => {
    const id = Number(alice.session.user_id);
    expect((await call('/sys/admin/user/logout', { id }, admin)).code).toBe('1000');
    expect((await call('/sys/msg/list', {}, alice.session)).status).toBe(401);
    const fresh = (await login(t.app, alice.email, alice.password)).data;

    expect((await call<AdminUserItem>('/sys/admin/user/role', { id, role: 1 }, admin)).data.role).toBe(1);
    const asAdmin = (await login(t.app, alice.email, alice.password)).data;
    expect((await call('/sys/forum/reports', {}, asAdmin)).code).toBe('1000');
    expect((await call<AdminUserItem>('/sys/admin/user/role', { id, role: 3 }, admin)).data.role).toBe(3);
    expect((await call('/sys/msg/list', {}, fresh)).status).toBe(401); // role change ends sessions

    expect((await call('/sys/admin/user/disable', { id: adminId, disabled: true }, admin)).code).toBe('2013');
    expect((await call('/sys/admin/user/role', { id: adminId, role: 3 }, admin)).code).toBe('2013');

    expect((await call('/sys/admin/user/resetMail', { id }, admin)).code).toBe('1000');
    const outbox = await t.app.services.db.kysely
      .selectFrom('mail_outbox')
      .select('to_addr')
      .where('to_addr', '=', alice.email)
      .execute();
    expect(outbox.length).toBeGreaterThan(0);

    const audit = await call<AuditListData>('/sys/admin/audit', { size: 100 }, admin);
    const actions = audit.data.list.map((a) => `${a.action} ${a.target}`);
    for (const a of ['user.logout', 'user.role', 'user.reset-mail']) expect(actions).toContain(`${a} user:${id}`);
    expect(actions).toContain(`user.disable user:${bob.session.user_id}`);
  });
});

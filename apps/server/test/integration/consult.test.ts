import type { ConsultListData, ConsultTicket, MsgListData, SessionData } from '@pvforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, seedWithAdmin, type TestApp } from './helpers/app.js';
import { login, post, registerUser, signed, type TestUser } from './helpers/client.js';

/**
 * Consultation tickets (issue 14, docs/consultation.md) on the real server and database: the access
 * matrix (anonymous, owner, other user, administrator), the states open -> answered -> open ->
 * closed, and the owner told by message and live act when an administrator answers.
 */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: SessionData;
const call = <T>(url: string, body: Record<string, unknown>, who?: SessionData) =>
  post<T>(t.app, `/calc${url}`, body, who ? { headers: signed(who, t.clock) } : {});

beforeAll(async () => {
  t = await createTestApp();
  await seedWithAdmin(t);
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
  admin = (await login(t.app, ADMIN.email, ADMIN.password)).data;
});
afterAll(async () => {
  await t?.close();
});

async function open(who: SessionData, subject = '电学计算不收敛'): Promise<number> {
  const r = await call<{ id: number }>(
    '/sys/consult/create',
    { category: 'calculation', subject, text: '网格 600 时计算超过 5 分钟。\n<b>not html</b>' },
    who,
  );
  expect(r.code, r.msg).toBe('1000');
  return r.data.id;
}

describe('consultation access matrix', () => {
  it('refuses anonymous callers on every route', async () => {
    for (const url of ['create', 'mine', 'detail', 'reply', 'close', 'list']) {
      const r = await call(`/sys/consult/${url}`, { id: 1 });
      expect([r.status, r.code], url).toEqual([401, '2001']);
    }
  });

  it('shows a ticket to its owner and administrators only; others get "no such consultation"', async () => {
    const id = await open(alice.session);
    expect((await call<ConsultTicket>('/sys/consult/detail', { id }, alice.session)).code).toBe('1000');
    expect((await call<ConsultTicket>('/sys/consult/detail', { id }, admin)).code).toBe('1000');
    expect((await call('/sys/consult/detail', { id }, bob.session)).code).toBe('4701');
    expect((await call('/sys/consult/reply', { id, text: 'me too' }, bob.session)).code).toBe('4701');
    expect((await call('/sys/consult/close', { id }, bob.session)).code).toBe('4701');
    expect((await call('/sys/consult/list', {}, alice.session)).code).toBe('2007');
    const mine = await call<ConsultListData>('/sys/consult/mine', {}, bob.session);
    expect(mine.data.list.map((x) => x.id)).not.toContain(id);
    const all = await call<ConsultListData>('/sys/consult/list', { status: 'open' }, admin);
    expect(all.data.list.map((x) => x.id)).toContain(id);
  });
});

describe('consultation flow', () => {
  it('moves open -> answered -> open -> closed and tells the user when answered', async () => {
    const id = await open(alice.session, '如何导入材料');
    const live: Array<{ userId: number; act: string; link?: string }> = [];
    const original = t.app.live.toUser.bind(t.app.live);
    t.app.live.toUser = (userId, m) => {
      live.push({ userId, act: m.act, ...(m.link ? { link: m.link } : {}) });
      original(userId, m);
    };
    try {
      t.clock.advance(1000);
      expect((await call('/sys/consult/reply', { id, text: '请在材料库点击“添加个人材料”。' }, admin)).code).toBe(
        '1000',
      );
      let d = await call<ConsultTicket>('/sys/consult/detail', { id }, alice.session);
      expect(d.data.status).toBe('answered');
      expect(d.data.messages.map((m) => m.fromAdmin)).toEqual([false, true]);
      expect(d.data.messages[0]!.text).toContain('<b>not html</b>'); // kept as text, shown as text
      const msgs = await call<MsgListData>('/sys/msg/list', {}, alice.session);
      expect(msgs.data.list[0]).toMatchObject({
        kind: 'consult-answered',
        link: `/plat/cs/consult?id=${id}`,
        read: false,
      });
      expect(live).toContainEqual({
        userId: Number(alice.session.user_id),
        act: 'newMsg',
        link: `/plat/cs/consult?id=${id}`,
      });

      expect((await call('/sys/consult/reply', { id, text: '谢谢，还有一个问题' }, alice.session)).code).toBe('1000');
      d = await call<ConsultTicket>('/sys/consult/detail', { id }, admin);
      expect(d.data.status).toBe('open');

      expect((await call('/sys/consult/close', { id }, alice.session)).code).toBe('1000');
      d = await call<ConsultTicket>('/sys/consult/detail', { id }, alice.session);
      expect(d.data.status).toBe('closed');
      expect((await call('/sys/consult/reply', { id, text: 'late' }, admin)).code).toBe('4702');
      expect((await call('/sys/consult/close', { id }, admin)).code).toBe('4702');
    } finally {
      t.app.live.toUser = original;
    }
  });

  it('refuses unknown categories, blank text and attachments the user may not open', async () => {
    const bad = await call('/sys/consult/create', { category: 'spam', subject: 'x', text: 'y' }, alice.session);
    expect(bad.code).toBe('1001');
    const blank = await call('/sys/consult/create', { category: 'other', subject: 'x', text: '   ' }, alice.session);
    expect(blank.code).toBe('4605');
    const foreign = await call(
      '/sys/consult/create',
      { category: 'other', subject: 'x', text: 'y', attachments: [{ type: 'device', id: 'a'.repeat(32) }] },
      alice.session,
    );
    expect(foreign.code).toBe('4607');
  });

  it('lets an administrator close a ticket, and the user is told', async () => {
    const id = await open(bob.session, '账号问题');
    expect((await call('/sys/consult/close', { id }, admin)).code).toBe('1000');
    const msgs = await call<MsgListData>('/sys/msg/list', {}, bob.session);
    expect(msgs.data.list[0]).toMatchObject({ kind: 'consult-closed' });
  });
});

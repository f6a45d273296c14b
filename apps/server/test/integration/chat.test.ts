import type {
  ChatConversationsData,
  ChatFindData,
  ChatHistoryData,
  ChatSendData,
  SessionData,
} from '@pvforge/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, seedWithAdmin, type TestApp } from './helpers/app.js';
import { login, post, registerUser, signed } from './helpers/client.js';
import { closeAll, connected, quiet } from './live/client.js';

/**
 * User-to-user in-site messages (issue 16): the four /sys/chat routes with their access matrix
 * (anonymous, owner, other user, administrator), the live act 999 stored through the same service,
 * the online list of contacts, the server's report question and the administrator's kick.
 */
let t: TestApp;
let admin: SessionData;
type U = { email: string; password: string; session: SessionData };
let alice: U;
let bob: U;
let carol: U;

beforeAll(async () => {
  t = await createTestApp();
  await seedWithAdmin(t);
  admin = (await login(t.app, ADMIN.email, ADMIN.password)).data;
  alice = await registerUser(t.app, { real_name: 'Alice' });
  bob = await registerUser(t.app, { real_name: 'Bob' });
  carol = await registerUser(t.app, { real_name: 'Carol' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(closeAll);
afterAll(async () => {
  await t?.close();
});

const as = (s: SessionData) => ({ headers: signed(s, t.clock) });
const send = (s: SessionData, body: Record<string, unknown>) =>
  post<ChatSendData>(t.app, '/calc/sys/chat/send', body, as(s));
const conversations = (s: SessionData) => post<ChatConversationsData>(t.app, '/calc/sys/chat/conversations', {}, as(s));
const history = (s: SessionData, peer: number, extra: Record<string, unknown> = {}) =>
  post<ChatHistoryData>(t.app, '/calc/sys/chat/history', { peer, ...extra }, as(s));
const read = (s: SessionData, peer: number) => post(t.app, '/calc/sys/chat/read', { peer }, as(s));

describe('access matrix of /sys/chat/*', () => {
  it('refuses anonymous callers on every route', async () => {
    for (const [url, body] of [
      ['/calc/sys/chat/send', { to: bob.session.user_id, msg: 'hi' }],
      ['/calc/sys/chat/conversations', {}],
      ['/calc/sys/chat/history', { peer: bob.session.user_id }],
      ['/calc/sys/chat/read', { peer: bob.session.user_id }],
    ] as const) {
      const r = await post(t.app, url, body);
      expect({ status: r.status, code: r.code }, url).toEqual({ status: 401, code: '2001' });
    }
  });

  it('lets the two people of a conversation see it, and nobody else (not even an administrator)', async () => {
    const sent = await send(alice.session, { to: bob.session.user_id, msg: '只给 Bob 看' });
    expect(sent.code).toBe('1000');
    const id = sent.data.message.id;

    // Owners: the sender and the recipient.
    for (const [s, peer] of [
      [alice.session, bob.session.user_id],
      [bob.session, alice.session.user_id],
    ] as const) {
      const h = await history(s, peer);
      expect(h.code).toBe('1000');
      expect(h.data.list.map((m) => m.id)).toContain(id);
      expect((await conversations(s)).data.list.map((c) => c.last.id)).toContain(id);
    }

    // Another user and an administrator asking about either side see only their own (empty) conversations.
    for (const s of [carol.session, admin]) {
      for (const peer of [alice.session.user_id, bob.session.user_id]) {
        const h = await history(s, peer);
        expect(h.code).toBe('1000');
        expect(h.data.list.map((m) => m.id)).not.toContain(id);
      }
      const c = await conversations(s);
      expect(c.data.list.flatMap((x) => [x.last.id])).not.toContain(id);
      // Marking "Alice's messages" read as someone else does not touch Bob's unread message.
      expect((await read(s, alice.session.user_id)).code).toBe('1000');
    }
    const bobs = await conversations(bob.session);
    expect(bobs.data.list.find((c) => c.peer.uid === alice.session.user_id)?.unread).toBeGreaterThan(0);
  });
});

describe('sending', () => {
  it('stores plain text with safe colours and refuses what cannot be sent, with a reason', async () => {
    const dave = await registerUser(t.app, { real_name: 'Dave' });
    const ok = await send(dave.session, {
      to: carol.session.user_id,
      msg: '  你好 <img src=x onerror=alert(1)>Carol\u202e  ',
      color: '#c00',
      bg: 'lightyellow',
    });
    expect(ok.code).toBe('1000');
    expect(ok.data.message).toMatchObject({
      from: dave.session.user_id,
      to: carol.session.user_id,
      msg: '你好 Carol',
      color: '#c00',
      bg: 'lightyellow',
      read: false,
    });
    expect(ok.data.delivered).toBe(false);

    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ to: dave.session.user_id, msg: 'me' }, 400, '4502'],
      [{ to: 987_654, msg: 'nobody' }, 404, '4501'],
      [{ to: carol.session.user_id, msg: '<b></b> \u0007 ' }, 400, '4503'],
      [{ to: carol.session.user_id, msg: 'x', color: 'url(javascript:alert(1))' }, 400, '1001'],
      [{ to: carol.session.user_id, msg: 'x'.repeat(2001) }, 400, '1001'],
      [{ to: carol.session.user_id }, 400, '1001'],
    ];
    for (const [body, status, code] of cases) {
      const r = await send(dave.session, body);
      expect({ status: r.status, code: r.code }, JSON.stringify(body).slice(0, 80)).toEqual({ status, code });
    }
    // Long text is kept to 500 characters, as over the live connection.
    const long = await send(dave.session, { to: carol.session.user_id, msg: '长'.repeat(1500) });
    expect(long.data.message.msg).toHaveLength(500);
    // The refusals stored nothing.
    const h = await history(dave.session, carol.session.user_id);
    expect(h.data.list).toHaveLength(2);
  });

  it('refuses a disabled recipient', async () => {
    const erin = await registerUser(t.app, { real_name: 'Erin' });
    const off = await post(
      t.app,
      '/calc/sys/admin/user/disable',
      { id: erin.session.user_id, disabled: true },
      as(admin),
    );
    expect(off.code).toBe('1000');
    const r = await send(alice.session, { to: erin.session.user_id, msg: 'hello?' });
    expect(r.code).toBe('4501');
  });

  it('limits a sender to 30 messages a minute over the API and the live connection together', async () => {
    const fay = await registerUser(t.app, { real_name: 'Fay' });
    for (let i = 0; i < 29; i++)
      expect((await send(fay.session, { to: bob.session.user_id, msg: `m${i}` })).code).toBe('1000');
    const ws = await connected(t.app, fay.session);
    ws.send({ act: '999', msgid: 'w30', to: bob.session.user_id, msg: 'thirtieth' });
    expect((await ws.next((m) => m.msgid === 'w30')).msg).toBe('offline');
    ws.send({ act: '999', msgid: 'w31', to: bob.session.user_id, msg: 'too many' });
    expect((await ws.next((m) => m.msgid === 'w31')).msg).toBe('limited');
    const over = await send(fay.session, { to: bob.session.user_id, msg: 'still too many' });
    expect({ status: over.status, code: over.code }).toEqual({ status: 429, code: '4504' });
    expect(over.msg).toContain('30');
    t.clock.advance(61_000);
    expect((await send(fay.session, { to: bob.session.user_id, msg: 'a minute later' })).code).toBe('1000');
  });
});

describe('conversations, unread counts and the live notification', () => {
  it('relays an API message live to every socket of the recipient and counts it unread until read', async () => {
    const gus = await registerUser(t.app, { real_name: 'Gus' });
    const hal = await registerUser(t.app, { real_name: 'Hal' });
    const onHal = await connected(t.app, hal.session);
    const r = await send(gus.session, { to: hal.session.user_id, msg: '第一条', color: 'red' });
    expect(r.data.delivered).toBe(true);
    expect(await onHal.next((m) => m.act === '999')).toEqual({
      act: '999',
      from: gus.session.user_id,
      nickname: 'Gus',
      to: hal.session.user_id,
      msg: '第一条',
      color: 'red',
      msgid: `u${r.data.message.id}`,
    });
    await send(gus.session, { to: hal.session.user_id, msg: '第二条' });
    let c = await conversations(hal.session);
    expect(c.data.unread).toBe(2);
    expect(c.data.list).toEqual([
      expect.objectContaining({ peer: { uid: gus.session.user_id, name: 'Gus' }, unread: 2 }),
    ]);
    expect(c.data.list[0]?.last.msg).toBe('第二条');

    // The reply over the live connection is stored in the same conversation.
    onHal.send({ act: '999', msgid: 'c1', to: gus.session.user_id, msg: '收到' });
    expect((await onHal.next((m) => m.msgid === 'c1' && m.act === 'ack')).msg).toBe('offline');
    const h = await history(gus.session, hal.session.user_id);
    expect(h.data.peer).toEqual({ uid: hal.session.user_id, name: 'Hal' });
    expect(h.data.list.map((m) => m.msg)).toEqual(['第一条', '第二条', '收到']);
    expect((await conversations(gus.session)).data.unread).toBe(1);

    expect((await read(hal.session, gus.session.user_id)).code).toBe('1000');
    c = await conversations(hal.session);
    expect(c.data.unread).toBe(0);
    expect(c.data.list[0]?.unread).toBe(0);
    const again = await history(gus.session, hal.session.user_id);
    expect(again.data.list.filter((m) => m.from === gus.session.user_id).every((m) => m.read)).toBe(true);
  });

  it('pages a long history back with before', async () => {
    const ivy = await registerUser(t.app, { real_name: 'Ivy' });
    for (let i = 1; i <= 5; i++) await send(ivy.session, { to: alice.session.user_id, msg: `n${i}` });
    const newest = await history(ivy.session, alice.session.user_id, { size: 3 });
    expect(newest.data.list.map((m) => m.msg)).toEqual(['n3', 'n4', 'n5']);
    expect(newest.data.more).toBe(true);
    const older = await history(ivy.session, alice.session.user_id, { size: 3, before: newest.data.list[0]?.id });
    expect(older.data.list.map((m) => m.msg)).toEqual(['n1', 'n2']);
    expect(older.data.more).toBe(false);
  });
});

describe('online list and report', () => {
  it('shows an ordinary user the online administrators and people they exchanged messages with, an administrator everyone', async () => {
    const jo = await registerUser(t.app, { real_name: 'Jo' });
    const kim = await registerUser(t.app, { real_name: 'Kim' });
    const lee = await registerUser(t.app, { real_name: 'Lee' });
    const onJo = await connected(t.app, jo.session);
    const onKim = await connected(t.app, kim.session);
    const onLee = await connected(t.app, lee.session);
    const onAdmin = await connected(t.app, admin);
    const sorted = (...ids: number[]) => ids.sort((x, y) => x - y);
    const list = async (c: typeof onJo, id: string) =>
      (
        JSON.parse((await c.next((m) => m.act === 'report' && m.msgid === id)).msg ?? '[]') as Array<{ uid: number }>
      ).map((e) => e.uid);
    onJo.send({ act: 'report', msgid: 'a' });
    // The administrators, whom anyone may ask, are always listed (issue 29).
    expect(await list(onJo, 'a')).toEqual(sorted(jo.session.user_id, admin.user_id));
    await send(kim.session, { to: jo.session.user_id, msg: 'hi Jo' });
    onJo.send({ act: 'report', msgid: 'b' });
    expect(await list(onJo, 'b')).toEqual(sorted(jo.session.user_id, kim.session.user_id, admin.user_id));
    onKim.send({ act: 'report', msgid: 'c' });
    expect(await list(onKim, 'c')).toEqual(sorted(jo.session.user_id, kim.session.user_id, admin.user_id));
    onLee.send({ act: 'report', msgid: 'd' });
    expect(await list(onLee, 'd')).toEqual(sorted(lee.session.user_id, admin.user_id));
    onAdmin.send({ act: 'report', msgid: 'e' });
    expect(await list(onAdmin, 'e')).toEqual(
      expect.arrayContaining([jo.session.user_id, kim.session.user_id, lee.session.user_id, admin.user_id]),
    );
  });

  it('asks every socket to report at the heartbeat and takes the answer with its uid and name', async () => {
    const max = await registerUser(t.app, { real_name: 'Max' });
    const onMax = await connected(t.app, max.session);
    const onAdmin = await connected(t.app, admin);
    t.app.live.heartbeatNow();
    expect(await onMax.next((m) => m.act === 'report' && m.msg === undefined)).toEqual({ act: 'report' });
    onMax.send({ act: 'report', uid: max.session.user_id, name: 'Max <i>P</i>' });
    // Claiming someone else's id is refused.
    onMax.send({ act: 'report', msgid: 'bad', uid: admin.user_id, name: 'Admin' });
    expect((await onMax.next((m) => m.msgid === 'bad')).msg).toBe('invalid');
    await quiet(100);
    onAdmin.send({ act: 'report', msgid: 'l' });
    const all = JSON.parse((await onAdmin.next((m) => m.msgid === 'l')).msg ?? '[]') as Array<{
      uid: number;
      name: string;
    }>;
    expect(all.find((e) => e.uid === max.session.user_id)?.name).toBe('Max P');
  });
});

describe('finding someone to write to (issue 29)', () => {
  const find = (s: SessionData | null, name: string) =>
    post<ChatFindData>(t.app, '/calc/sys/chat/find', { name }, s ? as(s) : {});

  it('finds a user by their whole public name only, with whether they are online, and starts a conversation', async () => {
    const stamp = Date.now().toString(36);
    const wen = await registerUser(t.app, { real_name: `Wen ${stamp}` });
    const yu = await registerUser(t.app, { real_name: `Yu ${stamp}` });
    const onWen = await connected(t.app, wen.session);

    const hit = await find(yu.session, `  wen ${stamp.toUpperCase()} `);
    expect(hit.code, hit.msg).toBe('1000');
    expect(hit.data.list).toEqual([{ uid: wen.session.user_id, name: `Wen ${stamp}`, online: true }]);
    // Only the public name and id: no e-mail, phone or institution in the answer.
    expect(JSON.stringify(hit.data)).not.toContain(wen.email);
    // A part of a name finds nobody (no way to list the users), nor does one's own name.
    expect((await find(yu.session, 'Wen')).data.list).toEqual([]);
    expect((await find(yu.session, `Yu ${stamp}`)).data.list).toEqual([]);
    // Too short or too long: refused naming the field, never a list.
    const short = await find(yu.session, 'W');
    expect(short.code).toBe('1001');
    expect(JSON.stringify(short)).toContain('name');
    expect((await find(yu.session, 'x'.repeat(31))).code).toBe('1001');
    // Anonymous callers are refused.
    expect((await find(null, `Wen ${stamp}`)).code).toBe('2001');

    // Yu writes; from then on each sees the other in the online list.
    await connected(t.app, yu.session);
    expect((await send(yu.session, { to: wen.session.user_id, msg: '你好' })).data.delivered).toBe(true);
    onWen.send({ act: 'report', msgid: 'w' });
    const report = await onWen.next((m) => m.act === 'report' && m.msgid === 'w');
    expect((JSON.parse(report.msg ?? '[]') as Array<{ uid: number }>).map((e) => e.uid)).toContain(yu.session.user_id);
  });

  it('leaves disabled accounts out', async () => {
    const stamp = Date.now().toString(36);
    const zed = await registerUser(t.app, { real_name: `Zed ${stamp}` });
    expect((await find(alice.session, `Zed ${stamp}`)).data.list).toHaveLength(1);
    const off = await post(
      t.app,
      '/calc/sys/admin/user/disable',
      { id: zed.session.user_id, disabled: true },
      as(admin),
    );
    expect(off.code).toBe('1000');
    expect((await find(alice.session, `Zed ${stamp}`)).data.list).toEqual([]);
  });
});

describe('kick (act k)', () => {
  it('ends every session of the user, connected or not, and records it in the audit log', async () => {
    const ned = await registerUser(t.app, { real_name: 'Ned' });
    const other = (await login(t.app, ned.email, ned.password)).data;
    const onNed = await connected(t.app, ned.session);
    const onAdmin = await connected(t.app, admin);
    onAdmin.send({ act: 'k', msgid: 'k1', to: ned.session.user_id });
    expect((await onAdmin.next((m) => m.msgid === 'k1')).msg).toBe('ok');
    expect(await onNed.next((m) => m.act === 'k')).toEqual({ act: 'k', msg: 'kicked' });
    expect((await onNed.closed).code).toBe(4000);
    // Both sessions are over: the API refuses them and the socket cannot come back.
    for (const s of [ned.session, other]) {
      const r = await conversations(s);
      expect(r.status, 'session after kick').toBe(401);
    }
    const back = await connected(t.app, ned.session).catch(() => 'refused');
    expect(back).toBe('refused');

    // Offline: the sessions still end; the administrator is told nobody was connected.
    const olga = await registerUser(t.app, { real_name: 'Olga' });
    onAdmin.send({ act: 'k', msgid: 'k2', to: olga.session.user_id });
    expect((await onAdmin.next((m) => m.msgid === 'k2')).msg).toBe('offline');
    expect((await conversations(olga.session)).status).toBe(401);
    onAdmin.send({ act: 'k', msgid: 'k3', to: 987_654 });
    expect((await onAdmin.next((m) => m.msgid === 'k3')).msg).toBe('invalid');

    const audit = await post<{ list: Array<{ action: string; target: string }> }>(
      t.app,
      '/calc/sys/admin/audit',
      { action: 'user.kick' },
      as(admin),
    );
    expect(audit.data.list.map((a) => a.target)).toEqual(
      expect.arrayContaining([`user:${ned.session.user_id}`, `user:${olga.session.user_id}`]),
    );
  });

  it('refuses k from an ordinary user and changes nothing', async () => {
    const onAlice = await connected(t.app, alice.session);
    onAlice.send({ act: 'k', msgid: 'x', to: bob.session.user_id });
    expect((await onAlice.next((m) => m.msgid === 'x')).msg).toBe('forbidden');
    expect((await conversations(bob.session)).code).toBe('1000');
  });
});

import type { SessionData } from '@pvforge/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, seedWithAdmin, type TestApp } from '../helpers/app.js';
import { login, post, registerUser, signed } from '../helpers/client.js';
import { closeAll, connect, connected, quiet } from './client.js';

let t: TestApp;
let admin: SessionData;
let alice: { email: string; password: string; session: SessionData };
let bob: { email: string; password: string; session: SessionData };

beforeAll(async () => {
  t = await createTestApp();
  await seedWithAdmin(t);
  admin = (await login(t.app, ADMIN.email, ADMIN.password)).data;
  alice = await registerUser(t.app, { real_name: 'Alice' });
  bob = await registerUser(t.app, { real_name: 'Bob' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(closeAll);
afterAll(async () => {
  await t?.close();
});

async function freshSession(u: { email: string; password: string }): Promise<SessionData> {
  return (await login(t.app, u.email, u.password)).data;
}

describe('authentication on connect', () => {
  it('closes sockets without a live session of uid with 4401 and a reason', async () => {
    const cases = [
      {},
      { uid: alice.session.user_id },
      { tick: 'x'.repeat(43), uid: alice.session.user_id },
      // Alice's token claimed for Bob's id.
      { tick: alice.session.mytoken, uid: bob.session.user_id },
      { tick: alice.session.mytoken, uid: 'abc' },
    ];
    for (const q of cases) {
      const c = connect(t.app, q);
      const closed = await c.closed;
      expect(closed.code, JSON.stringify(q)).toBe(4401);
      expect(closed.reason).toMatch(/unauthenticated/);
      expect(c.messages).toEqual([]);
    }
  });

  it('refuses a logged-out session and an expired one', async () => {
    const s = await freshSession(alice);
    const out = await post(t.app, '/calc/sys/user/logout', { token: s.mytoken }, { headers: signed(s, t.clock) });
    expect(out.code).toBe('1000');
    expect((await connect(t.app, s).closed).code).toBe(4401);

    const s2 = await freshSession(alice);
    t.clock.advance(25 * 3600 * 1000);
    try {
      expect((await connect(t.app, s2).closed).code).toBe(4401);
    } finally {
      t.clock.advance(-25 * 3600 * 1000);
    }
  });

  it('greets an authenticated socket with online and its uid', async () => {
    const c = await connected(t.app, alice.session);
    expect(c.messages[0]).toEqual({ act: 'online', uid: alice.session.user_id });
    c.close();
    await c.closed;
  });
});

describe('name register and report', () => {
  it('lists everyone to an administrator, and to an ordinary user oneself, the administrators and earlier contacts only', async () => {
    const a = await connected(t.app, alice.session);
    const b = await connected(t.app, bob.session);
    const adm = await connected(t.app, admin);
    a.send({ act: '101', uid: alice.session.user_id, name: '<b>Alice</b> L' });
    b.send({ act: '101', uid: bob.session.user_id, name: 'Bob' });
    await quiet(100);

    a.send({ act: 'report', msgid: 'r1' });
    const mine = JSON.parse((await a.next((m) => m.act === 'report' && m.msgid === 'r1')).msg ?? '');
    // Bob is online but no contact of Alice's: hidden; the administrator is always reachable
    expect(mine).toEqual(
      [
        { uid: admin.user_id, name: expect.any(String) },
        { uid: alice.session.user_id, name: 'Alice L' },
      ].sort((x, y) => x.uid - y.uid),
    );

    adm.send({ act: 'report', msgid: 'r2' });
    const all = JSON.parse((await adm.next((m) => m.act === 'report' && m.msgid === 'r2')).msg ?? '') as Array<{
      uid: number;
    }>;
    expect(all.map((e) => e.uid)).toEqual(
      [admin.user_id, alice.session.user_id, bob.session.user_id].sort((x, y) => x - y),
    );
    for (const c of [a, b, adm]) c.close();
    await Promise.all([a.closed, b.closed, adm.closed]);
  });
});

describe('chat (999)', () => {
  it('relays plain text to every socket of an online addressee, with from and nickname', async () => {
    const a = await connected(t.app, alice.session);
    const b1 = await connected(t.app, bob.session);
    const b2 = await connected(t.app, await freshSession(bob));
    a.send({
      act: '999',
      msgid: 'c1',
      to: bob.session.user_id,
      msg: '你好 <script>alert(1)</script>Bob\u0007',
      color: '#ff0000',
      bg: 'url(javascript:x)',
    });
    expect(await a.next((m) => m.msgid === 'c1' && m.act === 'ack')).toEqual({ act: 'ack', msg: 'ok', msgid: 'c1' });
    for (const b of [b1, b2]) {
      const got = await b.next((m) => m.act === '999');
      expect(got).toEqual({
        act: '999',
        from: alice.session.user_id,
        nickname: 'Alice',
        to: bob.session.user_id,
        msg: '你好 alert(1)Bob',
        color: '#ff0000',
        msgid: 'c1',
      });
    }
    expect(a.messages.some((m) => m.act === '999')).toBe(false);

    a.send({ act: '999', msgid: 'c2', to: bob.session.user_id, msg: 'x'.repeat(2000) });
    const long = await b1.next((m) => m.act === '999' && m.msgid === 'c2');
    expect(long.msg).toHaveLength(500);
    for (const c of [a, b1, b2]) c.close();
    await Promise.all([a.closed, b1.closed, b2.closed]);
  });

  it('answers offline for a user who is not connected and invalid for an unknown user, empty or malformed chat', async () => {
    const a = await connected(t.app, alice.session);
    // Offline: stored all the same (the recipient finds it unread); the sender is told.
    a.send({ act: '999', msgid: 'o1', to: bob.session.user_id, msg: 'anyone?' });
    expect((await a.next((m) => m.msgid === 'o1')).msg).toBe('offline');
    a.send({ act: '999', msgid: 'o2', to: 999_999, msg: 'anyone?' });
    expect((await a.next((m) => m.msgid === 'o2')).msg).toBe('invalid');
    a.send({ act: '999', msgid: 'o3', to: bob.session.user_id, msg: '<i></i>  ' });
    expect((await a.next((m) => m.msgid === 'o3')).msg).toBe('invalid');
    a.send('not json');
    await a.next((m) => m.act === 'ack' && m.msg === 'invalid' && m.msgid === undefined);
    a.close();
    await a.closed;
  });
});

describe('administrator acts', () => {
  it('forwards kill from an administrator and refuses it from an ordinary user', async () => {
    const a = await connected(t.app, alice.session);
    const adm = await connected(t.app, admin);
    a.send({ act: 'kill', msgid: 'k1', to: admin.user_id, type: 'calc', seconds: 10 });
    expect((await a.next((m) => m.msgid === 'k1')).msg).toBe('forbidden');
    adm.send({ act: 'kill', msgid: 'k2', to: alice.session.user_id, type: 'calc', seconds: '30' });
    expect((await adm.next((m) => m.msgid === 'k2')).msg).toBe('ok');
    expect(await a.next((m) => m.act === 'kill')).toEqual({
      act: 'kill',
      from: admin.user_id,
      nickname: expect.any(String),
      to: alice.session.user_id,
      type: 'calc',
      seconds: 30,
    });
    adm.send({ act: 'kill', msgid: 'k3', to: alice.session.user_id, type: '<x>', seconds: -1 });
    expect((await adm.next((m) => m.msgid === 'k3')).msg).toBe('invalid');
    a.close();
    adm.close();
    await Promise.all([a.closed, adm.closed]);
  });

  it('kicks every socket of a user with k (administrators only)', async () => {
    // A user of its own: the kick ends every session of the user it kicks.
    const kay = await registerUser(t.app, { real_name: 'Kay' });
    const a1 = await connected(t.app, kay.session);
    const a2 = await connected(t.app, await freshSession(kay));
    const b = await connected(t.app, bob.session);
    const adm = await connected(t.app, admin);
    b.send({ act: 'k', msgid: 'x1', to: kay.session.user_id });
    expect((await b.next((m) => m.msgid === 'x1')).msg).toBe('forbidden');
    expect(t.app.live.connectionCount(kay.session.user_id)).toBe(2);

    adm.send({ act: 'k', msgid: 'x2', to: kay.session.user_id });
    expect((await adm.next((m) => m.msgid === 'x2')).msg).toBe('ok');
    for (const a of [a1, a2]) {
      expect(await a.next((m) => m.act === 'k')).toMatchObject({ act: 'k' });
      expect(await a.closed).toEqual({ code: 4000, reason: 'kicked' });
    }
    expect(t.app.live.connectionCount(kay.session.user_id)).toBe(0);
    expect(b.messages.some((m) => m.act === 'k')).toBe(false);
    b.close();
    adm.close();
    await Promise.all([b.closed, adm.closed]);
  });
});

describe('session checks', () => {
  it('answers a valid checklogin with ok and kicks a token that is not the socket’s', async () => {
    const a = await connected(t.app, alice.session);
    a.send({ act: 'checklogin', msgid: 'l1', msg: alice.session.mytoken });
    expect((await a.next((m) => m.msgid === 'l1')).msg).toBe('ok');
    a.send({ act: 'checklogin', msgid: 'l2', msg: bob.session.mytoken });
    await a.next((m) => m.act === 'k');
    expect((await a.closed).code).toBe(4001);
  });

  it('kicks on checklogin once the session has expired', async () => {
    const s = await freshSession(alice);
    const a = await connected(t.app, s);
    t.clock.advance(25 * 3600 * 1000);
    try {
      a.send({ act: 'checklogin', msg: s.mytoken });
      await a.next((m) => m.act === 'k');
      expect((await a.closed).code).toBe(4001);
    } finally {
      t.clock.advance(-25 * 3600 * 1000);
    }
  });

  it('closes the sockets of a session that logs out with k, and only those', async () => {
    const s1 = await freshSession(alice);
    const s2 = await freshSession(alice);
    const on1 = await connected(t.app, s1);
    const on1b = await connected(t.app, s1);
    const on2 = await connected(t.app, s2);
    const out = await post(t.app, '/calc/sys/user/logout', { token: s1.mytoken }, { headers: signed(s1, t.clock) });
    expect(out.code).toBe('1000');
    for (const c of [on1, on1b]) {
      await c.next((m) => m.act === 'k');
      expect((await c.closed).code).toBe(4001);
    }
    await quiet(200);
    expect(on2.messages.some((m) => m.act === 'k')).toBe(false);
    on2.close();
    await on2.closed;
  });
});

describe('password change', () => {
  it('kicks the sockets of the other sessions it revokes and keeps the current one', async () => {
    const carol = await registerUser(t.app, { real_name: 'Carol' });
    const other = await freshSession(carol);
    const here = await connected(t.app, carol.session);
    const there = await connected(t.app, other);
    const res = await post(
      t.app,
      '/calc/sys/user/changePassword',
      { old_password: carol.password, new_password: 'Newer12345' },
      { headers: signed(carol.session, t.clock) },
    );
    expect(res.code).toBe('1000');
    await there.next((m) => m.act === 'k');
    expect((await there.closed).code).toBe(4001);
    await quiet(200);
    expect(here.messages.some((m) => m.act === 'k')).toBe(false);
    here.close();
    await here.closed;
  });
});

describe('LivePublisher', () => {
  it('sends calculation acts to every socket of that user and to nobody else', async () => {
    const a1 = await connected(t.app, alice.session);
    const a2 = await connected(t.app, await freshSession(alice));
    const b = await connected(t.app, bob.session);
    const fire = { act: 'fireOpt', jobId: 7, kind: 'opt' as const };
    const progress = { act: 'progress', jobId: 7, kind: 'opt' as const, percent: 50, detail: '550 nm' };
    const finish = { act: 'finishOpt', jobId: 7, kind: 'opt' as const, status: 'succeeded' as const, recordId: 7 };
    for (const m of [fire, progress, finish]) t.app.live.toUser(alice.session.user_id, m);
    for (const a of [a1, a2]) {
      await a.next((m) => m.act === 'finishOpt');
      expect(a.messages.filter((m) => m.jobId === 7)).toEqual([fire, progress, finish]);
    }
    await quiet(100);
    expect(b.messages.map((m) => m.act)).toEqual(['online']);
    for (const c of [a1, a2, b]) c.close();
    await Promise.all([a1.closed, a2.closed, b.closed]);
  });
});

describe('limits and heartbeat', () => {
  it('closes a socket that floods messages with 4429', async () => {
    const a = await connected(t.app, alice.session);
    for (let i = 0; i < 40; i++) a.send({ act: 'report' });
    expect(await a.closed).toEqual({ code: 4429, reason: 'too many messages' });
  });

  it('closes a socket that sends a frame over the size limit with 1009', async () => {
    const a = await connected(t.app, alice.session);
    a.send({ act: '999', to: bob.session.user_id, msg: 'x'.repeat(10_000) });
    expect((await a.closed).code).toBe(1009);
  });

  it('drops a socket that does not answer pings, keeps one that does', async () => {
    const dead = await connected(t.app, alice.session, { autoPong: false });
    const live = await connected(t.app, bob.session);
    t.app.live.heartbeatNow();
    await quiet(200);
    t.app.live.heartbeatNow();
    expect((await dead.closed).code).toBe(1006);
    expect(t.app.live.connectionCount(alice.session.user_id)).toBe(0);
    expect(t.app.live.connectionCount(bob.session.user_id)).toBe(1);
    live.close();
    await live.closed;
  });
});

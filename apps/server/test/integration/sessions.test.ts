import { SESSION, SESSION_CAP, signatureHex } from '@pvforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { login, post, registerUser, signed } from './helpers/client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ME = '/calc/sys/user/getUserAddon';

describe('signed requests', () => {
  it('refuses a call without X-Uid / X-Sign with 401 and 2001', async () => {
    const res = await post(t.app, ME, {});
    expect(res.status).toBe(401);
    expect(res.code).toBe('2001');
    expect(res.msg).toBe('请先登录');
    const onlyUid = await post(t.app, ME, {}, { headers: { 'x-uid': '1' } });
    expect(onlyUid.code).toBe('2001');
  });

  it('refuses a malformed signature with 401 and 2002', async () => {
    const u = await registerUser(t.app);
    const uid = String(u.session.user_id);
    for (const sign of ['garbage', `${t.clock.now()}`, `${t.clock.now()}.abc`, `x.${'0'.repeat(64)}`]) {
      const res = await post(t.app, ME, {}, { headers: { 'x-uid': uid, 'x-sign': sign } });
      expect(res.status).toBe(401);
      expect(res.code).toBe('2002');
    }
    const badUid = await post(t.app, ME, {}, { headers: { ...signed(u.session, t.clock), 'x-uid': 'abc' } });
    expect(badUid.code).toBe('2002');
  });

  it('refuses a forged signature (wrong key, other user id, tampered digits) with 2002', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const uid = String(u.session.user_id);
    const ms = t.clock.now();
    const wrongKey = `${ms}.${signatureHex('not-the-token', uid, ms)}`;
    expect((await post(t.app, ME, {}, { headers: { 'x-uid': uid, 'x-sign': wrongKey } })).code).toBe('2002');

    // A valid signature of one user presented under another user's id.
    const theirs = signed(other.session, t.clock);
    expect((await post(t.app, ME, {}, { headers: { 'x-uid': uid, 'x-sign': theirs['x-sign'] ?? '' } })).code).toBe(
      '2002',
    );

    // The time part changed after signing.
    const good = signed(u.session, t.clock)['x-sign'] ?? '';
    const [msPart, hex] = good.split('.');
    const tampered = `${Number(msPart) + 1}.${hex}`;
    expect((await post(t.app, ME, {}, { headers: { 'x-uid': uid, 'x-sign': tampered } })).code).toBe('2002');
  });

  it('refuses a signature more than 5 minutes old or ahead with 2003', async () => {
    const u = await registerUser(t.app);
    const now = t.clock.now();
    const stale = await post(
      t.app,
      ME,
      {},
      { headers: signed(u.session, t.clock, now - SESSION.signatureSkewMs - 1000) },
    );
    expect(stale.status).toBe(401);
    expect(stale.code).toBe('2003');
    const ahead = await post(
      t.app,
      ME,
      {},
      { headers: signed(u.session, t.clock, now + SESSION.signatureSkewMs + 1000) },
    );
    expect(ahead.code).toBe('2003');
    const edge = await post(
      t.app,
      ME,
      {},
      { headers: signed(u.session, t.clock, now - SESSION.signatureSkewMs + 5000) },
    );
    expect(edge.code).toBe('1000');
  });

  it('takes each signature once: the same signed request sent again is refused with 2014, in both languages', async () => {
    const u = await registerUser(t.app);
    const headers = signed(u.session, t.clock);
    expect((await post(t.app, ME, {}, { headers })).code).toBe('1000');
    for (let i = 0; i < 5; i++) {
      const again = await post(t.app, ME, {}, { headers });
      expect(again.status).toBe(401);
      expect(again.code).toBe('2014');
      expect(again.msg).toBe('该签名请求已被使用过（重放的请求），请重新发送');
    }
    const en = await post(t.app, ME, {}, { headers: { ...headers, 'x-lang': 'en' } });
    expect(en.msg).toBe('This signed request was already used (a replay); send it again');
    // still refused late in its window; a fresh signature at the same moment works
    t.clock.advance(SESSION.signatureSkewMs - 1000);
    expect((await post(t.app, ME, {}, { headers })).code).toBe('2014');
    expect((await post(t.app, ME, {}, { headers: signed(u.session, t.clock) })).code).toBe('1000');
    // requests signed in the same millisecond by the same client are told apart (consecutive ms)
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => post(t.app, ME, {}, { headers: signed(u.session, t.clock) })),
    );
    expect(burst.map((r) => r.code)).toEqual(Array(10).fill('1000'));
  });

  it('refuses an expired session with 2004', async () => {
    const u = await registerUser(t.app);
    const s = (await login(t.app, u.email, u.password)).data;
    t.clock.advance(SESSION.defaultTtlMs + 1000);
    const res = await post(t.app, ME, {}, { headers: signed(s, t.clock) });
    expect(res.status).toBe(401);
    expect(res.code).toBe('2004');
    expect(res.msg).toBe('登录已过期，请重新登录');
  });

  it('keeps a remembered session alive past one day', async () => {
    const u = await registerUser(t.app);
    const s = (await login(t.app, u.email, u.password, { remember: true })).data;
    t.clock.advance(SESSION.defaultTtlMs + 1000);
    expect((await post(t.app, ME, {}, { headers: signed(s, t.clock) })).code).toBe('1000');
  });

  it(`keeps at most ${SESSION_CAP.maxActivePerUser} live sessions per user, ending the oldest`, async () => {
    const u = await registerUser(t.app);
    const first = u.session;
    for (let i = 0; i < SESSION_CAP.maxActivePerUser; i++) await login(t.app, u.email, u.password);
    const res = await post(t.app, ME, {}, { headers: signed(first, t.clock) });
    expect(res.code).toBe('2004');
  });
});

describe('logout', () => {
  it('revokes the session: the same token then gets 401 2004', async () => {
    const u = await registerUser(t.app);
    const s = (await login(t.app, u.email, u.password)).data;
    const out = await post(
      t.app,
      '/calc/sys/user/logout',
      { token: s.mytoken },
      { headers: signed(s, t.clock), form: true },
    );
    expect(out.code).toBe('1000');
    const after = await post(t.app, ME, {}, { headers: signed(s, t.clock) });
    expect(after.status).toBe(401);
    expect(after.code).toBe('2004');
    // Only that session ended.
    expect((await post(t.app, ME, {}, { headers: signed(u.session, t.clock) })).code).toBe('1000');
  });

  it('works without the token field and refuses a token that is not the signing session', async () => {
    const u = await registerUser(t.app);
    const a = (await login(t.app, u.email, u.password)).data;
    const b = (await login(t.app, u.email, u.password)).data;
    const mismatch = await post(t.app, '/calc/sys/user/logout', { token: b.mytoken }, { headers: signed(a, t.clock) });
    expect(mismatch.code).toBe('2002');
    expect((await post(t.app, ME, {}, { headers: signed(b, t.clock) })).code).toBe('1000');
    const plain = await post(t.app, '/calc/sys/user/logout', {}, { headers: signed(a, t.clock) });
    expect(plain.code).toBe('1000');
    expect((await post(t.app, ME, {}, { headers: signed(a, t.clock) })).code).toBe('2004');
  });

  it('refuses an anonymous logout with 401', async () => {
    expect((await post(t.app, '/calc/sys/user/logout', {})).status).toBe(401);
  });
});

describe('profile', () => {
  it("refuses to show another user's profile to an ordinary user", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const res = await post(t.app, ME, { user_id: b.session.user_id }, { headers: signed(a.session, t.clock) });
    expect(res.status).toBe(403);
    expect(res.code).toBe('2007');
    const own = await post(
      t.app,
      ME,
      { user_id: String(a.session.user_id) },
      { headers: signed(a.session, t.clock), form: true },
    );
    expect(own.code).toBe('1000');
  });

  it('updates profile fields and the forum nickname, each validated like registration', async () => {
    const u = await registerUser(t.app);
    const h = signed(u.session, t.clock);
    const res = await post<{ userAddon: Record<string, unknown> }>(
      t.app,
      '/calc/sys/user/updateUserAddon',
      {
        nickname: '光伏小白',
        real_name: '李四',
        gender: '0',
        phone: '+8613900001111',
        enterprise: '中科院',
        address: '上海',
      },
      { headers: h, form: true },
    );
    expect(res.code).toBe('1000');
    expect(res.data.userAddon).toMatchObject({
      nickname: '光伏小白',
      real_name: '李四',
      gender: 0,
      phone: '+8613900001111',
      enterprise: '中科院',
      address: '上海',
    });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ phone: '+14155550100' }, 'phone', 'format'],
      [{ real_name: '  ' }, 'real_name', 'required'],
      [{ nickname: 'n'.repeat(31) }, 'nickname', 'max'],
      [{ gender: 2 }, 'gender', 'enum'],
      [{ enterprise: 'e'.repeat(101) }, 'enterprise', 'max'],
    ];
    for (const [body, field, rule] of cases) {
      const bad = await post(t.app, '/calc/sys/user/updateUserAddon', body, { headers: signed(u.session, t.clock) });
      expect(bad.code, JSON.stringify(body)).toBe('1001');
      expect(bad.data).toEqual({ field, rule });
    }
    const nick = await post(
      t.app,
      '/calc/sys/user/updateUserAddon',
      { nickname: 'n'.repeat(31) },
      { headers: signed(u.session, t.clock) },
    );
    expect(nick.msg).toContain('论坛昵称最多30个字符');
  });
});

describe('changePassword', () => {
  const CHANGE = '/calc/sys/user/changePassword';

  it('refuses a wrong old password with 2010', async () => {
    const u = await registerUser(t.app);
    const res = await post(
      t.app,
      CHANGE,
      { old_password: 'Wrong12345', new_password: 'NewPass123' },
      { headers: signed(u.session, t.clock) },
    );
    expect(res.status).toBe(400);
    expect(res.code).toBe('2010');
    expect(res.msg).toBe('原密码错误');
  });

  it('refuses a new password that breaks the rule', async () => {
    const u = await registerUser(t.app);
    const res = await post(
      t.app,
      CHANGE,
      { old_password: u.password, new_password: 'weakpass' },
      { headers: signed(u.session, t.clock) },
    );
    expect(res.code).toBe('1001');
    expect(res.data).toEqual({ field: 'new_password', rule: 'format' });
    expect(res.msg).toContain('密码至少6位');
    const missing = await post(t.app, CHANGE, { old_password: u.password }, { headers: signed(u.session, t.clock) });
    expect(missing.data).toEqual({ field: 'new_password', rule: 'required' });
    expect(missing.msg).toContain('请输入新密码!');
  });

  it('changes the password, keeps this session and revokes the others', async () => {
    const u = await registerUser(t.app);
    const other = (await login(t.app, u.email, u.password)).data;
    const res = await post(
      t.app,
      CHANGE,
      { old_password: u.password, new_password: 'NewPass123' },
      { headers: signed(u.session, t.clock), form: true },
    );
    expect(res.code).toBe('1000');
    expect((await post(t.app, ME, {}, { headers: signed(u.session, t.clock) })).code).toBe('1000');
    expect((await post(t.app, ME, {}, { headers: signed(other, t.clock) })).code).toBe('2004');
    expect((await login(t.app, u.email, u.password)).code).toBe('2005');
    expect((await login(t.app, u.email, 'NewPass123')).code).toBe('1000');
  });
});

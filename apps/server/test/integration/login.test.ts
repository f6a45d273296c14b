import { SESSION, type SessionData, THROTTLE } from '@pvforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { freshIp, login, post, registerUser, signed } from './helpers/client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const LOGIN = '/calc/sys/user/login';

describe('login', () => {
  it('logs in with a JSON body and answers user_id, mytoken, expire_time and role', async () => {
    const u = await registerUser(t.app);
    const res = await login(t.app, u.email, u.password);
    expect(res.status).toBe(200);
    expect(res.code).toBe('1000');
    expect(res.data.user_id).toBe(u.session.user_id);
    expect(res.data.mytoken).not.toBe(u.session.mytoken);
    expect(res.data.role).toBe(3);
    expect(res.data.expire_time - t.clock.now()).toBeGreaterThan(SESSION.defaultTtlMs - 60_000);
    expect(res.data.expire_time - t.clock.now()).toBeLessThanOrEqual(SESSION.defaultTtlMs);
  });

  it('logs in with a form-encoded body, remember flag as a string', async () => {
    const u = await registerUser(t.app);
    const res = await post<SessionData>(
      t.app,
      LOGIN,
      { username: u.email, password: u.password, remember: 'true' },
      { form: true, ip: freshIp() },
    );
    expect(res.code).toBe('1000');
  });

  it('gives a remembered session a 30-day expiry instead of one day', async () => {
    const u = await registerUser(t.app);
    const short = await login(t.app, u.email, u.password, { remember: false });
    const long = await login(t.app, u.email, u.password, { remember: true });
    expect(long.data.expire_time - short.data.expire_time).toBeGreaterThan(
      SESSION.rememberTtlMs - SESSION.defaultTtlMs - 60_000,
    );
    expect(long.data.expire_time - t.clock.now()).toBeLessThanOrEqual(SESSION.rememberTtlMs);
  });

  it('accepts the account in any letter case', async () => {
    const u = await registerUser(t.app);
    expect((await login(t.app, u.email.toUpperCase(), u.password)).code).toBe('1000');
  });

  it('refuses a wrong password with 401 and code 2005', async () => {
    const u = await registerUser(t.app);
    const res = await login(t.app, u.email, 'Wrong12345');
    expect(res.status).toBe(401);
    expect(res.code).toBe('2005');
    expect(res.msg).toBe('账号或密码错误');
    expect(res.data).toBeNull();
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const res = await login(t.app, 'nobody@example.com', 'Wrong12345');
    expect(res.status).toBe(401);
    expect(res.code).toBe('2005');
  });

  it('refuses missing and over-long fields with the login messages', async () => {
    const missing = await post(t.app, LOGIN, { password: 'x' }, { ip: freshIp() });
    expect(missing.data).toEqual({ field: 'username', rule: 'required' });
    expect(missing.msg).toContain('请输入账号!');
    const noPassword = await post(t.app, LOGIN, { username: 'a@b.cn' }, { ip: freshIp() });
    expect(noPassword.msg).toContain('请输入密码!');
    const long = await post(t.app, LOGIN, { username: 'a'.repeat(51), password: 'x' }, { ip: freshIp() });
    expect(long.data).toEqual({ field: 'username', rule: 'max' });
    expect(long.msg).toContain('账号最多50个字符');
    const longPwd = await post(t.app, LOGIN, { username: 'a@b.cn', password: 'x'.repeat(33) }, { ip: freshIp() });
    expect(longPwd.msg).toContain('密码最长32个字符');
  });
});

describe('login throttling', () => {
  it('locks an account after 10 failures in 15 minutes, even for the right password, from any address', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < THROTTLE.maxFailures; i++) {
      const res = await post(t.app, LOGIN, { username: u.email, password: 'Wrong12345' }, { ip: freshIp() });
      expect(res.code).toBe('2005');
    }
    const eleventh = await post(t.app, LOGIN, { username: u.email, password: 'Wrong12345' }, { ip: freshIp() });
    expect(eleventh.status).toBe(429);
    expect(eleventh.code).toBe('2006');
    expect(eleventh.msg).toBe('登录失败次数过多，请15分钟后再试');

    const right = await post(t.app, LOGIN, { username: u.email, password: u.password }, { ip: freshIp() });
    expect(right.status).toBe(429);
    expect(right.code).toBe('2006');

    const en = await post(
      t.app,
      LOGIN,
      { username: u.email, password: u.password },
      { ip: freshIp(), headers: { 'x-lang': 'en' } },
    );
    expect(en.msg).toBe('Too many failed logins; try again in 15 minutes');

    t.clock.advance(5 * 60_000);
    const later = await post(t.app, LOGIN, { username: u.email, password: u.password }, { ip: freshIp() });
    expect(later.msg).toBe('登录失败次数过多，请10分钟后再试');

    t.clock.advance(THROTTLE.windowMs);
    const after = await post(t.app, LOGIN, { username: u.email, password: u.password }, { ip: freshIp() });
    expect(after.code).toBe('1000');
  });

  it('lets a colleague behind the same address log in after another account is locked from it', async () => {
    const ip = freshIp();
    const clumsy = await registerUser(t.app);
    const colleague = await registerUser(t.app);
    for (let i = 0; i < THROTTLE.maxFailures; i++)
      await post(t.app, LOGIN, { username: clumsy.email, password: 'Wrong12345' }, { ip });
    const locked = await post(t.app, LOGIN, { username: clumsy.email, password: clumsy.password }, { ip });
    expect(locked.code).toBe('2006');
    const ok = await post(t.app, LOGIN, { username: colleague.email, password: colleague.password }, { ip });
    expect(ok.code).toBe('1000');
  });

  it('locks one client address for every account after a spray of failures across accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < THROTTLE.addressMaxFailures - 1; i++)
      await post(t.app, LOGIN, { username: `guess${i}@example.com`, password: 'Wrong12345' }, { ip });
    const u = await registerUser(t.app);
    // one failure short of the address's limit: the address still logs in
    expect((await post(t.app, LOGIN, { username: u.email, password: u.password }, { ip })).code).toBe('1000');
    await post(t.app, LOGIN, { username: 'guess-last@example.com', password: 'Wrong12345' }, { ip });
    const blocked = await post(t.app, LOGIN, { username: u.email, password: u.password }, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.code).toBe('2006');
    const elsewhere = await post(t.app, LOGIN, { username: u.email, password: u.password }, { ip: freshIp() });
    expect(elsewhere.code).toBe('1000');
  });

  it('keeps the lockout in the database: a new app on the same database still refuses', async () => {
    const u = await registerUser(t.app);
    const ip = freshIp();
    for (let i = 0; i < THROTTLE.maxFailures; i++) {
      await post(t.app, LOGIN, { username: u.email, password: 'Wrong12345' }, { ip });
    }
    const { buildApp } = await import('../../src/app.js');
    const second = await buildApp(t.config, { db: t.database.db, clock: t.clock });
    try {
      const res = await post(second, LOGIN, { username: u.email, password: u.password }, { ip: freshIp() });
      expect(res.code).toBe('2006');
    } finally {
      await second.close();
    }
  });

  it('forgets an account failures after a successful login', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < THROTTLE.maxFailures - 1; i++) {
      await post(t.app, LOGIN, { username: u.email, password: 'Wrong12345' }, { ip: freshIp() });
    }
    expect((await login(t.app, u.email, u.password)).code).toBe('1000');
    for (let i = 0; i < THROTTLE.maxFailures - 1; i++) {
      await post(t.app, LOGIN, { username: u.email, password: 'Wrong12345' }, { ip: freshIp() });
    }
    expect((await login(t.app, u.email, u.password)).code).toBe('1000');
  });
});

describe('a fresh session signs requests', () => {
  it('works for getUserAddon right after login', async () => {
    const u = await registerUser(t.app);
    const res = await login(t.app, u.email, u.password);
    const me = await post(t.app, '/calc/sys/user/getUserAddon', {}, { headers: signed(res.data, t.clock) });
    expect(me.code).toBe('1000');
  });
});

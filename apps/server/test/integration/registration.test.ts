import type { SessionData } from '@pvforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { freshIp, get, post, signed, validRegistration } from './helpers/client.js';
import { PrivateRedis } from './helpers/redis-server.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const REG = '/calc/sys/user/reg';

describe('registration', () => {
  it('registers with a JSON body and answers a session that signs later calls', async () => {
    const body = validRegistration();
    const res = await post<SessionData>(t.app, REG, body, { ip: freshIp() });
    expect(res.status).toBe(200);
    expect(res.code).toBe('1000');
    expect(res.msg).toBe('成功');
    expect(res.data.user_id).toBeGreaterThan(0);
    expect(res.data.mytoken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.data.role).toBe(3);
    expect(res.data.expire_time).toBeGreaterThan(t.clock.now());

    const me = await post<{ userAddon: Record<string, unknown> }>(
      t.app,
      '/calc/sys/user/getUserAddon',
      {},
      { headers: signed(res.data, t.clock) },
    );
    expect(me.code).toBe('1000');
    expect(me.data.userAddon).toMatchObject({
      user_id: res.data.user_id,
      username: String(body['username']).toLowerCase(),
      real_name: '张三',
      gender: 1,
      phone: '+8613812345678',
      enterprise: '清华大学',
      address: '北京市海淀区',
      role: 3,
    });
    expect(me.data.userAddon).not.toHaveProperty('password_hash');
  });

  it('registers with a form-encoded body (numbers as strings)', async () => {
    const res = await post<SessionData>(t.app, REG, validRegistration({ gender: '0', phone: '+86 138-1234-5678' }), {
      form: true,
      ip: freshIp(),
    });
    expect(res.code).toBe('1000');
  });

  it('stores the e-mail lowercased, so a different case is the same account', async () => {
    const email = `Mixed.Case${Date.now()}@Example.com`;
    expect((await post(t.app, REG, validRegistration({ username: email }), { ip: freshIp() })).code).toBe('1000');
    const again = await post(t.app, REG, validRegistration({ username: email.toLowerCase() }), { ip: freshIp() });
    expect(again.code).toBe('2008');
  });

  it('refuses a duplicate e-mail with 409, code 2008 and the spec message', async () => {
    const body = validRegistration();
    await post(t.app, REG, body, { ip: freshIp() });
    const res = await post(t.app, REG, body, { ip: freshIp() });
    expect(res.status).toBe(409);
    expect(res.code).toBe('2008');
    expect(res.msg).toBe('邮箱已注册');
    expect(res.data).toBeNull();
  });

  const REQUIRED: Array<[string, string]> = [
    ['username', '请输入email地址!!'],
    ['password', '请设定登录密码'],
    ['real_name', '请输入您的姓名/称呼!'],
    ['gender', '请选择性别!'],
    ['phone', '请输入您的手机号码!'],
    ['enterprise', '请输入您的单位名称!'],
    ['address', '请输入您的地址!'],
  ];
  for (const [field, message] of REQUIRED) {
    it(`refuses a registration without ${field}`, async () => {
      const body = validRegistration();
      delete body[field];
      const res = await post(t.app, REG, body, { ip: freshIp() });
      expect(res.status).toBe(400);
      expect(res.code).toBe('1001');
      expect(res.data).toEqual({ field, rule: 'required' });
      expect(res.msg).toContain(message);
    });
  }

  for (const field of ['username', 'password', 'real_name', 'phone', 'enterprise', 'address']) {
    it(`refuses an empty ${field} as missing`, async () => {
      const res = await post(t.app, REG, validRegistration({ [field]: '' }), { ip: freshIp() });
      expect(res.code).toBe('1001');
      expect(res.data).toEqual({ field, rule: 'required' });
    });
  }

  const TOO_LONG: Array<[string, string, string]> = [
    ['username', `${'a'.repeat(40)}@example.com`, '邮箱最多50个字符'],
    ['password', `Aa1${'x'.repeat(30)}`, '密码最长32个字符'],
    ['real_name', '名'.repeat(31), '姓名/称呼最多30个字符'],
    ['phone', '1'.repeat(21), '手机号码最多20个字符'],
    ['enterprise', 'e'.repeat(101), '单位名称最多100个字符'],
    ['address', 'a'.repeat(101), '地址最多100个字符'],
  ];
  for (const [field, value, message] of TOO_LONG) {
    it(`refuses a ${field} over its length limit`, async () => {
      const res = await post(t.app, REG, validRegistration({ [field]: value }), { ip: freshIp() });
      expect(res.status).toBe(400);
      expect(res.data).toEqual({ field, rule: 'max' });
      expect(res.msg).toContain(message);
    });
  }

  it('accepts values exactly at the limits', async () => {
    const res = await post(
      t.app,
      REG,
      validRegistration({
        username: `${'a'.repeat(38 - String(Date.now()).length)}${Date.now()}@example.com`,
        password: `Aa1${'x'.repeat(29)}`,
        real_name: '名'.repeat(30),
        enterprise: 'e'.repeat(100),
        address: 'a'.repeat(100),
      }),
      { ip: freshIp() },
    );
    expect(res.code).toBe('1000');
  });

  const BAD_FORMAT: Array<[string, unknown, string, string]> = [
    ['username', 'not-an-email', 'format', '请输入正确的email地址!'],
    ['username', 'a@b', 'format', '请输入正确的email地址!'],
    ['password', 'abcdefg', 'format', '密码至少6位'],
    ['password', 'Ab1', 'format', '密码至少6位'],
    ['password', '12345678', 'format', '密码至少6位'],
    ['phone', '+1 4155550100', 'format', '仅支持中国大陆手机号码（+86）'],
    ['phone', '+852 91234567', 'format', '仅支持中国大陆手机号码（+86）'],
    ['phone', '12345678901', 'format', '仅支持中国大陆手机号码（+86）'],
    ['gender', 2, 'enum', '性别只能是男(1)或女(0)'],
    ['gender', 'x', 'enum', '性别只能是男(1)或女(0)'],
    ['real_name', '   ', 'required', '请输入您的姓名/称呼!'],
    ['enterprise', '  ', 'required', '请输入您的单位名称!'],
  ];
  for (const [field, value, rule, message] of BAD_FORMAT) {
    it(`refuses ${field} = ${JSON.stringify(value)} (${rule})`, async () => {
      const res = await post(t.app, REG, validRegistration({ [field]: value }), { ip: freshIp() });
      expect(res.status).toBe(400);
      expect(res.code).toBe('1001');
      expect(res.data).toEqual({ field, rule });
      expect(res.msg).toContain(message);
    });
  }

  it('answers validation messages in English with X-Lang: en', async () => {
    const res = await post(t.app, REG, validRegistration({ username: 'nope' }), {
      ip: freshIp(),
      headers: { 'x-lang': 'en' },
    });
    expect(res.code).toBe('1001');
    expect(res.msg).toBe('Invalid input: Please enter a valid e-mail address!');
  });

  it('answers in English with Accept-Language: en-US, and for catalogue codes too', async () => {
    const body = validRegistration();
    await post(t.app, REG, body, { ip: freshIp() });
    const res = await post(t.app, REG, body, { ip: freshIp(), headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(res.msg).toBe('This e-mail address is already registered');
  });

  it('counts new users and institutions in /sys/stat/all', async () => {
    const before = await get<{ data: number[]; names: string[] }>(t.app, '/calc/sys/stat/all');
    expect(before.code).toBe('1000');
    expect(before.data.data).toHaveLength(8);
    expect(before.data.names).toEqual([
      'personalDevices',
      'publicDevices',
      'institutions',
      'users',
      'opticalCalculations',
      'electricalCalculations',
      'circuitCalculations',
      'materials',
    ]);
    const unique = `新研究所${Date.now()}`;
    await post(t.app, REG, validRegistration({ enterprise: unique }), { ip: freshIp() });
    await post(t.app, REG, validRegistration({ enterprise: unique }), { ip: freshIp() });
    const after = await get<{ data: number[] }>(t.app, '/calc/sys/stat/all');
    expect(after.data.data[3]).toBe((before.data.data[3] ?? 0) + 2);
    expect(after.data.data[2]).toBe((before.data.data[2] ?? 0) + 1);
  });
});

describe('registration rate limit', () => {
  it('refuses the 4th registration from one address within the hour with 429 and code 1006, in the user’s language', async () => {
    const limited = await createTestApp({ env: { REGISTRATIONS_PER_HOUR: '3' } });
    try {
      const ip = freshIp();
      for (let i = 0; i < 3; i++)
        expect((await post(limited.app, '/calc/sys/user/reg', validRegistration(), { ip })).code).toBe('1000');
      const refused = await post(limited.app, '/calc/sys/user/reg', validRegistration(), {
        ip,
        headers: { 'x-lang': 'en' },
      });
      expect(refused.status).toBe(429);
      expect(refused.code).toBe('1006');
      expect(refused.msg).toMatch(/Too many requests/);
      // another address is not affected
      expect((await post(limited.app, '/calc/sys/user/reg', validRegistration(), { ip: freshIp() })).code).toBe('1000');
    } finally {
      await limited.close();
    }
  });

  it('counts in Redis per deployment: instances of one REDIS_KEY_PREFIX together, another deployment apart', async () => {
    const redis = new PrivateRedis();
    await redis.start();
    const app = (prefix: string) =>
      createTestApp({ env: { REGISTRATIONS_PER_HOUR: '1', REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix } });
    const [a1, a2, b] = await Promise.all([app('lab-a'), app('lab-a'), app('lab-b')]);
    try {
      const ip = freshIp();
      expect((await post(a1.app, REG, validRegistration(), { ip })).code).toBe('1000');
      // the second instance of the same deployment knows the first one's count
      expect((await post(a2.app, REG, validRegistration(), { ip })).status).toBe(429);
      // a deployment with its own prefix on the same Redis does not
      expect((await post(b.app, REG, validRegistration(), { ip })).code).toBe('1000');
    } finally {
      await Promise.all([a1.close(), a2.close(), b.close()]);
      await redis.kill();
    }
  });
});

import { PASSWORD_RESET } from '@pvforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, seedWithAdmin, type TestApp } from './helpers/app.js';
import { freshEmail, freshIp, login, post, registerUser, signed } from './helpers/client.js';
import { startSmtp, type TestSmtp } from './helpers/smtp.js';

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'PVForge <no-reply@pvforge.test>' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const SEND = '/calc/mail/send';

/** The token of the reset link in a received mail (the plain-text part). */
function tokenFrom(text: string | undefined): string {
  const m = /http:\/\/pvforge\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!m?.[1]) throw new Error(`no reset link in: ${text}`);
  return m[1];
}

describe('password reset by e-mail', () => {
  it('answers a registered and an unregistered address identically; only the registered one gets mail', async () => {
    const u = await registerUser(t.app);
    const stranger = freshEmail('stranger');
    const known = await t.app.inject({
      method: 'POST',
      url: SEND,
      payload: { email: u.email },
      remoteAddress: freshIp(),
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: SEND,
      payload: { email: stranger },
      remoteAddress: freshIp(),
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ code: '1000', msg: '成功', data: null });

    const mail = await smtp.waitFor(u.email);
    expect(mail.subject).toBe('PVForge 密码重置 / Password reset');
    expect(mail.from?.text).toContain('no-reply@pvforge.test');
    expect(mail.text).toContain('30');
    expect(mail.html).toContain('reset-password?token=');
    await t.app.services.mailer.drain();
    expect(smtp.messages.some((m) => m.text?.includes(stranger))).toBe(false);
  });

  it('resets through the mailed link: new password works, old fails, sessions end, link is single-use', async () => {
    const u = await registerUser(t.app);
    const send = await post(t.app, SEND, { email: u.email.toUpperCase() }, { form: true, ip: freshIp() });
    expect(send.code).toBe('1000');
    const token = tokenFrom((await smtp.waitFor(u.email)).text);

    const check = await post<{ valid: boolean; expire_time: number }>(t.app, '/calc/sys/user/checkResetToken', {
      token,
    });
    expect(check.code).toBe('1000');
    expect(check.data.valid).toBe(true);
    expect(check.data.expire_time - t.clock.now()).toBeLessThanOrEqual(PASSWORD_RESET.ttlMs);

    const weak = await post(t.app, '/calc/sys/user/resetPassword', { token, password: 'weak' });
    expect(weak.code).toBe('1001');
    expect(weak.data).toEqual({ field: 'password', rule: 'format' });

    const reset = await post(t.app, '/calc/sys/user/resetPassword', { token, password: 'Reset2026x' }, { form: true });
    expect(reset.code).toBe('1000');

    expect((await login(t.app, u.email, 'Reset2026x')).code).toBe('1000');
    expect((await login(t.app, u.email, u.password)).code).toBe('2005');
    const old = await post(t.app, '/calc/sys/user/getUserAddon', {}, { headers: signed(u.session, t.clock) });
    expect(old.code).toBe('2004');

    const again = await post(t.app, '/calc/sys/user/resetPassword', { token, password: 'Another2026' });
    expect(again.status).toBe(400);
    expect(again.code).toBe('2009');
    expect(again.msg).toBe('重置链接无效或已过期，请重新申请');
    expect((await post(t.app, '/calc/sys/user/checkResetToken', { token })).code).toBe('2009');
  });

  it('refuses a link older than 30 minutes', async () => {
    const u = await registerUser(t.app);
    await post(t.app, SEND, { email: u.email }, { ip: freshIp() });
    const token = tokenFrom((await smtp.waitFor(u.email)).text);
    t.clock.advance(PASSWORD_RESET.ttlMs + 1000);
    expect((await post(t.app, '/calc/sys/user/checkResetToken', { token })).code).toBe('2009');
    const res = await post(t.app, '/calc/sys/user/resetPassword', { token, password: 'Reset2026x' });
    expect(res.code).toBe('2009');
    expect((await login(t.app, u.email, u.password)).code).toBe('1000');
  });

  it('refuses an unknown token and makes an older link worthless once a newer one is sent', async () => {
    expect(
      (await post(t.app, '/calc/sys/user/resetPassword', { token: 'x'.repeat(43), password: 'Reset2026x' })).code,
    ).toBe('2009');
    const u = await registerUser(t.app);
    await post(t.app, SEND, { email: u.email }, { ip: freshIp() });
    const first = tokenFrom((await smtp.waitFor(u.email)).text);
    await post(t.app, SEND, { email: u.email }, { ip: freshIp() });
    await t.app.services.mailer.drain();
    const mails = smtp.messages.filter((m) => m.text?.includes(u.email));
    expect(mails).toHaveLength(2);
    const second = tokenFrom(mails[1]?.text);
    expect((await post(t.app, '/calc/sys/user/checkResetToken', { token: first })).code).toBe('2009');
    expect((await post(t.app, '/calc/sys/user/checkResetToken', { token: second })).code).toBe('1000');
  });

  it('validates the address with the forgot-password messages', async () => {
    const missing = await post(t.app, SEND, {}, { ip: freshIp() });
    expect(missing.code).toBe('1001');
    expect(missing.msg).toContain('请输入邮箱地址!');
    const bad = await post(t.app, SEND, { email: 'nope' }, { ip: freshIp() });
    expect(bad.data).toEqual({ field: 'email', rule: 'format' });
  });

  it('limits requests per address the same way whether or not it is registered', async () => {
    const u = await registerUser(t.app);
    const stranger = freshEmail('stranger');
    for (const email of [u.email, stranger]) {
      for (let i = 0; i < PASSWORD_RESET.maxPerWindow; i++) {
        expect((await post(t.app, SEND, { email }, { ip: freshIp() })).code).toBe('1000');
      }
      const over = await post(t.app, SEND, { email }, { ip: freshIp() });
      expect(over.status).toBe(429);
      expect(over.code).toBe('2012');
    }
    t.clock.advance(PASSWORD_RESET.windowMs + 1000);
    expect((await post(t.app, SEND, { email: stranger }, { ip: freshIp() })).code).toBe('1000');
  });

  it('records every mail in the outbox, which an administrator can read without bodies', async () => {
    await seedWithAdmin(t);
    const admin = (await login(t.app, ADMIN.email, ADMIN.password)).data;
    await t.app.services.mailer.drain();
    const res = await post<{ list: Array<Record<string, unknown>> }>(
      t.app,
      '/calc/sys/mail/outbox',
      {},
      { headers: signed(admin, t.clock) },
    );
    expect(res.code).toBe('1000');
    expect(res.data.list.length).toBeGreaterThan(0);
    expect(res.data.list[0]).toMatchObject({ kind: 'password-reset', status: 'sent' });
    expect(JSON.stringify(res.data)).not.toContain('token=');
  });
});

describe('without SMTP_URL', () => {
  it('keeps the mail in the outbox as logged and writes the reset link to the log', async () => {
    const lines: string[] = [];
    const { Writable } = await import('node:stream');
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const { buildApp } = await import('../../src/app.js');
    const app = await buildApp(
      { ...t.config, smtpUrl: undefined, logLevel: 'info' },
      { db: t.database.db, clock: t.clock, logStream: stream },
    );
    try {
      const u = await registerUser(app);
      expect((await post(app, SEND, { email: u.email }, { ip: freshIp() })).code).toBe('1000');
      const row = (await app.services.outbox.recent(1))[0];
      expect(row?.status).toBe('logged');
      expect(row?.to_addr).toBe(u.email);
      const logged = lines.find((l) => l.includes('resetLink'));
      expect(logged).toContain('http://pvforge.test/reset-password?token=');
      // Passwords and tokens in request bodies never reach the log.
      expect(lines.join('\n')).not.toContain(u.password);
      // Opening the link writes a request log line without the token in it.
      const token = /token=([A-Za-z0-9_-]+)/.exec(logged ?? '')?.[1] ?? 'missing';
      const before = lines.length;
      await app.inject({ method: 'GET', url: `/reset-password?token=${token}` });
      const requestLines = lines.slice(before).join('\n');
      expect(requestLines).toContain('/reset-password?token=[redacted]');
      expect(requestLines).not.toContain(token);
    } finally {
      await app.close();
    }
  });
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.js';
import type { Mailbox } from '../src/mailbox.js';
import { ADMIN, type Platform } from '../src/platform.js';
import { openZhPage, startRig, stopRig } from '../src/session.js';

/**
 * A new user's path through the platform, in real Chromium against the built platform:
 * home and counters, registration, the dashboard, logout, the login redirect, validation
 * messages, refusal of an administrator page, and a password reset through a real mailbox.
 */
let mailbox: Mailbox;
let platform: Platform;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const user = {
  email: `researcher.${Date.now()}@uni.example.cn`,
  password: 'Perovskite2026',
  newPassword: 'Tandem2027x',
  name: '李研究',
};

const byId = (id: string) => page.getByTestId(id);

beforeAll(async () => {
  ({ mailbox, platform, browser } = await startRig());
  ({ context, page } = await openZhPage(browser, { width: 1366, height: 768 }));
});

afterAll(async () => {
  await stopRig({ mailbox, platform, browser }, [context]);
});

async function logout() {
  // The role tag arrives with the profile and widens the header button; opening the menu before
  // it settles can leave the click on a menu that has just moved.
  await byId('user-role').waitFor();
  await byId('user-dropdown').click();
  await byId('user-menu-logout').click();
  // The session is revoked on the server too, not only forgotten by the browser.
  const revoked = page.waitForResponse((r) => r.url().endsWith('/calc/sys/user/logout'));
  await byId('logout-confirm-ok').click();
  await page.waitForURL(`${platform.url}/`);
  const answer = await revoked;
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { code: string }).code).toBe('1000');
}

async function login(email: string, password: string) {
  await byId('login-username').fill(email);
  await byId('login-password').fill(password);
  await byId('login-submit').click();
}

describe('a new user on the platform', () => {
  it('opens the home page and sees the live counters', async () => {
    const scripts: string[] = [];
    const onRequest = (r: { url(): string; resourceType(): string }) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    };
    page.on('request', onRequest);
    await page.goto(platform.url);
    await expect.poll(() => byId('counters').isVisible()).toBe(true);
    // The seeded administrator is a user: the user counter reads at least 1 once loaded.
    await expect
      .poll(async () => Number((await byId('counter-users').innerText()).replace(/\D/g, '')))
      .toBeGreaterThanOrEqual(1);
    expect(await byId('home-banner').isVisible()).toBe(true);
    await screenshot(page, 'home');
    page.off('request', onRequest);
    // The public site is split from the platform: no plotting, editor or spreadsheet code (BENCHMARKS.md).
    expect(scripts.length).toBeGreaterThan(1);
    expect(
      scripts.filter((u) => /LinePlot|Heatmap|Waterfall|echarts|CalcPage|DeviceEditor|exceljs|worker/i.test(u)),
    ).toEqual([]);
  });

  it('shows a page with "reload", not a stack trace, when a page cannot be downloaded', async () => {
    const chunk = /\/assets\/News-[^/]+\.js$/;
    await page.route(chunk, (route) => route.abort());
    await byId('nav-news').click();
    await byId('route-error').waitFor();
    expect(await byId('route-error').innerText()).toContain('页面加载失败');
    await page.unroute(chunk);
    await page.goto(platform.url);
    await byId('counters').waitFor();
  });

  it('sees the validation messages of spec §5 for bad registration input', async () => {
    await byId('nav-register').click();
    await byId('register-dialog').waitFor();
    await byId('register-submit').click();
    for (const msg of [
      '请输入email地址!!',
      '请设定登录密码',
      '请再次确认登录密码!',
      '请输入您的姓名/称呼!',
      '请选择性别!',
      '请输入您的手机号码!',
    ]) {
      await expect.poll(() => page.getByText(msg, { exact: true }).count(), { message: msg }).toBeGreaterThan(0);
    }
    await byId('register-email').fill('not-an-email');
    await byId('register-password').fill('abcdef');
    await byId('register-confirm').fill('abcdeg');
    await byId('register-phone').fill('+1 415 555 0100');
    await byId('register-submit').click();
    await expect.poll(() => page.getByText('请输入正确的email地址!', { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('两次输入的密码不一致!', { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/小写字母、大写字母、数字中的至少两种/).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/\+86/).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('同意用户协议后方可继续注册', { exact: true }).count()).toBeGreaterThan(0);
  });

  it('registers with a new e-mail and lands on the platform', async () => {
    await byId('register-email').fill(user.email);
    await byId('register-password').fill(user.password);
    await byId('register-confirm').fill(user.password);
    await byId('register-real-name').fill(user.name);
    await byId('register-gender-female').click();
    await byId('register-phone').fill('13812345678');
    await byId('register-enterprise').fill('某大学光伏研究所');
    await byId('register-address').fill('上海市闵行区');
    await byId('register-agree').check();
    await byId('register-submit').click();
    await page.waitForURL(/\/plat(\/index)?$/);
    await expect.poll(() => byId('dashboard-welcome').innerText()).toContain(user.name);
    await screenshot(page, 'dashboard');
  });

  it('is refused an administrator page', async () => {
    await page.goto(`${platform.url}/plat/manage/material`);
    await page.waitForURL(/\/plat\/index$/);
    expect(await byId('side-menu').innerText()).not.toMatch(/材料管理|系统设置/);
    // spec §6: anything under /plat/manage or /plat/settings, even a page that does not exist
    for (const path of ['/plat/manage/no-such-page', '/plat/settings/no-such-page']) {
      await page.goto(`${platform.url}${path}`);
      await page.waitForURL(/\/plat\/index$/);
    }
  });

  it('logs out and goes home', async () => {
    await logout();
    await byId('nav-login').waitFor();
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/(^|; )token=/);
  });

  it('opens a platform page while logged out, logs in through the redirect and arrives there', async () => {
    await page.goto(`${platform.url}/plat/user/info`);
    await page.waitForURL(/\/\?redirect=/);
    await byId('login-dialog').waitFor();
    await page.waitForTimeout(600); // let the dialog's opening animation finish before the screenshot
    await screenshot(page, 'login-dialog');
    await byId('login-submit').click();
    await expect.poll(() => page.getByText('请输入账号!', { exact: true }).count()).toBeGreaterThan(0);
    await login(user.email, 'WrongPass123');
    await expect.poll(() => page.getByText(/^登录失败:/).count()).toBeGreaterThan(0);
    await login(user.email, user.password);
    await page.waitForURL(/\/plat\/user\/info$/);
    await expect.poll(() => byId('profile-real-name').inputValue()).toBe(user.name);
  });

  it('asks for a password reset, follows the mailed link, sets a new password and logs in with it', async () => {
    await logout();
    await byId('nav-login').click();
    await byId('login-forgot').click();
    await byId('forgot-dialog').waitFor();
    await byId('forgot-email').fill(user.email);
    await byId('forgot-submit').click();
    await expect.poll(() => page.getByText('已给您的邮箱发送密码重置邮件，请注意查收！').count()).toBeGreaterThan(0);

    const mail = await mailbox.waitFor(user.email);
    const text = `${mail.text ?? ''} ${typeof mail.html === 'string' ? mail.html : ''}`;
    const link = /https?:\/\/[^\s"'<>]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
    expect(link, 'reset link in the mail').toBeTruthy();
    expect(link!.startsWith(platform.url)).toBe(true);

    await page.goto(link!);
    await byId('reset-password').fill(user.newPassword);
    await byId('reset-confirm').fill(user.newPassword);
    await byId('reset-submit').click();
    await byId('reset-success').waitFor();

    await page.goto(`${platform.url}/?redirect=/plat/index`);
    await byId('login-dialog').waitFor();
    await login(user.email, user.password);
    await expect.poll(() => page.getByText(/^登录失败:/).count()).toBeGreaterThan(0);
    await login(user.email, user.newPassword);
    await page.waitForURL(/\/plat\/index$/);

    // The link is single-use.
    await page.goto(link!);
    await byId('reset-invalid').waitFor();
  });

  it('lets the administrator open the administrator pages', async () => {
    await page.goto(`${platform.url}/plat/index`);
    await logout();
    await page.goto(`${platform.url}/?redirect=/plat/manage/material`);
    await byId('login-dialog').waitFor();
    await login(ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/plat\/manage\/material$/);
    expect(await byId('side-menu').innerText()).toMatch(/材料管理/);
    // an administrator asking for a page that does not exist there is told so, not sent away
    await page.goto(`${platform.url}/plat/manage/no-such-page`);
    await byId('not-found').waitFor();
    expect(page.url()).toMatch(/\/plat\/manage\/no-such-page$/);
  });

  it('switches to English and remembers it', async () => {
    await byId('lang-switch').click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    await page.reload();
    await expect.poll(() => byId('side-menu').innerText()).toMatch(/Dashboard/);
    await screenshot(page, 'dashboard-en');
  });
});

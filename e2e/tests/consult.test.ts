import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.js';
import type { Mailbox } from '../src/mailbox.js';
import { ADMIN, type Platform } from '../src/platform.js';
import { loginInBrowser, registerInBrowser } from '../src/register.js';
import { addZhPage, startRig, stopRig } from '../src/session.js';

/**
 * Issue 14 "Must show" for customer service: a user opens a consultation, an administrator answers
 * it in another browser, and the user is told live and sees the answer and the new state.
 */
let mailbox: Mailbox;
let platform: Platform;
let browser: Browser;
const contexts: BrowserContext[] = [];
let user: Page;
let admin: Page;

const stamp = Date.now();
const person = { email: `consult.${stamp}@uni.example.cn`, password: 'Perovskite2026', name: '赵咨询' };
const subject = `E2E 电学计算超过五分钟-${stamp}`;
const answer = '请把总网格数控制在 600 以内，并检查载流子寿命不为 0。';

const by = (p: Page, id: string) => p.getByTestId(id);
const field = (p: Page, id: string) =>
  p.locator(`input[data-testid="${id}"], textarea[data-testid="${id}"], [data-testid="${id}"] input`).first();

beforeAll(async () => {
  ({ mailbox, platform, browser } = await startRig());
  user = await addZhPage(browser, contexts, { width: 1366, height: 860 });
  admin = await addZhPage(browser, contexts, { width: 1366, height: 860 });
});

afterAll(async () => {
  await stopRig({ mailbox, platform, browser }, contexts);
});

describe('consultation (issue 14)', () => {
  it('lets a user open a consultation', async () => {
    await registerInBrowser(user, platform.url, person, '13912340003');
    await user.goto(`${platform.url}/plat/cs/consult`);
    expect(await user.locator('[data-testid="not-available"]').count()).toBe(0);
    await by(user, 'consult-new').click();
    await field(user, 'consult-subject').fill(subject);
    await field(user, 'consult-text').fill('网格数 800，计算一直没有结束。');
    await by(user, 'consult-submit').click();
    await by(user, 'consult-drawer').waitFor();
    await expect.poll(() => by(user, 'consult-detail-status').getAttribute('data-status')).toBe('open');
    await screenshot(user, 'consult-opened');
  });

  it('lets an administrator answer it; the user is told live and sees the answer', async () => {
    await loginInBrowser(admin, platform.url, ADMIN.email, ADMIN.password, '/plat/cs/consult');
    await admin.getByRole('tab', { name: '全部咨询（管理员）' }).click();
    await by(admin, 'consult-all').getByRole('button', { name: subject }).click();
    await by(admin, 'consult-drawer').waitFor();
    await field(admin, 'consult-reply-text').fill(answer);
    await by(admin, 'consult-reply-send').click();
    await expect.poll(() => by(admin, 'consult-detail-status').getAttribute('data-status')).toBe('answered');

    await by(user, 'live-new-msg').waitFor({ timeout: 20_000 });
    expect(await by(user, 'live-new-msg').innerText()).toContain(subject);
    await user.reload();
    await by(user, 'consult-drawer').waitFor();
    await expect.poll(() => by(user, 'consult-msg-admin').innerText()).toContain(answer);
    expect(await by(user, 'consult-detail-status').getAttribute('data-status')).toBe('answered');
    await screenshot(user, 'consult-answered');
  });
});

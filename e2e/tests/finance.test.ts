import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.js';
import type { Mailbox } from '../src/mailbox.js';
import { ADMIN, type Platform } from '../src/platform.js';
import { setPriceAsAdmin } from '../src/prices.js';
import { loginInBrowser, registerInBrowser } from '../src/register.js';
import { addZhPage, startRig, stopRig } from '../src/session.js';
import { pageApi } from '../src/session-api.js';

/**
 * Issue 14 "Must show" for finance and notices, as users would: an administrator publishes a notice
 * and a user sees it unread; a user asks to recharge, an administrator confirms it, and the balance
 * and records update; with a price set, efficiency-loss quantification charges the balance and is
 * refused with a clear message once the balance is short.
 */
let mailbox: Mailbox;
let platform: Platform;
let browser: Browser;
const contexts: BrowserContext[] = [];
let user: Page;
let admin: Page;

const stamp = Date.now();
const person = { email: `finance.${stamp}@uni.example.cn`, password: 'Perovskite2026', name: '钱充值' };
const noticeTitle = `E2E 平台维护通知-${stamp}`;
const by = (p: Page, id: string) => p.getByTestId(id);
const field = (p: Page, id: string) =>
  p.locator(`input[data-testid="${id}"], textarea[data-testid="${id}"], [data-testid="${id}"] input`).first();

const lossJob = {
  kind: 'losses',
  params: { jphMaCm2: 23, yBulkPerS: 3e6, uIfPerCm2S: 1e-2, yAugerPerS: 0, rsOhmCm2: 3, rshOhmCm2: 2000 },
  absorber: { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 2.2e18, egEV: 1.6, tK: 300 },
  spectrum: { wavelengthNm: [300, 600, 900], irradianceWm2Nm: [1, 1.5, 1] },
  pinMwCm2: 100,
};

beforeAll(async () => {
  ({ mailbox, platform, browser } = await startRig());
  user = await addZhPage(browser, contexts, { width: 1366, height: 860 });
  admin = await addZhPage(browser, contexts, { width: 1366, height: 860 });
});

afterAll(async () => {
  await stopRig({ mailbox, platform, browser }, contexts);
});

describe('notices and finance (issue 14)', () => {
  it('shows a notice an administrator publishes to a user, unread until opened', async () => {
    await registerInBrowser(user, platform.url, person, '13912340004');
    await loginInBrowser(admin, platform.url, ADMIN.email, ADMIN.password, '/plat/notice');
    await by(admin, 'notice-new').click();
    await field(admin, 'notice-title').fill(noticeTitle);
    await field(admin, 'notice-body').fill('本周六 22:00 至 24:00 进行系统维护，期间计算暂停。');
    await by(admin, 'notice-submit').click();
    await expect.poll(() => by(admin, 'notice-list').innerText()).toContain(noticeTitle);

    await user.goto(`${platform.url}/plat/notice`);
    expect(await user.locator('[data-testid="not-available"]').count()).toBe(0);
    const item = user.locator('[data-testid^="notice-item-"]', { hasText: noticeTitle });
    await expect.poll(() => item.getAttribute('data-read')).toBe('0');
    await screenshot(user, 'notice-unread');
    await item.getByTestId('notice-open').click();
    await expect.poll(() => item.getAttribute('data-read')).toBe('1');
  });

  it('credits a recharge an administrator confirms, in the balance and the records', async () => {
    await user.goto(`${platform.url}/plat/finance/recharge`);
    await by(user, 'recharge-new').click();
    await field(user, 'recharge-amount').fill('5');
    await field(user, 'recharge-reference').fill('工商银行 转账');
    await by(user, 'recharge-submit').click();
    await by(user, 'recharge-instructions').waitFor();
    expect(await by(user, 'recharge-instructions').innerText()).toContain('PVF-');
    await expect.poll(() => by(user, 'recharge-requests').innerText()).toContain('待确认');

    await admin.goto(`${platform.url}/plat/manage/finance`);
    const row = admin.locator('tr', { hasText: person.name });
    await row.locator('[data-testid^="recharge-confirm-"]').click();
    await by(admin, 'recharge-confirm-ok').click();
    await expect.poll(() => by(admin, 'admin-recharges').innerText()).not.toContain(person.name);

    await user.reload();
    await expect.poll(() => by(user, 'recharge-requests').innerText()).toContain('已到账');
    await expect.poll(() => by(user, 'recharge-table').innerText()).toContain('5.00');
    await user.goto(`${platform.url}/plat/finance/balance`);
    await expect.poll(() => by(user, 'finance-balanceYuan').innerText()).toContain('5');
    await screenshot(user, 'finance-balance');
  });

  it('charges efficiency-loss quantification at the price set, and refuses it when the balance is short', async () => {
    await setPriceAsAdmin(admin, platform.url, 'lossQuantification', 3);

    const first = await pageApi<{ id: number }>(user, '/sys/calc/circle2', { job: lossJob });
    expect(first.code, first.msg).toBe('1000');
    const second = await pageApi(user, '/sys/calc/circle2', { job: lossJob });
    expect(second.code).toBe('4901');
    expect(second.msg).toContain('余额不足');

    await user.goto(`${platform.url}/plat/finance/consumption`);
    await expect.poll(() => by(user, 'consumption-table').innerText()).toContain('效率损失量化');
    expect(await by(user, 'finance-pricing').innerText()).toContain('3 元/次');
    await user.goto(`${platform.url}/plat/finance/balance`);
    await expect.poll(() => by(user, 'finance-balanceYuan').innerText()).toContain('2');
    await screenshot(user, 'finance-after-charge');
  });

  it('shows the price before submitting, by one rule for the fit and the given-parameters mode, and asks first (issue 29)', async () => {
    await setPriceAsAdmin(admin, platform.url, 'lossQuantification', 1);
    await user.goto(`${platform.url}/plat/calc/circle2`);
    await by(user, 'circuit-form-circle2').waitFor();
    // A fit that draws the waterfall (the default) is the charged feature, as the losses mode is.
    await expect.poll(() => by(user, 'charge-notice').innerText()).toContain('1.00 元');
    expect(await by(user, 'charge-notice').innerText()).toContain('效率损失量化');
    await by(user, 'circuit-mode-simulate').click();
    await expect.poll(() => by(user, 'charge-notice').count()).toBe(0);
    await by(user, 'circuit-mode-losses').click();
    await expect.poll(() => by(user, 'charge-notice').innerText()).toContain('1.00 元');

    // Submitting asks first; cancelled, nothing is queued or charged.
    await by(user, 'circuit-submit').click();
    const dialog = user.locator('.ant-modal-confirm', { hasText: '确认收费' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('1.00 元');
    await screenshot(user, 'finance-charge-confirm');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    expect(await by(user, 'calc-progress').count()).toBe(0);
    await by(user, 'circuit-submit').click();
    await by(user, 'charge-confirm-ok').click();
    await by(user, 'calc-progress').waitFor();

    // The consumption line is in the reader's language only.
    await user.goto(`${platform.url}/plat/finance/consumption`);
    await expect.poll(() => by(user, 'consumption-table').innerText()).toContain('效率损失量化');
    expect(await by(user, 'consumption-table').innerText()).not.toContain('efficiency');
    await setPriceAsAdmin(admin, platform.url, 'lossQuantification', 0);

    // The device form asks too before a charged queue priority, and cancelled queues nothing.
    await setPriceAsAdmin(admin, platform.url, 'queuePriority', 0.5);
    const found = await pageApi<{ list: { id: string; kind: string }[] }>(user, '/sys/device/findPublic', {
      kind: 'opt',
      size: 5,
    });
    await user.goto(`${platform.url}/plat/calc/opt?device=${found.data.list[0]!.id}`);
    await by(user, 'calc-submit').waitFor();
    await by(user, 'queue-priority').click();
    await by(user, 'calc-submit').click();
    const ask = user.locator('.ant-modal-confirm', { hasText: '确认收费' });
    await ask.waitFor();
    expect(await ask.innerText()).toContain('优先排队');
    expect(await ask.innerText()).toContain('0.50 元');
    await ask.getByRole('button', { name: /取\s*消/ }).click();
    expect(await user.locator('[data-testid^="run-status-"]').count()).toBe(0);
    await setPriceAsAdmin(admin, platform.url, 'queuePriority', 0);
  });
});

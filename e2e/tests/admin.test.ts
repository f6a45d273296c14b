import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../../apps/server/test/integration/helpers/png.js';
import { screenshot } from '../src/browser.js';
import type { Mailbox } from '../src/mailbox.js';
import { ADMIN, type Platform, repoRoot } from '../src/platform.js';
import { setPriceAsAdmin } from '../src/prices.js';
import { loginInBrowser, registerInBrowser } from '../src/register.js';
import { addZhPage, startRig, stopRig } from '../src/session.js';
import { pageApi } from '../src/session-api.js';

/**
 * The administration pages as an administrator uses them (issue 14 and 16): users (search, change
 * role, disable and enable), a FAQ edit that /help shows, a notice, prices, institutions, a partner
 * logo and the contact fields on the home page; and a library import charged at the price set.
 */
let mailbox: Mailbox;
let platform: Platform;
let browser: Browser;
const contexts: BrowserContext[] = [];
let user: Page;
let admin: Page;
let visitor: Page;

const stamp = Date.now();
const person = { email: `admin.e2e.${stamp}@uni.example.cn`, password: 'Perovskite2026', name: '管理测试用户' };
const by = (p: Page, id: string) => p.getByTestId(id);
const field = (p: Page, id: string) =>
  p.locator(`input[data-testid="${id}"], textarea[data-testid="${id}"], [data-testid="${id}"] input`).first();
/** The primary button of the open confirm dialog (antd spaces two-character labels: "确 定"). */
const contact = {
  email: `service.${stamp}@pvforge.example.cn`,
  phone: '+86 10-6278 0000',
  addressZh: '北京市海淀区 E2E 路 1 号',
  hoursZh: '工作日 9:00-17:30',
};
const confirmOk = (p: Page) => p.locator('.ant-modal-confirm-btns .ant-btn-primary').last();

async function userId(p: Page): Promise<string> {
  return decodeURIComponent((await p.context().cookies()).find((c) => c.name === 'user_id')?.value ?? '');
}

/** Runs one action of the user row's menu and confirms it. */
async function userAction(uid: string, label: string) {
  await by(admin, `admin-user-actions-${uid}`).click();
  await admin.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: label }).click();
  await confirmOk(admin).click();
}

beforeAll(async () => {
  ({ mailbox, platform, browser } = await startRig());
  user = await addZhPage(browser, contexts, { width: 1366, height: 860 });
  admin = await addZhPage(browser, contexts, { width: 1366, height: 860 });
  visitor = await addZhPage(browser, contexts, { width: 1366, height: 860 });
});

afterAll(async () => {
  await stopRig({ mailbox, platform, browser }, contexts);
});

describe('administration (issue 14 and 16)', () => {
  it('finds a user, changes the role back and forth, disables (login refused) and enables them', async () => {
    await registerInBrowser(user, platform.url, person, '13912340021');
    const uid = await userId(user);
    await loginInBrowser(admin, platform.url, ADMIN.email, ADMIN.password, '/plat/manage/users');
    await field(admin, 'admin-user-search').fill(person.email);
    await field(admin, 'admin-user-search').press('Enter');
    const row = admin.locator('[data-testid="admin-users"] tr', { hasText: person.email });
    await expect.poll(() => admin.locator('[data-testid="admin-users"] tbody tr').count()).toBe(1);

    await userAction(uid, '设为管理员');
    await expect.poll(() => row.innerText()).toContain('管理员');
    await userAction(uid, '设为普通用户');
    await expect.poll(() => row.innerText()).toContain('普通用户');

    await userAction(uid, '停用');
    await expect.poll(() => row.innerText()).toContain('已停用');
    await visitor.goto(platform.url);
    const answer = await visitor.evaluate(
      async (b) =>
        (
          await fetch('/calc/sys/user/login', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(b),
          })
        ).json() as Promise<{ code: string }>,
      { username: person.email, password: person.password },
    );
    expect(answer.code).toBe('2011');
    await userAction(uid, '启用');
    await expect.poll(() => row.innerText()).toContain('正常');
    await screenshot(admin, 'admin-users');
    await loginInBrowser(user, platform.url, person.email, person.password, '/plat/index');
  });

  it('edits a FAQ entry that /help then shows', async () => {
    const question = `E2E 修改后的问题 ${stamp}`;
    await admin.goto(`${platform.url}/plat/cs/faq`);
    await admin.getByRole('tab', { name: '编辑常见问题' }).click();
    await admin
      .locator('.ant-list-item')
      .first()
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    const q = admin.getByLabel('中文问题');
    await q.fill(question);
    await admin.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => admin.locator('.ant-list').first().innerText()).toContain(question);
    await visitor.goto(`${platform.url}/help`);
    await expect.poll(() => by(visitor, 'faq-list').innerText()).toContain(question);
  });

  it('publishes a notice that reaches the user live: notification, bell and message list (issue 29)', async () => {
    const title = `E2E 管理员公告 ${stamp}`;
    // The user waits on their messages, connected live; the bell's count before the notice.
    await user.goto(`${platform.url}/plat/msg`);
    await by(user, 'msg-notices').waitFor();
    await expect.poll(() => by(user, 'msg-badge').getAttribute('data-count')).not.toBeNull();
    const before = Number(await by(user, 'msg-badge').getAttribute('data-count'));
    await admin.goto(`${platform.url}/plat/notice`);
    await by(admin, 'notice-new').click();
    await field(admin, 'notice-title').fill(title);
    await field(admin, 'notice-body').fill('平台新增机构与合作伙伴管理。');
    await field(admin, 'notice-title-en').fill(`E2E notice ${stamp}`);
    await field(admin, 'notice-body-en').fill('Institutions and partners can now be managed.');
    await by(admin, 'notice-submit').click();

    await by(user, 'live-new-msg').waitFor({ timeout: 20_000 });
    expect(await by(user, 'live-new-msg').innerText()).toContain(title);
    await expect.poll(() => by(user, 'msg-badge').getAttribute('data-count')).toBe(String(before + 1));
    const item = by(user, 'msg-notices').locator('[data-testid^="notice-item-"]', { hasText: title });
    await expect.poll(() => item.getAttribute('data-read')).toBe('0');
    // Opening it reads it: the bell goes back down.
    await item.getByTestId('notice-open').click();
    await expect.poll(() => item.getAttribute('data-read')).toBe('1');
    await expect.poll(() => by(user, 'msg-badge').getAttribute('data-count')).toBe(String(before));
    await user.goto(`${platform.url}/plat/notice`);
    await user.locator('[data-testid^="notice-item-"]', { hasText: title }).waitFor();
  });

  it('keeps institutions that registration suggests, a partner logo and contact fields shown on the home page', async () => {
    const institution = `E2E 光伏研究院 ${stamp}`;
    await admin.goto(`${platform.url}/plat/manage/site`);
    await by(admin, 'institution-add').click();
    await field(admin, 'site-item-name-zh').fill(institution);
    await field(admin, 'site-item-name-en').fill('E2E PV Institute');
    await field(admin, 'site-item-website').fill('https://pv.example.cn');
    await admin.locator('#site-item-save').click();
    await expect.poll(() => by(admin, 'institution-table').innerText()).toContain(institution);

    await admin.getByRole('tab', { name: '合作伙伴' }).click();
    await by(admin, 'partner-add').click();
    await field(admin, 'site-item-name-zh').fill('E2E 合作大学');
    await field(admin, 'site-item-website').fill('https://uni.example.cn');
    await admin.locator('#site-item-save').click();
    await expect.poll(() => by(admin, 'partner-table').innerText()).toContain('E2E 合作大学');
    const chooser = admin.waitForEvent('filechooser');
    await admin.locator('[data-testid^="partner-logo-"]').first().click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(160, 48, [0, 90, 160]) });
    await expect.poll(() => by(admin, 'partner-table').locator('img').count()).toBe(1);

    await admin.getByRole('tab', { name: '联系方式' }).click();
    for (const [k, v] of Object.entries(contact)) await field(admin, `contact-${k}`).fill(v);
    await by(admin, 'contact-save').click();
    await expect
      .poll(() =>
        admin.evaluate(async () => ((await (await fetch('/calc/sys/site/contact')).json()) as { data: unknown }).data),
      )
      .toMatchObject({ email: contact.email });
    await screenshot(admin, 'admin-site');

    await visitor.goto(platform.url);
    const partners = by(visitor, 'home-partners');
    await partners.scrollIntoViewIfNeeded();
    const logo = partners.locator('img[alt="E2E 合作大学"]');
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
    expect(await partners.locator('a').first().getAttribute('href')).toBe('https://uni.example.cn');
    await expect.poll(() => by(visitor, 'home-contact').innerText()).toContain(contact.email);
    const text = await by(visitor, 'home-contact').innerText();
    for (const v of Object.values(contact)) expect(text).toContain(v);
    await by(visitor, 'home-contact').scrollIntoViewIfNeeded();
    await screenshot(visitor, 'home-partners-contact');

    // Registration suggests the institution while typing (still free text).
    await by(visitor, 'nav-register').click();
    await by(visitor, 'register-enterprise').fill('E2E 光伏');
    await expect
      .poll(() => visitor.locator('.ant-select-dropdown:visible .ant-select-item-option').allInnerTexts())
      .toContain(institution);

    // The give-up message's contact is the one just set, remembered while the server answered.
    await user.goto(`${platform.url}/plat/index`);
    await expect
      .poll(() => user.evaluate(() => localStorage.getItem('pvforge.contact') ?? ''))
      .toContain(contact.email);
  });

  it('charges a library import at the price set, and refuses it when the balance is short', async () => {
    await setPriceAsAdmin(admin, platform.url, 'libraryImport', 2);

    const device = readFileSync(join(repoRoot, 'packages/engine/test/optics/fixtures/perovskite-pin.device.json'));
    const importOnce = async () => {
      const chooser = user.waitForEvent('filechooser');
      await by(user, 'device-import').click();
      await (await chooser).setFiles({ name: 'pin.device.json', mimeType: 'application/json', buffer: device });
    };
    await user.goto(`${platform.url}/plat/myOptMaterial`);
    await expect.poll(() => by(user, 'device-import-charged').innerText()).toContain('2.00 元');
    await importOnce();
    await expect.poll(() => user.locator('.ant-message').innerText()).toContain('余额不足');

    const r = await pageApi<{ id: number }>(user, '/sys/finance/recharge/request', { amountYuan: 3 });
    expect(r.code, r.msg).toBe('1000');
    expect((await pageApi(admin, '/sys/finance/recharge/confirm', { id: r.data.id })).code).toBe('1000');

    await user.reload();
    await importOnce();
    await expect.poll(() => user.locator('.ant-message').innerText()).toContain('已导入');
    await user.goto(`${platform.url}/plat/finance/consumption`);
    await expect.poll(() => by(user, 'consumption-table').innerText()).toContain('器件库导入');
    await user.goto(`${platform.url}/plat/finance/balance`);
    await expect.poll(() => by(user, 'finance-balanceYuan').innerText()).toContain('1');
    await screenshot(user, 'library-import-charged');
  });

  // Last: it stops the platform.
  it('names the contact the administrators set when the compute server cannot be reached', async () => {
    await user.goto(`${platform.url}/plat/index`);
    await expect
      .poll(() => user.evaluate(() => localStorage.getItem('pvforge.contact') ?? ''))
      .toContain(contact.email);
    await platform.stop();
    // Reconnects after 1, 4 and 9 s fail; then the session is cleared and both spec §8 messages show.
    const note = by(user, 'live-unreachable');
    await note.waitFor({ timeout: 60_000 });
    const text = await note.innerText();
    expect(text).toContain('无法连接到计算服务器');
    expect(text).toContain(contact.email);
    expect(text).toContain(contact.phone);
    await screenshot(user, 'live-unreachable-contact');
  }, 90_000);
});

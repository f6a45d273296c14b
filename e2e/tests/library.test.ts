import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.js';
import type { Mailbox } from '../src/mailbox.js';
import { ADMIN, type Platform, repoRoot } from '../src/platform.js';
import { loginInBrowser, registerInBrowser } from '../src/register.js';
import { openZhPage, startRig, stopRig } from '../src/session.js';
import { pageApi } from '../src/session-api.js';

/**
 * Issue 7 "Must show", as a new user would: a personal material, a device built with it saved to
 * the personal library (DeviceSpec import), its 32-character ID, submission for review, approval by
 * the administrator (in a second browser), the device in the public library, the reward in the
 * owner's income and an in-site message; then a rejection whose reason the owner sees.
 */
let mailbox: Mailbox;
let platform: Platform;
let browser: Browser;
let userCtx: BrowserContext;
let adminCtx: BrowserContext;
let user: Page;
let admin: Page;

const stamp = Date.now();
const owner = { email: `library.${stamp}@uni.example.cn`, password: 'Perovskite2026', name: '王器件' };
const materialName = `E2E-CsFAPbI3-${stamp}`;
const deviceName = `E2E钙钛矿电池-${stamp}`;
const rejectedName = `E2E待驳回器件-${stamp}`;
const rejectReason = '缺少文献来源，请补充引用后重新提交';
const work = mkdtempSync(join(tmpdir(), 'pvforge-lib-e2e-'));
let deviceId = '';
const consoleErrors: string[] = [];
const refused: string[] = [];

const by = (p: Page, id: string) => p.getByTestId(id);
/** The text field behind a testid that antd puts either on the <input> or on its wrapper. */
const field = (p: Page, id: string) => p.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`).first();

/** A DeviceSpec file whose absorber layer is made of the given material. */
function deviceFile(name: string, material: { name: string; optical: unknown }): string {
  const base = JSON.parse(readFileSync(join(repoRoot, 'assets/devices/perovskite-nip-electrical.device.json'), 'utf8'));
  base.name = name;
  base.description = `Built in the browser test with the personal material ${material.name}`;
  for (const layer of base.layers) {
    if (layer.role === 'absorber') {
      layer.name = material.name;
      layer.optical = material.optical;
    }
  }
  const file = join(work, `${name}.device.json`);
  writeFileSync(file, JSON.stringify(base, null, 2));
  return file;
}

async function importDevice(file: string) {
  await user.goto(`${platform.url}/plat/myElecMaterial`);
  await by(user, 'device-import').waitFor();
  expect(await by(user, 'device-import-charged').innerText()).toMatch(/收费/);
  await user.locator('input[type=file]').setInputFiles(file);
}

beforeAll(async () => {
  ({ mailbox, platform, browser } = await startRig());
  ({ context: userCtx, page: user } = await openZhPage(
    browser,
    { width: 1366, height: 800 },
    { acceptDownloads: true },
  ));
  ({ context: adminCtx, page: admin } = await openZhPage(browser, { width: 1366, height: 800 }));
  for (const p of [user, admin]) {
    p.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    // a console error names no URL: the refused responses themselves, so that a failure says which
    // call was refused and with what code (a rare 401 here is not explained yet)
    p.on('response', (r) => {
      if (r.status() !== 401) return;
      void r
        .text()
        .catch(() => '')
        .then((body) => refused.push(`${r.request().method()} ${new URL(r.url()).pathname}: ${body.slice(0, 160)}`));
    });
  }
});

afterAll(async () => {
  await stopRig({ mailbox, platform, browser }, [userCtx, adminCtx]);
});

describe('device library, review and reward (issue 7)', () => {
  it('registers a new user', async () => {
    await registerInBrowser(user, platform.url, owner, '13912345678');
  });

  it('adds a personal material in the material library', async () => {
    await user.goto(`${platform.url}/plat/material-library/perovskite?cata=1&key=lead_perovskite`);
    await by(user, 'material-tab-mine').click();
    await by(user, 'material-add-personal').click();
    await by(user, 'material-form-name').fill(materialName);
    await by(user, 'material-form-formula').fill('CsFAPbI3');
    await by(user, 'material-form-optical-constant').click();
    await by(user, 'material-form-const-n').fill('2.5');
    await by(user, 'material-form-const-k').fill('0.3');
    await by(user, 'material-form-submit').click();
    await expect.poll(() => by(user, 'material-table-mine').innerText(), { timeout: 15_000 }).toContain(materialName);
    await screenshot(user, 'library-material-added');
  });

  it('builds a device with that material and imports it into the personal library with its 32-character ID', async () => {
    const found = await pageApi<{ list: { name: string; uuid: string }[] }>(
      user,
      '/sys/materialPersonal/findMaterialPersonal',
      { search: materialName, page: 1, size: 10 },
    );
    expect(found.code).toBe('1000');
    const uuid = found.data.list.find((m) => m.name === materialName)?.uuid;
    expect(uuid).toBeTruthy();
    const material = await pageApi<{ name: string; optical: unknown }>(user, '/sys/material/getMaterial', { uuid });
    expect(material.code).toBe('1000');

    await importDevice(deviceFile(deviceName, material.data));
    await expect.poll(() => by(user, 'device-table').innerText(), { timeout: 15_000 }).toContain(deviceName);
    const row = user.locator('tr', { hasText: deviceName });
    deviceId = (await row.getByTestId('device-id').getAttribute('data-id')) ?? '';
    expect(deviceId).toMatch(/^[0-9a-f]{32}$/);
    expect(await row.getByTestId('device-status').getAttribute('data-status')).toBe('private');

    // The detail drawer shows the full ID and the layer stack with the user's material.
    await row.getByTestId('device-name').click();
    await by(user, 'device-drawer-id').waitFor();
    expect(await by(user, 'device-drawer-id').innerText()).toContain(deviceId);
    await expect.poll(() => by(user, 'device-layers').innerText()).toContain(materialName);
    await user.waitForTimeout(600); // let the drawer finish sliding in before the screenshot
    await screenshot(user, 'library-device-drawer');
    await user.keyboard.press('Escape');
    await by(user, 'device-drawer-id').waitFor({ state: 'detached' });

    // Export gives the DeviceSpec file back.
    const download = user.waitForEvent('download');
    await row.getByTestId('device-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.device\.json$/);
    const exported = JSON.parse(readFileSync(await file.path(), 'utf8'));
    expect(exported.layers.some((l: { name: string }) => l.name === materialName)).toBe(true);

    // "Open in a calculation" hands the device to the electrical editor.
    await row.getByTestId('device-open').click();
    await user.waitForURL((u) => u.pathname === '/plat/calc/elec' && u.searchParams.get('device') === deviceId);
    await user.goBack();
    await by(user, 'device-table').waitFor();
  });

  it('submits the device for review', async () => {
    const row = user.locator('tr', { hasText: deviceName });
    await row.getByTestId('device-submit').click();
    await by(user, 'device-submit-note').fill('请审核：新组分钙钛矿器件');
    await by(user, 'device-submit-ok').click();
    await expect.poll(() => row.getByTestId('device-status').getAttribute('data-status')).toBe('pending');
    expect(await row.getByTestId('device-submit').count()).toBe(0);
    await screenshot(user, 'library-device-pending');
  });

  it('lets the administrator set the reward and approve the device', async () => {
    await loginInBrowser(admin, platform.url, ADMIN.email, ADMIN.password, '/plat/settings');
    await field(admin, 'settings-reward').waitFor();
    await field(admin, 'settings-reward').fill('1.234');
    await by(admin, 'settings-submit').click();
    await expect.poll(() => admin.getByText('审核奖励最多两位小数').count()).toBeGreaterThan(0);
    await field(admin, 'settings-reward').fill('12.5');
    await by(admin, 'settings-submit').click();
    await expect.poll(() => admin.getByText('设置已保存').count()).toBeGreaterThan(0);

    await admin.goto(`${platform.url}/plat/manage/review`);
    expect(await by(admin, 'side-menu').innerText()).toMatch(/审核管理/);
    const row = by(admin, `review-row-${deviceId}`);
    await row.waitFor();
    await row.getByTestId('review-preview-open').click();
    // The reviewer sees the stack it is asked to publish, with the user's own material in it.
    await by(admin, 'device-layers').waitFor();
    expect(await by(admin, 'device-layers').innerText()).toContain(materialName);
    await admin.waitForTimeout(600);
    await screenshot(admin, 'library-review-preview');
    await admin.keyboard.press('Escape');
    await by(admin, 'review-preview-body').waitFor({ state: 'detached' });
    await row.getByTestId('review-approve').click();
    await by(admin, 'review-approve-ok').click();
    await row.waitFor({ state: 'detached' });
    await by(admin, 'review-tab-approved').click();
    await expect.poll(() => by(admin, 'review-table').innerText()).toContain(deviceName);
    expect(await by(admin, 'review-table').innerText()).toContain('12.50');
    await screenshot(admin, 'library-review-approved');
  });

  it('shows the approved device in the public library', async () => {
    await user.goto(`${platform.url}/plat/elecMaterial`);
    await field(user, 'device-search').fill(deviceName);
    await field(user, 'device-search').press('Enter');
    await expect.poll(() => by(user, 'device-table').innerText(), { timeout: 15_000 }).toContain(deviceName);
    const publicId = await user.locator('tr', { hasText: deviceName }).getByTestId('device-id').getAttribute('data-id');
    expect(publicId).toMatch(/^[0-9a-f]{32}$/);
    await screenshot(user, 'library-public');

    await user.goto(`${platform.url}/plat/myElecMaterial`);
    const row = user.locator('tr', { hasText: deviceName });
    await expect.poll(() => row.getByTestId('device-status').getAttribute('data-status')).toBe('approved');
  });

  it('credits the reward in the owner’s income and balance', async () => {
    await user.goto(`${platform.url}/plat/finance/income`);
    await expect.poll(() => by(user, 'income-table').innerText(), { timeout: 15_000 }).toContain('12.50');
    expect(await by(user, 'income-table').innerText()).toContain('审核奖励');
    await screenshot(user, 'library-income');
    await user.goto(`${platform.url}/plat/finance/balance`);
    await expect.poll(() => by(user, 'finance-incomeYuan').innerText()).toContain('12.50');
    await expect.poll(() => by(user, 'finance-balanceYuan').innerText()).toContain('12.50');
    await user.goto(`${platform.url}/plat/finance/recharge`);
    await by(user, 'finance-pricing').waitFor();
    expect(await by(user, 'recharge-table').innerText()).toContain('暂无充值记录');
  });

  it("shows a public example's DOIs (not its description) as references, and a copy keeps them (issue 29)", async () => {
    const example = '体缺陷与界面缺陷';
    await user.goto(`${platform.url}/plat/elecMaterial`);
    await field(user, 'device-search').fill(example);
    await field(user, 'device-search').press('Enter');
    const row = user.locator('tr', { hasText: example }).first();
    await expect.poll(() => row.getByTestId('device-doi').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await row.getByTestId('device-reference').innerText()).toContain('10.1016/j.rinp.2019.102839');
    expect(await row.getByTestId('device-reference').innerText()).not.toContain('通用器件');
    await row.getByTestId('device-copy').click();
    await user.getByText('已复制到我的器件库').first().waitFor();

    await user.goto(`${platform.url}/plat/myElecMaterial`);
    const mine = user.locator('tr', { hasText: example }).first();
    await expect
      .poll(() => mine.getByTestId('device-reference').innerText(), { timeout: 15_000 })
      .toContain('10.1016/j.rinp.2019.102839');
    await screenshot(user, 'library-copy-references');
  });

  it('gives the owner an in-site message, with an unread badge, and marks it read', async () => {
    await user.goto(`${platform.url}/plat/msg`);
    await expect.poll(() => by(user, 'msg-badge').getAttribute('data-count'), { timeout: 15_000 }).not.toBe('0');
    await expect.poll(() => by(user, 'msg-list').innerText()).toContain(deviceName);
    const item = user.locator('[data-read="0"]').first();
    await screenshot(user, 'library-messages');
    await item.getByTestId('msg-open').click();
    await expect.poll(() => by(user, 'msg-body').innerText()).toContain(deviceName);
    await by(user, 'msg-close').click();
    await expect.poll(() => by(user, 'msg-badge').getAttribute('data-count')).toBe('0');
  });

  it('rejects a second submission with a reason the owner sees', async () => {
    const material = await pageApi<{ list: { name: string; optical: unknown }[] }>(
      user,
      '/sys/materialPersonal/findMaterialPersonal',
      { search: materialName, page: 1, size: 10 },
    );
    const m = material.data.list[0];
    if (!m) throw new Error('personal material missing');
    // The list may omit large optical data; the constant model is small and present either way.
    const full = await pageApi<{ name: string; optical: unknown }>(user, '/sys/material/getMaterial', {
      uuid: (m as unknown as { uuid: string }).uuid,
    });
    await importDevice(deviceFile(rejectedName, full.data));
    const row = user.locator('tr', { hasText: rejectedName });
    await row.waitFor({ timeout: 15_000 });
    const rejectId = (await row.getByTestId('device-id').getAttribute('data-id')) ?? '';
    await row.getByTestId('device-submit').click();
    await by(user, 'device-submit-ok').click();
    await expect.poll(() => row.getByTestId('device-status').getAttribute('data-status')).toBe('pending');

    await admin.goto(`${platform.url}/plat/manage/review`);
    const reviewRow = by(admin, `review-row-${rejectId}`);
    await reviewRow.waitFor();
    await reviewRow.getByTestId('review-reject').click();
    await by(admin, 'review-reject-ok').click();
    await expect.poll(() => admin.getByText('请填写驳回原因').count()).toBeGreaterThan(0);
    await by(admin, 'review-reject-reason').fill(rejectReason);
    await by(admin, 'review-reject-ok').click();
    await reviewRow.waitFor({ state: 'detached' });
    await by(admin, 'review-tab-rejected').click();
    await expect.poll(() => by(admin, 'review-table').innerText()).toContain(rejectReason);

    await user.goto(`${platform.url}/plat/myElecMaterial`);
    const rejected = user.locator('tr', { hasText: rejectedName });
    await expect.poll(() => rejected.getByTestId('device-status').getAttribute('data-status')).toBe('rejected');
    await expect.poll(() => by(user, 'device-reject-reason').innerText()).toContain(rejectReason);
    await screenshot(user, 'library-rejected');
    await user.goto(`${platform.url}/plat/msg`);
    await expect.poll(() => by(user, 'msg-list').innerText()).toContain(rejectReason);
    await expect.poll(() => user.locator('[data-read="0"]').count()).toBeGreaterThan(0);
    await by(user, 'msg-read-all').click();
    await expect.poll(() => user.locator('[data-read="0"]').count()).toBe(0);
    await expect.poll(() => by(user, 'msg-badge').getAttribute('data-count')).toBe('0');
  });

  it('shows the pages in English too, without console errors', async () => {
    await user.goto(`${platform.url}/plat/myElecMaterial`);
    await by(user, 'lang-switch').click();
    await expect.poll(() => by(user, 'page-title').innerText()).toMatch(/device/i);
    await expect.poll(() => by(user, 'device-table').innerText()).toMatch(/Rejected/);
    await screenshot(user, 'library-personal-en');
    await by(user, 'lang-switch').click();
    expect(
      consoleErrors.filter((e) => !/favicon/.test(e)),
      [...consoleErrors, ...refused].join('\n'),
    ).toEqual([]);
  });
});

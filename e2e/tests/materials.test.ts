import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../src/browser.js';
import { Mailbox } from '../src/mailbox.js';
import { ADMIN, type Platform, startPlatform } from '../src/platform.js';
import { openZhPage, stopRig } from '../src/session.js';

/**
 * The material library in real Chromium against the built platform: the administrator adds a
 * public material from an n,k file (a bad file first: the error names the line), sees the preview
 * plot and saves; a user finds it by search and opens its detail with the n,k plot, its electrical
 * parameters with units and sources; the user adds a personal material and submits it for review.
 */
let mailbox: Mailbox;
let platform: Platform;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dir: string;
const consoleErrors: string[] = [];

const stamp = Date.now();
const material = `E2E钙钛矿-${stamp}`;
const personal = `我的HTL-${stamp}`;
const user = { email: `materials.${stamp}@uni.example.cn`, password: 'Perovskite2026', name: '王材料' };

const byId = (id: string) => page.getByTestId(id);
/** The text box of an antd Input.Search, wherever antd puts the data-testid. */
const searchBox = (id: string) => page.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`).first();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pvforge-nk-'));
  const rows = ['wavelength_nm,n,k'];
  for (let w = 300; w <= 1200; w += 25) {
    const n = 2.2 + 0.3 * Math.exp(-(((w - 500) / 200) ** 2));
    const k = w < 780 ? 0.6 * (1 - (w - 300) / 480) : 0;
    rows.push(`${w},${n.toFixed(4)},${k.toFixed(4)}`);
  }
  writeFileSync(join(dir, 'mapbi3-e2e.csv'), `${rows.join('\n')}\n`);
  // Line 3 goes back in wavelength: the parser must name it.
  writeFileSync(join(dir, 'unsorted.csv'), 'wavelength,n,k\n400,2.5,0.3\n380,2.4,0.2\n500,2.3,0.1\n');

  mailbox = new Mailbox();
  await mailbox.start();
  platform = await startPlatform(mailbox.port);
  const reg = await fetch(`${platform.url}/calc/sys/user/reg`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username: user.email,
      password: user.password,
      real_name: user.name,
      gender: 1,
      phone: '13912345678',
      enterprise: '某大学光伏研究所',
      address: '上海市闵行区',
    }),
  });
  expect(((await reg.json()) as { code: string }).code).toBe('1000');
  browser = await launchBrowser();
  ({ context, page } = await openZhPage(browser, { width: 1366, height: 900 }));
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(`${m.text()} ${m.location().url}`);
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
});

afterAll(async () => {
  await stopRig({ mailbox, platform, browser }, [context]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function login(email: string, password: string, redirect: string) {
  await page.goto(`${platform.url}/?redirect=${encodeURIComponent(redirect)}`);
  await byId('login-dialog').waitFor();
  await byId('login-username').fill(email);
  await byId('login-password').fill(password);
  await byId('login-submit').click();
}

async function logout() {
  await byId('user-role').waitFor();
  await byId('user-dropdown').click();
  await byId('user-menu-logout').click();
  await byId('logout-confirm-ok').click();
  await page.waitForURL(`${platform.url}/`);
}

describe('the material library', () => {
  it('lets the administrator add a material from an n,k file and shows its preview plot', async () => {
    await login(ADMIN.email, ADMIN.password, '/plat/manage/material/add');
    await page.waitForURL(/\/plat\/manage\/material\/add$/);
    await byId('manage-form').waitFor();

    // A bad file: the error names the line before anything is saved.
    const fileInput = page.locator('[data-testid="manage-form"] input[type="file"]');
    await fileInput.setInputFiles(join(dir, 'unsorted.csv'));
    await expect.poll(() => byId('manage-form-nk-error').innerText()).toContain('第 3 行');

    await fileInput.setInputFiles(join(dir, 'mapbi3-e2e.csv'));
    await byId('manage-form-nk-loaded').waitFor();
    expect(await byId('manage-form-nk-loaded').innerText()).toContain('37');
    await byId('manage-form-nk-plot').waitFor();
    expect(await byId('manage-form-nk-plot').getAttribute('data-x-name')).toContain('nm');

    await byId('manage-form-name').fill(material);
    await byId('manage-form-formula').fill('CH3NH3PbI3');
    // Field-level numeric validation in the user's language.
    await byId('manage-form-elec-epsR').fill('abc');
    await byId('manage-form-elec-tauNS').fill('0');
    await byId('manage-form-submit').click();
    await expect.poll(() => page.getByText('请输入数字（可用科学计数法，如 1e18）').count()).toBeGreaterThan(0);
    // the parameter registry's words, as the editor and the server say them (issue 25)
    await expect
      .poll(() => page.getByText('电子寿命为 0 s，超出允许范围（> 0 s）', { exact: true }).count())
      .toBeGreaterThan(0);

    await byId('manage-form-elec-epsR').fill('24.1');
    await byId('manage-form-elec-tauNS').fill('1e-6');
    await byId('manage-form-elec-egEV').fill('1.6');
    await byId('manage-form-elec-ncCm3').fill('2.2e18');
    await byId('manage-form-add-ref').click();
    await byId('manage-form-ref-citation-0').fill('Koster et al., SIMsalabim, J. Open Source Softw. 2022');
    await byId('manage-form-src-egEV').fill('ref1');
    await byId('manage-form-notes').fill('E2E test material');
    await screenshot(page, 'materials-admin-form');
    await byId('manage-form-submit').click();
    await page.waitForURL(/\/plat\/manage\/material$/);
    await searchBox('manage-search').fill(material);
    await searchBox('manage-search').press('Enter');
    await expect.poll(() => byId('manage-table').innerText()).toContain(material);
    await screenshot(page, 'materials-admin-list');

    // The edit page loads the same form with the stored n,k table drawn.
    await byId(`manage-edit-${material}`).click();
    await page.waitForURL(/\/plat\/manage\/material\/edit\/[0-9a-f-]{36}$/);
    await expect.poll(() => byId('manage-form-name').inputValue()).toBe(material);
    await byId('manage-form-nk-plot').waitFor();
    expect(await byId('manage-form-elec-ncCm3').inputValue()).toBe('2.2e18');
    await byId('manage-form-cancel').click();
    await page.waitForURL(/\/plat\/manage\/material$/);
    await logout();
  });

  it('lets a user find the material by search and open its detail with the n,k plot', async () => {
    await login(user.email, user.password, '/plat/material-library/lead_perovskite?cata=1&key=lead_perovskite');
    await page.waitForURL(/\/plat\/material-library\/lead_perovskite/);
    await byId('material-table-library').waitFor();
    expect(await byId('side-menu').innerText()).toContain('含铅');
    await searchBox('material-search-library').fill(String(stamp));
    await searchBox('material-search-library').press('Enter');
    await expect.poll(() => byId('material-table-library').innerText()).toContain(material);
    await byId(`material-open-${material}`).click();
    await byId('material-detail').waitFor();
    await byId('material-nk-plot').waitFor();
    expect(await byId('material-nk-plot').getAttribute('data-y-name')).toMatch(/n/);
    const elec = await byId('material-detail-electrical').innerText();
    expect(elec).toContain('带隙 Eg');
    expect(elec).toContain('cm⁻³');
    expect(elec).toContain('2.2e18');
    expect(elec).toContain('Koster');
    expect(await byId('material-detail-notes').innerText()).toContain('E2E test material');
    await page.waitForTimeout(600); // the drawer's sliding animation, for the screenshot
    await screenshot(page, 'materials-detail');
    await page.keyboard.press('Escape');
    await byId('material-drawer').waitFor({ state: 'hidden' });

    // A seeded material names a shipped n,k table: its curves are drawn too.
    await searchBox('material-search-library').fill('MAPbI3');
    await searchBox('material-search-library').press('Enter');
    // its full name in the Chinese interface is Chinese (issue 29), in the list and the detail
    expect(await byId('material-open-MAPbI3').innerText()).toContain('甲胺铅碘');
    await byId('material-open-MAPbI3').click();
    await expect.poll(() => byId('material-detail-name').innerText()).toBe('MAPbI3');
    expect(await byId('material-detail-name-zh').innerText()).toBe('甲胺铅碘');
    await byId('material-nk-plot').waitFor();
    // Its cited defect set is shown as the editor words it, with the source and the density of states.
    const defects = await byId('material-detail-defects').innerText();
    expect(defects).toContain('高斯分布');
    expect(defects).toContain('0.6 eV 导带底以下');
    expect(defects).toContain('1e14');
    expect(await byId('material-detail-defects-source').innerText()).toContain('Chowdhury');
    await byId('material-defect-dos-plot').waitFor();
    expect(await byId('material-defect-dos-plot').getAttribute('data-x-name')).toMatch(/eV/);
    await byId('material-detail-defects').scrollIntoViewIfNeeded();
    await page.waitForTimeout(600);
    await screenshot(page, 'materials-detail-defects');
    await page.keyboard.press('Escape');
    await byId('material-drawer').waitFor({ state: 'hidden' });
  });

  it('filters the electrodes by the menu key (positive / negative)', async () => {
    await page.goto(`${platform.url}/plat/material-library/electrode?cata=4&key=positive`);
    await expect.poll(() => byId('material-table-library').innerText()).toContain('ITO');
    expect(await byId('material-table-library').innerText()).not.toContain('Ag');
    await page.goto(`${platform.url}/plat/material-library/electrode?cata=4&key=negative`);
    await expect.poll(() => byId('material-table-library').innerText()).toContain('Ag');
    expect(await byId('material-table-library').innerText()).not.toContain('ITO');
    await page.goto(`${platform.url}/plat/material-library/lead_perovskite?cata=1&key=lead_perovskite`);
    await byId('material-table-library').waitFor();
  });

  it('lets the user add a personal material and submit it for review', async () => {
    await byId('material-tab-mine').click();
    await byId('material-add-personal').click();
    await byId('material-form').waitFor();
    await byId('material-form-name').fill(personal);
    await byId('material-form-optical-constant').click();
    await byId('material-form-const-n').fill('1.9');
    await byId('material-form-const-k').fill('0');
    await byId('material-form-elec-egEV').fill('3.0');
    await byId('material-form-elec-muPCm2PerVs').fill('1e-4');
    await byId('material-form-nk-plot').waitFor();
    await byId('material-form-submit').click();
    await expect.poll(() => byId('material-table-mine').innerText()).toContain(personal);
    await expect.poll(() => byId('material-table-mine').innerText()).toContain('私有');
    await byId(`material-submit-${personal}`).click();
    await byId('material-submit-ok').click();
    await expect.poll(() => byId('material-table-mine').innerText()).toContain('审核中');
    await screenshot(page, 'materials-personal');
  });

  it('shows the administrator the submitted material as the library does: labelled parameters with units, no field keys', async () => {
    await logout();
    await login(ADMIN.email, ADMIN.password, '/plat/manage/review');
    await page.waitForURL(/\/plat\/manage\/review$/);
    const row = page.locator('tr', { hasText: personal }).first();
    await row.getByTestId('review-preview-open').click();
    const preview = byId('review-material-preview');
    await expect.poll(() => preview.innerText(), { timeout: 15_000 }).toContain('带隙 Eg');
    const text = await preview.innerText();
    expect(text).toContain('3');
    expect(text).toContain('eV');
    for (const key of ['egEV', 'muPCm2PerVs', 'hole_transport', 'constant']) expect(text).not.toContain(key);
    await screenshot(page, 'materials-review-preview');
  });

  it('logged no console errors on the way', () => {
    expect(consoleErrors).toEqual([]);
  });
});

import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUTORIAL_GUIDES, tutorialImage, tutorialImages } from '../../apps/web/src/pages/public/tutorials.js';
import type { Mailbox } from '../src/mailbox.js';
import { ADMIN, type Platform, repoRoot } from '../src/platform.js';
import { registerInBrowser } from '../src/register.js';
import { openZhPage, startRig, stopRig } from '../src/session.js';

/**
 * The pictures of the /help tutorials (issue 16), taken from the running product: a new user walks
 * the optical, electrical and circuit-fit flows and submits a device for review, an administrator
 * approves it, and each step named in apps/web/src/pages/public/tutorials.ts is saved as a
 * 1280x800 JPEG into apps/web/public/tutorials/ (committed, served as /tutorials/...) and into the
 * running build, then /help links every tutorial and each renders with all its pictures loaded.
 * A picture the tutorials name but that is missing, or one over 150 kB, fails the test.
 */
const VIEWPORT = { width: 1280, height: 800 };
const MAX_BYTES = 150 * 1024;
const publicDir = join(repoRoot, 'apps/web/public');
const distDir = join(repoRoot, 'apps/web/dist');

let mailbox: Mailbox;
let platform: Platform;
let browser: Browser;
let userCtx: BrowserContext;
let adminCtx: BrowserContext;
let page: Page;
let admin: Page;
const taken = new Set<string>();
const stamp = Date.now();
const user = { email: `tutorial.${stamp}@uni.example.cn`, password: 'Tutorial2026', name: '孙教程' };
// a fixed name: each platform run has a fresh database, and the pictures should not change with the clock
const deviceName = '钙钛矿 n-i-p 示例器件';
const byId = (id: string) => page.getByTestId(id);

/** Saves the viewport as the picture of a tutorial step, scrolled to `focus` when given. */
async function shot(p: Page, key: (typeof TUTORIAL_GUIDES)[number]['key'], step: number, focus?: Locator) {
  if (focus) await focus.scrollIntoViewIfNeeded();
  await p.waitForTimeout(500); // drawers, dialogs and plots finish moving
  const rel = tutorialImage(key, step);
  const file = join(publicDir, rel);
  mkdirSync(join(publicDir, 'tutorials'), { recursive: true });
  await p.screenshot({ path: file, type: 'jpeg', quality: 70 });
  expect(statSync(file).size, rel).toBeLessThanOrEqual(MAX_BYTES);
  // the running build serves dist/, which was built before this test wrote the new picture
  mkdirSync(join(distDir, 'tutorials'), { recursive: true });
  copyFileSync(file, join(distDir, rel));
  taken.add(rel);
}

async function runFinished(p: Page, timeout: number) {
  const status = p.locator('[data-testid^="run-status-"]').first();
  await status.waitFor();
  await expect.poll(() => status.innerText(), { timeout }).toBe('已完成');
}

beforeAll(async () => {
  ({ mailbox, platform, browser } = await startRig());
  ({ context: userCtx, page } = await openZhPage(browser, VIEWPORT));
  ({ context: adminCtx, page: admin } = await openZhPage(browser, VIEWPORT));
}, 120_000);

afterAll(async () => {
  await stopRig({ mailbox, platform, browser }, [userCtx, adminCtx]);
});

describe('tutorial screenshots from the running product', () => {
  it('optical: the editor, the illumination settings, the preview with the run, the result', async () => {
    await registerInBrowser(page, platform.url, user, '13812345672');
    await page.goto(`${platform.url}/plat/calc/opt`);
    await byId('load-demo').click();
    await expect.poll(() => byId('preview-jph-MAPbI3').count(), { timeout: 30_000 }).toBe(1);
    await shot(page, 'optical', 1);
    await shot(page, 'optical', 2, byId('illumination-form'));
    await byId('calc-submit').click();
    await runFinished(page, 90_000);
    await shot(page, 'optical', 3, page.locator('[data-testid^="run-status-"]').first());
    await page.locator('[data-testid^="run-result-"]').first().click();
    await page.waitForURL(/\/plat\/rsto\/\d+$/);
    await byId('result-input-summary').waitFor();
    await shot(page, 'optical', 4);
  });

  it('electrical: the demo device, its electrical settings, the J-V result', async () => {
    await page.goto(`${platform.url}/plat/calc/elec`);
    await byId('load-demo').click();
    await expect.poll(() => byId('preview-jph-MAPbI3').count(), { timeout: 30_000 }).toBe(1);
    await shot(page, 'electrical', 1);
    await shot(page, 'electrical', 2, page.locator('[data-testid="contact-front"]'));
    await byId('calc-submit').click();
    await runFinished(page, 240_000);
    await page.locator('[data-testid^="run-result-"]').first().click();
    await page.waitForURL(/\/plat\/rste\/\d+$/);
    await byId('result-input-summary').waitFor();
    await page.waitForTimeout(1000);
    await shot(page, 'electrical', 3);
  });

  it('circuit fit: the form, the uploaded curve, the fitted parameters', async () => {
    await page.goto(`${platform.url}/plat/calc/circle`);
    await byId('circuit-form-circle').waitFor();
    await shot(page, 'circuit', 1);
    await page
      .locator('[data-testid="curve-input"] input[type="file"]')
      .setInputFiles(join(publicDir, 'downloads/sample-perovskite-jv.csv'));
    await byId('curve-preview-plot').waitFor();
    await shot(page, 'circuit', 2, byId('curve-preview'));
    await byId('circuit-submit').click();
    await page.waitForURL(/\/plat\/rstc\/\d+$/, { timeout: 90_000 });
    await byId('rstc-params').waitFor({ timeout: 30_000 });
    await shot(page, 'circuit', 3);
  });

  it('library: import, submit for review, the administrator approves, the public library', async () => {
    const spec = JSON.parse(
      readFileSync(join(repoRoot, 'assets/devices/perovskite-nip-electrical.device.json'), 'utf8'),
    );
    spec.name = deviceName;
    const file = join(tmpdir(), `tutorial-${stamp}.device.json`);
    writeFileSync(file, JSON.stringify(spec));
    await page.goto(`${platform.url}/plat/myElecMaterial`);
    await byId('device-import').waitFor();
    await page.locator('input[type=file]').setInputFiles(file);
    await expect.poll(() => byId('device-table').innerText(), { timeout: 15_000 }).toContain(deviceName);
    await shot(page, 'library', 1);

    const row = page.locator('tr', { hasText: deviceName });
    const deviceId = (await row.getByTestId('device-id').getAttribute('data-id')) ?? '';
    await row.getByTestId('device-submit').click();
    await byId('device-submit-note').fill('请审核：教程示例器件');
    await byId('device-submit-ok').click();
    await expect.poll(() => row.getByTestId('device-status').getAttribute('data-status')).toBe('pending');
    await shot(page, 'library', 2);

    await admin.goto(`${platform.url}/?redirect=${encodeURIComponent('/plat/manage/review')}`);
    await admin.getByTestId('login-username').fill(ADMIN.email);
    await admin.getByTestId('login-password').fill(ADMIN.password);
    await admin.getByTestId('login-submit').click();
    await admin.waitForURL((u) => u.pathname === '/plat/manage/review');
    const review = admin.getByTestId(`review-row-${deviceId}`);
    await review.getByTestId('review-preview-open').click();
    await admin.getByTestId('device-layers').waitFor();
    await shot(admin, 'library', 3);
    await admin.keyboard.press('Escape');
    await admin.getByTestId('review-preview-body').waitFor({ state: 'detached' });
    await review.getByTestId('review-approve').click();
    await admin.getByTestId('review-approve-ok').click();
    await review.waitFor({ state: 'detached' });

    await page.goto(`${platform.url}/plat/elecMaterial`);
    await expect.poll(() => byId('device-table').innerText(), { timeout: 15_000 }).toContain(deviceName);
    await shot(page, 'library', 4);
  });

  it('took every picture the tutorials name, and no other', () => {
    expect([...taken].sort()).toEqual([...tutorialImages()].sort());
    for (const rel of tutorialImages()) expect(existsSync(join(publicDir, rel)), rel).toBe(true);
  });

  it('links each tutorial from /help and renders its steps with their pictures', async () => {
    const visitor = await browser.newPage({ viewport: VIEWPORT, locale: 'zh-CN' });
    await visitor.goto(`${platform.url}/help`);
    await visitor.getByTestId('help-tutorials').waitFor();
    expect(await visitor.getByTestId('tutorial').count()).toBe(TUTORIAL_GUIDES.length);
    for (const g of TUTORIAL_GUIDES) {
      await visitor.goto(`${platform.url}/help`);
      await visitor.getByTestId(`tutorial-link-${g.key}`).click();
      await visitor.waitForURL((u) => u.pathname === '/help' && u.searchParams.get('tutorial') === g.key);
      await visitor.getByTestId(`tutorial-${g.key}`).waitFor();
      expect(await visitor.getByTestId('tutorial-step').count()).toBe(g.steps);
      const shots = visitor.getByTestId('tutorial-shot');
      for (let i = 0; i < g.steps; i++) {
        const img = shots.nth(i);
        await img.scrollIntoViewIfNeeded();
        await expect
          .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth))
          .toBe(VIEWPORT.width);
      }
    }
    await visitor.close();
  });
});

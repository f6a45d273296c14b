import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SdmSolver } from '@pvforge/engine';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, screenshot } from '../src/browser.js';
import type { Mailbox } from '../src/mailbox.js';
import type { Platform } from '../src/platform.js';
import { registerInBrowser } from '../src/register.js';
import { openZhPage, startRig, stopRig } from '../src/session.js';

/**
 * A new user fits a measured curve: downloads the sample J-V curve from /help, uploads it with a
 * dark curve of the same device to the modified-diode fit with loss quantification (calc/circle2),
 * where the absorber facts the split rests on are asked for and explained, and to the
 * five-parameter fit (calc/circle); sees the split, the fitted parameters and the loss waterfall,
 * and deletes a calculation from calc/circleList through the 确定/取消 confirm. Real Chromium
 * against the built platform.
 */
let mailbox: Mailbox;
let platform: Platform;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];
let samplePath = '';
let circle2Id = 0;
let circleId = 0;

const user = {
  email: `circuit.${Date.now()}@uni.example.cn`,
  password: 'Perovskite2026',
  name: '王拟合',
};

const byId = (id: string) => page.getByTestId(id);

beforeAll(async () => {
  ({ mailbox, platform, browser } = await startRig());
  ({ context, page } = await openZhPage(browser, { width: 1366, height: 900 }, { acceptDownloads: true }));
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleErrors.push(`${page.url()}: ${e.message}`));
});

afterAll(async () => {
  await stopRig({ mailbox, platform, browser }, [context]);
});

async function uploadCurve(files: string | string[] = samplePath) {
  await byId('curve-input').waitFor();
  await page.locator('[data-testid="curve-input"] input[type="file"]').setInputFiles(files);
  await byId('curve-preview').waitFor();
  await expect.poll(() => byId('curve-summary').innerText()).toContain('1001');
  await byId('curve-preview-plot').waitFor();
  // 1001 measured points: no "about 1000 points recommended" warning.
  expect(await byId('curve-few-points').count()).toBe(0);
}

/** A dark J-V curve of the sample's device (its single-diode parameters, Jph = 0), as a CSV file. */
function writeDarkCurve(): string {
  const s = new SdmSolver({ jphMaCm2: 0, j0MaCm2: 3e-12, n: 1.5, rsOhmCm2: 3, rshOhmCm2: 2000, tK: 300 });
  const v = Array.from({ length: 241 }, (_, i) => (1.2 * i) / 240);
  const path = join(artifactsDir, 'dark-perovskite-jv.csv');
  const rows = v.map((x) => `${x.toFixed(4)},${s.jAtV(x).toPrecision(8)}`);
  writeFileSync(path, ['voltage_V,current_density_mA_cm2', ...rows].join('\n'));
  return path;
}

async function submitAndFollow(result: RegExp, shot: string): Promise<number> {
  await byId('circuit-submit').click();
  await byId('calc-progress').waitFor();
  try {
    await page.waitForURL(result, { timeout: 90_000 });
  } catch (e) {
    await screenshot(page, `${shot}-failed`);
    throw new Error(
      `${String(e)}\nprogress: ${await byId('calc-progress')
        .innerText()
        .catch(() => '?')}`,
    );
  }
  const id = Number(/\/(\d+)$/.exec(page.url())?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

describe('circuit fitting of a measured curve', () => {
  it('registers a new user', async () => {
    await registerInBrowser(page, platform.url, user, '13912345678');
  });

  it('downloads the sample measured curve from the help page', async () => {
    await page.goto(`${platform.url}/help`);
    await byId('sample-curve-card').scrollIntoViewIfNeeded();
    await screenshot(page, 'circuit-help-sample');
    const [download] = await Promise.all([page.waitForEvent('download'), byId('download-sample-curve').click()]);
    samplePath = join(artifactsDir, 'downloaded-sample-perovskite-jv.csv');
    await download.saveAs(samplePath);
    const text = readFileSync(samplePath, 'utf8');
    expect(text.startsWith('voltage_V,current_density_mA_cm2\n0.0000,')).toBe(true);
    expect(text.trim().split('\n')).toHaveLength(1002);
  });

  it('downloads the perovskite parameter pack from the help page', async () => {
    await byId('perovskite-pack-card').scrollIntoViewIfNeeded();
    const [download] = await Promise.all([page.waitForEvent('download'), byId('download-perovskite-pack').click()]);
    const path = join(artifactsDir, 'downloaded-perovskite-parameters.zip');
    await download.saveAs(path);
    const files = unzipSync(new Uint8Array(readFileSync(path)));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.md', 'perovskite-parameters.csv']));
    expect(strFromU8(files['perovskite-parameters.csv']!)).toContain('mapbi3,MAPbI3,lead_perovskite,egEV,');
  });

  it('shows field-level messages for fit ranges outside the spec limits', async () => {
    await page.goto(`${platform.url}/plat/calc/circle`);
    await byId('circuit-form-circle').waitFor();
    await byId('range-n-hi').fill('25');
    await byId('range-rshOhmCm2-lo').fill('1');
    await byId('circuit-submit').click();
    await expect.poll(() => page.getByText('上限不能大于 20', { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('下限不能小于 10', { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('请上传或粘贴实测曲线').count()).toBe(0);
    await byId('range-n-hi').fill('20');
    await byId('range-rshOhmCm2-lo').fill('10');
    await byId('circuit-submit').click();
    await expect.poll(() => page.getByText('请上传或粘贴实测曲线').count()).toBeGreaterThan(0);
  });

  it('fits a light and a dark curve with the modified diode model: the split, its basis and the waterfall', async () => {
    await page.goto(`${platform.url}/plat/calc/circle2`);
    await byId('circuit-form-circle2').waitFor();
    // what the split rests on is asked for and explained
    expect(await byId('knowns-explain').innerText()).toContain('体相 SRH 寿命 τ');
    expect(await byId('known-tauBulkNs').inputValue()).toBe('500');
    // two files chosen at once: the sample (light) and a dark curve of the same device
    await uploadCurve([samplePath, writeDarkCurve()]);
    await byId('curve-card-2').waitFor();
    await expect.poll(() => byId('curve-summary-2').innerText()).toContain('暗态曲线');
    await byId('curve-dark-2').waitFor();
    // each curve's photocurrent is its own: no photocurrent range in the table
    expect(await byId('range-jphMaCm2-lo').count()).toBe(0);
    await byId('range-nIf-hi').waitFor();
    // checked before anything is queued: the light curve needs its incident power
    await byId('curve-pin').fill('');
    await byId('circuit-submit').click();
    await expect.poll(() => byId('curve-card').innerText()).toContain('请输入数值');
    expect(await byId('calc-progress').count()).toBe(0);
    await byId('curve-pin').fill('100');
    await byId('circuit-name').fill('示例曲线 修正二极管拟合');
    await screenshot(page, 'circuit-circle2-preview');
    circle2Id = await submitAndFollow(/\/plat\/rstc2\/\d+$/, 'circuit-circle2');
    await byId('rstc-basis').waitFor({ timeout: 30_000 });
    expect(await byId('rstc-basis').innerText()).toContain('由体相寿命 τ = 500 ns 给出');
    await byId('rstc-params').waitFor({ timeout: 30_000 });
    expect(await byId('rstc-params').innerText()).toContain('体 SRH 复合速率系数 y_bulk');
    await byId('rstc-curve-tabs').waitFor();
    await byId('rstc-split').waitFor();
    await byId('rstc-waterfall').waitFor({ timeout: 30_000 });
    expect(await byId('rstc-loss-pin').innerText()).toContain('入射光功率 100 mW/cm²');
    expect(await byId('rstc-ranking').innerText()).toMatch(/按去除后效率增益排序的损失：/);
    await page.waitForTimeout(800);
    await screenshot(page, 'circuit-rstc2-result');
    // the dark curve's own tab: its split, no waterfall
    await page.getByRole('tab', { name: 'dark-perovskite-jv.csv' }).click();
    await byId('rstc-split-2').waitFor();
    expect(await byId('rstc-waterfall-2').count()).toBe(0);
    await screenshot(page, 'circuit-rstc2-dark');
  });

  it('fits the five-parameter model to the same curve', async () => {
    await page.goto(`${platform.url}/plat/calc/circle`);
    await byId('circuit-form-circle').waitFor();
    await uploadCurve();
    await screenshot(page, 'circuit-circle-preview');
    circleId = await submitAndFollow(/\/plat\/rstc\/\d+$/, 'circuit-circle');
    await byId('rstc-params').waitFor({ timeout: 30_000 });
    // The engine's English parameter descriptions read in the UI's language.
    expect(await byId('rstc-params').innerText()).toMatch(/理想因子[\s\S]*串联电阻/);
    await page.waitForTimeout(800);
    await screenshot(page, 'circuit-rstc-result');
  });

  it('reads a pasted curve as it is pasted, without a separate click', async () => {
    await page.goto(`${platform.url}/plat/calc/circle`);
    await byId('curve-input').waitFor();
    // antd hides the radio input itself: click its button (the label around it)
    await page.locator('label', { has: byId('curve-source-paste') }).click();
    const text = readFileSync(samplePath, 'utf8');
    await byId('curve-paste').fill(text);
    await byId('curve-preview').waitFor();
    await expect.poll(() => byId('curve-summary').innerText()).toContain('1001');
  });

  it('simulates a J-V curve from five parameters', async () => {
    await page.goto(`${platform.url}/plat/calc/circle`);
    await byId('circuit-form-circle').waitFor();
    await byId('circuit-mode-simulate').click();
    await byId('param-n').fill('0');
    await byId('circuit-submit').click();
    await expect.poll(() => page.getByText('必须大于 0', { exact: true }).count()).toBeGreaterThan(0);
    await byId('param-n').fill('1.5');
    await byId('voltage-stop').fill('1.25');
    await submitAndFollow(/\/plat\/rstc\/\d+$/, 'circuit-simulate');
    await byId('rstc-body').waitFor({ timeout: 30_000 });
  });

  it('prefills the form from a calculation (duplicate and edit)', async () => {
    expect(circleId).toBeGreaterThan(0);
    await page.goto(`${platform.url}/plat/calc/circle?calc=${circleId}`);
    await byId('circuit-prefilled').waitFor();
    await byId('curve-preview').waitFor();
    await expect.poll(() => byId('curve-summary').innerText()).toContain('1001');
  });

  it('lists the circuit calculations and deletes one after confirming', async () => {
    await page.goto(`${platform.url}/plat/calc/circleList`);
    const [first, second] = [circle2Id, circleId];
    expect(first * second).toBeGreaterThan(0);
    await byId(`calc-status-${first}`).waitFor();
    await expect.poll(() => byId(`calc-status-${second}`).getAttribute('data-status')).toBe('succeeded');
    await byId('calc-filter-kind').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '电路（量化）' }).click();
    await expect.poll(() => byId(`calc-status-${second}`).count()).toBe(0);
    await expect.poll(() => byId(`calc-status-${first}`).count()).toBe(1);
    await page.goto(`${platform.url}/plat/calc/circleList`);
    await byId(`calc-status-${second}`).waitFor();

    // Search by name and sort by a column run on the server (kept in the address).
    const firstName = (await byId(`calc-name-${first}`).innerText()).trim();
    await byId('calc-search').locator('input').fill(firstName);
    await byId('calc-search').locator('input').press('Enter');
    await page.waitForURL(/[?&]q=/);
    await expect.poll(() => byId(`calc-status-${first}`).count()).toBe(1);
    await page.goto(`${platform.url}/plat/calc/circleList`);
    await page
      .locator('th.ant-table-column-has-sorters')
      .filter({ hasText: /^名称$/ })
      .click();
    await page.waitForURL(/[?&]sort=name/);
    await byId(`calc-status-${second}`).waitFor();

    // 取消 keeps it.
    await byId(`calc-delete-${second}`).click();
    await expect.poll(() => page.getByText(`确定删除计算 #${second}`, { exact: false }).count()).toBeGreaterThan(0);
    await byId('calc-delete-ok').waitFor({ state: 'visible' });
    await page.waitForTimeout(400); // the popover's opening animation
    await screenshot(page, 'circuit-list-delete-confirm');
    expect(await byId('calc-delete-cancel').innerText()).toMatch(/取\s*消/);
    await byId('calc-delete-cancel').click();
    await page.waitForTimeout(300);
    expect(await byId(`calc-status-${second}`).count()).toBe(1);

    // 确定 deletes it.
    await byId(`calc-delete-${second}`).click();
    expect(await byId('calc-delete-ok').innerText()).toMatch(/确\s*定/);
    await byId('calc-delete-ok').click();
    await expect.poll(() => byId(`calc-status-${second}`).count()).toBe(0);
    expect(await byId(`calc-status-${first}`).count()).toBe(1);
    await screenshot(page, 'circuit-list-after-delete');
  });

  it('runs the demo in one click, follows it to its result and finds it in calc/list', async () => {
    await page.goto(`${platform.url}/plat/demo`);
    await byId('demo-layers').waitFor();
    await expect.poll(() => byId('demo-device-source').innerText()).toContain('公共器件库');
    await byId('demo-run').click();
    await byId('calc-progress').waitFor();
    await expect
      .poll(() => byId('calc-progress-status').getAttribute('data-status'), { timeout: 30_000 })
      .toMatch(/running|succeeded/);
    await screenshot(page, 'circuit-demo-running');
    const id = Number(/#(\d+)/.exec(await byId('calc-progress-status').innerText())?.[1]);
    expect(id).toBeGreaterThan(0);
    // It follows the calculation to its result page.
    await page.waitForURL(new RegExp(`/plat/rste/${id}$`), { timeout: 110_000 });
    await page.goto(`${platform.url}/plat/calc/list`);
    await byId(`calc-status-${id}`).waitFor();
    await expect.poll(() => byId(`calc-status-${id}`).getAttribute('data-status')).toBe('succeeded');
    await screenshot(page, 'circuit-calc-list');
  });

  it('logged no console errors on the way', () => {
    expect(consoleErrors).toEqual([]);
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.js';
import type { Mailbox } from '../src/mailbox.js';
import { type Platform, repoRoot } from '../src/platform.js';
import { registerInBrowser } from '../src/register.js';
import { openZhPage, startRig, stopRig } from '../src/session.js';

/**
 * Custom incident spectra in real Chromium (issue 16): the optical and electrical calculations
 * open in a new window from the dashboard and the side menu (spec §2); a new user uploads a
 * broken file and reads what is wrong, uploads AM1.5G re-expressed in µm and mW cm^-2 nm^-1 and
 * sees the mismatch factor 1 (M does not depend on the intensity, and the test spectrum is the
 * reference), then a xenon-like lamp spectrum whose factor differs from 1, runs the optical
 * calculation with it and finds its name in the result.
 */
let mailbox: Mailbox;
let platform: Platform;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const byId = (id: string) => page.getByTestId(id);
const dir = mkdtempSync(join(tmpdir(), 'pvforge-spectrum-'));

const user = { email: `spectrum.${Date.now()}@uni.example.cn`, password: 'Spectrum2026', name: '钱光谱' };

/** AM1.5G halved, in um and mW cm^-2 nm^-1, space separated, with a header line. */
function halfSunFile(): string {
  const rows = readFileSync(join(repoRoot, 'assets/data/spectra/am15g.csv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l.trim())
    .map((l) => l.split(',').map(Number) as [number, number]);
  const path = join(dir, 'am15g-half.txt');
  writeFileSync(path, ['lambda_um E_mW_cm2_nm', ...rows.map(([l, e]) => `${l / 1000} ${(e / 10) * 0.5}`)].join('\n'));
  return path;
}

/** A lamp with a blue-heavy Gaussian on a flat floor, 280-1200 nm in 5 nm steps, W m^-2 nm^-1. */
function lampFile(): string {
  const lines = ['wavelength_nm,irradiance'];
  for (let l = 280; l <= 1200; l += 5)
    lines.push(`${l},${(0.2 + 1.6 * Math.exp(-(((l - 480) / 120) ** 2))).toFixed(5)}`);
  const path = join(dir, 'xenon-lamp.csv');
  writeFileSync(path, lines.join('\n'));
  return path;
}

/** Picks an option of an antd select; again if a click landed while the dialog was still moving. */
async function pickOption(selectTestId: string, title: string) {
  const select = byId(selectTestId);
  await expect
    .poll(
      async () => {
        if (!(await select.innerText()).includes(title)) {
          await select.click();
          await page
            .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`)
            .click({ timeout: 3000 })
            .catch(() => undefined);
        }
        return select.innerText();
      },
      { timeout: 20_000 },
    )
    .toContain(title);
}

async function chooseFile(path: string) {
  await page.locator('.ant-modal input[type=file]').setInputFiles(path);
}

beforeAll(async () => {
  ({ mailbox, platform, browser } = await startRig());
  ({ context, page } = await openZhPage(browser, { width: 1600, height: 1000 }));
}, 120_000);

afterAll(async () => {
  await stopRig({ mailbox, platform, browser }, [context]);
});

describe('custom incident spectrum', () => {
  it('registers and opens the optical and electrical calculations in new windows from the dashboard and the menu', async () => {
    await registerInBrowser(page, platform.url, user, '13812345671');
    const [opt] = await Promise.all([context.waitForEvent('page'), byId('quick-opt').click()]);
    await opt.waitForURL(/\/plat\/calc\/opt$/);
    await opt.getByTestId('device-editor').waitFor();
    await opt.close();
    expect(new URL(page.url()).pathname).toMatch(/^\/plat(\/index)?$/);
    await byId('menu-grp:calc').click();
    const [elec] = await Promise.all([context.waitForEvent('page'), byId('menu-/plat/calc/elec').click()]);
    await elec.waitForURL(/\/plat\/calc\/elec$/);
    await elec.getByTestId('calc-page-elec').waitFor();
    await elec.close();
    expect(new URL(page.url()).pathname).toMatch(/^\/plat(\/index)?$/);
  });

  it('says what is wrong with a broken file, line by line, in Chinese', async () => {
    await page.goto(`${platform.url}/plat/calc/opt`);
    await byId('load-demo').click();
    await expect.poll(() => byId('preview-jph-MAPbI3').count(), { timeout: 30_000 }).toBe(1);
    await byId('spectrum-upload').click();
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, ['wl,E', '400,1', '410,1', '405,1', '420,-3'].join('\n'));
    await chooseFile(bad);
    const problems = byId('spectrum-problems');
    await problems.waitFor();
    const text = await problems.innerText();
    expect(text).toContain('第 4 行：波长 405 nm 不大于上一行的 410 nm');
    expect(text).toContain('第 5 行：辐照度 -3 不能为负数');
    expect(text).toContain('至少需要 10 个');
    expect(await byId('spectrum-save').isDisabled()).toBe(true);
  });

  it('reads AM1.5G in µm and mW cm⁻² nm⁻¹, plots it against AM1.5G, and the mismatch factor is 1', async () => {
    await chooseFile(halfSunFile());
    // read as nm and W m^-2 nm^-1 first: 0.28-4 "nm" cannot cover the 300-850 nm calculation
    await byId('spectrum-coverage').waitFor();
    await pickOption('spectrum-wavelength-unit', 'µm');
    await pickOption('spectrum-irradiance-unit', 'mW cm⁻² nm⁻¹');
    await byId('spectrum-coverage').waitFor({ state: 'detached' });
    // half of ASTM G173-03's 1000.37 W/m^2
    await expect
      .poll(() => byId('spectrum-summary').innerText())
      .toContain('2002 个点，280–4000 nm，积分辐照度 500.2 W/m²');
    await page.locator('.ant-modal [data-testid="spectrum-plot"]').waitFor();
    await byId('spectrum-name').fill('半个太阳 AM1.5G');
    await screenshot(page, 'spectrum-upload-dialog');
    await byId('spectrum-save').click();
    await byId('spectrum-preview').waitFor();
    await expect.poll(() => byId('spectrum-mismatch-value').innerText(), { timeout: 30_000 }).toBe('1.0000');
  });

  it('uploads a lamp spectrum, sees its mismatch factor differ from 1 and runs the optical calculation with it', async () => {
    await byId('spectrum-upload').click();
    await chooseFile(lampFile());
    // the dialog keeps the last units: this file is in nm and W m^-2 nm^-1
    await pickOption('spectrum-wavelength-unit', 'nm');
    await pickOption('spectrum-irradiance-unit', 'W m⁻² nm⁻¹');
    await byId('spectrum-summary').waitFor();
    await byId('spectrum-name').fill('氙灯模拟器 e2e');
    await byId('spectrum-save').click();
    await expect
      .poll(() => page.locator('[data-testid="select-illumination.spectrum"]').innerText())
      .toContain('氙灯模拟器 e2e');
    await page.locator('[data-testid="spectrum-preview"] [data-testid="spectrum-plot"]').waitFor();
    await expect
      .poll(async () => Number(await byId('spectrum-mismatch-value').innerText()), { timeout: 30_000 })
      .not.toBe(1);
    const m = Number(await byId('spectrum-mismatch-value').innerText());
    // a lamp of another colour than the sun: a correction of a few per cent or more, not a factor of two
    expect(Math.abs(m - 1)).toBeGreaterThan(0.01);
    expect(m).toBeGreaterThan(0.5);
    expect(m).toBeLessThan(1.5);
    await screenshot(page, 'spectrum-in-editor');

    // a calculation range beyond the lamp's 280-1200 nm: the field and the preview say so in Chinese
    const beyond = '光谱覆盖 280–1200 nm，不能覆盖计算波长范围 300–1300 nm';
    await byId('input-illumination.wavelength.endNm').fill('1300');
    await expect.poll(() => byId('editor-errors').innerText()).toContain(beyond);
    await expect.poll(() => byId('preview-error').innerText(), { timeout: 20_000 }).toContain(beyond);
    await byId('input-illumination.wavelength.endNm').fill('850');
    await byId('editor-errors').waitFor({ state: 'detached' });

    await byId('calc-submit').click();
    const status = page.locator('[data-testid^="run-status-"]').first();
    await status.waitFor();
    await expect.poll(() => status.innerText(), { timeout: 90_000 }).toBe('已完成');
    await page.locator('[data-testid^="run-result-"]').first().click();
    await page.waitForURL(/\/plat\/rsto\/\d+$/);
    await expect
      .poll(() => byId('result-spectrum').innerText(), { timeout: 20_000 })
      .toContain('自定义光谱：氙灯模拟器 e2e');
  });

  it('keeps both spectra in the personal library for the electrical calculation', async () => {
    await page.goto(`${platform.url}/plat/calc/elec`);
    await byId('select-illumination.spectrum').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect
      .poll(() => options.allInnerTexts())
      .toEqual(expect.arrayContaining(['我的光谱：氙灯模拟器 e2e', '我的光谱：半个太阳 AM1.5G']));
  });
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.js';
import type { Mailbox } from '../src/mailbox.js';
import type { Platform } from '../src/platform.js';
import { registerInBrowser } from '../src/register.js';
import { startRig, stopRig } from '../src/session.js';

/**
 * The first hour of a new user (issue 19): ITO / PTAA / MAPbI3 / C60 / Ag picked from the public
 * library, every default kept (thicknesses, contacts, wavelength range, sweep), runs optics and
 * electrics to a result page, in zh-CN and English, at 1440 and 390 px. Then the rendered text of
 * the editor, the result and the library pages, in zh-CN, carries no internal identifier and no
 * English engine text.
 */
let mailbox: Mailbox;
let platform: Platform;
let browser: Browser;

/** The library device, front to back: [search text, material key]. */
const STACK: [string, string][] = [
  ['ITO', 'ito'],
  ['PTAA', 'ptaa'],
  ['MAPbI3', 'mapbi3'],
  ['C60', 'c60'],
  ['Ag', 'ag'],
];

beforeAll(async () => {
  ({ mailbox, platform, browser } = await startRig());
}, 120_000);

afterAll(async () => {
  await stopRig({ mailbox, platform, browser });
});

let userSeq = 0;

/**
 * A new user in a fresh browser context of this language (as LangSwitch stores it), registered on
 * the desktop home page, then working at `width` px.
 */
async function newUser(lang: 'zh-CN' | 'en', width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: lang });
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  const page = await context.newPage();
  userSeq++;
  await registerInBrowser(
    page,
    platform.url,
    { email: `first.${userSeq}.${Date.now()}@uni.example.cn`, password: 'Perovskite2026', name: '钱新手' },
    `1390000${String(1000 + userSeq)}`,
  );
  await page.setViewportSize({ width, height: 900 });
  return { context, page };
}

/** Builds the library device in the editor of page, every field left at its default. */
async function buildLibraryDevice(page: Page): Promise<void> {
  const by = (id: string) => page.getByTestId(id);
  await by('device-editor').waitFor();
  for (const [i, [search, key]] of STACK.entries()) {
    if (i > 0) await by('layer-add').click();
    await expect.poll(() => by(`layer-row-${i}`).getAttribute('aria-current')).toBe('true');
    await by('layer-pick-material').click();
    await by('picker-search').locator('input').fill(search);
    await by(`pick-${key}`).click();
    await by(`pick-${key}`).waitFor({ state: 'detached' });
  }
  await expect.poll(() => by('layer-row-4').innerText()).toContain('Ag');
}

/** Submits the calculation on the page and opens its result once it has succeeded; answers the result path. */
async function runToResult(page: Page, resultPath: RegExp): Promise<string> {
  const by = (id: string) => page.getByTestId(id);
  // nothing stands in the way, and the button says so before it is clicked
  expect(await by('calc-submit-blocked').count()).toBe(0);
  await by('calc-submit').click();
  const run = page.locator('[data-testid^="run-"][data-status]').first();
  await run.waitFor();
  await expect
    .poll(() => run.getAttribute('data-status'), { timeout: 120_000, interval: 250 })
    .toMatch(/^(succeeded|failed|nonconvergent)$/);
  expect(await run.getAttribute('data-status')).toBe('succeeded');
  await run.locator('[data-testid^="run-result-"]').click();
  await page.waitForURL(resultPath);
  return new URL(page.url()).pathname;
}

describe.each([
  ['zh-CN', 1440],
  ['zh-CN', 390],
  ['en', 1440],
  ['en', 390],
] as const)('a new user (%s, %i px)', (lang, width) => {
  let context: BrowserContext;
  let page: Page;
  const by = (id: string) => page.getByTestId(id);

  beforeAll(async () => {
    ({ context, page } = await newUser(lang, width));
  }, 60_000);
  afterAll(async () => {
    await context?.close();
  });

  it('runs the optics of the library device with every default to a result page', async () => {
    await page.goto(`${platform.url}/plat/calc/opt`);
    await buildLibraryDevice(page);
    // the range follows the tables (MAPbI3's ends at 900 nm): no error, a preview
    expect(await by('input-illumination.wavelength.endNm').inputValue()).toBe('900');
    await expect.poll(() => by('preview-jph-MAPbI3').count(), { timeout: 30_000 }).toBe(1);
    expect(await by('preview-error').count()).toBe(0);
    await runToResult(page, /\/plat\/rsto\/\d+$/);
    await by('rsto-body').waitFor({ timeout: 30_000 });
    await screenshot(page, `first-run-opt-${lang}-${width}`);
  }, 240_000);

  it('runs the electrics of the library device with every default to a result page with its figures', async () => {
    await page.goto(`${platform.url}/plat/calc/elec`);
    await buildLibraryDevice(page);
    // contacts that suit the undoped PTAA and C60: no warning about them
    expect(await by('warning-ohmicUndopedAnode').count()).toBe(0);
    expect(await by('warning-ohmicUndopedCathode').count()).toBe(0);
    await runToResult(page, /\/plat\/rste\/\d+$/);
    await by('rste-figures').waitFor({ timeout: 30_000 });
    const pce = Number(await by('rste-pce-light').innerText());
    expect(pce).toBeGreaterThan(5);
    await screenshot(page, `first-run-elec-${lang}-${width}`);
  }, 240_000);
});

/** Words on screen that are the code's, not the user's. */
const INTERNAL = [
  // camelCase field names (thicknessNm, chiEV, muPCm2PerVs, jphMaCm2, extendToVoc, ...); units (mA, meV) are not
  /\b(?!meV\b|keV\b)[a-z]{2,}[A-Z][A-Za-z0-9]*\b/,
  // the material ids of the library device and the role codes
  /\b(?:ito|ptaa|mapbi3|c60|ag)\b/,
  /\b(?:absorber|etl|htl|electrode_positive|electrode_negative|lead_perovskite|lead_free_perovskite)\b/,
  // circuit parameters, models, tasks
  /\b(?:jphMaCm2|j0MaCm2|yBulkPerS|uIfPerCm2S|sdm)\b/,
];
/** English engine and solver texts. */
const ENGLISH_ENGINE = [
  /did not converge/,
  /the range ended/,
  /voltage_V/,
  /light J-V/,
  /electron-hole pairs/,
  /the device area/,
  /wall-clock/,
  /\(ohmic\)/,
  /n,k of "/,
];

describe('no code words on screen (zh-CN, 1440 px)', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newUser('zh-CN', 1440));
  }, 60_000);
  afterAll(async () => {
    await context?.close();
  });

  /**
   * Scans the page's rendered text; `authorColumns` name table columns of text the author of an
   * entry wrote (a device's description and reference), shown as written and left out of the scan.
   */
  const scan = async (where: string, authorColumns: string[] = []) => {
    for (const authorColumn of authorColumns)
      await page.evaluate((title) => {
        // an antd table may render its header and its body as two <table>s in one container
        for (const table of document.querySelectorAll('.ant-table')) {
          const k = [...table.querySelectorAll('thead th')].findIndex((th) => th.textContent?.trim() === title);
          if (k < 0) continue;
          for (const row of table.querySelectorAll('tbody tr')) {
            const cell = row.children[k] as HTMLElement | undefined;
            if (cell) cell.style.display = 'none';
          }
        }
      }, authorColumn);
    const text = await page.locator('body').innerText();
    const found = [...INTERNAL, ...ENGLISH_ENGINE].flatMap((re) => {
      const m = re.exec(text);
      return m ? [`${where}: "${m[0]}" in …${text.slice(Math.max(0, m.index - 40), m.index + 40)}…`] : [];
    });
    expect(found).toEqual([]);
  };

  it('editor, result and library pages', async () => {
    await page.goto(`${platform.url}/plat/calc/elec`);
    await buildLibraryDevice(page);
    // an ohmic contact on the undoped PTAA and an impossible doping: told in Chinese, on the field
    await page.getByTestId('layer-row-2').click();
    await page.locator('.ant-collapse-header', { hasText: '掺杂' }).click();
    await page.getByTestId('input-layers.2.electrical.ndCm3').fill('1e30');
    await page.getByTestId('calc-submit-blocked').waitFor();
    // the registry's refusal: the field by its label and the allowed range (doping at most 1e22 cm⁻³)
    const blocked = await page.getByTestId('calc-submit-blocked').innerText();
    expect(blocked).toContain('施主浓度');
    expect(blocked).toMatch(/超出允许范围（≥ 0 且 ≤ 1e22 cm⁻³）/);
    await screenshot(page, 'first-run-impossible-doping');
    await scan('editor with an impossible doping');
    await page.getByTestId('input-layers.2.electrical.ndCm3').fill('');
    await page.getByTestId('calc-submit-blocked').waitFor({ state: 'detached' });
    // a wavelength range beyond the tables: refused before queuing, named in the form's words
    await page.getByTestId('input-illumination.wavelength.endNm').fill('1600');
    await page.getByTestId('calc-submit-blocked').waitFor();
    expect(await page.getByTestId('calc-submit-blocked').innerText()).toContain('终止波长');
    await scan('editor with a range beyond the n,k tables');
    await page.getByTestId('input-illumination.wavelength.endNm').fill('900');
    await page.getByTestId('calc-submit-blocked').waitFor({ state: 'detached' });
    await scan('editor');
    await runToResult(page, /\/plat\/rste\/\d+$/);
    await page.getByTestId('rste-figures').waitFor({ timeout: 30_000 });
    await scan('electrical result');
    await page.goto(`${platform.url}/plat/material-library/hole?cata=3&key=hole`);
    await page.getByText('PTAA').first().waitFor();
    await scan('material library');
    await page.goto(`${platform.url}/plat/elecMaterial`);
    await page.locator('[data-testid^="device-row-"]').first().waitFor();
    await scan('device library', ['描述', '引用文献']);
  }, 300_000);
});

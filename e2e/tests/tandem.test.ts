import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.js';
import { openPublicDevice } from '../src/library.js';
import type { Mailbox } from '../src/mailbox.js';
import { type Platform, repoRoot } from '../src/platform.js';
import { axisNames, axisRanges, canvasDrawn, plotCsv } from '../src/plots.js';
import { registerInBrowser } from '../src/register.js';
import { collectPageProblems, openZhPage, startRig, stopRig } from '../src/session.js';

/**
 * Monolithic tandems in real Chromium (issue 13): a new user opens the electrical perovskite/silicon
 * tandem of the public device library, sees each layer's subcell in the layer list, runs it and
 * reads the result: the 2T figures beside the 4T efficiency and each subcell's, the subcell and
 * tandem J-V, the photocurrents with the mismatch and the limiting subcell, and the thickness sweep
 * with the matched thickness; in English too, without code identifiers on screen.
 */
let mailbox: Mailbox;
let platform: Platform;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const user = { email: `tandem.${Date.now()}@uni.example.cn`, password: 'Perovskite2026', name: '王叠层' };
const EXAMPLE = JSON.parse(
  readFileSync(join(repoRoot, 'assets', 'devices', 'perovskite-silicon-tandem-electrical.device.json'), 'utf8'),
) as { name: string; layers: { name: string; subcell?: string }[] };
const consoleProblems: string[] = [];

const byId = (id: string) => page.getByTestId(id);

beforeAll(async () => {
  ({ mailbox, platform, browser } = await startRig());
  ({ context, page } = await openZhPage(browser, { width: 1440, height: 900 }, { acceptDownloads: true }));
  collectPageProblems(page, consoleProblems, ['error']);
}, 120_000);

afterAll(async () => {
  await stopRig({ mailbox, platform, browser }, [context]);
});

describe('monolithic tandem (issue 13)', () => {
  it('registers a new user', async () => {
    await registerInBrowser(page, platform.url, user, '13812345671');
  });

  it('opens the tandem example with each layer assigned to its subcell in the layer list', async () => {
    await openPublicDevice(page, platform.url, EXAMPLE.name);
    await byId('layer-list').waitFor({ timeout: 30_000 });
    const perovskite = EXAMPLE.layers.findIndex((l) => l.name === 'perovskite');
    const base = EXAMPLE.layers.findIndex((l) => l.name === 'n c-Si base');
    await expect.poll(() => byId(`layer-subcell-${perovskite}`).innerText()).toBe('顶电池');
    expect(await byId(`layer-subcell-${base}`).innerText()).toBe('底电池');
    // an optical-only layer (the recombination ITO) has no subcell choice
    const ito = EXAMPLE.layers.findIndex((l) => l.name === 'ITO recombination');
    expect(await byId(`layer-subcell-${ito}`).count()).toBe(0);
    // the current-matching sweep of the example, in the tandem settings
    expect(await byId('tandem-form').textContent()).toMatch(/顶电池厚度扫描（电流匹配）/);
    expect(await byId('select-electrical.tandem.thicknessSweep.layer').textContent()).toMatch(/perovskite/);
    // the whole stack as one device needs contiguous electrical layers: asked for here, the
    // recombination ITO between the subcells is refused before anything is queued
    const fullStack = byId('check-electrical.tandem.fullStack');
    if (!(await fullStack.isVisible()))
      await byId('electrical-form')
        .locator('.ant-collapse-header', { hasText: /^叠层电池$/ })
        .click();
    await fullStack.check();
    await expect.poll(() => byId('editor-errors').innerText()).toMatch(/ITO recombination[\s\S]*电学层须彼此相邻/);
    await fullStack.uncheck();
    await expect.poll(() => page.getByTestId('editor-errors').count()).toBe(0);
    await screenshot(page, 'tandem-editor');
  });

  it('runs it and shows the 2T figures beside the 4T efficiency and the subcells', async () => {
    await byId('calc-submit').click();
    const run = page.locator('[data-testid^="run-"][data-status]').first();
    await expect.poll(() => run.getAttribute('data-status'), { timeout: 180_000 }).toBe('succeeded');
    await run.locator('[data-testid^="run-result-"]').click();
    await byId('tandem-body').waitFor({ timeout: 30_000 });
    const figures = await byId('tandem-figures').innerText();
    expect(figures).toMatch(/两端叠层（子电池串联）/);
    expect(figures).toMatch(/四端（子电池效率相加）/);
    expect(figures).toMatch(/顶电池/);
    expect(figures).toMatch(/底电池/);
    const pce = async (k: string) => Number(await byId(`tandem-pce-${k}`).innerText());
    const p2 = await pce('series');
    const p4 = await pce('fourT');
    const top = await pce('top');
    const bottom = await pce('bottom');
    expect(p2).toBeGreaterThan(15);
    expect(p2).toBeLessThanOrEqual(p4);
    expect(p4).toBeCloseTo(top + bottom, 1);
    await canvasDrawn(page, 'tandem-jv');
    expect(await axisNames(page, 'tandem-jv')).toEqual({ x: '电压 (V)', y: 'J (mA/cm²)' });
    // opens on the power region of the stack and both subcells (issue 29): J from a little below 0
    // to a little above the larger photocurrent, V past the whole stack's Voc
    const range = await axisRanges(page, 'tandem-jv');
    expect(range.y![0]).toBeLessThan(0);
    expect(range.y![0]).toBeGreaterThan(-10);
    expect(range.y![1]).toBeGreaterThan(15);
    expect(range.y![1]).toBeLessThan(40);
    expect(range.x![1]).toBeGreaterThan(1.5);
    const csv = (await plotCsv(page, 'tandem-jv')).split('\r\n')[0]!;
    expect(csv).toMatch(/两端叠层（子电池串联）.*顶电池.*底电池/);
    await screenshot(page, 'tandem-result');
  }, 240_000);

  it('reads the photocurrents, the mismatch, the limiting subcell and the current-matching sweep', async () => {
    expect(await byId('tandem-limiting').innerText()).toBe('底电池');
    const jTop = Number.parseFloat(await byId('tandem-jphTop').innerText());
    const jBottom = Number.parseFloat(await byId('tandem-jphBottom').innerText());
    const mismatch = Number.parseFloat(await byId('tandem-mismatch').innerText());
    expect(jTop).toBeGreaterThan(jBottom);
    expect(mismatch).toBeCloseTo(jTop - jBottom, 1);
    await byId('tandem-sweep').scrollIntoViewIfNeeded();
    await canvasDrawn(page, 'tandem-sweep');
    expect(await axisNames(page, 'tandem-sweep')).toEqual({ x: 'perovskite 厚度 d (nm)', y: 'J (mA/cm²)' });
    const matched = await byId('tandem-matched').innerText();
    const d = Number(/约 (\d+) nm/.exec(matched)?.[1]);
    expect(d).toBeGreaterThan(100);
    expect(d).toBeLessThan(300);
    await screenshot(page, 'tandem-sweep');
  });

  it('says the same in English without code identifiers', async () => {
    await byId('lang-switch').click();
    await expect.poll(() => byId('tandem-figures').innerText()).toMatch(/2T tandem \(subcells in series\)/);
    expect(await byId('tandem-limiting').innerText()).toBe('Bottom cell');
    const text = await byId('tandem-body').innerText();
    expect(text).not.toMatch(/\b(?:[a-z]{2,}(?:[A-Z][a-z0-9]*)+|undefined|NaN)\b/);
    expect(consoleProblems).toEqual([]);
  });
});

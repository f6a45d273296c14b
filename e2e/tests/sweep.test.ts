import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.js';
import type { Mailbox } from '../src/mailbox.js';
import type { Platform } from '../src/platform.js';
import { axisNames as plotAxisNames, plotCsv, canvasDrawn as plotDrawn } from '../src/plots.js';
import { registerInBrowser } from '../src/register.js';
import { collectPageProblems, openZhPage, startRig, stopRig } from '../src/session.js';
import { sessionApi } from '../src/session-api.js';

/**
 * The workflows a researcher expects (issue 19) in real Chromium, in Chinese: a thickness sweep
 * started from the electrical form ends in the figures-against-thickness plots with a link to each
 * point's result (whose summary lists every input); a two-parameter optical sweep shows its heat
 * map; the comparison overlays a circuit fit's measured curve on a simulated J-V and names the
 * simulated runs by what differs between them.
 */
let mailbox: Mailbox;
let platform: Platform;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const user = { email: `sweep.${Date.now()}@uni.example.cn`, password: 'Perovskite2026', name: '赵扫描' };
const consoleProblems: string[] = [];
/** Two child calculations of the thickness sweep (300 nm and 500 nm). */
const children: number[] = [];

const byId = (id: string) => page.getByTestId(id);
const api = <T>(path: string, body: unknown) => sessionApi<T>(context, platform.url, path, body);

/** Words that are code rather than language (camelCase, snake_case, DeviceSpec paths). */
const CODE = /\b(?:[a-z]{2,}(?:[A-Z][a-z0-9]*)+|[A-Za-z]\w*_\w+|undefined|NaN)\b|electrical\.|layers\[/;

beforeAll(async () => {
  ({ mailbox, platform, browser } = await startRig());
  ({ context, page } = await openZhPage(browser, { width: 1440, height: 900 }, { acceptDownloads: true }));
  collectPageProblems(page, consoleProblems);
}, 120_000);

afterAll(async () => {
  await stopRig({ mailbox, platform, browser }, [context]);
});

/** Chooses a sweep parameter by typing part of its label. */
async function pickField(k: number, typed: string, label: string) {
  // a click while the dropdown still filters or animates can miss the option: try again, as a user would
  for (let attempt = 1; ; attempt++) {
    await byId(`sweep-field-${k}`).click();
    await byId(`sweep-field-${k}`).locator('input').fill(typed);
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).first();
    await option.waitFor({ state: 'visible' });
    await option.click();
    try {
      await expect.poll(() => byId(`sweep-field-${k}`).innerText(), { timeout: 5_000 }).toContain(label);
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
      await page.keyboard.press('Escape');
    }
  }
}

/** Waits for the newest run of the page's run panel to succeed and opens its result. */
async function followNewestRun(timeout: number) {
  const run = page.locator('[data-testid^="run-"][data-status]').first();
  await expect.poll(() => run.getAttribute('data-status'), { timeout, interval: 1000 }).toBe('succeeded');
  await run.locator('[data-testid^="run-result-"]').click();
}

describe('parameter sweeps from the forms, comparison and input summaries (issue 19)', () => {
  it('registers a new user', async () => {
    await registerInBrowser(page, platform.url, user, '13812345671');
  });

  it('checks a sweep in Chinese before anything is submitted', async () => {
    await page.goto(`${platform.url}/plat/calc/elec`);
    await byId('load-demo').click();
    await byId('sweep-panel').waitFor({ timeout: 30_000 });
    await byId('layer-row-3').click();
    await expect.poll(() => byId('input-layers.3.thicknessNm').inputValue()).toBe('500');
    // nothing chosen: the submit says what is missing and queues nothing
    await byId('sweep-submit').click();
    await expect.poll(() => byId('sweep-panel').innerText()).toContain('参数 1：请选择要扫描的参数');
    expect(await byId('run-panel').innerText()).not.toMatch(/#\d+/);
    // the limit is said as the points are typed
    await pickField(0, 'MAPbI3 › 厚度', 'MAPbI3 › 厚度 d (nm)');
    expect(await byId('sweep-current-0').innerText()).toBe('当前值：500 nm');
    await byId('sweep-add-second').click();
    await pickField(1, 'τn', 'MAPbI3 › 电子寿命 τn (s)');
    await byId('sweep-points-0').fill('30');
    await byId('sweep-points-1').fill('4');
    await expect.poll(() => byId('sweep-too-many').innerText()).toContain('共 120 次计算，超过一次扫描的上限 100 次');
    // a log sweep of a lifetime from 0 cannot be
    await byId('sweep-start-1').fill('0');
    await expect.poll(() => byId('sweep-axis-1').innerText()).toContain('对数间隔的起始值和终止值都须大于 0');
    expect(await byId('sweep-panel').innerText()).not.toMatch(CODE);
    await screenshot(page, 'sweep-panel-errors');
    await byId('sweep-remove-second').click();
  });

  it('sweeps the absorber thickness from the form and plots Jsc, Voc, FF and PCE against it', async () => {
    await byId('sweep-start-0').fill('300');
    await byId('sweep-stop-0').fill('500');
    await byId('sweep-points-0').fill('2');
    await expect.poll(() => byId('sweep-count').innerText()).toMatch(/^共 2 次计算/);
    expect(await byId('sweep-values-0').innerText()).toBe('取值：300, 500');
    await byId('sweep-submit').click();
    await followNewestRun(240_000);
    // the sweep's own result page, not the comparison under an empty picker (issue 29)
    await page.waitForURL(/\/plat\/rste\/\d+$/);
    await byId('sweep-result').waitFor({ timeout: 30_000 });
    expect(await byId('compare-pick').count()).toBe(0);
    for (const f of ['Jsc_mA_cm2', 'Voc_V', 'FF', 'PCE_percent']) await plotDrawn(page, `sweep-plot-${f}`);
    expect(await plotAxisNames(page, 'sweep-plot-PCE_percent')).toEqual({
      x: 'MAPbI3 › 厚度 d (nm)',
      y: '转换效率 PCE (%)',
    });
    expect((await plotAxisNames(page, 'sweep-plot-FF')).y).toBe('填充因子 FF (%)');
    // the plotted PCE is each child's own figure, one row per thickness
    const csv = (await plotCsv(page, 'sweep-plot-PCE_percent'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(csv).toHaveLength(3);
    expect(csv.slice(1).map((r) => Number(r.split(',')[0]))).toEqual([300, 500]);
    const pce = csv.slice(1).map((r) => Number(r.split(',')[1]));
    expect(pce.every((p) => p > 5 && p < 35)).toBe(true);
    const rows = await byId('sweep-table').locator('tbody tr.ant-table-row').allInnerTexts();
    expect(rows).toHaveLength(2);
    for (const a of await byId('sweep-table').locator('a[data-testid^="sweep-link-"]').all())
      children.push(Number((await a.getAttribute('data-testid'))!.replace('sweep-link-', '')));
    expect(children).toHaveLength(2);
    // each run is named by the sweep and its own value, whatever the device name's length
    const names = await Promise.all(
      children.map(
        async (id) => (await api<{ record: { name: string } }>('/sys/calc/calcData', { id })).data.record.name,
      ),
    );
    expect(names[0]).toMatch(/ · MAPbI3 › 厚度 d = 300 nm$/);
    expect(names[1]).toMatch(/ · MAPbI3 › 厚度 d = 500 nm$/);
    expect(await byId('sweep-result').innerText()).not.toMatch(CODE);
    await page.waitForTimeout(600);
    await screenshot(page, 'sweep-thickness-result');
    // the same result in English: the parameter by its English label, no Chinese left in the plots
    await byId('lang-switch').click();
    await expect
      .poll(() => plotAxisNames(page, 'sweep-plot-PCE_percent'))
      .toEqual({
        x: 'MAPbI3 › Thickness d (nm)',
        y: 'Efficiency PCE (%)',
      });
    expect(await byId('sweep-table').locator('thead').innerText()).not.toMatch(/[\u4e00-\u9fff]/);
    await byId('lang-switch').click();
    await expect
      .poll(() => plotAxisNames(page, 'sweep-plot-PCE_percent'))
      .toEqual({
        x: 'MAPbI3 › 厚度 d (nm)',
        y: '转换效率 PCE (%)',
      });
  }, 300_000);

  it('links each point to its full result, whose summary lists every input', async () => {
    await byId(`sweep-link-${children[0]}`).click();
    await page.waitForURL(new RegExp(`/plat/rste/${children[0]}$`));
    await byId('result-inputs').waitFor({ timeout: 30_000 });
    const layer = await byId('result-inputs-layer-3').textContent();
    expect(layer).toContain('厚度 d (nm)300 nm');
    expect(layer).toMatch(/电子寿命 τn \(s\)\d(\.\d+)?e-\d+ s/);
    expect(layer).toContain('电子迁移率 μn (cm²/(V·s))');
    const contacts = await byId('result-inputs-contacts').textContent();
    expect(contacts).toContain('前电极（入光侧） › 功函数 W (eV)5.2 eV');
    expect(await byId('result-inputs-electrical').textContent()).toContain('温度 T (K)300 K');
    expect(await byId('result-input-summary').innerText()).not.toMatch(CODE);
    await screenshot(page, 'sweep-child-inputs');
  });

  it('shows a two-parameter sweep as a heat map with value axes', async () => {
    await page.goto(`${platform.url}/plat/calc/opt`);
    await byId('load-demo').click();
    await byId('sweep-panel').waitFor({ timeout: 30_000 });
    await byId('layer-row-3').click();
    await expect.poll(() => byId('input-layers.3.thicknessNm').inputValue()).toBe('500');
    await pickField(0, 'MAPbI3 › 厚度', 'MAPbI3 › 厚度 d (nm)');
    await byId('sweep-start-0').fill('300');
    await byId('sweep-stop-0').fill('600');
    await byId('sweep-points-0').fill('2');
    await byId('sweep-add-second').click();
    await pickField(1, 'PTAA › 厚度', 'PTAA › 厚度 d (nm)');
    await byId('sweep-start-1').fill('10');
    await byId('sweep-stop-1').fill('40');
    await byId('sweep-points-1').fill('2');
    await expect.poll(() => byId('sweep-count').innerText()).toMatch(/^共 4 次计算/);
    await byId('sweep-submit').click();
    await followNewestRun(180_000);
    await page.waitForURL(/\/plat\/rsto\/\d+$/);
    const sweepUrl = page.url();
    await byId('sweep-result').waitFor({ timeout: 30_000 });
    await plotDrawn(page, 'sweep-map');
    // the first parameter on x (issue 29: it was on y)
    expect(await plotAxisNames(page, 'sweep-map')).toEqual({ x: 'MAPbI3 › 厚度 d (nm)', y: 'PTAA › 厚度 d (nm)' });
    // 2 x 2 cells: columns the absorber's thickness, rows the hole transport layer's
    const csv = (await plotCsv(page, 'sweep-map'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(csv.length).toBeGreaterThanOrEqual(3);
    expect(await byId('sweep-table').locator('tbody tr.ant-table-row').count()).toBe(4);
    expect(await byId('sweep-result').innerText()).toContain('点击图中的格子，打开该参数组合的计算结果。');
    await page.waitForTimeout(600);
    await screenshot(page, 'sweep-heatmap');
    // combinations in order (first parameter outermost): the last is MAPbI3 600 nm, PTAA 40 nm
    const links = await byId('sweep-table').locator('a[data-testid^="sweep-link-"]').all();
    const ids = await Promise.all(
      links.map(async (a) => (await a.getAttribute('data-testid'))!.replace('sweep-link-', '')),
    );
    expect(ids).toHaveLength(4);
    // its cell: the right column (the larger absorber), the top row (the larger PTAA thickness)
    const chart = byId('sweep-map-chart');
    const box = (await chart.boundingBox())!;
    await chart.click({ position: { x: box.width * 0.68, y: box.height * 0.3 } });
    await page.waitForURL(new RegExp(`/plat/rsto/${ids[3]}$`));
    // and the first cell (bottom left) opens the first combination, in English too
    await page.goto(sweepUrl);
    await byId('lang-switch').click();
    await plotDrawn(page, 'sweep-map');
    await expect
      .poll(() => plotAxisNames(page, 'sweep-map'))
      .toEqual({ x: 'MAPbI3 › Thickness d (nm)', y: 'PTAA › Thickness d (nm)' });
    expect(await byId('sweep-result').innerText()).toContain(
      'Click a cell of the map to open the run of that combination.',
    );
    const box2 = (await byId('sweep-map-chart').boundingBox())!;
    await byId('sweep-map-chart').click({ position: { x: box2.width * 0.3, y: box2.height * 0.6 } });
    await page.waitForURL(new RegExp(`/plat/rsto/${ids[0]}$`));
    await byId('lang-switch').click();
  }, 240_000);

  it('overlays a circuit fit’s measured curve on a simulated J-V and names runs by what differs', async () => {
    // the "measurement": the 500 nm child's light J-V, fitted with the single-diode model
    const detail = await api<{ result: { light: { V: number[]; J_mA_cm2: number[] } } }>('/sys/calc/calcData', {
      id: children[1],
    });
    expect(detail.code).toBe('1000');
    // the measured part of the curve: up to just past Voc, as a J-V tracer records it
    const { V, J_mA_cm2: J } = detail.data.result.light;
    const end = J.findIndex((j) => j < -5);
    const voltageV = V.slice(0, end > 0 ? end : V.length);
    const jMaCm2 = J.slice(0, voltageV.length);
    const fit = await api<{ id: number }>('/sys/calc/circle', {
      name: '实测器件 A',
      job: { kind: 'fit', model: 'sdm', tK: 300, curve: { voltageV, jMaCm2 } },
    });
    expect(fit.code).toBe('1000');
    await expect
      .poll(
        async () =>
          (await api<{ record: { status: string } }>('/sys/calc/calcData', { id: fit.data.id })).data.record.status,
        { timeout: 120_000, interval: 1000 },
      )
      .toBe('succeeded');
    await page.goto(`${platform.url}/plat/calc/compare?ids=${children[0]},${children[1]},${fit.data.id}`);
    await plotDrawn(page, 'compare-jv');
    const header = (await plotCsv(page, 'compare-jv')).replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
    // runs are named by their names, what differs (the field's label and symbol) as the subtitle
    expect(header).toContain('(厚度 d = 300 nm)');
    expect(header).toContain('(厚度 d = 500 nm)');
    // the measurement is drawn last, on top of the fit
    expect(header.indexOf('实测器件 A · 拟合 J-V')).toBeGreaterThan(0);
    expect(header.indexOf('实测器件 A · 实测 J-V')).toBeGreaterThan(header.indexOf('实测器件 A · 拟合 J-V'));
    // the inputs that differ, highlighted
    const differs = await byId('compare-differs').innerText();
    expect(differs).toContain('MAPbI3 › 厚度 d (nm)');
    expect(differs).toMatch(/300 nm[\s\S]*500 nm/);
    expect(await byId('compare-differs').locator('mark').count()).toBe(2);
    // the circuit fit can be picked like any calculation
    await byId('compare-pick').click();
    await expect
      .poll(() =>
        page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '实测器件 A' }).count(),
      )
      .toBe(1);
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('compare-page').innerText()).not.toMatch(CODE);
    await page.waitForTimeout(600);
    await screenshot(page, 'sweep-compare-measured');
    expect(consoleProblems).toEqual([]);
  }, 180_000);
});

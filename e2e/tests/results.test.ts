import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { modifiedCircuit, simulateCircuit } from '@pvforge/engine';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.js';
import type { Mailbox } from '../src/mailbox.js';
import { type Platform, repoRoot } from '../src/platform.js';
import { axisNames as plotAxisNames, canvasDrawn as plotDrawn } from '../src/plots.js';
import { registerInBrowser } from '../src/register.js';
import { collectPageProblems, openZhPage, startRig, stopRig } from '../src/session.js';
import { sessionApi } from '../src/session-api.js';

/**
 * The result views in real Chromium: a new user submits an optical, an electrical and a circuit
 * fit calculation (through the API, signed with the browser's session), follows them to their
 * result views, checks that the plots draw with units on their axes and that the key figures are
 * physical, exports a plot's CSV and the result's XLSX, and compares results.
 */
let mailbox: Mailbox;
let platform: Platform;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const user = {
  email: `results.${Date.now()}@uni.example.cn`,
  password: 'Perovskite2026',
  name: '王结果',
};
const ids: { opt?: number; elec?: number; fit?: number } = {};
const consoleProblems: string[] = [];

const byId = (id: string) => page.getByTestId(id);

beforeAll(async () => {
  ({ mailbox, platform, browser } = await startRig());
  ({ context, page } = await openZhPage(browser, { width: 1440, height: 900 }, { acceptDownloads: true }));
  collectPageProblems(page, consoleProblems, ['error', 'warning']);
}, 120_000);

afterAll(async () => {
  await stopRig({ mailbox, platform, browser }, [context]);
});

/** A signed API call with the browser's session. */
const api = <T>(path: string, body: unknown) => sessionApi<T>(context, platform.url, path, body);

async function waitFinished(id: number, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const a = await api<{ record: { status: string; reason: string | null } }>('/sys/calc/calcData', { id });
    const s = a.data?.record.status;
    if (s && s !== 'queued' && s !== 'running') return `${s}${a.data.record.reason ? `: ${a.data.record.reason}` : ''}`;
    if (Date.now() > deadline) return `timeout (${s})`;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const axisNames = (testid: string) => plotAxisNames(page, testid);

const canvasDrawn = (testid: string) => plotDrawn(page, testid);

const device = (name: string) =>
  JSON.parse(readFileSync(join(repoRoot, 'assets', 'devices', `perovskite-pin-${name}.device.json`), 'utf8'));

describe('result views', () => {
  it('registers a new user', async () => {
    await registerInBrowser(page, platform.url, user, '13812345679');
  });

  it('submits an optical, an electrical and a circuit-fit calculation', async () => {
    const opt = await api<{ id: number }>('/sys/calc/opt', { device: device('optical') });
    expect(opt.code, opt.msg).toBe('1000');
    ids.opt = opt.data.id;
    const elec = await api<{ id: number }>('/sys/calc/elec', { device: device('electrical') });
    expect(elec.code, elec.msg).toBe('1000');
    ids.elec = elec.data.id;

    // a "measured" curve: the modified diode model with a little noise-free offset
    const absorber = { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300 };
    const truth = { jphMaCm2: 23, yBulkPerS: 1e6, uIfPerCm2S: 1e3, yAugerPerS: 0, rsOhmCm2: 3, rshOhmCm2: 3000 };
    const v = Array.from({ length: 136 }, (_, i) => -0.1 + (1.35 * i) / 135);
    const sim = simulateCircuit(modifiedCircuit(truth, absorber), v);
    const csv = readFileSync(join(repoRoot, 'assets', 'data', 'spectra', 'am15g.csv'), 'utf8')
      .trim()
      .split('\n');
    const rows = csv.slice(1).map((l) => l.split(',').map(Number));
    const irradiance = rows.map((r) => r[1]!);
    const spectrum = { wavelengthNm: rows.map((r) => r[0]!), irradianceWm2Nm: irradiance };
    const fit = await api<{ id: number }>('/sys/calc/circle2', {
      name: 'e2e 拟合',
      job: {
        kind: 'fit',
        model: 'modified',
        tK: 300,
        curve: { voltageV: v, jMaCm2: Array.from(sim.jMaCm2, (j, i) => j + 0.01 * Math.sin(i)) },
        absorber,
        knowns: { bulk: { yBulkPerS: 1e6 }, auger: 'off' },
        spectrum,
      },
    });
    expect(fit.code, fit.msg).toBe('1000');
    ids.fit = fit.data.id;
  });

  it('follows the optical calculation to its result, with units on every axis', async () => {
    await page.goto(`${platform.url}/plat/rsto/${ids.opt}`);
    await byId('result-page').waitFor();
    expect(await waitFinished(ids.opt!, 120_000)).toBe('succeeded');
    await byId('rsto-body').waitFor({ timeout: 30_000 });
    await canvasDrawn('opt-spectra');
    await canvasDrawn('opt-gx');
    await canvasDrawn('opt-map');
    expect(await axisNames('opt-spectra')).toEqual({ x: '波长 (nm)', y: '比例 (%)' });
    const gx = await axisNames('opt-gx');
    expect(gx.x).toBe('位置 (nm)');
    expect(gx.y).toMatch(/^G \(cm⁻³ s⁻¹\), 对数坐标$/);
    expect(await byId('opt-photocurrents').innerText()).toMatch(/MAPbI3/);
    await page.waitForTimeout(800);
    await screenshot(page, 'results-rsto');
    // The absorption map is the engine's a(x, λ) over depth, not the per-layer fallback.
    expect(await axisNames('opt-map')).toEqual({ x: '波长 (nm)', y: '位置 (nm)' });
    await byId('opt-map-chart').scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await screenshot(page, 'results-rsto-map');

    // CSV of a plot: a real file with "label (unit)" headers
    const [csv] = await Promise.all([page.waitForEvent('download'), byId('opt-spectra-csv').click()]);
    expect(csv.suggestedFilename()).toMatch(/-RTA\.csv$/);
    const text = readFileSync((await csv.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toMatch(/^\ufeff?波长 \(nm\),比例: 吸收 /);
    expect(text.split('\r\n').length).toBeGreaterThan(500);

    // SVG: a vector copy drawn by the SVG renderer
    const [svg] = await Promise.all([page.waitForEvent('download'), byId('opt-gx-svg').click()]);
    expect(svg.suggestedFilename()).toMatch(/-Gx\.svg$/);
    expect(readFileSync((await svg.path())!, 'utf8')).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const [png] = await Promise.all([page.waitForEvent('download'), byId('opt-gx-png').click()]);
    expect(
      readFileSync((await png.path())!)
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');

    // XLSX of the whole result, named by the server
    const [xlsx] = await Promise.all([page.waitForEvent('download'), byId('result-export-xlsx').click()]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = readFileSync((await xlsx.path())!);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  }, 240_000);

  it('saves the device of the optical calculation to the personal library', async () => {
    await byId('result-save-device').click();
    await byId('save-device-name').fill('');
    await byId('save-device-ok').click();
    await expect.poll(() => page.getByText('请输入器件名称', { exact: true }).count()).toBeGreaterThan(0);
    await byId('save-device-name').fill('e2e 保存的器件');
    await byId('save-device-ok').click();
    await byId('save-device-done').waitFor();
    const mine = await api<{ list: { name: string }[] }>('/sys/device/findPersonal', {
      kind: 'opt',
      page: 1,
      size: 10,
    });
    expect(mine.data.list.map((d) => d.name)).toContain('e2e 保存的器件');
  });

  it('shows the electrical result: J-V, a PCE between 15 and 30 %, the band diagram at a chosen bias', async () => {
    await page.goto(`${platform.url}/plat/rste/${ids.elec}`);
    await byId('result-page').waitFor();
    const status = await waitFinished(ids.elec!, 300_000);
    expect(status).toBe('succeeded');
    await byId('rste-body').waitFor({ timeout: 30_000 });
    await canvasDrawn('rste-jv');
    await canvasDrawn('rste-bands');
    expect(await axisNames('rste-jv')).toEqual({ x: '电压 (V)', y: 'J (mA/cm²)' });
    expect((await axisNames('rste-bands')).y).toBe('能量 (eV)');
    expect((await axisNames('rste-densities')).y).toMatch(/浓度 \(cm⁻³\)/);
    const pce = Number(await byId('rste-pce-light').innerText());
    expect(pce).toBeGreaterThan(15);
    expect(pce).toBeLessThan(30);
    // log |J|
    await byId('rste-jv-log').click();
    await expect.poll(async () => (await axisNames('rste-jv')).y).toBe('|J| (mA/cm²), 对数坐标');
    // another bias: the band-diagram card title follows the slider
    const before = await byId('rste-bias-card').locator('.ant-card-head-title').innerText();
    await byId('rste-bias-slider').locator('.ant-slider-handle').focus();
    await page.keyboard.press('Home');
    await expect.poll(() => byId('rste-bias-card').locator('.ant-card-head-title').innerText()).not.toBe(before);
    await page.waitForTimeout(800);
    await screenshot(page, 'results-rste');
    await byId('rste-bands').scrollIntoViewIfNeeded();
    await screenshot(page, 'results-rste-bands');
  }, 420_000);

  it("words an engine warning in Chinese with its numbers and the form's own option name", async () => {
    // a sweep that stops below Voc, not extended: the engine's jv.sweep-below-voc
    const spec = device('electrical');
    spec.name = 'e2e 扫描低于 Voc';
    spec.electrical.voltageSweep = { startV: 0, stopV: 0.6, stepV: 0.1 };
    spec.electrical.extendToVoc = false;
    spec.electrical.darkJV = false;
    delete spec.electrical.eqe;
    const r = await api<{ id: number }>('/sys/calc/elec', { device: spec });
    expect(r.code, r.msg).toBe('1000');
    await page.goto(`${platform.url}/plat/rste/${r.data.id}`);
    expect(await waitFinished(r.data.id, 300_000)).toBe('succeeded');
    await byId('rste-body').waitFor({ timeout: 30_000 });
    const text = await byId('result-warnings').innerText();
    expect(text).toContain('电压扫描在 0.6 V 结束，仍低于开路电压');
    expect(text).toContain('勾选“超过终止电压时继续扫描至 Voc”');
    // no English sentence and no code identifier on the screen
    expect(text).not.toMatch(/voltage_V|extendToVoc|[A-Za-z]{2,}(?:[ ,;:()-]+[A-Za-z]{2,}){2,}/);
  }, 360_000);

  it('shows the circuit fit with residuals, confidence intervals and the loss waterfall', async () => {
    expect(await waitFinished(ids.fit!, 120_000)).toBe('succeeded');
    await page.goto(`${platform.url}/plat/rstc2/${ids.fit}`);
    await byId('rstc-body').waitFor({ timeout: 30_000 });
    await canvasDrawn('rstc-curves');
    await canvasDrawn('rstc-residuals');
    await canvasDrawn('rstc-waterfall');
    expect((await axisNames('rstc-waterfall')).y).toBe('效率 (%)');
    expect(await byId('rstc-params').innerText()).toMatch(/置信区间/);
    // what the split rests on, and the split itself
    expect(await byId('rstc-basis').innerText()).toContain('给定 y_bulk = 1e6 s⁻¹');
    await canvasDrawn('rstc-split');
    await page.waitForTimeout(800);
    await screenshot(page, 'results-rstc2');
    await byId('rstc-waterfall').scrollIntoViewIfNeeded();
    await screenshot(page, 'results-rstc2-waterfall');
    const [csv] = await Promise.all([page.waitForEvent('download'), byId('rstc-waterfall-csv').click()]);
    expect(readFileSync((await csv.path())!, 'utf8')).toMatch(/效率/);
  }, 240_000);

  it('compares J-V and EQE of several results', async () => {
    await page.goto(`${platform.url}/plat/calc/compare?ids=${ids.elec},${ids.opt}`);
    await byId('compare-page').waitFor();
    await canvasDrawn('compare-jv');
    await canvasDrawn('compare-eqe');
    expect(await byId('compare-table').innerText()).toMatch(/#/);
    await page.waitForTimeout(800);
    await screenshot(page, 'results-compare');
  });

  it('shows a running calculation live and cancels it with a confirmation', async () => {
    // a fine sweep on a fine mesh, light and dark, keeps the solver busy long enough to watch and
    // cancel it (about 20 s on a quiet machine; 1 mV steps alone took 1.6 s and could end first)
    const slow = device('electrical');
    slow.electrical.voltageSweep.stepV = 0.0005;
    slow.electrical.gridPoints = 2000;
    slow.electrical.darkJV = true;
    const sub = await api<{ id: number }>('/sys/calc/elec', { device: slow, name: 'e2e 慢速计算' });
    expect(sub.code, sub.msg).toBe('1000');
    await page.goto(`${platform.url}/plat/rste/${sub.data.id}`);
    await byId('result-progress').waitFor();
    // the live connection (or the polling fallback) moves the bar
    await expect
      .poll(() => page.locator('[data-testid="result-progress"] .ant-progress').count(), { timeout: 30_000 })
      .toBe(1);
    await screenshot(page, 'results-progress');
    await byId('result-cancel').click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: '确 定' })
      .or(page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }))
      .click();
    await byId('result-failed').waitFor();
    expect(await byId('result-failed').innerText()).toMatch(/计算已取消/);
    await expect.poll(() => byId('result-failed-reason').innerText()).toContain('用户已取消');
    await screenshot(page, 'results-cancelled');
  }, 120_000);

  it('left no errors or warnings in the browser console', () => {
    // 404 of the missing calculation is the next test; nothing before it may complain
    expect(consoleProblems).toEqual([]);
  });

  it('explains a missing calculation', async () => {
    await page.goto(`${platform.url}/plat/rste/999999`);
    await byId('result-error').waitFor();
    expect(await byId('result-error').innerText()).toMatch(/找不到该计算/);
  });

  it('speaks English when switched', async () => {
    await page.goto(`${platform.url}/plat/rste/${ids.elec}`);
    await byId('rste-body').waitFor({ timeout: 30_000 });
    await byId('lang-switch').click();
    await expect.poll(async () => (await axisNames('rste-jv')).x).toBe('Voltage (V)');
    expect((await axisNames('rste-bands')).y).toBe('Energy (eV)');
    expect(await byId('rste-figures').innerText()).toMatch(/Light/);
    await page.waitForTimeout(800);
    await screenshot(page, 'results-rste-en');
  });
});

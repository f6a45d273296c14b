import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.js';
import type { Mailbox } from '../src/mailbox.js';
import { ADMIN, type Platform, repoRoot } from '../src/platform.js';
import { registerInBrowser } from '../src/register.js';
import { openZhPage, startRig, stopRig } from '../src/session.js';
import { sessionApi } from '../src/session-api.js';

/**
 * Issue 19, library items, as a researcher would: a device saved from its result page with a DOI
 * and notes shows the reference (linked) in the library table at 1440 px with status, owner and
 * date on screen without scrolling; the result pages fit a 390 px phone; the administrator's review
 * preview shows the device's electrical parameters, contacts and the submitter's run.
 */
let mailbox: Mailbox;
let platform: Platform;
let browser: Browser;
let userCtx: BrowserContext;
let adminCtx: BrowserContext;
let user: Page;
let admin: Page;

const stamp = Date.now();
const owner = { email: `libux.${stamp}@uni.example.cn`, password: 'Perovskite2026', name: '李文献' };
const deviceName = `E2E带文献器件-${stamp}`;
const DOI = '10.1039/C8EE01576G';
const ids: { elec?: number; opt?: number; circuit?: number } = {};

const by = (p: Page, id: string) => p.getByTestId(id);
const api = <T>(path: string, body: unknown) => sessionApi<T>(userCtx, platform.url, path, body);
const device = (file: string) => JSON.parse(readFileSync(join(repoRoot, 'assets', 'devices', file), 'utf8'));

async function waitFinished(id: number, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const a = await api<{ record: { status: string } }>('/sys/calc/calcData', { id });
    const s = a.data?.record.status;
    if (s && s !== 'queued' && s !== 'running') return s;
    if (Date.now() > deadline) return `timeout (${s})`;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** How far the page scrolls sideways: the document's and every element's own overflow. */
async function horizontalOverflow(p: Page): Promise<{ doc: number; viewport: number; widest: string[] }> {
  return p.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const widest = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => e.getBoundingClientRect().right > vw + 1 && e.getClientRects().length > 0)
      .slice(0, 5)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)} → ${Math.round(e.getBoundingClientRect().right)}`,
      );
    return { doc: document.documentElement.scrollWidth, viewport: vw, widest };
  });
}

beforeAll(async () => {
  ({ mailbox, platform, browser } = await startRig());
  ({ context: userCtx, page: user } = await openZhPage(browser, { width: 1440, height: 900 }));
  ({ context: adminCtx, page: admin } = await openZhPage(browser, { width: 1440, height: 900 }));
}, 120_000);

afterAll(async () => {
  await stopRig({ mailbox, platform, browser }, [userCtx, adminCtx]);
});

describe('device references, library table, phone-width results, review preview (issue 19)', () => {
  it('registers and runs an electrical and an optical calculation', async () => {
    await registerInBrowser(user, platform.url, owner, '13912345680');
    const elec = await api<{ id: number }>('/sys/calc/elec', {
      device: device('perovskite-pin-electrical.device.json'),
      name: 'e2e 文献器件',
    });
    expect(elec.code, elec.msg).toBe('1000');
    ids.elec = elec.data.id;
    const opt = await api<{ id: number }>('/sys/calc/opt', { device: device('perovskite-pin-optical.device.json') });
    expect(opt.code, opt.msg).toBe('1000');
    ids.opt = opt.data.id;
    // A single-diode simulation: the circuit result page is checked at phone width too.
    const circuit = await api<{ id: number }>('/sys/calc/circle', {
      name: 'e2e 单二极管',
      job: {
        kind: 'simulate-sdm',
        params: { jphMaCm2: 23, j0MaCm2: 3e-12, n: 1.5, rsOhmCm2: 3, rshOhmCm2: 2000, tK: 300 },
        voltageV: Array.from({ length: 61 }, (_, i) => (1.2 * i) / 60),
      },
    });
    expect(circuit.code, circuit.msg).toBe('1000');
    ids.circuit = circuit.data.id;
    expect(await waitFinished(ids.elec, 180_000)).toBe('succeeded');
    expect(await waitFinished(ids.circuit, 60_000)).toBe('succeeded');
    expect(await waitFinished(ids.opt, 60_000)).toBe('succeeded');
  }, 260_000);

  it('saves the device from its result page with a DOI and notes; a bad DOI is named before anything is sent', async () => {
    await user.goto(`${platform.url}/plat/rste/${ids.elec}`);
    await by(user, 'result-save-device').click();
    await by(user, 'save-device-name').fill(deviceName);
    await by(user, 'device-references').fill('10.12/short');
    await by(user, 'save-device-ok').click();
    await expect
      .poll(() => user.getByText('“10.12/short”不是有效的 DOI，应形如 10.1000/xyz123').count())
      .toBeGreaterThan(0);
    await by(user, 'device-references').fill(`https://doi.org/${DOI}\n10.21105/joss.03727`);
    await by(user, 'device-notes').fill('参数取自论文表 2；功函数为 UPS 测量值。');
    await by(user, 'save-device-ok').click();
    await by(user, 'save-device-done').waitFor();
  });

  it('shows the linked reference with status, owner and date on screen at 1440 px, without sideways scrolling', async () => {
    await user.goto(`${platform.url}/plat/myElecMaterial`);
    const row = user.locator('tr', { hasText: deviceName });
    await row.waitFor();
    const doi = row.getByTestId('device-doi').first();
    expect(await doi.innerText()).toBe(`doi:${DOI}`);
    expect(await doi.getAttribute('href')).toBe('https://doi.org/10.1039/C8EE01576G');
    expect(await row.getByTestId('device-status').innerText()).toBe('私有');
    expect(await row.getByTestId('device-owner').innerText()).toBe(owner.name);
    expect(await row.getByTestId('device-updated').innerText()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // Every column, the labelled actions included, lies inside the window and the table does not scroll.
    for (const id of [
      'device-doi',
      'device-status',
      'device-owner',
      'device-updated',
      'device-submit',
      'device-edit',
    ]) {
      const box = await row.getByTestId(id).first().boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.x + box!.width, id).toBeLessThanOrEqual(1440);
    }
    const scroll = await user.evaluate(() => {
      const c = document.querySelector<HTMLElement>(
        '[data-testid="device-table"] .ant-table-content, [data-testid="device-table"] .ant-table-body',
      );
      return c ? c.scrollWidth - c.clientWidth : -1;
    });
    expect(scroll).toBe(0);
    expect((await horizontalOverflow(user)).doc).toBeLessThanOrEqual(1440);
    // The actions say what they do.
    expect(await row.getByTestId('device-edit').innerText()).toBe('编辑');
    expect(await row.getByTestId('device-submit').innerText()).toBe('提交审核');
    expect(await row.getByTestId('device-delete').innerText()).toBe('删除');
    await screenshot(user, 'library-ux-table-1440');

    // The drawer links both DOIs and shows the notes and the electrical parameters.
    await row.getByTestId('device-detail').click();
    await expect.poll(() => by(user, 'device-drawer-citation').innerText()).toContain('doi:10.21105/joss.03727');
    expect(await by(user, 'device-drawer-notes').innerText()).toBe('参数取自论文表 2；功函数为 UPS 测量值。');
    await expect.poll(() => by(user, 'device-layers').innerText()).toContain('电子亲和能 χ (eV)');
  });

  it('asks before renaming a device', async () => {
    await user.keyboard.press('Escape');
    const row = user.locator('tr', { hasText: deviceName });
    await row.getByTestId('device-edit').click();
    await by(user, 'device-edit-name').fill(`${deviceName}-改`);
    await by(user, 'device-edit-ok').click();
    await expect.poll(() => user.getByText(`器件名称将由“${deviceName}”改为“${deviceName}-改”。`).count()).toBe(1);
    // Cancelling the confirmation keeps the name.
    await by(user, 'device-edit-confirm-cancel').click();
    await by(user, 'device-edit-cancel').click();
    const list = await api<{ list: { name: string }[] }>('/sys/device/findPersonal', {
      kind: 'elec',
      page: 1,
      size: 10,
    });
    expect(list.data.list.map((d) => d.name)).toContain(deviceName);
  });

  it('fits the electrical, optical and circuit result pages into a 390 px phone', async () => {
    const phone = await userCtx.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    for (const [path, body] of [
      [`/plat/rste/${ids.elec}`, 'rste-figures'],
      [`/plat/rsto/${ids.opt}`, 'rsto-body'],
      [`/plat/rstc/${ids.circuit}`, 'rstc-figures'],
    ] as const) {
      await phone.goto(`${platform.url}${path}`);
      await by(phone, body).waitFor({ timeout: 30_000 });
      // Plots size themselves after the first frame.
      await phone.waitForTimeout(1500);
      const o = await horizontalOverflow(phone);
      expect(o.doc, `${path}: ${o.widest.join(' | ')}`).toBeLessThanOrEqual(390);
      await screenshot(phone, `library-ux-result-390-${body}`);
    }
    // The key-figure table is whole on screen (it scrolls inside itself if it must, never cut off).
    await phone.goto(`${platform.url}/plat/rste/${ids.elec}`);
    await by(phone, 'rste-figures').waitFor();
    const box = await by(phone, 'rste-figures').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await phone.close();
  });

  it("shows the administrator the device's electrical parameters, contacts, references and the submitter's run", async () => {
    const mine = await api<{ list: { id: string; name: string }[] }>('/sys/device/findPersonal', {
      kind: 'elec',
      page: 1,
      size: 10,
    });
    const id = mine.data.list.find((d) => d.name === deviceName)?.id ?? '';
    const sub = await api('/sys/review/submit', { itemType: 'device', itemId: id, note: '请审核' });
    expect(sub.code, sub.msg).toBe('1000');

    await admin.goto(`${platform.url}/?redirect=${encodeURIComponent('/plat/manage/review')}`);
    await by(admin, 'login-dialog').waitFor();
    await by(admin, 'login-username').fill(ADMIN.email);
    await by(admin, 'login-password').fill(ADMIN.password);
    await by(admin, 'login-submit').click();
    await admin.waitForURL((u) => u.pathname === '/plat/manage/review');
    await admin.getByTestId(`review-row-${id}`).getByTestId('review-preview-open').click();
    const layers = by(admin, 'device-layers');
    await layers.waitFor();
    const text = await layers.innerText();
    for (const label of ['电子亲和能 χ (eV)', '带隙 Eg (eV)', '电子迁移率 μn (cm²/(V·s))', '电子寿命 τn (s)'])
      expect(text).toContain(label);
    expect(await by(admin, 'device-spec-contacts').innerText()).toContain('前电极（入光侧）');
    expect(await by(admin, 'device-spec-settings').innerText()).toContain('温度');
    expect(await by(admin, 'review-device-references').innerText()).toContain(`doi:${DOI}`);
    await by(admin, 'review-run-figures').waitFor();
    const figures = await by(admin, 'review-run-figures').innerText();
    // both PCEs, labelled as on the result page: the full spectrum's and the simulated window's (as SCAPS)
    const pce = Number(/PCE（全光谱） \(%\)\s*([\d.]+)/.exec(figures)?.[1]);
    expect(pce).toBeGreaterThan(5);
    const windowPce = Number(/PCE（\d+–\d+ nm 窗口，同 SCAPS） \(%\)\s*([\d.]+)/.exec(figures)?.[1]);
    expect(windowPce).toBeGreaterThanOrEqual(pce);
    expect(await by(admin, 'review-run-status').getAttribute('data-status')).toBe('succeeded');
    expect(await by(admin, 'review-run-earlier').count()).toBe(0);
    await screenshot(admin, 'library-ux-review-preview');
  });
});

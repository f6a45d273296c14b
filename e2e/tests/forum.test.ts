import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.js';
import type { Mailbox } from '../src/mailbox.js';
import { ADMIN, type Platform, repoRoot } from '../src/platform.js';
import { loginInBrowser, registerInBrowser } from '../src/register.js';
import { addZhPage, startRig, stopRig } from '../src/session.js';
import { pageApi } from '../src/session-api.js';

/**
 * Issue 14 "Must show" for the forum, as new users would: the author posts in the academic forum
 * with an image and a result card; another user (who may not open the result) replies; the author
 * gets the live notification and the in-site message; an administrator pins the thread and hides
 * the reply. No forum page says "not yet available" any more.
 */
let mailbox: Mailbox;
let platform: Platform;
let browser: Browser;
const contexts: BrowserContext[] = [];
let author: Page;
let other: Page;
let admin: Page;

const stamp = Date.now();
const alice = { email: `forum.a.${stamp}@uni.example.cn`, password: 'Perovskite2026', name: '陈作者' };
const bob = { email: `forum.b.${stamp}@uni.example.cn`, password: 'Perovskite2026', name: '李回复' };
const title = `E2E 钙钛矿界面复合怎么建模-${stamp}`;
const work = mkdtempSync(join(tmpdir(), 'pvforge-forum-e2e-'));
let calcId = 0;
let threadId = 0;
const consoleErrors: string[] = [];

const by = (p: Page, id: string) => p.getByTestId(id);
/** The moderation dropdown that is open now (closed ones stay in the DOM, hidden). */
const openMenu = (p: Page) => p.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
const field = (p: Page, id: string) => p.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`).first();

/** A small real PNG (the server checks type, size and pixels). */
function pngFile(): string {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const w = 64;
  const h = 48;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.alloc(1 + w * 3);
  for (let x = 0; x < w; x++) row.set([30, 90 + x, 200], 1 + x * 3);
  const file = join(work, 'jv-figure.png');
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: h }, () => row)))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
  return file;
}

beforeAll(async () => {
  ({ mailbox, platform, browser } = await startRig());
  const page = async () => {
    const p = await addZhPage(browser, contexts, { width: 1366, height: 860 });
    p.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    return p;
  };
  author = await page();
  other = await page();
  admin = await page();
});

afterAll(async () => {
  await stopRig({ mailbox, platform, browser }, contexts);
});

describe('forum (issue 14)', () => {
  it('registers two users and logs the administrator in', async () => {
    await registerInBrowser(author, platform.url, alice, '13912340001');
    await registerInBrowser(other, platform.url, bob, '13912340002');
    await loginInBrowser(admin, platform.url, ADMIN.email, ADMIN.password, '/plat/index');
    // The author has a calculation result to attach.
    const device = JSON.parse(
      readFileSync(join(repoRoot, 'assets', 'devices', 'perovskite-pin-optical.device.json'), 'utf8'),
    );
    const opt = await pageApi<{ id: number }>(author, '/sys/calc/opt', { device });
    expect(opt.code, opt.msg).toBe('1000');
    calcId = opt.data.id;
  });

  it('posts a thread in the academic forum with an image and a result card', async () => {
    await author.goto(`${platform.url}/plat/bbs/academic`);
    await by(author, 'forum-boards').waitFor();
    expect(await author.locator('[data-testid="not-available"]').count()).toBe(0);
    await by(author, 'forum-new').click();
    await field(author, 'thread-title').fill(title);
    await by(author, 'thread-body').click();
    await author.keyboard.type('我们用漂移扩散模型计算了 p-i-n 钙钛矿电池，界面复合速度取 100 cm/s。');
    await by(author, 'editor-image-input').setInputFiles(pngFile());
    await expect.poll(() => by(author, 'thread-body').locator('img').count(), { timeout: 15_000 }).toBe(1);
    await field(author, 'attachment-id').fill(String(calcId));
    await by(author, 'attachment-add').click();
    await by(author, `attachment-tag-calc-${calcId}`).waitFor();
    await screenshot(author, 'forum-new-thread');
    await by(author, 'thread-submit').click();
    await author.waitForURL(/\/plat\/bbs\/detail\/\d+$/);
    threadId = Number(author.url().split('/').pop());

    const body = by(author, 'thread-body-html');
    await expect.poll(() => body.innerText()).toContain('界面复合速度');
    const img = body.locator('img');
    expect(await img.getAttribute('src')).toMatch(/^\/calc\/sys\/forum\/image\/[0-9a-f]{32}$/);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(64);
    const card = by(author, `attachment-calc-${calcId}`);
    expect(await card.getAttribute('data-visible')).toBe('1');
    expect(await card.getByTestId('attachment-open').getAttribute('href')).toBe(`/plat/rsto/${calcId}`);
    await screenshot(author, 'forum-thread');
  });

  it('lets another user read it (the result card stays closed to them) and reply; the author is told live and by message', async () => {
    await other.goto(`${platform.url}/plat/bbs/academic`);
    await other.getByTestId('thread-link').filter({ hasText: title }).click();
    await other.waitForURL(`**/plat/bbs/detail/${threadId}`);
    const card = by(other, `attachment-calc-${calcId}`);
    await card.waitFor();
    expect(await card.getAttribute('data-visible')).toBe('0');
    expect(await card.getByTestId('attachment-open').count()).toBe(0);

    await by(other, 'reply-editor').click();
    await other.keyboard.type('建议同时扫描界面缺陷密度，看开路电压的变化。');
    await by(other, 'reply-submit').click();
    await expect.poll(() => by(other, 'reply-1').innerText(), { timeout: 15_000 }).toContain('界面缺陷密度');

    // The author, still on the thread page, gets the live notification and the unread message.
    await by(author, 'live-new-msg').waitFor({ timeout: 20_000 });
    expect(await by(author, 'live-new-msg').innerText()).toContain(title);
    await expect.poll(async () => Number(await by(author, 'msg-badge').getAttribute('data-count'))).toBeGreaterThan(0);
    await screenshot(author, 'forum-reply-notification');
    await author.goto(`${platform.url}/plat/msg`);
    await expect.poll(() => by(author, 'msg-list').innerText()).toContain(title);
  });

  it('lets an administrator pin the thread and hide the reply', async () => {
    await admin.goto(`${platform.url}/plat/bbs/detail/${threadId}`);
    await by(admin, `moderate-thread-${threadId}`).hover();
    await openMenu(admin).getByRole('menuitem', { name: '置顶', exact: true }).click();
    await by(admin, 'detail-pinned').waitFor();
    // The thread's menu must be gone before the reply's opens: both have a "hide" entry.
    await admin.mouse.move(0, 0);
    await expect.poll(() => openMenu(admin).count(), { timeout: 10_000 }).toBe(0);
    const reply = by(admin, 'reply-1');
    await reply.locator('[data-testid^="moderate-reply-"]').hover();
    await openMenu(admin).getByRole('menuitem', { name: '隐藏', exact: true }).click();
    await expect.poll(() => reply.innerText()).toContain('已隐藏');
    await screenshot(admin, 'forum-moderated');

    await author.goto(`${platform.url}/plat/bbs/academic`);
    const row = author.locator('tr', { hasText: title });
    await row.getByTestId('thread-pinned').waitFor();
    await author.goto(`${platform.url}/plat/bbs/detail/${threadId}`);
    await expect.poll(() => by(author, 'reply-1').innerText()).toContain('此回复已被管理员隐藏');
    expect(await by(author, 'reply-1').innerText()).not.toContain('界面缺陷密度');
  });

  it('shows the feedback forum and my posts as working pages', async () => {
    for (const path of ['/plat/bbs/feedback', '/plat/mypost']) {
      await author.goto(`${platform.url}${path}`);
      await by(author, 'page-title').waitFor();
      expect(await author.locator('[data-testid="not-available"]').count(), path).toBe(0);
    }
    await expect.poll(() => by(author, 'mypost-threads').innerText()).toContain(title);
    expect(consoleErrors.filter((e) => !/favicon|ResizeObserver/.test(e))).toEqual([]);
  });
});

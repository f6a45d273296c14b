import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.js';
import type { Mailbox } from '../src/mailbox.js';
import { ADMIN, type Platform } from '../src/platform.js';
import { loginInBrowser, registerInBrowser } from '../src/register.js';
import { addZhPage, startRig, stopRig } from '../src/session.js';

/**
 * Issue 16 "Must show" for the live connection: two people chat, one starting the conversation
 * from the online list and the other seeing the unread count and replying; then an administrator
 * kicks a user from the user list and that user's session ends. Two browsers, as two people.
 */
let mailbox: Mailbox;
let platform: Platform;
let browser: Browser;
const contexts: BrowserContext[] = [];
let user: Page;
let admin: Page;
let userUid = 0;
let adminUid = 0;

const stamp = Date.now();
const person = { email: `chat.${stamp}@uni.example.cn`, password: 'Perovskite2026', name: '钱聊天' };
const opening = `你好，请问电学计算的网格设置有问题吗？-${stamp}`;
const replyText = '收到，我把总网格数改到 600 以内再试一次。';

const by = (p: Page, id: string) => p.getByTestId(id);

async function uidOf(p: Page): Promise<number> {
  const cookies = await p.context().cookies(platform.url);
  return Number(cookies.find((c) => c.name === 'user_id')?.value ?? 0);
}

beforeAll(async () => {
  ({ mailbox, platform, browser } = await startRig());
  user = await addZhPage(browser, contexts, { width: 1366, height: 860 });
  admin = await addZhPage(browser, contexts, { width: 1366, height: 860 });
});

afterAll(async () => {
  await stopRig({ mailbox, platform, browser }, contexts);
});

describe('chat between users (issue 16)', () => {
  it('starts a conversation from the online list', async () => {
    await registerInBrowser(user, platform.url, person, '13912340016');
    userUid = await uidOf(user);
    expect(userUid).toBeGreaterThan(0);
    await user.goto(`${platform.url}/plat/msg`);
    await by(user, 'chat-sidebar').waitFor();
    // An ordinary user who has exchanged no messages sees nobody else online.
    await expect.poll(() => by(user, 'chat-online').innerText()).toContain('暂无在线联系人');

    await loginInBrowser(admin, platform.url, ADMIN.email, ADMIN.password, '/plat/msg');
    adminUid = await uidOf(admin);

    // An ordinary user may always ask the administrators: once one is online, the list shows them (issue 29).
    await by(user, `chat-online-${adminUid}`).waitFor({ timeout: 40_000 });

    // The administrator sees every online user, the new user by name, and starts a chat.
    await by(admin, `chat-online-${userUid}`).waitFor({ timeout: 40_000 });
    expect(await by(admin, `chat-online-${userUid}`).innerText()).toContain(person.name);
    await by(admin, `chat-start-${userUid}`).click();
    await by(admin, 'chat-panel').waitFor();
    await expect.poll(() => by(admin, 'chat-peer-name').innerText()).toContain(person.name);
    await by(admin, 'chat-input').fill(opening);
    await by(admin, 'chat-send').click();
    await expect.poll(() => by(admin, 'chat-history').innerText()).toContain(opening);
    await screenshot(admin, 'chat-started');
  });

  it('shows the other user the live notification and unread counts; they reply', async () => {
    // Live: a notification with the text, at once, on whatever page they are.
    await by(user, 'live-chat').waitFor({ timeout: 20_000 });
    expect(await by(user, 'live-chat').innerText()).toContain(opening);
    // Unread: on the bell (header), on the conversation, as a total.
    await expect.poll(() => by(user, 'msg-badge').getAttribute('data-count')).toBe('1');
    await expect.poll(() => by(user, `chat-conv-${adminUid}`).getAttribute('data-unread')).toBe('1');
    expect(await by(user, 'chat-unread-total').innerText()).toContain('1');
    await screenshot(user, 'chat-unread');

    await by(user, `chat-conv-${adminUid}`).click();
    await by(user, 'chat-panel').waitFor();
    await expect.poll(() => by(user, 'chat-history').innerText()).toContain(opening);
    // Opened means read: the counts go back to zero.
    await expect.poll(() => by(user, 'msg-badge').getAttribute('data-count')).toBe('0');
    await expect.poll(() => by(user, `chat-conv-${adminUid}`).getAttribute('data-unread')).toBe('0');

    await by(user, 'chat-input').fill(replyText);
    await by(user, 'chat-send').click();
    await expect.poll(() => by(user, 'chat-history').innerText()).toContain(replyText);

    // The administrator is told live and sees the reply in the open conversation.
    await by(admin, 'live-chat').waitFor({ timeout: 20_000 });
    await expect.poll(() => by(admin, 'chat-history').innerText(), { timeout: 20_000 }).toContain(replyText);
    // Having exchanged messages, the user now sees the administrator in their online list.
    await by(user, `chat-online-${adminUid}`).waitFor({ timeout: 20_000 });
    await screenshot(user, 'chat-replied');
  });
});

describe('an ordinary user starts a chat with another (issue 29)', () => {
  it('finds the other by their whole name, writes, and each then sees the other online', async () => {
    const other = await addZhPage(browser, contexts, { width: 1366, height: 860 });
    const otherPerson = {
      email: `chat2.${stamp}@uni.example.cn`,
      password: 'Perovskite2026',
      name: `孙同行${stamp % 1000}`,
    };
    await registerInBrowser(other, platform.url, otherPerson, '13912340017');
    const otherUid = await uidOf(other);
    // The user reads a public page meanwhile: the live connection is open there too (issue 29).
    await user.goto(`${platform.url}/help`);
    await other.goto(`${platform.url}/plat/msg`);
    await by(other, 'chat-sidebar').waitFor();
    // A part of the name finds nobody: the users cannot be listed.
    await by(other, 'chat-find-input').locator('input').fill(person.name.slice(0, 2));
    await by(other, 'chat-find-input').locator('input').press('Enter');
    await by(other, 'chat-find-none').waitFor();
    await by(other, 'chat-find-input').locator('input').fill(person.name);
    await by(other, 'chat-find-input').locator('input').press('Enter');
    await by(other, `chat-found-${userUid}`).waitFor();
    await by(other, `chat-found-start-${userUid}`).click();
    await expect.poll(() => by(other, 'chat-peer-name').innerText()).toContain(person.name);
    const hello = `你好，我也在做钙钛矿电池的模拟。-${stamp}`;
    await by(other, 'chat-input').fill(hello);
    await by(other, 'chat-send').click();
    await expect.poll(() => by(other, 'chat-history').innerText()).toContain(hello);
    await screenshot(other, 'chat-found');

    // The user hears of it live on /help, and the two now see each other in their online lists.
    await by(user, 'live-chat').filter({ hasText: hello }).waitFor({ timeout: 20_000 });
    expect(new URL(user.url()).pathname).toBe('/help');
    await screenshot(user, 'chat-on-public-page');
    await user.goto(`${platform.url}/plat/msg`);
    await by(user, `chat-online-${otherUid}`).waitFor({ timeout: 40_000 });
    await by(other, `chat-online-${userUid}`).waitFor({ timeout: 40_000 });
  });
});

describe('administrator kick (act k)', () => {
  it('kicks a user from the user list; the user is logged out with a notice and stays out', async () => {
    await user.goto(`${platform.url}/plat/index`);
    await admin.goto(`${platform.url}/plat/manage/users`);
    await by(admin, 'admin-user-search').locator('input').fill(person.email);
    await by(admin, 'admin-user-search').locator('input').press('Enter');
    await by(admin, `admin-user-kick-${userUid}`).click();
    await by(admin, 'kick-confirm').click();
    await admin.getByText('已将该用户踢下线').waitFor({ timeout: 20_000 });

    // The user's client ends the session: home page, the notice, no session cookies.
    await user.waitForURL((u) => u.pathname === '/', { timeout: 20_000 });
    await user.getByRole('dialog').getByText('您已下线', { exact: true }).last().waitFor();
    expect(await user.getByText('管理员已将您请下线，请重新登录。').count()).toBeGreaterThan(0);
    const cookies = await user.context().cookies(platform.url);
    expect(cookies.find((c) => c.name === 'token')).toBeUndefined();
    await screenshot(user, 'chat-kicked');

    // The platform sends them back to log in.
    await user.goto(`${platform.url}/plat/msg`);
    await user.waitForURL((u) => u.pathname === '/' && u.searchParams.get('redirect') === '/plat/msg');
    await by(user, 'login-dialog').waitFor();
  });
});

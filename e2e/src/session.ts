import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { Mailbox } from './mailbox.js';
import { type Platform, startPlatform } from './platform.js';

/** What every browser test stands on: a mailbox, the built platform mailing to it, and Chromium. */
export interface Rig {
  mailbox: Mailbox;
  platform: Platform;
  browser: Browser;
}

/**
 * Starts the rig in the order each part needs the one before (the platform needs the mailbox's
 * port). If a later part fails, the parts already running are stopped here, because the test's
 * afterAll never received them.
 */
export async function startRig(): Promise<Rig> {
  const mailbox = new Mailbox();
  await mailbox.start();
  let platform: Platform | undefined;
  try {
    platform = await startPlatform(mailbox.port);
    const browser = await launchBrowser();
    return { mailbox, platform, browser };
  } catch (e) {
    await platform?.stop();
    await mailbox.stop();
    throw e;
  }
}

/**
 * Closes the given browser contexts first, then the rig in reverse order of starting; any part may
 * be missing when beforeAll failed before it was made.
 */
export async function stopRig(
  rig: Partial<Rig>,
  contexts: ReadonlyArray<BrowserContext | undefined> = [],
): Promise<void> {
  for (const c of contexts) await c?.close();
  await rig.browser?.close();
  await rig.platform?.stop();
  await rig.mailbox?.stop();
}

/** A page in a fresh browser context in Chinese (the product's first language) at this size. */
export async function openZhPage(
  browser: Browser,
  viewport: { width: number; height: number },
  options: { acceptDownloads?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN', ...options });
  return { context, page: await context.newPage() };
}

/**
 * Keeps what the page reports as broken (uncaught errors always, console messages of the given
 * types), each with the address it happened on, so a test can assert at the end that none came.
 */
export function collectPageProblems(
  page: Page,
  problems: string[],
  consoleTypes: ReadonlyArray<'error' | 'warning'> = [],
): void {
  if (consoleTypes.length > 0)
    page.on('console', (m) => {
      if ((consoleTypes as readonly string[]).includes(m.type()))
        problems.push(`${m.type()}: ${m.text()} (${page.url()})`);
    });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message} (${page.url()})`));
}

/**
 * A page for one more person in a test of several people: its own zh-CN context (own cookies, own
 * session), recorded in `contexts` so that stopRig closes it.
 */
export async function addZhPage(
  browser: Browser,
  contexts: BrowserContext[],
  viewport: { width: number; height: number },
): Promise<Page> {
  const { context, page } = await openZhPage(browser, viewport);
  contexts.push(context);
  return page;
}

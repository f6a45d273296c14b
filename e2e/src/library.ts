import type { Page } from 'playwright-core';

/**
 * Opens a device of the public library in its calculation form, found as a user finds it: by the
 * search box, because the library grows and pages, so its row need not be on the first page.
 * The caller waits for what it expects of the form.
 *
 * A shipped example's file names it in both languages ("中文 | English"), while the library shows
 * the reader's one (issue 29): such an example is searched by its English words, which the library
 * finds in either language's view and which name one example only, and is then the only row.
 */
export async function openPublicDevice(page: Page, baseUrl: string, name: string): Promise<void> {
  // "中文 | English", or "中文（…）| English" after a closing bracket
  const english = name.includes('| ') ? name.slice(name.lastIndexOf('| ') + 2).trim() : undefined;
  await page.goto(`${baseUrl}/plat/elecMaterial`);
  const search = page.locator('input[data-testid="device-search"], [data-testid="device-search"] input').first();
  await search.fill(english ?? name);
  await search.press('Enter');
  const row = english ? page.locator('tr[data-testid^="device-row-"]') : page.locator('tr', { hasText: name });
  // until the search has answered, the unfiltered list is shown
  if (english) await row.nth(1).waitFor({ state: 'detached', timeout: 30_000 });
  await row.first().waitFor({ timeout: 30_000 });
  await row.first().getByTestId('device-open').click();
}

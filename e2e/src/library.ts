import type { Page } from 'playwright-core';

/**
 * Opens a device of the public library in its calculation form, found as a user finds it: by the
 * search box, because the library grows and pages, so its row need not be on the first page.
 * The caller waits for what it expects of the form.
 */
export async function openPublicDevice(page: Page, baseUrl: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/plat/elecMaterial`);
  const search = page.locator('input[data-testid="device-search"], [data-testid="device-search"] input').first();
  await search.fill(name);
  await search.press('Enter');
  const row = page.locator('tr', { hasText: name });
  await row.first().waitFor({ timeout: 30_000 });
  await row.first().getByTestId('device-open').click();
}

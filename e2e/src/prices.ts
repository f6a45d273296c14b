import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pageApi } from './session-api.js';

/**
 * Sets a feature's price on the administrator's finance page, as an administrator does, and waits
 * until the server answers with it, so that a charge the test makes next is made at that price.
 */
export async function setPriceAsAdmin(admin: Page, baseUrl: string, feature: string, priceYuan: number) {
  await admin.goto(`${baseUrl}/plat/manage/finance`);
  await admin
    .locator(
      `input[data-testid="price-${feature}"], textarea[data-testid="price-${feature}"], [data-testid="price-${feature}"] input`,
    )
    .first()
    .fill(String(priceYuan));
  await admin.getByTestId(`price-save-${feature}`).click();
  await expect
    .poll(
      async () =>
        (
          await pageApi<{ prices: { feature: string; priceYuan: number }[] }>(admin, '/sys/finance/prices', {})
        ).data.prices.find((p) => p.feature === feature)?.priceYuan,
    )
    .toBe(priceYuan);
}

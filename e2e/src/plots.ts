import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** The axis names a plot put into its echarts option (PlotFrame mirrors them as data attributes). */
export async function axisNames(page: Page, testid: string): Promise<{ x: string; y: string }> {
  const el = page.getByTestId(testid);
  return { x: (await el.getAttribute('data-x-name')) ?? '', y: (await el.getAttribute('data-y-name')) ?? '' };
}

/** Waits until the plot's canvas is drawn. */
export async function canvasDrawn(page: Page, testid: string): Promise<void> {
  await page.getByTestId(`${testid}-chart`).locator('canvas').first().waitFor();
}

/** The text of the CSV a plot exports (its "CSV" button), as downloaded. */
export async function plotCsv(page: Page, testid: string): Promise<string> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`${testid}-csv`).click()]);
  return readFileSync((await d.path())!, 'utf8');
}

/** The axes' set bounds a plot opens on ("min,max" each, or undefined where echarts scales itself). */
export async function axisRanges(
  page: Page,
  testid: string,
): Promise<{ x: [number, number] | undefined; y: [number, number] | undefined }> {
  const el = page.getByTestId(testid);
  const read = (s: string | null): [number, number] | undefined => {
    const m = /^(-?[\d.e+-]+),(-?[\d.e+-]+)$/.exec(s ?? '');
    return m ? [Number(m[1]), Number(m[2])] : undefined;
  };
  return { x: read(await el.getAttribute('data-x-range')), y: read(await el.getAttribute('data-y-range')) };
}

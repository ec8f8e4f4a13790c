import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, watchErrors } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the production build in Chromium', () => {
  it('opens with the benchmark figures, no console errors, and reacts to typing', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(inject('baseUrl'));
    const row = (v: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: v, exact: true }) });
    await expect.poll(() => row('7.2').innerText()).toContain('101.27 B');
    expect(await row('9.1').innerText()).toContain('64.02 B (9.1.1)');
    await screenshot(page, 'first-screen-desktop');

    await page.getByLabel('Value length (bytes)').fill('1 KiB');
    await expect.poll(() => row('9.1').innerText()).toContain('1334.81 B');
    expect(await page.locator('.recharts-bar-rectangle').count()).toBe(5);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits a phone screen', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const errors = watchErrors(page);
    await page.goto(inject('baseUrl'));
    await page.getByRole('table', { name: 'Results per version' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await screenshot(page, 'first-screen-phone');
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

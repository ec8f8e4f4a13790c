import { describe, expect, inject, it } from 'vitest';
import { useBrowser, rowText, screenshot, watchErrors } from './browser';

const browser = useBrowser();

const RESULTS = 'Results per version';

describe('the production build in Chromium', () => {
  it('opens with the benchmark figures, no console errors, and reacts to typing', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(inject('baseUrl'));
    await expect.poll(() => rowText(page, RESULTS, '7.2')).toContain('101.27 B');
    expect(await rowText(page, RESULTS, '9.1')).toContain('64.02 B (9.1.1)');
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    await screenshot(page, 'first-screen-desktop');

    await page.getByLabel('Value length (bytes)').fill('1 KiB');
    await expect.poll(() => rowText(page, RESULTS, '9.1')).toContain('1334.81 B');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits a phone screen', async () => {
    const page = await browser().newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const errors = watchErrors(page);
    await page.goto(inject('baseUrl'));
    await page.getByRole('table', { name: RESULTS }).waitFor();
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await screenshot(page, 'first-screen-phone');
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

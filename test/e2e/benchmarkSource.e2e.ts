import { mkdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import de from '../../src/i18n/catalogs/de.json';
import en from '../../src/i18n/catalogs/en.json';
import { openApp, SCREENSHOT_DIR, useBrowser, watchErrors } from './browser';

const browser = useBrowser();
const TITLE = 'Valkey Memory Optimization: Performance Benchmark Results';
const DATES = { en: 'September 29, 2026', de: '29. September 2026' } as const;

describe('the first screen names and links the post its measured figures come from', () => {
  for (const locale of ['en', 'de'] as const)
    for (const width of [390, 1280, 1440])
      it(`${locale}, ${width} px: title, author, publisher and date in view on arrival, the title a link`, async () => {
        const context = await browser().newContext({ locale, viewport: { width, height: 844 } });
        const page = await context.newPage();
        const errors = watchErrors(page);
        await openApp(page, inject('baseUrl'));
        const source = page.locator('.benchmark-source');
        await expect.poll(() => source.textContent()).toContain(DATES[locale]);
        const text = (await source.textContent())!;
        expect(text).toContain('Lucas Yang');
        expect(text).toContain('Percona');
        expect(text.startsWith((locale === 'en' ? en : de)['app.benchmarkSource'].split('{')[0]!)).toBe(true);
        const link = source.getByRole('link', { name: TITLE });
        expect(await link.getAttribute('href')).toMatch(/^https:\/\/www\.percona\.com\//);
        // On the first screen: wholly within the first viewport, nothing wider than the page.
        const box = (await source.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(844);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        await page.screenshot({ path: `${SCREENSHOT_DIR}/first-screen-source-${locale}-${width}.png` });
        expect(errors).toEqual([]);
        await context.close();
      });
});

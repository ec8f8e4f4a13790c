import { describe, expect, inject, it } from 'vitest';
import { linkTo } from '../../src/state/shareLink';
import type { Scenario } from '../../src/scenario/schema';
import { RESULTS_AND_CHART_MARKS } from '../support/pageMarks';
import { openApp, rowText, screenshot, useBrowser, watchErrors } from './browser';

const browser = useBrowser();

const RESULTS = 'Results per version';

const BIG_VALUES: Scenario = {
  schema: 1,
  workloads: [{ name: 'blobs', keys: 50_000, keyBytes: 20, type: 'string', valueBytes: 4096, ttlFraction: 0 }],
};

describe('the production build in Chromium', () => {
  it('opens with the benchmark figures, no console errors, and reacts to typing', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await openApp(page, inject('baseUrl'));
    await expect.poll(() => rowText(page, RESULTS, '7.2')).toContain('101.27 B');
    expect(await rowText(page, RESULTS, '9.1')).toContain('64.02 B (9.1.1)');
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    await screenshot(page, 'first-screen-desktop');

    await page.getByLabel('Value length (bytes)', { exact: true }).fill('1 KiB');
    await expect.poll(() => rowText(page, RESULTS, '9.1')).toContain('1334.81 B');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits a phone screen', async () => {
    const page = await browser().newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const errors = watchErrors(page);
    await openApp(page, inject('baseUrl'));
    await page.getByRole('table', { name: RESULTS }).waitFor();
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await screenshot(page, 'first-screen-phone');
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the default results before any JavaScript runs, and takes them over without a mismatch', async () => {
    const context = await browser().newContext({ javaScriptEnabled: false });
    const still = await context.newPage();
    await still.goto(inject('baseUrl'));
    expect(await rowText(still, RESULTS, '7.2')).toContain('101.27 B');
    expect(await rowText(still, RESULTS, '9.1')).toContain('64.02 B (9.1.1)');
    await context.close();

    const page = await browser().newPage();
    const errors = watchErrors(page);
    await page.addInitScript({ content: RESULTS_AND_CHART_MARKS });
    await openApp(page, inject('baseUrl'));
    const marks = await page.evaluate(() => ({
      shown: performance.getEntriesByName('vrp:results')[0]!.startTime,
      interactive: performance.getEntriesByName('vrp:interactive')[0]!.startTime,
    }));
    expect(marks.shown).toBeLessThan(marks.interactive);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an edit made as soon as the page responds, before all of it is taken over, is kept everywhere and raises no mismatch', async () => {
    // At "vrp:interactive": a keystroke in the first card, and a click on a part taken over later (the units).
    const EARLY_EDITS = `new PerformanceObserver((list, observer) => {
      if (!list.getEntries().some((e) => e.name === 'vrp:interactive')) return;
      observer.disconnect();
      const keys = [...document.querySelectorAll('fieldset.workload-card label')].find((l) => l.textContent === 'Keys').control;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(keys, '123456');
      keys.dispatchEvent(new Event('input', { bubbles: true }));
      document.querySelectorAll('input[name="units"]')[1].click();
    }).observe({ type: 'mark' });`;
    const early = await browser().newPage();
    const errors = watchErrors(early);
    await early.addInitScript({ content: EARLY_EDITS });
    await openApp(early, inject('baseUrl'));
    await early.locator('.recharts-bar-rectangle').first().waitFor();
    // The same edits made once the page has settled.
    const settled = await browser().newPage();
    await openApp(settled, inject('baseUrl'));
    await settled.locator('.recharts-bar-rectangle').first().waitFor();
    await settled.getByLabel('Keys', { exact: true }).first().fill('123456');
    await settled.getByLabel('GB, MB (decimal)').check();
    await expect.poll(() => rowText(settled, RESULTS, '9.1')).not.toContain('MiB');
    expect(await early.getByLabel('GB, MB (decimal)').isChecked()).toBe(true);
    for (const line of ['7.2', '9.1']) expect(await rowText(early, RESULTS, line)).toBe(await rowText(settled, RESULTS, line));
    expect(await early.getByRole('region', { name: 'Summary' }).textContent()).toBe(
      await settled.getByRole('region', { name: 'Summary' }).textContent(),
    );
    expect(errors).toEqual([]);
    await early.close();
    await settled.close();
  });

  it('a page opened from a link never shows the default results in its place', async () => {
    const page = await browser().newPage();
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { rootShown: boolean }).rootShown = document
          .getElementById('root')!
          .checkVisibility({ visibilityProperty: true });
      });
    });
    await openApp(page, linkTo(inject('baseUrl'), { scenario: BIG_VALUES, view: {} }));
    expect(await page.evaluate(() => (window as unknown as { rootShown: boolean }).rootShown)).toBe(false);
    await expect.poll(() => rowText(page, RESULTS, '7.2')).not.toContain('101.27 B');
    expect(await page.evaluate(() => document.getElementById('root')!.checkVisibility({ visibilityProperty: true }))).toBe(true);
    await page.close();
  });
});

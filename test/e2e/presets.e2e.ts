import { describe, expect, inject, it } from 'vitest';
import { openApp, rowText, screenshot, useBrowser, watchErrors } from './browser';

const browser = useBrowser();

const RESULTS = 'Results per version';

/** Each preset with the figure a user would read first, and the chart it opens. */
const CASES: Array<{ id: string; title: string; version: string; text: string; chartHeading: string }> = [
  {
    id: 'percona-benchmark',
    title: 'Percona benchmark (632k short strings)',
    version: '8.1',
    text: '71.98 B (8.1.9)',
    chartHeading: 'Versions side by side',
  },
  {
    id: 'one-terabyte',
    title: '1 TB on 7.2',
    version: '9.1',
    text: '−37.9 %',
    chartHeading: 'The "1 TB" intro figures against the table',
  },
  {
    id: 'strings-vs-hash',
    title: 'Four strings vs one hash (1M users)',
    version: '9.1',
    text: 'MiB',
    chartHeading: 'Strings against one hash per entity',
  },
  { id: 'php-sessions', title: 'PHP sessions', version: '9.1', text: '−0.8 %', chartHeading: 'Bytes per key against value size' },
  {
    id: 'wordpress-object-cache',
    title: 'WordPress object cache (large values)',
    version: '9.1',
    text: '−0.6 %',
    chartHeading: 'Bytes per key against value size',
  },
  { id: 'mixed-cache', title: 'Mixed cache', version: '9.1', text: '%', chartHeading: 'Versions side by side' },
];

describe('presets in Chromium', () => {
  it.each(CASES)('$title', async ({ id, title, version, text, chartHeading }) => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await openApp(page, inject('baseUrl'));
    await page.getByLabel('Start from').selectOption({ label: title });
    await expect.poll(() => rowText(page, RESULTS, version)).toContain(text);
    await page.getByRole('heading', { name: chartHeading }).waitFor();
    await page.waitForTimeout(100);
    await screenshot(page, `preset-${id}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the strings-vs-hash preset reads 219.1 MiB and 100.6 MiB on 9.1, marked as fitting Percona's figures", async () => {
    const page = await browser().newPage({ viewport: { width: 390, height: 844 } });
    await openApp(page, inject('baseUrl'));
    // On a phone the header's controls wait behind Menu.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByLabel('Start from').selectOption({ label: 'Four strings vs one hash (1M users)' });
    // The preset switches the chart; the one shown before stays until the new one has rendered.
    const chart = page.getByRole('figure', { name: 'Strings against one hash per entity' });
    // A click that lands while the page hydrates can be lost: click again until the table shows.
    const table = page.getByRole('table', { name: 'Strings against one hash per entity (table)' });
    await expect
      .poll(
        async () => {
          if ((await table.count()) === 0) await chart.getByRole('button', { name: 'Show table' }).click();
          return table.count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);
    const row = await rowText(page, 'Strings against one hash per entity (table)', '9.1');
    expect(row).toContain('219.1 MiB');
    expect(row).toContain('100.6 MiB');
    expect(row).toContain('fits');
    await screenshot(page, 'preset-strings-vs-hash-phone');
    await page.close();
  });
});

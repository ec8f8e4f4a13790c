import { describe, expect, inject, it } from 'vitest';
import { openApp, screenshot, selectChartTab, useBrowser } from './browser';

const browser = useBrowser();

const UP_FRONT = '1,000 GB on 7.2: intro, table and your keys';

describe('the "1 TB on 7.2" correction in Chromium', () => {
  it.each([
    [1280, 900],
    [1440, 900],
  ])('is on the first screen at %i × %i px without a click, in GB and %', async (width, height) => {
    const page = await browser().newPage({ viewport: { width, height } });
    await openApp(page, inject('baseUrl'));
    const table = page.getByRole('table', { name: UP_FRONT });
    const box = (await table.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(height);
    const text = await table.innerText();
    expect(text).toContain('800 GB (−20.0 %)');
    expect(text).toContain('−122 GB (−13.2 %)');
    expect(text).toContain('620 GB (−38.0 %)');
    await page.screenshot({ path: `test-results/screenshots/terabyte-first-screen-${width}.png` });
    await page.close();
  });

  it('the chart lists its legend in the order of its bars, as the table its columns', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await openApp(page, inject('baseUrl'));
    const chart = await selectChartTab(
      page,
      page.getByRole('tab', { name: /1 TB/ }),
      'The "1 TB" intro figures against the table',
    );
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    const legend = await chart.locator('.recharts-legend-item-text').allInnerTexts();
    const barColours = await chart
      .locator('.recharts-bar')
      .evaluateAll((bars) => bars.map((b) => b.querySelector('.recharts-rectangle')!.getAttribute('fill')));
    const legendColours = await chart
      .locator('.recharts-legend-item path, .recharts-legend-item rect')
      .evaluateAll((icons) => icons.map((i) => i.getAttribute('fill')));
    expect(legend).toEqual(['Intro figure (post)', 'Benchmark table', 'Your keys (model)']);
    expect(legendColours).toEqual(barColours);
    const headers = await page.getByRole('table', { name: UP_FRONT }).getByRole('columnheader').allInnerTexts();
    expect(headers.filter((h) => legend.includes(h.trim()))).toEqual(legend);
    await screenshot(page, 'terabyte-chart');
    await page.close();
  });
});

import { describe, expect, inject, it } from 'vitest';
import { openApp, rowText, screenshot, useBrowser, watchErrors } from './browser';

const browser = useBrowser();
const COST = 'Cost per version';

describe('cost and growth in Chromium', () => {
  it('asks for a price it cannot source, then prices every version with the one entered', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await openApp(page, inject('baseUrl'));
    // The default node type, cache.r7g.large, has no sourced price: the planner says so and shows none.
    await page.getByText('The planner has no sourced price for cache.r7g.large in us-east-1').waitFor();
    expect(await page.getByRole('table', { name: COST }).count()).toBe(0);
    await page.getByLabel('Your price per node-hour (USD)').fill('0.25');
    // 1 node x $0.25 x 730 h = $182.50 a month, $2,190.00 a year
    await expect.poll(() => rowText(page, COST, '7.2')).toContain('$182.50');
    expect(await rowText(page, COST, '9.1')).toContain('$2,190.00');
    await page.getByLabel('Reserved or committed discount (%)').fill('20');
    // 20 % off: $146.00 a month
    await expect.poll(() => rowText(page, COST, '7.2')).toContain('$146.00');
    await expect
      .poll(() => page.getByRole('note', { name: 'About these prices' }).innerText())
      .toContain('Check every price on the provider');
    await page.getByRole('region', { name: 'Cost and growth' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'cost-override');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('prices m7g.large from the data, with its source and date, and a serverless row', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await openApp(page, inject('baseUrl'));
    await page.getByLabel('Instance type').selectOption('m7g.large');
    // 1 node x $0.0816 x 730 h = $59.57 a month
    await expect.poll(() => rowText(page, COST, '8.1')).toContain('$59.57');
    expect(await rowText(page, COST, '8.1')).toContain('$0.0816/h');
    const note = await page.getByRole('note', { name: 'About these prices' }).innerText();
    expect(note).toContain('published 2026-06-17');
    expect(note).toContain('prices read 2026-11-30');
    const serverless = await page.getByRole('table', { name: 'Serverless, billed per GB-hour of data stored' }).innerText();
    expect(serverless).toContain('ElastiCache Serverless for Valkey');
    expect(serverless).toContain('$0.084');
    await page.close();
  });

  it('draws memory over 24 months, marks when each line fills, and shows the same in a table and the summary', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await openApp(page, inject('baseUrl'));
    await page.getByLabel('Keys', { exact: true }).fill('10M');
    // The workload's own growth (the scenario's rate, in the growth section, is labelled the same).
    const card = page.getByRole('group', { name: 'Workload sessions' });
    await card.getByLabel('Growth', { exact: true }).selectOption({ label: 'Keys per month' });
    await card.getByLabel('Keys added per month').fill('10M');
    const chart = page.getByRole('figure', { name: 'Memory over 24 months' });
    await chart.locator('.recharts-line').first().waitFor();
    await expect.poll(() => chart.locator('.recharts-line').count()).toBe(5);
    expect(await chart.innerText()).toContain('9.1 postpones the next shard by');
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'growth-chart');
    await chart.getByRole('button', { name: 'Show table' }).click();
    const runsOut = page.getByRole('table', { name: 'When each line needs another shard' });
    expect(await runsOut.innerText()).toMatch(/needs another shard \(1 node\) in month \d+/);
    const months = page.getByRole('table', { name: 'Memory over 24 months (table)' });
    expect(await months.getByRole('row').count()).toBe(26);
    const summary = await page.getByRole('region', { name: 'Summary for a change request' }).innerText();
    expect(summary).toContain('Change request: Valkey 7.2 → 9.1');
    expect(summary).toMatch(/Months until full on today's 1 shard: 7\.2 needs another shard/);
    expect(summary).toContain('Link: http://127.0.0.1');
    await page.getByRole('region', { name: 'Summary for a change request' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'growth-table-and-summary');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps prices and growth in the share link', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await openApp(page, inject('baseUrl'));
    await page.getByLabel('Your price per node-hour (USD)').fill('0.3');
    const card = page.getByRole('group', { name: 'Workload sessions' });
    await card.getByLabel('Growth', { exact: true }).selectOption({ label: '% per month' });
    await card.getByLabel('Growth per month (%)').fill('5');
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('s=');
    // The link is written after a pause, which a busy machine stretches: take it once it holds still.
    let url = page.url();
    for (let held = false; !held;) {
      await page.waitForTimeout(600);
      held = page.url() === url;
      url = page.url();
    }
    const again = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await openApp(again, url);
    expect(await again.getByLabel('Your price per node-hour (USD)').inputValue()).toBe('0.3');
    expect(await again.getByLabel('Growth per month (%)').inputValue()).toBe('5');
    // 1 node x $0.30 x 730 h = $219.00 a month
    await expect.poll(() => rowText(again, COST, '7.2')).toContain('$219.00');
    await again.close();
    await page.close();
  });

  it('fits a phone screen with the summary and its link', async () => {
    const page = await browser().newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await openApp(page, inject('baseUrl'));
    await page.getByLabel('Your price per node-hour (USD)').fill('0.25');
    await page.getByRole('region', { name: 'Summary for a change request' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'cost-phone');
    await page.close();
  });
});

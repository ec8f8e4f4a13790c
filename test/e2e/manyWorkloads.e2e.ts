import { describe, expect, inject, it } from 'vitest';
import { encodeLink } from '../../src/scenario/link';
import type { Scenario, Workload } from '../../src/scenario/schema';
import { openApp, rowText, screenshot, useBrowser, watchErrors } from './browser';

const browser = useBrowser();

const TWENTY: Scenario = {
  schema: 1,
  workloads: Array.from({ length: 20 }, (_, i): Workload => ({
    name: `family-${i}`,
    keys: 10_000 * (i + 1),
    keyBytes: 10 + i,
    type: i % 2 ? 'hash' : 'string',
    valueBytes: 8 * (i + 1),
    ttlFraction: 0,
    ...(i % 2 ? { fields: 4, fieldBytes: 8 } : {}),
  })),
};

describe('twenty workloads in Chromium', () => {
  it('collapse to one summary line each, and a card opens again to edit it', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await openApp(page, `${inject('baseUrl')}#${encodeLink({ scenario: TWENTY, view: {} })}`);
    const height = () => page.evaluate(() => document.documentElement.scrollHeight);
    const expanded = await height();

    await page.getByRole('button', { name: 'Collapse all' }).click();
    const cards = page.getByRole('group', { name: /^Workload family-/ });
    expect(await cards.count()).toBe(20);
    const heights = await cards.evaluateAll((cs) => cs.map((c) => c.getBoundingClientRect().height));
    expect(Math.max(...heights)).toBeLessThan(80);
    expect(await page.getByRole('group', { name: 'Workload family-1', exact: true }).innerText()).toContain(
      'hash · 20,000 keys × 4 fields · key 11 B · field name 8 B · value 16 B · TTL 0 %',
    );
    expect(await page.getByLabel('Keys', { exact: true }).count()).toBe(0);
    const collapsed = await height();
    expect(collapsed).toBeLessThan(expanded / 3);
    await screenshot(page, 'twenty-workloads-collapsed');

    const before = await rowText(page, 'Results per version', '9.1');
    const card = page.getByRole('group', { name: 'Workload family-3' });
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('Keys', { exact: true }).fill('1M');
    await expect.poll(() => rowText(page, 'Results per version', '9.1')).not.toBe(before);
    expect(await page.getByLabel('Keys', { exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: 'Add workload' }).click();
    expect(await page.getByRole('group', { name: 'Workload keys' }).getByLabel('Keys', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Collapse all' }).click();
    await page.getByRole('button', { name: 'Expand all' }).click();
    expect(await page.getByLabel('Keys', { exact: true }).count()).toBe(21);
    expect(errors).toEqual([]);
    await page.close();
  });
});

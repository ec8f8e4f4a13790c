import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { linkTo } from '../../src/state/shareLink';
import { AXE_PAGE, axeViolations } from './axe';
import { openApp, overflows, rowText, screenshot, useBrowser, watchErrors } from './browser';

const browser = useBrowser();

/** Short strings under long names beside hashes that just miss their listpack: every advice item has something to say. */
const LINK = () =>
  linkTo(inject('baseUrl'), {
    scenario: {
      schema: 1,
      versions: ['7.2', '8.1', '9.1'],
      workloads: [
        { name: 'sessions', type: 'string', keys: 2_000_000, keyBytes: 40, valueBytes: 10, ttlFraction: 0 },
        {
          name: 'profiles',
          type: 'hash',
          keys: 100_000,
          keyBytes: 16,
          fields: 600,
          fieldBytes: 8,
          valueBytes: 12,
          ttlFraction: 0,
        },
      ],
      deployment: { instanceType: 'm7g.large', providerRule: 'elasticache' },
    },
    view: {},
  });

async function openAdvice(page: Page) {
  const panel = page.getByRole('region', { name: 'What to change' });
  await panel.getByRole('button', { name: 'Show advice' }).click();
  await panel.locator('.advice-item').first().waitFor();
  return panel;
}

describe('advice, capacity and providers’ rules in Chromium', () => {
  it.each([390, 1280, 1440])('at %i px: nothing overflows, axe finds nothing, screenshots taken', async (width) => {
    const page = await browser().newPage({ ...AXE_PAGE, viewport: { width, height: width < 500 ? 844 : 900 } });
    const errors = watchErrors(page);
    await openApp(page, LINK());
    const panel = await openAdvice(page);
    await page.getByRole('table', { name: 'Keys that fit, per version' }).waitFor();
    expect(await page.getByLabel("Provider's rule for reserve and headroom").inputValue()).toBe('elasticache');
    expect(await overflows(page)).toEqual({ tables: [], page: 0 });
    expect(await axeViolations(page)).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, `advice-capacity-${width}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an applied item gives the promised figure in the results, and Undo restores them', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await openApp(page, LINK());
    const before = await rowText(page, 'Results per version', '9.1');
    const panel = await openAdvice(page);
    const items = panel.locator('.advice-item');
    const count = await items.count();
    expect(count).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < count; i++) {
      const item = items.nth(i);
      const promised = /9\.1: saves [^,]+, ([\d.]+ [KMG]iB) left/.exec(await item.innerText())?.[1];
      expect(promised, await item.innerText()).toBeDefined();
      await item.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(() => rowText(page, 'Results per version', '9.1')).toContain(promised!);
      await page.getByRole('button', { name: /^Undo/ }).click();
      await expect.poll(() => rowText(page, 'Results per version', '9.1')).toBe(before);
    }
    await page.close();
  });
});

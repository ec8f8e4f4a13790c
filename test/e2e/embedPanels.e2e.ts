import { describe, expect, inject, it } from 'vitest';
import { PRESETS } from '../../src/scenario/presets';
import { linkTo } from '../../src/state/shareLink';
import { openApp, screenshot, useBrowser, watchErrors } from './browser';

const browser = useBrowser();
const wordpress = PRESETS.find((p) => p.id === 'wordpress-object-cache')!;

describe('embed options in Chromium', () => {
  it('the panels chosen when copying the embed code are the ones the embed shows', async () => {
    const page = await browser().newPage({
      viewport: { width: 1280, height: 800 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const errors = watchErrors(page);
    await openApp(page, linkTo(inject('baseUrl'), { scenario: wordpress.scenario, view: {} }));
    await page.locator('summary', { hasText: 'Panels in the embed' }).click();
    const choice = page.getByRole('group', { name: 'Panels in the embed' });
    await choice.getByRole('checkbox', { name: 'Deployment' }).check();
    await choice.getByRole('checkbox', { name: 'Growth' }).check();
    await choice.getByRole('checkbox', { name: 'Results' }).uncheck();
    await page.getByRole('button', { name: 'Copy embed code' }).click();
    await page.getByText('Embed code copied').waitFor();
    const code = await page.evaluate(() => navigator.clipboard.readText());
    const src = /^<iframe src="([^"]*)"/.exec(code)![1]!.replace(/&amp;/g, '&');
    expect(new URL(src).hash).toContain('embed=1&panels=deployment,growth');

    // A new document: going to the same page with another fragment would not load it again.
    await page.goto('about:blank');
    await page.goto(src);
    await expect.poll(() => page.getByRole('table', { name: 'Deployment per version' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('region', { name: 'Growth' }).count()).toBe(1);
    expect(await page.getByRole('table', { name: 'Results per version' }).count()).toBe(0);
    expect(await page.getByRole('table', { name: 'Cost per version' }).count()).toBe(0);
    await screenshot(page, 'embed-deployment-growth');
    expect(errors).toEqual([]);
    await page.close();
  });
});

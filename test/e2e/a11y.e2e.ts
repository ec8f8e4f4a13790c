import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { linkTo } from '../../src/state/shareLink';
import { PRESETS } from '../../src/scenario/presets';
import { AXE_PAGE, axeViolations } from './axe';
import { openApp, rowText, screenshot, useBrowser, watchErrors } from './browser';
import { infoFixture } from '../support/infoFixture';

const browser = useBrowser();

/** The page once its chart has drawn: the SVG is part of what axe checks. */
async function withChartDrawn(page: Page) {
  await page.locator('.recharts-surface').first().waitFor();
}

describe('axe-core finds nothing to fix', () => {
  it.each(['light', 'dark'] as const)('on the first screen in the %s theme', async (colorScheme) => {
    const page = await browser().newPage({ ...AXE_PAGE, viewport: { width: 1280, height: 900 }, colorScheme });
    await openApp(page, inject('baseUrl'));
    await withChartDrawn(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it.each(PRESETS.map((p) => [p.title, p] as const))('with the preset %s', async (_, preset) => {
    const page = await browser().newPage({ ...AXE_PAGE, viewport: { width: 1280, height: 900 } });
    await openApp(page, linkTo(inject('baseUrl'), { scenario: preset.scenario, view: preset.view ?? {} }));
    await withChartDrawn(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('in the embedded view', async () => {
    const preset = PRESETS.find((p) => p.id === 'wordpress-object-cache')!;
    const page = await browser().newPage({ ...AXE_PAGE, viewport: { width: 900, height: 800 } });
    await openApp(page, linkTo(inject('baseUrl'), { scenario: preset.scenario, view: {} }, { embed: true }));
    await page.getByRole('link', { name: 'Open in full calculator' }).waitFor();
    await withChartDrawn(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('in the INFO panel with a pasted INFO', async () => {
    const page = await browser().newPage({ ...AXE_PAGE, viewport: { width: 1280, height: 900 } });
    await openApp(page, inject('baseUrl'));
    await page.getByLabel(/Paste the output/).fill(infoFixture('strings'));
    await expect.poll(() => rowText(page, 'The same keys on each line', '9.1')).toMatch(/−.*%/);
    await withChartDrawn(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('in the RDB panel with a snapshot read', async () => {
    const page = await browser().newPage({ ...AXE_PAGE, viewport: { width: 1280, height: 900 } });
    await openApp(page, inject('baseUrl'));
    await page.getByLabel('RDB file (dump.rdb)').setInputFiles('test/fixtures/rdb/valkey-9.1.2-bundled-mixed.rdb');
    await page.getByRole('table', { name: "The snapshot's key families" }).waitFor();
    await withChartDrawn(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('keyboard and themes', () => {
  it('the chart tabs follow the ARIA tabs pattern: one Tab stop, arrows, Home and End', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await openApp(page, inject('baseUrl'));
    const tabs = page.getByRole('tablist', { name: 'Chart' }).getByRole('tab');
    const selected = () => page.getByRole('tab', { selected: true }).innerText();
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(await tabs.evaluateAll((ts) => ts.map((t) => t.getAttribute('tabindex')))).toEqual(['0', '-1', '-1', '-1']);
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    expect(await selected()).toBe('"1 TB" check');
    expect(await focused()).toBe('"1 TB" check');
    await page.getByRole('heading', { name: 'The "1 TB" intro figures against the table' }).waitFor();
    await page.keyboard.press('End');
    expect(await selected()).toBe('Strings vs hash');
    await page.keyboard.press('ArrowRight');
    expect(await selected()).toBe('Versions');
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('Strings vs hash');
    await page.keyboard.press('Home');
    expect(await focused()).toBe('Versions');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tabpanel');
    await page.close();
  });

  it('the first Tab shows a skip link that moves focus to the results and leaves the link alone', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await openApp(page, inject('baseUrl'));
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to results' });
    expect(await skip.evaluate((a) => a === document.activeElement)).toBe(true);
    expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Results');
    expect(await page.evaluate(() => location.hash)).toBe('');
    expect(await rowText(page, 'Results per version', '7.2')).toContain('101.27 B');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the colours follow the system, and the switch pins light or dark across reloads', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    await openApp(page, inject('baseUrl'));
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(await background()).toBe('rgb(15, 20, 26)');
    await withChartDrawn(page);
    await screenshot(page, 'theme-dark');

    await page.getByLabel('Colours').selectOption('light');
    expect(await background()).toBe('rgb(246, 248, 251)');
    await openApp(page, inject('baseUrl'));
    expect(await background()).toBe('rgb(246, 248, 251)');
    expect(await page.getByLabel('Colours').inputValue()).toBe('light');

    await page.getByLabel('Colours').selectOption('system');
    expect(await background()).toBe('rgb(15, 20, 26)');
    await page.close();
  });
});

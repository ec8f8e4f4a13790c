import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { linkTo } from '../../src/state/shareLink';
import { PRESETS } from '../../src/scenario/presets';
import en from '../../src/i18n/catalogs/en.json';
import { chartTitles, openApp, overflows, screenshot, selectChartTab, useBrowser, watchErrors } from './browser';

const browser = useBrowser();

const WIDTHS = [390, 768, 1024, 1280, 1440] as const;

const mixed = PRESETS.find((p) => p.id === 'mixed-cache')!;
/** Six workloads (the per-workload table) on the longest instance name, with replicas: the widest tables. */
const WIDE_LINK = () =>
  linkTo(inject('baseUrl'), {
    scenario: {
      ...mixed.scenario,
      deployment: { ...mixed.scenario.deployment, instanceType: 'cache.r7g.16xlarge', replicas: 2, shards: 12 },
    },
    view: {},
  });

/** Every chart tab with its table shown: the tables a user can reach on the page. */
async function everyTableOf(page: Page, width: number, name: string) {
  const tabs = page.getByRole('tablist', { name: 'Chart' }).getByRole('tab');
  const found: string[] = [];
  for (let i = 0; i < (await tabs.count()); i++) {
    const chart = await selectChartTab(page, tabs.nth(i), chartTitles(en)[i]!);
    await chart.getByRole('button', { name: 'Show table' }).click();
    await chart.getByRole('table').first().waitFor();
    found.push(...(await page.getByRole('table').evaluateAll((ts) => ts.map((t) => t.getAttribute('aria-label')!))));
    expect(await overflows(page), `${name}, chart tab ${i + 1}`).toEqual({ tables: [], page: 0 });
    if (i === 0) await screenshot(page, `layout-${name}-${width}`);
  }
  return new Set(found);
}

describe('layout at phone and desktop widths', () => {
  it.each(WIDTHS)('no table overflows its container at %i px', async (width) => {
    const page = await browser().newPage({ viewport: { width, height: width < 500 ? 844 : 900 } });
    const errors = watchErrors(page);
    await openApp(page, inject('baseUrl'));
    const tables = await everyTableOf(page, width, 'default');
    expect(tables).toContain('Results per version');
    expect(tables).toContain('Deployment per version');

    await openApp(page, WIDE_LINK());
    await page.getByRole('table', { name: 'Results per workload' }).waitFor();
    const wide = await everyTableOf(page, width, 'six-workloads');
    expect(wide).toContain('Results per workload');
    expect(await page.getByRole('table', { name: 'Deployment per version' }).innerText()).toContain('cache.r7g.16xlarge');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a phone the answer stays on screen while the inputs are edited', async () => {
    const page = await browser().newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await openApp(page, inject('baseUrl'));
    const summary = page.getByRole('region', { name: 'Summary', exact: true });
    const results = page.getByRole('table', { name: 'Results per version' });
    await page.evaluate(() => window.scrollTo(0, 900));
    expect(await results.isVisible()).toBe(true);
    expect((await results.boundingBox())!.y).toBeGreaterThan(844);
    const box = (await summary.boundingBox())!;
    expect(box.y).toBe(0);
    expect(await summary.innerText()).toMatch(/9\.1: 37\.86 MiB \(−38\.0 %, −23\.18 MiB vs 7\.2: 61\.04 MiB\)/);
    expect(await summary.innerText()).toContain('Nodes: 1 × cache.r7g.large on 9.1; 1 × cache.r7g.large on 7.2');

    await page.getByLabel('Keys', { exact: true }).fill('1000000000');
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => summary.innerText()).toMatch(/Nodes: \d+ × cache\.r7g\.large on 9\.1/);
    expect((await summary.boundingBox())!.y).toBe(0);
    await screenshot(page, 'layout-phone-summary-while-editing');
    await page.close();
  });

  it('on a phone the first screen holds the answer and the 1 TB line; the header controls wait behind Menu', async () => {
    const page = await browser().newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await openApp(page, inject('baseUrl'));
    const summary = page.getByRole('region', { name: 'Summary', exact: true });
    const box = (await summary.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(844);
    expect(await summary.innerText()).toContain(
      "1 TB on 7.2 → 9.1: 625 GB (−37.5 %) by the post's table (its intro: 630 GB (−37.0 %))",
    );
    const copyLink = page.getByRole('button', { name: 'Copy link' });
    expect(await copyLink.isVisible()).toBe(false);
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await copyLink.isVisible()).toBe(true);
    await screenshot(page, 'layout-phone-first-screen-menu');
    await page.close();
  });

  it('on a phone a focused control is never under the sticky summary', async () => {
    const page = await browser().newPage({ viewport: { width: 390, height: 844 } });
    await openApp(page, inject('baseUrl'));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // the skip link, to the results
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('results');
    const summary = page.getByRole('region', { name: 'Summary', exact: true });
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const r = document.activeElement!.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, name: document.activeElement!.textContent!.slice(0, 60) };
      });
      // The skip link, when focused, is drawn over everything at the top: it is never hidden.
      if (focused.name === 'Skip to results') continue;
      const bar = (await summary.boundingBox())!;
      const below = bar.y + bar.height;
      // A control that fits beside the bar is shown whole, clear of it; a taller one (a table's
      // scroll region) at least in part below it.
      if (focused.bottom - focused.top <= 844 - below)
        expect(focused.top < below && focused.bottom > bar.y, `${focused.name} is under the summary`).toBe(false);
      else expect(focused.bottom, `${focused.name} is hidden`).toBeGreaterThan(below + 100);
    }
    await page.close();
  });

  it('on a wide screen the summary bar is not shown: the results sit beside the inputs', async () => {
    const page = await browser().newPage({ viewport: { width: 1440, height: 900 } });
    await openApp(page, inject('baseUrl'));
    expect(await page.getByRole('region', { name: 'Summary', exact: true }).isVisible()).toBe(false);
    expect((await page.getByRole('table', { name: 'Results per version' }).boundingBox())!.y).toBeLessThan(900);
    await page.close();
  });
});

import { describe, expect, inject, it } from 'vitest';
import { linkTo } from '../../src/state/shareLink';
import { TWENTY_WORKLOADS } from '../support/twentyWorkloads';
import { openApp, rowText, screenshot, useBrowser, watchErrors } from './browser';

const browser = useBrowser();

const TWENTY = TWENTY_WORKLOADS;

/**
 * Runs in the page before its scripts: notes every moment the page could show the default
 * scenario's per-key figure (7.2: 101.27 B) — before each frame and after each change to the
 * page — while its root is visible.
 */
const WATCH_FOR_DEFAULT_FIGURES = `
window.defaultFiguresShown = [];
const check = () => {
  const root = document.getElementById('root');
  if (root && root.checkVisibility({ visibilityProperty: true }) && root.textContent.includes('101.27 B'))
    window.defaultFiguresShown.push(performance.now());
};
new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
const everyFrame = () => { check(); requestAnimationFrame(everyFrame); };
requestAnimationFrame(everyFrame);
`;

describe('twenty workloads in Chromium', () => {
  it("a link opens on its own results: the default scenario's figures are never on screen", async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.addInitScript({ content: WATCH_FOR_DEFAULT_FIGURES });
    await openApp(page, linkTo(inject('baseUrl'), { scenario: TWENTY, view: {} }));
    // The link's own figures, every card (the later ones come after the first results), and then
    // a few more frames in which the default could still appear.
    await expect.poll(() => rowText(page, 'Results per version', '7.2')).toMatch(/\d B/);
    await expect.poll(() => page.getByRole('group', { name: /^Workload family-/ }).count()).toBe(20);
    await page.waitForTimeout(500);
    expect(await rowText(page, 'Results per version', '7.2')).not.toContain('101.27 B');
    expect(await page.evaluate(() => (window as unknown as { defaultFiguresShown: number[] }).defaultFiguresShown)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the watch above does see the default figures on a plain visit', async () => {
    const page = await browser().newPage();
    await page.addInitScript({ content: WATCH_FOR_DEFAULT_FIGURES });
    await openApp(page, inject('baseUrl'));
    expect(
      (await page.evaluate(() => (window as unknown as { defaultFiguresShown: number[] }).defaultFiguresShown)).length,
    ).toBeGreaterThan(0);
    await page.close();
  });

  it('collapse to one summary line each, and a card opens again to edit it', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await openApp(page, linkTo(inject('baseUrl'), { scenario: TWENTY, view: {} }));
    const height = () => page.evaluate(() => document.documentElement.scrollHeight);
    // Cards after the third are mounted right after the first results.
    await expect.poll(() => page.getByRole('group', { name: /^Workload family-/ }).count()).toBe(20);
    const expanded = await height();

    await page.getByRole('button', { name: 'Collapse all' }).click();
    const cards = page.getByRole('group', { name: /^Workload family-/ });
    expect(await cards.count()).toBe(20);
    const heights = await cards.evaluateAll((cs) => cs.map((c) => c.getBoundingClientRect().height));
    expect(Math.max(...heights)).toBeLessThan(80);
    expect(await page.getByRole('group', { name: 'Workload family-1', exact: true }).innerText()).toContain(
      'hash · 20,000 keys × 5 fields · key 11 B · field name 8 B · value 16 B · TTL 25 %',
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

import { describe, expect, inject, it } from 'vitest';
import { openApp, useBrowser, watchErrors } from './browser';

const browser = useBrowser();

/** The first contentful paint and every script the page requested, in ms from navigation. */
const loadFacts = () => ({
  firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
  scripts: performance
    .getEntriesByType('resource')
    .filter((r) => r.name.endsWith('.js'))
    .map((r) => ({ file: r.name.split('/').pop()!, requested: r.startTime })),
  interactive: performance.getEntriesByName('vrp:interactive')[0]!.startTime,
});

describe('the first frame of a plain visit', () => {
  it('is painted before any script of the app is requested; the charts are requested once the app has taken over', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await openApp(page, inject('baseUrl'));
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    const facts = await page.evaluate(loadFacts);
    expect(facts.firstPaint).toBeGreaterThan(0);
    expect(facts.scripts.length).toBeGreaterThan(0);
    for (const script of facts.scripts) expect(script.requested, script.file).toBeGreaterThanOrEqual(facts.firstPaint);
    const charts = facts.scripts.filter((s) => /^(charts|d3)-/.test(s.file));
    expect(charts.map((s) => s.file.split('-')[0]).sort()).toEqual(['charts', 'd3']);
    for (const chunk of charts) expect(chunk.requested, chunk.file).toBeGreaterThanOrEqual(facts.interactive);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('in a browser that reports no paint, the app still starts, after its first frame', async () => {
    const page = await browser().newPage();
    const errors = watchErrors(page);
    await page.addInitScript(() => Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', { value: [] }));
    await openApp(page, inject('baseUrl'));
    // Well before the 2 s that every page waits at most.
    expect(await page.evaluate(() => performance.getEntriesByName('vrp:interactive')[0]!.startTime)).toBeLessThan(1500);
    expect(errors).toEqual([]);
    await page.close();
  });
});

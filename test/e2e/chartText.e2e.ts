import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Download, Locator, Page } from 'playwright-core';
import { linkTo } from '../../src/state/shareLink';
import en from '../../src/i18n/catalogs/en.json';
import { chartTitles, openApp, overflows, SCREENSHOT_DIR, selectChartTab, useBrowser, watchErrors } from './browser';

const browser = useBrowser();

/**
 * 10M keys growing by 10M a month on one m7g.large: 7.2 and 8.0 fill in the same month, 8.1
 * and 9.0 in the next, 9.1 a month later (src/model/growth.ts): the markers that printed over
 * each other.
 */
const GROWING_LINK = (lang = 'en') =>
  `${linkTo(inject('baseUrl'), {
    scenario: {
      schema: 1,
      workloads: [
        {
          name: 'sessions',
          keys: 10_000_000,
          keyBytes: 16,
          type: 'string',
          valueBytes: 16,
          ttlFraction: 0,
          growth: { kind: 'keysPerMonth', keysPerMonth: 10_000_000 },
        },
      ],
      deployment: { instanceType: 'm7g.large' },
    },
    view: {},
  })}&lang=${lang}`;

type Box = { x: number; y: number; width: number; height: number; text: string };

/** Pairs of boxes that share any area. */
function overlapping(boxes: Box[]): string[] {
  const found: string[] = [];
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1))
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)
        found.push(`"${a.text}" over "${b.text}"`);
  return found;
}

/**
 * The boxes of the growth chart's marker labels and of its capacity label, in an SVG root: on
 * screen by their classes, in an exported file (which drops classes) by the markers' data
 * attribute and the capacity label's words.
 */
function labelBoxes(root: Locator): Promise<Box[]> {
  return root.locator('text').evaluateAll((texts) =>
    texts
      .filter(
        (t) => t.matches('.growth-full-label, .recharts-label, [data-marker]') || /shards? holds?/.test(t.textContent ?? ''),
      )
      .map((t) => {
        const box = t.getBoundingClientRect();
        return { x: box.x, y: box.y, width: box.width, height: box.height, text: t.textContent ?? '' };
      }),
  );
}

async function growthChart(page: Page): Promise<Locator> {
  const chart = page.locator('.cost-panel figure.chart').first();
  await chart.locator('text.growth-full-label').first().waitFor();
  await chart.scrollIntoViewIfNeeded();
  return chart;
}

describe("the growth chart's markers", () => {
  it('never print over each other, on screen and in the exported SVG (which the PNG draws)', async () => {
    for (const width of [390, 1280]) {
      const page = await browser().newPage({ viewport: { width, height: 900 } });
      const errors = watchErrors(page);
      await openApp(page, GROWING_LINK());
      const chart = page.locator('.cost-panel figure.chart');
      await chart.locator('text.growth-full-label').first().waitFor();
      const markers = await chart.locator('text.growth-full-label').allTextContents();
      // Two lines that fill in the same month share a label; the months after get their own.
      expect(markers).toContain('7.2 and 8.0 full');
      expect(markers.length).toBeGreaterThanOrEqual(2);
      const onScreen = await labelBoxes(chart.locator('.recharts-wrapper > svg'));
      expect(onScreen.length).toBe(markers.length + 1);
      expect(overlapping(onScreen), `${width} px`).toEqual([]);
      // Every label inside the chart: none cut off at its edges.
      const frame = (await chart.locator('.recharts-wrapper > svg').boundingBox())!;
      for (const b of onScreen) {
        expect(b.x, b.text).toBeGreaterThanOrEqual(frame.x);
        expect(b.x + b.width, b.text).toBeLessThanOrEqual(frame.x + frame.width);
        expect(b.y, b.text).toBeGreaterThanOrEqual(frame.y);
      }

      const [download] = (await Promise.all([
        page.waitForEvent('download'),
        chart.getByRole('button', { name: 'Download SVG' }).click(),
      ])) as [Download, void];
      const svg = readFileSync((await download.path())!, 'utf8');
      const exported = await browser().newPage({ viewport: { width, height: 900 } });
      await exported.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
      const inFile = await labelBoxes(exported.locator('svg').first());
      expect(inFile.map((b) => b.text).filter((t) => t.endsWith('full'))).toEqual(markers);
      expect(overlapping(inFile), `exported at ${width} px`).toEqual([]);
      await exported.close();
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 180_000);
});

/** WCAG's contrast ratio of two sRGB colours written "rgb(r, g, b)". */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = colour
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => {
        const c = Number(v) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Each text of a chart (SVG text and the legend's HTML text) with its colour and the chart panel's background. */
function chartTextColours(chart: Locator) {
  return chart.evaluate((figure) => {
    const background = getComputedStyle(figure).backgroundColor;
    const svgTexts = [...figure.querySelectorAll('svg text')].map((t) => ({
      text: t.textContent ?? '',
      colour: getComputedStyle(t).fill,
    }));
    const legend = [...figure.querySelectorAll('.recharts-legend-item-text')].map((t) => ({
      text: t.textContent ?? '',
      colour: getComputedStyle(t).color,
    }));
    return { background, texts: [...svgTexts, ...legend].filter((t) => t.text.trim() !== '') };
  });
}

describe('chart text contrast', () => {
  it.each(['light', 'dark'] as const)(
    'every chart text is at least 4.5:1 against the chart panel, %s theme',
    async (colorScheme) => {
      const page = await browser().newPage({ viewport: { width: 1280, height: 900 }, colorScheme });
      await openApp(page, GROWING_LINK());
      const tabs = page.getByRole('tablist', { name: 'Chart' }).getByRole('tab');
      const charts: Array<() => Promise<Locator>> = [
        ...[0, 1, 2, 3].map((i) => () => selectChartTab(page, tabs.nth(i), chartTitles(en)[i]!)),
        () => growthChart(page),
      ];
      const low: string[] = [];
      let checked = 0;
      for (const select of charts) {
        const chart = await select();
        await chart.locator('.recharts-wrapper > svg text').first().waitFor();
        const { background, texts } = await chartTextColours(chart);
        expect(background).not.toBe('rgba(0, 0, 0, 0)');
        for (const t of texts) {
          checked++;
          const ratio = contrast(t.colour, background);
          if (ratio < 4.5) low.push(`"${t.text}" ${t.colour} on ${background}: ${ratio.toFixed(2)}:1`);
        }
      }
      expect(checked).toBeGreaterThan(40);
      expect(low).toEqual([]);
      await page.close();
    },
    180_000,
  );
});

describe('cost panel and growth chart screenshots', () => {
  // English in the light theme and Russian in the dark one: the theme changes no layout, and each
  // page opened costs the whole suite seconds (the contrast of both themes is measured above).
  it('390, 1280 and 1440 px, English light and Russian dark; the Russian serverless table is not cut off', async () => {
    for (const [lang, colorScheme] of [
      ['en', 'light'],
      ['ru', 'dark'],
    ] as const)
      for (const width of [390, 1280, 1440]) {
        const page = await browser().newPage({ viewport: { width, height: 900 }, colorScheme });
        await openApp(page, GROWING_LINK(lang));
        const panel = page.locator('.cost-panel');
        await panel.locator('text.growth-full-label').first().waitFor();
        const serverless = panel.locator('table').nth(1);
        await serverless.waitFor();
        // The table fits its box: nothing of it is cut off or needs a sideways scroll.
        const fit = await serverless.evaluate((t) => t.getBoundingClientRect().width - t.parentElement!.clientWidth);
        if (width >= 1280) expect(fit, `${lang} ${colorScheme} ${width}`).toBeLessThanOrEqual(0);
        expect((await overflows(page)).page).toBeLessThanOrEqual(0);
        await panel.scrollIntoViewIfNeeded();
        await page.evaluate(() => document.querySelector('.cost-panel')!.scrollIntoView());
        await page.locator('.cost-panel').screenshot({ path: `${SCREENSHOT_DIR}/cost-${lang}-${colorScheme}-${width}.png` });
        await page.close();
      }
  }, 600_000);
});

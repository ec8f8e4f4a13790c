import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Download, Locator, Page } from 'playwright-core';
import { decodeLink } from '../../src/scenario/link';
import { linkTo } from '../../src/state/shareLink';
import { PRESETS } from '../../src/scenario/presets';
import { parseCsv } from '../export/csv';
import { defused } from '../../src/ui/export/formats';
import en from '../../src/i18n/catalogs/en.json';
import { chartTitles, openApp, SCREENSHOT_DIR, screenshot, selectChartTab, useBrowser, watchErrors } from './browser';

const browser = useBrowser();

const mixed = PRESETS.find((p) => p.id === 'mixed-cache')!;
/** The mixed-cache preset, named, with one workload growing: every table and chart is on the page. */
const MIXED_LINK = () =>
  linkTo(inject('baseUrl'), {
    scenario: {
      ...mixed.scenario,
      name: 'Mixed cache',
      workloads: mixed.scenario.workloads.map((w, i) =>
        i === 0 ? { ...w, growth: { kind: 'percentPerMonth' as const, percentPerMonth: 3.5 } } : w,
      ),
    },
    view: {},
  });

/** The scenario a link opens: two links to the same plan may spell it differently. */
const scenarioOf = (url: string) => decodeLink(new URL(url).hash).state.scenario;

/** Keeps an exported file beside the screenshots, to open and look at. */
function keep(name: string, content: Buffer | string): void {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  writeFileSync(`${SCREENSHOT_DIR}/${name}`, content);
}

async function downloadFrom(page: Page, button: Locator): Promise<{ name: string; body: Buffer }> {
  const [download] = (await Promise.all([page.waitForEvent('download'), button.click()])) as [Download, void];
  return { name: download.suggestedFilename(), body: readFileSync((await download.path())!) };
}

/** Each row of a table as shown, cells without spaces or brackets: "7.2baseline", "64.02B". */
function shownRows(page: Page, table: string): Promise<string[][]> {
  return page
    .getByRole('table', { name: table, exact: true })
    .evaluate((t: HTMLTableElement) => [...t.rows].map((r) => [...r.cells].map((c) => c.innerText.replace(/[\s()]/g, ''))));
}
const squeezed = (rows: string[][]) => rows.map((r) => r.map((c) => c.replace(/[\s()]/g, '')));

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('export in Chromium', () => {
  it('CSV of the results, the per-workload table and the deployment read back to the figures on screen', async () => {
    const page = await browser().newPage({ viewport: { width: 1440, height: 900 } });
    const errors = watchErrors(page);
    await openApp(page, MIXED_LINK());
    for (const [table, file] of [
      ['Results per version', 'mixed-cache-results.csv'],
      ['Results per workload', 'mixed-cache-workloads.csv'],
      ['Deployment per version', 'mixed-cache-deployment.csv'],
    ] as const) {
      const bar = page.getByRole('group', { name: `Export: ${table}` });
      const { name, body } = await downloadFrom(page, bar.getByRole('button', { name: 'Download CSV' }));
      expect(name).toBe(file);
      keep(`export-${file}`, body);
      const rows = parseCsv(body.toString('utf8'));
      // A cell that could start a formula ("+3.1 %") is written defused, with a leading apostrophe.
      expect(squeezed(rows), table).toEqual((await shownRows(page, table)).map((r) => r.map(defused)));
      await expect.poll(() => bar.getByRole('status').innerText()).toBe(`Downloaded ${file}`);
    }
    const workloads = parseCsv(readFileSync(`${SCREENSHOT_DIR}/export-mixed-cache-workloads.csv`, 'utf8'));
    expect(workloads.length).toBe(mixed.scenario.workloads.length + 1);
    expect(workloads[0]![0]).toBe('Workload');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("Markdown and Confluence wiki markup of the results carry the table's figures and the link to the plan", async () => {
    const context = await browser().newContext({
      viewport: { width: 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    await openApp(page, MIXED_LINK());
    const bar = page.getByRole('group', { name: 'Export: Results per version' });
    await bar.getByRole('button', { name: 'Copy as Markdown' }).click();
    await expect.poll(() => bar.getByRole('status').innerText()).toBe('Markdown copied');
    const markdown = await page.evaluate(() => navigator.clipboard.readText());
    keep('export-results.md', markdown);
    const lines = markdown.split('\n');
    const cells = lines.filter((l) => l.startsWith('| ') && !l.startsWith('| --- |')).map((l) => l.slice(2, -2).split(' | '));
    expect(squeezed(cells)).toEqual(await shownRows(page, 'Results per version'));
    const link = /\(<([^>]+)>\)$/.exec(markdown.trim())![1]!;
    expect(scenarioOf(link)).toEqual(scenarioOf(page.url()));
    expect(scenarioOf(link).name).toBe('Mixed cache');

    await bar.getByRole('button', { name: 'Copy as Confluence wiki markup' }).click();
    await expect.poll(() => bar.getByRole('status').innerText()).toBe('wiki markup copied');
    const wiki = await page.evaluate(() => navigator.clipboard.readText());
    keep('export-results.confluence.txt', wiki);
    const wikiRows = wiki
      .split('\n')
      .filter((l) => l.startsWith('|'))
      .map((l) =>
        l
          .replace(/^\|\|?|\|\|?$/g, '')
          .split(/\|\|?/)
          .map((c) => c.replace(/\\(.)/g, '$1')),
      );
    expect(squeezed(wikiRows)).toEqual(await shownRows(page, 'Results per version'));
    const wikiLink = /\[Open this plan in valkey-ram-planner\|([^\]]+)\]/.exec(wiki)![1]!;
    expect(scenarioOf(wikiLink)).toEqual(scenarioOf(page.url()));
    await screenshot(page, 'export-copied-1280');
    await context.close();
  });

  it('every chart downloads as SVG and as a PNG at twice its size on screen, in the theme shown', async () => {
    const page = await browser().newPage({ viewport: { width: 1440, height: 900 } });
    const errors = watchErrors(page);
    await openApp(page, MIXED_LINK());
    const tabs = page.getByRole('tablist', { name: 'Chart' }).getByRole('tab');
    const growth = page.getByRole('region', { name: 'Cost and growth' }).locator('figure.chart');
    const charts: Array<() => Promise<Locator>> = [
      ...[0, 1, 2, 3].map((i) => () => selectChartTab(page, tabs.nth(i), chartTitles(en)[i]!)),
      async () => (await growth.scrollIntoViewIfNeeded(), growth),
    ];
    expect(await tabs.count()).toBe(4);
    for (const [i, select] of charts.entries()) {
      const figure = await select();
      const surface = figure.locator('.recharts-wrapper > svg.recharts-surface');
      await surface.waitFor();
      const box = (await surface.boundingBox())!;
      const svg = await downloadFrom(page, figure.getByRole('button', { name: 'Download SVG' }));
      expect(svg.name).toMatch(/^mixed-cache-[a-z0-9-]+\.svg$/);
      keep(`export-chart-${i + 1}-${svg.name}`, svg.body);
      const parsed = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
        const root = doc.documentElement;
        return {
          title: root.querySelector('text')?.textContent,
          error: doc.querySelector('parsererror') !== null,
          width: root.getAttribute('width'),
          texts: root.querySelectorAll('text').length,
        };
      }, svg.body.toString('utf8'));
      expect(parsed.error).toBe(false);
      expect(parsed.title).toBe(await figure.locator('h3').innerText());
      expect(Number(parsed.width)).toBe(Math.round(box.width));
      expect(parsed.texts).toBeGreaterThan(3);

      const png = await downloadFrom(page, figure.getByRole('button', { name: 'Download PNG' }));
      keep(`export-chart-${i + 1}-${png.name}`, png.body);
      const size = pngSize(png.body);
      expect(size.width).toBe(2 * Math.round(box.width));
      // The legend, drawn in HTML beside the chart, is drawn into the image below it.
      expect(size.height).toBeGreaterThanOrEqual(2 * Math.round(box.height));
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('prints a one-page plan: scenario, results, deployment and link; no inputs, charts or buttons', async () => {
    // The width of an A4 page at 96 px per inch, less the print margins: what the preview shows.
    const page = await browser().newPage({ viewport: { width: 703, height: 1000 } });
    await openApp(page, MIXED_LINK());
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.getByRole('region', { name: 'Link to this plan' }).isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Inputs' }).isVisible()).toBe(false);
    expect(await page.getByRole('region', { name: 'Charts' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Download CSV' }).first().isVisible()).toBe(false);
    expect(await page.getByRole('table', { name: 'Deployment per version' }).isVisible()).toBe(true);
    const plan = await page.getByRole('region', { name: 'RAM plan' }).innerText();
    for (const w of mixed.scenario.workloads) expect(plan).toContain(w.name);
    const printed = (await page.getByRole('region', { name: 'Link to this plan' }).innerText()).split('\n').pop()!;
    expect(scenarioOf(printed)).toEqual(scenarioOf(page.url()));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/print-preview-a4.png`, fullPage: true });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    keep('print-plan.pdf', pdf);
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages.length).toBe(1);
    await page.close();
  });
});

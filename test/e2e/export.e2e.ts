import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Download, Locator, Page } from 'playwright-core';
import { decodeLink } from '../../src/scenario/link';
import { linkTo } from '../../src/state/shareLink';
import { PRESETS } from '../../src/scenario/presets';
import { parseCsv } from '../export/csv';
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

/** The same plan on a node type with a sourced price: the cost table and its CSV are on the page. */
const PRICED_LINK = () => {
  const { scenario } = decodeLink(new URL(MIXED_LINK()).hash).state;
  return linkTo(inject('baseUrl'), {
    scenario: { ...scenario, deployment: { ...scenario.deployment, instanceType: 'm7g.large' } },
    view: {},
  });
};

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

/** Each row of a table as shown, the header row first; a row's tag ("baseline") left out, spaces made plain. */
function shownCells(page: Page, table: string): Promise<string[][]> {
  return page.getByRole('table', { name: table, exact: true }).evaluate((t: HTMLTableElement) =>
    [...t.rows].map((r) =>
      [...r.cells].map((c) => {
        const copy = c.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('.tag').forEach((tag) => tag.remove());
        return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
      }),
    ),
  );
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('export in Chromium', () => {
  it('CSVs of results, workloads, deployment, cost and growth are data: plain numbers equal to the figures on screen, units in the headers', async () => {
    const page = await browser().newPage({ viewport: { width: 1440, height: 900 } });
    const errors = watchErrors(page);
    await openApp(page, PRICED_LINK());
    const csvOf = async (table: string, file: string) => {
      const bar = page.getByRole('group', { name: `Export: ${table}` });
      await bar.scrollIntoViewIfNeeded();
      const { name, body } = await downloadFrom(page, bar.getByRole('button', { name: 'Download CSV' }));
      expect(name).toBe(file);
      keep(`export-${file}`, body);
      await expect.poll(() => bar.getByRole('status').innerText()).toBe(`Downloaded ${file}`);
      const text = body.toString('utf8');
      // One value per cell: no unit, no Unicode minus, no defusing apostrophe in front of a figure.
      expect(text).not.toMatch(/−|'-/);
      return parseCsv(text);
    };
    /** A figure on screen ("835.0 MiB") against the CSV's cell under a header in the same unit. */
    const sameFigure = (shown: string, cell: string) => {
      const [figure] = shown.split(' ');
      expect(Number(cell).toFixed(figure!.split('.')[1]?.length ?? 0), `${shown} vs ${cell}`).toBe(figure!.replace(/,/g, ''));
    };

    const [results, ...resultRows] = await csvOf('Results per version', 'mixed-cache-results.csv');
    const shownResults = await shownCells(page, 'Results per version');
    const dataset = results!.findIndex((h) => h.startsWith('Dataset ('));
    resultRows.forEach((row, i) => {
      const shown = shownResults[i + 1]![shownResults[0]!.indexOf('Dataset')]!;
      expect(results![dataset]).toBe(`Dataset (${shown.split(' ')[1]})`);
      sameFigure(shown, row[dataset]!);
    });

    const [workloads, ...workloadRows] = await csvOf('Results per workload', 'mixed-cache-workloads.csv');
    expect(workloads!.slice(0, 3)).toEqual(['Workload', 'Version', 'Bytes per key (B)']);
    // One row per workload and line: bytes per key, memory and change each in a cell of its own.
    expect(workloadRows).toHaveLength(mixed.scenario.workloads.length * resultRows.length);
    const shownWorkloads = await shownCells(page, 'Results per workload');
    const firstOnTarget = workloadRows.find((r) => r[1] === '9.1')!;
    const targetCell = shownWorkloads[1]![shownWorkloads[0]!.indexOf('9.1')]!;
    expect(targetCell.startsWith(`${firstOnTarget[2]} B`)).toBe(true);
    expect(targetCell).toContain(`−${firstOnTarget[4]!.slice(1)} %`);

    const [deployment, ...deploymentRows] = await csvOf('Deployment per version', 'mixed-cache-deployment.csv');
    expect(deployment).toContain('Nodes');
    const shownDeployment = await shownCells(page, 'Deployment per version');
    deploymentRows.forEach((row, i) => {
      expect(shownDeployment[i + 1]![shownDeployment[0]!.indexOf('Nodes')]).toContain(`${row[deployment!.indexOf('Nodes')]} ×`);
    });

    const [cost, ...costRows] = await csvOf('Cost per version', 'mixed-cache-cost.csv');
    const shownCost = await shownCells(page, 'Cost per version');
    costRows.forEach((row, i) => {
      expect(`$${row[cost!.indexOf('Per month (USD)')]}`).toBe(
        shownCost[i + 1]![shownCost[0]!.indexOf('Per month')]!.replace(/,/g, ''),
      );
    });

    const [growth, ...growthRows] = await csvOf('Months until full', 'mixed-cache-growth.csv');
    expect(growth!.slice(0, 2)).toEqual(['Version', 'Months until full']);
    expect(growth!.filter((h) => /^Month \d+ \(/.test(h)).length).toBeGreaterThan(12);
    expect(growthRows.map((r) => r[0])).toEqual(resultRows.map((r) => r[0]));
    // A month where the line needs another shard, or empty where it fits throughout, as its words say.
    for (const [, months, words] of growthRows) {
      if (months === '') expect(words).toMatch(/^fits \d+ shards? for all \d+ months$/);
      else expect(words).toBe(`needs another shard (2 nodes) in month ${months}`);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Markdown and Confluence wiki markup copy the plan: results as shown, deployment, money, months until full, and the link', async () => {
    const context = await browser().newContext({
      viewport: { width: 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    await openApp(page, PRICED_LINK());
    const bar = page.getByRole('group', { name: 'Export: Results per version' });
    await bar.getByRole('button', { name: 'Copy as Markdown' }).click();
    await expect.poll(() => bar.getByRole('status').innerText()).toBe('Markdown copied');
    const markdown = await page.evaluate(() => navigator.clipboard.readText());
    keep('export-plan.md', markdown);
    const lines = markdown.split('\n');
    const results = lines
      .slice(lines.indexOf('### Results per version') + 2)
      .filter((l, i, all) => all.slice(0, i + 1).every((x) => x.startsWith('| ')))
      .filter((l) => !l.startsWith('| --- |'))
      .map((l) => l.slice(2, -2).split(' | '));
    const shown = await shownCells(page, 'Results per version');
    const column = (rows: string[][], header: string) => rows.map((r) => r[rows[0]!.indexOf(header)]);
    expect(column(results, 'Dataset')).toEqual(column(shown, 'Dataset'));
    expect(column(results, 'Bytes per key')).toEqual(column(shown, 'Bytes per key'));
    for (const title of ['Deployment settings', 'Deployment per version', 'Cost per version', 'Months until full'])
      expect(lines).toContain(`### ${title}`);
    const perMonth = column(await shownCells(page, 'Cost per version'), 'Per month').slice(1);
    for (const money of perMonth) expect(markdown).toContain(` ${money} |`);
    const link = /\(<([^>]+)>\)$/.exec(markdown.trim())![1]!;
    expect(scenarioOf(link)).toEqual(scenarioOf(page.url()));
    expect(scenarioOf(link).name).toBe('Mixed cache');

    await bar.getByRole('button', { name: 'Copy as Confluence wiki markup' }).click();
    await expect.poll(() => bar.getByRole('status').innerText()).toBe('wiki markup copied');
    const wiki = await page.evaluate(() => navigator.clipboard.readText());
    keep('export-plan.confluence.txt', wiki);
    expect(wiki.split('\n')).toEqual(
      expect.arrayContaining(['h3. Results per version', 'h3. Cost per version', 'h3. Months until full']),
    );
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

  it('prints the plan: scenario, settings, results, deployment, money, months until full and link; no inputs, charts or buttons', async () => {
    // The width of an A4 page at 96 px per inch, less the print margins: what the preview shows.
    const page = await browser().newPage({ viewport: { width: 703, height: 1000 } });
    await openApp(page, PRICED_LINK());
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.getByRole('region', { name: 'Link to this plan' }).isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Inputs' }).isVisible()).toBe(false);
    expect(await page.getByRole('region', { name: 'Charts' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Download CSV' }).first().isVisible()).toBe(false);
    expect(await page.getByRole('table', { name: 'Deployment per version' }).isVisible()).toBe(true);
    // No field of any panel is printed (the churn fields below the deployment table included).
    expect(await page.locator('input:visible, select:visible').count()).toBe(0);
    const plan = await page.getByRole('region', { name: 'RAM plan' }).innerText();
    for (const w of mixed.scenario.workloads) expect(plan).toContain(w.name);
    expect(plan).toContain('Deployment settings');
    expect(plan).toContain('m7g.large');
    const money = page.getByRole('region', { name: 'Cost', exact: true });
    expect(await money.isVisible()).toBe(true);
    const printed = await money.innerText();
    expect(printed).toContain('Cost per version');
    expect(printed).toContain('$119.14');
    expect(printed).toContain('Months until full');
    expect(printed).toMatch(/needs another shard|fits 1 shard/);
    const link = (await page.getByRole('region', { name: 'Link to this plan' }).innerText()).split('\n').pop()!;
    expect(scenarioOf(link)).toEqual(scenarioOf(page.url()));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/print-preview-a4.png`, fullPage: true });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    keep('print-plan.pdf', pdf);
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    // The money and the months until full take a second page.
    expect(pages.length).toBeLessThanOrEqual(2);
    await page.close();
  });
});

import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatPercent } from '../../src/format/quantities';
import { formatUsd } from '../../src/format/money';
import { decodeLink } from '../../src/scenario/link';
import type { Scenario } from '../../src/scenario/schema';
import { growthOf } from '../../src/state/costDerived';
import { nodeTypesOf } from '../../src/state/nodeTypesDerived';
import { linkTo } from '../../src/state/shareLink';
import { openApp, rowText, screenshot, useBrowser, watchErrors } from './browser';

const browser = useBrowser();
const COST = 'Cost per version';
const NODE_TYPES = 'Node types that hold the plan';
const SERVERLESS = "Serverless: each line on its engine's offering, data stored per GB-hour and requests in ECPUs";
const WHEN_FULL = 'When each line needs another shard';

/** Two workloads that fill the default node type within the 24 months once they grow. */
const GROWING_PLAN: Scenario = {
  schema: 1,
  workloads: [
    { name: 'sessions', keys: 30_000_000, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0 },
    { name: 'carts', keys: 2_000_000, keyBytes: 24, type: 'hash', fields: 8, fieldBytes: 8, valueBytes: 12, ttlFraction: 0 },
  ],
};

/** Text as a reader compares it: any run of spaces (no-break ones included) as one space. */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The scenario the page's address holds now. */
const scenarioOnPage = (page: Page) => decodeLink(new URL(page.url()).hash).state.scenario;

/** What the "Runs out" column says of each line, as the growth model works it out for a scenario. */
function runsOutByModel(scenario: Scenario): string[] {
  const projection = growthOf(scenario);
  return projection.lines.map((l) =>
    l.monthFull === null
      ? `${l.version} fits ${projection.shards} shard for all ${projection.months} months`
      : `${l.version} needs another shard (${projection.nodesPerShard} node) in month ${l.monthFull}`,
  );
}

/** The "Runs out" column of the growth chart's table, line by line ("7.2 needs another shard (1 node) in month 13"). */
async function runsOutOnPage(page: Page): Promise<string[]> {
  const rows = page.getByRole('table', { name: WHEN_FULL }).getByRole('row');
  const cells = await rows.evaluateAll((trs) =>
    trs.slice(1).map((tr) => {
      const c = [...(tr as HTMLTableRowElement).cells];
      return `${c[0]!.textContent} ${c[c.length - 1]!.textContent}`;
    }),
  );
  return cells.map(plain);
}

describe('cost and growth in Chromium', () => {
  it('asks for a price it cannot source, then prices every version with the one entered', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await openApp(page, inject('baseUrl'));
    // cache.r7g.xlarge has no sourced price in eu-west-1: the planner says so and shows none.
    await page.getByLabel('Instance type').selectOption('cache.r7g.xlarge');
    await page.getByLabel('Region').selectOption('eu-west-1');
    await page.getByText('The planner has no sourced Valkey price for cache.r7g.xlarge in eu-west-1').waitFor();
    expect(await page.getByRole('table', { name: COST }).count()).toBe(0);
    await page.getByLabel('Your Valkey price per node-hour (USD)').fill('0.25');
    // 1 node x $0.25 x 730 h = $182.50 a month, $2,190.00 a year
    await expect.poll(() => rowText(page, COST, '7.2')).toContain('$182.50');
    expect(await rowText(page, COST, '9.1')).toContain('$2,190.00');
    await page.getByLabel('Reserved or committed discount (%)').fill('20');
    // 20 % off: $146.00 a month
    await expect.poll(() => rowText(page, COST, '7.2')).toContain('$146.00');
    await expect
      .poll(() => page.getByRole('note', { name: 'About these prices' }).innerText())
      .toContain('Check every price on the provider');
    await page.getByRole('region', { name: 'Cost and growth' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'cost-override');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('prices m7g.large from the data, with its source and date, and a serverless row', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await openApp(page, inject('baseUrl'));
    await page.getByLabel('Instance type').selectOption('m7g.large');
    // 1 node x $0.0816 x 730 h = $59.57 a month
    await expect.poll(() => rowText(page, COST, '8.1')).toContain('$59.57');
    expect(await rowText(page, COST, '8.1')).toContain('$0.0816/h');
    const note = await page.getByRole('note', { name: 'About these prices' }).innerText();
    expect(note).toContain('published 2026-06-17');
    expect(note).toContain('prices read 2026-11-30');
    const serverless = await page.getByRole('table', { name: SERVERLESS }).innerText();
    expect(serverless).toContain('ElastiCache Serverless for Valkey');
    expect(serverless).toContain('$0.084');
    await page.close();
  });

  it('draws memory over 24 months, marks when each line fills, and shows the same in a table and the summary', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await openApp(page, inject('baseUrl'));
    await page.getByLabel('Keys', { exact: true }).fill('10M');
    // The workload's own growth (the scenario's rate, in the growth section, is labelled the same).
    const card = page.getByRole('group', { name: 'Workload sessions' });
    await card.getByLabel('Growth', { exact: true }).selectOption({ label: 'Keys per month' });
    await card.getByLabel('Keys added per month').fill('10M');
    const chart = page.getByRole('figure', { name: 'Memory over 24 months' });
    await chart.locator('.recharts-line').first().waitFor();
    await expect.poll(() => chart.locator('.recharts-line').count()).toBe(5);
    expect(await chart.innerText()).toContain('9.1 postpones the next shard by');
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'growth-chart');
    await chart.getByRole('button', { name: 'Show table' }).click();
    const runsOut = page.getByRole('table', { name: 'When each line needs another shard' });
    expect(await runsOut.innerText()).toMatch(/needs another shard \(1 node\) in month \d+/);
    const months = page.getByRole('table', { name: 'Memory over 24 months (table)' });
    expect(await months.getByRole('row').count()).toBe(26);
    const summary = await page.getByRole('region', { name: 'Summary for a change request' }).innerText();
    expect(summary).toContain('Change request: Valkey 7.2 → 9.1');
    expect(summary).toMatch(/Months until full on today's 1 shard: 7\.2 needs another shard/);
    expect(summary).toContain('Link: http://127.0.0.1');
    await page.getByRole('region', { name: 'Summary for a change request' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'growth-table-and-summary');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps prices and growth in the share link', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await openApp(page, inject('baseUrl'));
    await page.getByLabel('Your Valkey price per node-hour (USD)').fill('0.3');
    const card = page.getByRole('group', { name: 'Workload sessions' });
    await card.getByLabel('Growth', { exact: true }).selectOption({ label: '% per month' });
    await card.getByLabel('Growth per month (%)').fill('5');
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('s=');
    // The link is written after a pause, which a busy machine stretches: take it once it holds still.
    let url = page.url();
    for (let held = false; !held;) {
      await page.waitForTimeout(600);
      held = page.url() === url;
      url = page.url();
    }
    const again = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await openApp(again, url);
    expect(await again.getByLabel('Your Valkey price per node-hour (USD)').inputValue()).toBe('0.3');
    expect(await again.getByLabel('Growth per month (%)').inputValue()).toBe('5');
    // 1 node x $0.30 x 730 h = $219.00 a month
    await expect.poll(() => rowText(again, COST, '7.2')).toContain('$219.00');
    await again.close();
    await page.close();
  });

  it('fits a phone screen with the summary and its link', async () => {
    const page = await browser().newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await openApp(page, inject('baseUrl'));
    await page.getByLabel('Your Valkey price per node-hour (USD)').fill('0.25');
    await page.getByRole('region', { name: 'Summary for a change request' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'cost-phone');
    await page.close();
  });

  it("lists every node type that holds the plan, marks the cheapest, picks one in one step; one growth rate for all, a card's own wins, the link keeps both", async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await openApp(page, linkTo(inject('baseUrl'), { scenario: GROWING_PLAN, view: {} }));

    // Node types side by side: every type the model says holds the plan, each with its nodes and memory used per line.
    const comparison = nodeTypesOf(GROWING_PLAN);
    const table = page.getByRole('table', { name: NODE_TYPES });
    await table.scrollIntoViewIfNeeded();
    const typeRows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await expect.poll(() => typeRows.count(), { timeout: 10_000 }).toBe(comparison.options.length);
    const rowOf = (id: string) =>
      typeRows.filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${id.replace(/\./g, '\\.')}( |$)`) }) });
    for (const option of comparison.options) {
      const text = plain(await rowOf(option.instance.id).innerText());
      for (const line of option.lines)
        expect(text, option.instance.id).toContain(
          `${line.version}: ${line.nodes} node${line.nodes === 1 ? '' : 's'}, ${plain(formatPercent(line.memoryUsedPercent, 'en'))} used`,
        );
    }
    // Every type is an ElastiCache type priced in the region: money per month as the model says, the cheapest marked.
    expect(comparison.platform).toBe('elasticache');
    for (const option of comparison.options)
      expect(await rowOf(option.instance.id).innerText(), option.instance.id).toContain(formatUsd(option.targetPerMonth!, 'en'));
    const cheapest = comparison.options.find((o) => o.cheapest)!;
    expect(plain(await rowOf(cheapest.instance.id).innerText())).toContain(`${cheapest.instance.id} cheapest`);
    expect(await typeRows.filter({ hasText: 'cheapest' }).count()).toBe(1);
    expect(await rowOf('cache.r7g.large').innerText()).toContain('in use');
    expect(await typeRows.filter({ hasText: /^m7g|^r7g/ }).count()).toBe(0);

    // "Use" makes it the deployment's node type in one step, and the cost panel prices it.
    const other = comparison.options.find((o) => !o.current)!;
    const otherMoney = formatUsd(other.lines.find((l) => l.version === '9.1')!.money!.perMonth, 'en');
    await page.getByRole('button', { name: `Use ${other.instance.id}` }).click();
    await expect.poll(() => page.getByLabel('Instance type').inputValue()).toBe(other.instance.id);
    await expect.poll(() => rowText(page, COST, '9.1')).toContain(otherMoney);
    expect(await rowOf(other.instance.id).innerText()).toContain('in use');
    await page.getByRole('region', { name: 'Cost and growth' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'node-types-use');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => page.getByLabel('Instance type').inputValue()).toBe('cache.r7g.large');

    // One growth rate for the whole scenario: every workload follows it, and months until full move as the model says.
    const costPanel = page.getByRole('region', { name: 'Cost and growth' });
    await page.getByLabel('Growth of every workload without its own').selectOption({ label: '% per month' });
    await costPanel.getByLabel('Growth per month (%)').fill('5');
    const scenarioRate = { ...GROWING_PLAN, growth: { kind: 'percentPerMonth' as const, percentPerMonth: 5 } };
    const chart = page.getByRole('figure', { name: 'Memory over 24 months' });
    await chart.getByRole('button', { name: 'Show table' }).click();
    await expect.poll(() => runsOutOnPage(page), { timeout: 10_000 }).toEqual(runsOutByModel(scenarioRate));
    const assumptions = page.getByRole('note', { name: 'Growth assumptions' });
    expect(plain(await assumptions.innerText())).toContain("carts: grows 5 % a month (the scenario's rate)");
    expect(plain(await assumptions.innerText())).toContain("sessions: grows 5 % a month (the scenario's rate)");

    // A card's own growth wins for its workload; the other keeps the scenario's rate.
    const carts = page.getByRole('group', { name: 'Workload carts' });
    await carts.getByLabel('Growth', { exact: true }).selectOption({ label: 'Keys per month' });
    await carts.getByLabel('Keys added per month').fill('1M');
    const withOverride: Scenario = {
      ...scenarioRate,
      workloads: [
        scenarioRate.workloads[0]!,
        { ...scenarioRate.workloads[1]!, growth: { kind: 'keysPerMonth', keysPerMonth: 1_000_000 } },
      ],
    };
    // The override must change the answer, or this step would prove nothing.
    expect(runsOutByModel(withOverride)).not.toEqual(runsOutByModel(scenarioRate));
    await expect.poll(() => runsOutOnPage(page), { timeout: 10_000 }).toEqual(runsOutByModel(withOverride));
    await expect
      .poll(async () => plain(await assumptions.innerText()))
      .toContain('carts: adds 1,000,000 keys a month (2,000,000 keys now');
    expect(plain(await assumptions.innerText())).toContain("sessions: grows 5 % a month (the scenario's rate)");
    const sessionsGrowth = page.getByRole('group', { name: 'Workload sessions' }).getByLabel('Growth', { exact: true });
    expect(await sessionsGrowth.locator('option:checked').innerText()).toBe('As the scenario');
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'growth-scenario-rate-and-override');

    // The link carries both: the scenario's rate and the card's own growth (it is written after a pause).
    await expect
      .poll(() => scenarioOnPage(page).workloads[1]?.growth, { timeout: 10_000 })
      .toEqual({ kind: 'keysPerMonth', keysPerMonth: 1_000_000 });
    const linked = scenarioOnPage(page);
    expect(linked.growth).toEqual({ kind: 'percentPerMonth', percentPerMonth: 5 });
    expect(linked.workloads[0]!.growth).toBeUndefined();
    expect(errors).toEqual([]);
    await page.close();
  });
});

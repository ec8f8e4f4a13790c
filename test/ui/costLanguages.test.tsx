import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activateLocale, withLaterMessages, type Locale } from '../../src/i18n';
import { costOf } from '../../src/state/costDerived';
import { estimateOf } from '../../src/state/derived';
import { usePlannerStore } from '../../src/state/store';
import CostPanel from '../../src/ui/cost/CostPanel';
import { DeferredScenario } from '../../src/ui/common/deferredScenario';

/** The panel as the page holds it: it follows the scenario through React's deferral. */
const DeferredCostPanel = () => (
  <DeferredScenario>
    <CostPanel />
  </DeferredScenario>
);

/**
 * A plan that shows every part of the panel: a sourced node price (m7g.large in us-east-1), the
 * serverless rows, growth that fills the node within the 24 months, and the change request.
 * The workload is named with digits only: a name is the reader's own text, in any language.
 */
function pricedGrowingPlan() {
  const store = usePlannerStore.getState();
  store.deploymentEdited({ instanceType: 'm7g.large' });
  store.workloadEdited(0, { name: '42', keys: 10_000_000, growth: { kind: 'keysPerMonth', keysPerMonth: 10_000_000 } });
}

/**
 * Latin words a reader sees in the panel, less what is English on purpose (CONTRIBUTING.md, "Languages and messages"):
 * the cited price pages' titles and publishers (links and the text after them), words quoted from
 * a source, the link, the node type and the region.
 */
function latinWords(panel: HTMLElement): Set<string> {
  // Text node by text node: textContent runs the cells of a row together ("GiB5").
  const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  while (walker.nextNode()) parts.push(walker.currentNode.textContent ?? '');
  let text = parts.join(' ');
  for (const source of costOf(usePlannerStore.getState().scenario).sources)
    for (const quoted of [source.title, source.publisher, ...NAMED_IN_NOTES]) text = text.split(quoted).join(' ');
  text = text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/«[^»]*»|„[^“]*“|“[^”]*”|"[^"]*"/g, ' ')
    .replace(/\b(?:cache\.)?[a-z]+\d+[a-z]*\.\d*[a-z]+\b|us-east-1/g, ' ');
  // Whole words of any script: "günstigsten" is one German word, not "g" and "nstigsten".
  return new Set((text.match(/\p{L}[\p{L}\p{N}_-]*/gu) ?? []).map((w) => w.toLowerCase()));
}

/** A publication a price source's note names (data/prices.json), by its name. */
const NAMED_IN_NOTES = ['AWS Database Blog'];

/**
 * Names that are the same in every language: products and vendors, units and their symbols,
 * what the server names (used_memory, TTL), file formats, s for the second; and what German writes as English,
 * as German IT writing does (Shard, Cluster, Cache, Link, Workload, Deployment, AWS's
 * "On-Demand", h for the hour), and German words that English spells the same.
 */
const SAME_IN_EVERY_LANGUAGE = new Set(
  'valkey redis oss elasticache serverless amazon aws ec2 linux b kib mib gib tib kb mb gb tb usd us used_memory ttl ram svg png csv s ecpu ecpus eu-west-1 us-east-1'
    .concat(
      // The plan's assumptions in the change request: a data type's and the allocator's names, and the terms
      // the glossary keeps as they are (src/i18n/glossary.json).
      ' string jemalloc copy-on-write fork rss',
    )
    .split(' '),
);
const KEPT_BY_LANGUAGE: Record<Exclude<Locale, 'en'>, string[]> = {
  de: ['shard', 'shards', 'cluster', 'cache', 'link', 'workload', 'workloads', 'deployment', 'on-demand', 'h'].concat(
    // German words spelled as English ones.
    ['in', 'plan', 'minimum', 'reserve', 'region', 'version', 'engine', 'an', 'byte', 'allocator', 'builds'],
  ),
  ru: [],
  // The glossary writes the allocator's quantum as such: "8 字节 quantum，即分配粒度".
  'zh-CN': ['quantum'],
};

/** The panel's words with its charts' tables shown too (the chart's text and its table's). */
async function panelWords(): Promise<Set<string>> {
  const user = userEvent.setup();
  const { container, unmount } = render(<DeferredCostPanel />);
  const panel = container.querySelector<HTMLElement>('.cost-panel')!;
  await waitFor(() => expect(panel.querySelector('.growth-full-label')).not.toBeNull(), { timeout: 15_000 });
  const chart = panel.querySelector<HTMLElement>('figure.chart')!;
  const words = latinWords(panel);
  // The chart's first button shows its tables in place of the drawing.
  await user.click(within(chart).getAllByRole('button')[0]!);
  await waitFor(() => expect(within(chart).getAllByRole('table').length).toBe(2));
  for (const w of latinWords(panel)) words.add(w);
  unmount();
  return words;
}

describe('the cost panel in every language', () => {
  // The page loads the panel together with its messages (App.tsx); rendered alone, so do they.
  beforeAll(() => withLaterMessages(Promise.resolve()));
  afterAll(() => activateLocale('en'));
  let english: Set<string>;

  beforeAll(async () => {
    await activateLocale('en');
    pricedGrowingPlan();
    english = await panelWords();
    // The panel has what this test is about: a price, serverless, growth markers and the summary.
    for (const word of ['saves', 'same', 'serverless', 'full', 'month', 'change', 'request']) expect(english).toContain(word);
  }, 60_000);

  beforeEach(() => pricedGrowingPlan());

  it.each(['ru', 'de', 'zh-CN'] as const)(
    '%s: no English word left in price, serverless, growth or the change request',
    async (locale) => {
      await activateLocale(locale);
      const words = await panelWords();
      const kept = new Set([...SAME_IN_EVERY_LANGUAGE, ...KEPT_BY_LANGUAGE[locale]]);
      const englishLeft = [...words].filter((w) => english.has(w) && !kept.has(w));
      expect(englishLeft).toEqual([]);
    },
    60_000,
  );
});

describe('the cost panel in decimal units', () => {
  beforeAll(() => withLaterMessages(Promise.resolve()));

  it("writes the data serverless bills in GB when the results are in GB: the results' dataset, not GiB labelled GB", async () => {
    pricedGrowingPlan();
    usePlannerStore.getState().workloadEdited(0, { keys: 300_000_000 });
    usePlannerStore.getState().unitsChosen('decimal');
    render(<DeferredCostPanel />);
    const dataset = estimateOf(usePlannerStore.getState().scenario).versions.find((v) => v.version === '7.2')!.datasetBytes;
    const table = "Serverless: each line on its engine's offering, data stored per GB-hour and requests in ECPUs";
    await screen.findByRole('table', { name: table });
    // About 30 GB: the serverless row says the dataset's size in GB (bytes / 10^9), as the results do.
    expect(dataset / 1e9).toBeGreaterThan(20);
    const gb = `(${(dataset / 1e9).toFixed(2)} GB at`;
    const row = within(screen.getByRole('table', { name: table })).getAllByRole('row')[1]!;
    expect(row.textContent).toContain(gb);
    const summary = screen.getByRole('region', { name: 'Summary for a change request' }).textContent ?? '';
    expect(summary).toMatch(/Memory \(dataset, used_memory\): [\d.]+ GB → [\d.]+ GB/);

    usePlannerStore.getState().unitsChosen('binary');
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: table })).getAllByRole('row')[1]!.textContent).toContain(
        `(${(dataset / 2 ** 30).toFixed(2)} GiB at`,
      ),
    );
  }, 60_000);
});

import { beforeAll, describe, expect, it } from 'vitest';
import { withLaterMessages } from '../../src/i18n';
import type { Scenario } from '../../src/scenario/schema';
import { resolveScenario } from '../../src/scenario/resolve';
import { costOf } from '../../src/state/costDerived';
import { estimateOf } from '../../src/state/derived';
import { assumptionsFor } from '../../src/ui/assumptions/assumptions';
import { planSections } from '../../src/ui/export/planDocument';
import { deploymentSettingsTable, planFiguresOf, resultsTable, withPlanNotes } from '../../src/ui/export/planTables';
import { asDataGrid } from '../../src/ui/export/planWriters';
import { toConfluence, toCsv, toMarkdown } from '../../src/ui/export/formats';
import { parseCsv } from './csv';

/**
 * A fleet as an SRE plans it: ElastiCache's reserve by its rule, more shards than one node holds,
 * a lognormal value size and a hash with a percentile field count. Every panel and export says
 * what was planned, in the same words.
 */
const FLEET: Scenario = {
  schema: 1,
  deployment: { providerRule: 'elasticache', replicas: 1, cluster: true, instanceType: 'm7g.large' },
  workloads: [
    {
      name: 'sessions',
      type: 'string',
      keys: 60_000_000,
      keyBytes: 24,
      valueBytes: { kind: 'range', shape: 'lognormal', min: 10, max: 4000, mean: 900 },
      ttlFraction: 1,
    },
    {
      name: 'carts',
      type: 'hash',
      keys: 2_000_000,
      keyBytes: 20,
      fields: { kind: 'percentiles', p50: 8, p90: 40, p99: 200, max: 1000 },
      fieldBytes: 10,
      valueBytes: 30,
      ttlFraction: 0.5,
    },
  ],
};

const SESSIONS =
  'sessions: 60,000,000 string keys; Key length (bytes): 24 B; Value length (bytes): lognormal from 10 B to 4,000 B, mean 900 B; Keys with a TTL: 100.0 %';
const CARTS_FIELDS = 'Fields per key: percentiles: smallest 1, p50 8, p90 40, p99 200, largest 1,000';
const RESERVE = 'a reserve of 25 % of each node, by the rule of Amazon ElastiCache (default parameter group)';
const LINES =
  'lines compared: Valkey 7.2, Valkey 8.0, Valkey 8.1, Valkey 9.0, Valkey 9.1; baseline Valkey 7.2, target Valkey 9.1';

beforeAll(() => withLaterMessages(Promise.resolve()));

describe('one description of what the plan assumes', () => {
  const estimate = estimateOf(FLEET);
  const shards = estimate.versions.map((v) => `${v.deployment.shards}`);

  it('the planned fleet needs several shards (what the description must not call one)', () => {
    expect(Math.min(...estimate.versions.map((v) => v.deployment.shards))).toBeGreaterThan(1);
  });

  it('"Assumed in these figures" names the inputs with their distributions, the reserve by its rule, the shards each line needs, lines in full', () => {
    const items = assumptionsFor(FLEET, resolveScenario(FLEET), estimate, costOf(FLEET), 0);
    expect(items[0]).toBe(SESSIONS);
    expect(items).toContain(RESERVE);
    expect(items).toContain('1 replica per shard');
    expect(items).toContain('cluster mode on');
    expect(items.find((i) => i.startsWith('shards per line: '))).toContain(shards[0]);
    expect(items).toContain(LINES);
    expect(items.join('\n')).not.toMatch(/one shard|no provider reserve|alike|no replicas|cluster mode off/);
    expect(assumptionsFor(FLEET, resolveScenario(FLEET), estimate, costOf(FLEET), 1)[0]).toContain(CARTS_FIELDS);
  });

  const link = { label: 'Open this plan', url: 'https://example.org/#s=1' };
  // Made in each test: the later messages load before the tests, after this block is read.
  const figuresOf = () => planFiguresOf(FLEET, {});

  it('Markdown and Confluence carry every workload with its ranges, the deployment, prices and lines before the figures', () => {
    const figures = figuresOf();
    const md = toMarkdown(planSections(figures), link);
    const wiki = toConfluence(planSections(figures), link);
    expect(md).toContain('### What this plan assumes\n\n1. lines compared: Valkey 7.2');
    expect(md).toContain(`2. ${SESSIONS}`);
    expect(md).toContain(CARTS_FIELDS);
    expect(md).toContain(RESERVE);
    expect(md).toMatch(/prices for region us-east-1, from .+/);
    expect(md.indexOf('What this plan assumes')).toBeLessThan(md.indexOf('Results per version'));
    expect(wiki).toContain('h3. What this plan assumes\n# lines compared: Valkey 7.2');
    expect(wiki).toContain('lognormal from 10 B to 4,000 B, mean 900 B');
  });

  it('print: the description comes with the settings, whose shards are those each line needs', () => {
    const figures = figuresOf();
    const printed = planSections(figures, ['applied', 'assumed', 'settings']);
    expect(printed.map((s) => s.title)).toEqual(['What this plan assumes', 'Deployment settings']);
    const settings = deploymentSettingsTable(figures);
    const shardsCell = settings.rows[0]![settings.columns.findIndex((c) => c.header === 'Shards')];
    expect(shardsCell).not.toBe(1);
    expect(String(shardsCell)).toContain(shards[shards.length - 1]!);
  });

  it('CSV: every row carries the description in a last column', () => {
    const figures = figuresOf();
    const [headers, ...rows] = parseCsv(
      toCsv(asDataGrid(withPlanNotes(resultsTable(figures), figures.applied, figures.assumed), figures.units)),
    );
    expect(headers!.at(-1)).toBe('What this plan assumes');
    for (const row of rows) {
      expect(row.at(-1)).toContain(SESSIONS);
      expect(row.at(-1)).toContain(RESERVE);
    }
  });
});

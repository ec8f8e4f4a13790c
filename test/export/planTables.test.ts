import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, withLaterMessages } from '../../src/i18n';
import { formatBytes, formatBytesPerKey, formatSignedPercent } from '../../src/format/quantities';
import { formatUsd } from '../../src/format/money';
import { PRESETS } from '../../src/scenario/presets';
import type { Scenario } from '../../src/scenario/schema';
import type { View } from '../../src/scenario/view';
import { planSections } from '../../src/ui/export/planDocument';
import {
  costTable,
  deploymentTable,
  growthTable,
  planFiguresOf,
  resultsTable,
  withPlanNotes,
  workloadsTable,
  type PlanTable,
} from '../../src/ui/export/planTables';
import { asDataGrid } from '../../src/ui/export/planWriters';
import { toConfluence, toCsv, toMarkdown } from '../../src/ui/export/formats';
import { adviceFor } from '../../src/model/advice';
import { applyAdvice } from '../../src/scenario/advice';
import { resolveScenario } from '../../src/scenario/resolve';
import { CARTS_AND_USERS } from '../support/adviceWorkloads';
import { parseCsv } from './csv';

const mixed = PRESETS.find((p) => p.id === 'mixed-cache')!;
/** The mixed-cache preset on a priced node type, its first workload growing 20 % a month (it fills the nodes within the horizon). */
const SCENARIO: Scenario = {
  ...mixed.scenario,
  deployment: { ...mixed.scenario.deployment, instanceType: 'm7g.large' },
  workloads: mixed.scenario.workloads.map((w, i) =>
    i === 0 ? { ...w, growth: { kind: 'percentPerMonth' as const, percentPerMonth: 20 } } : w,
  ),
};

/** A table's CSV read back: the header row, then each row as the header's cells. */
function readBack(table: PlanTable, view: View = {}) {
  const figures = planFiguresOf(SCENARIO, view);
  const [headers, ...rows] = parseCsv(toCsv(asDataGrid(table, figures.units)));
  const column = (header: string) => {
    const i = headers!.indexOf(header);
    if (i < 0) throw new Error(`no column "${header}" in ${headers!.join(' | ')}`);
    return rows.map((r) => r[i]!);
  };
  return { headers: headers!, rows, column, figures };
}

/** "20.69 GiB" -> the figure and its unit, as the page writes it. */
const split = (shown: string) => /^(\S+)\s(.+)$/.exec(shown.replace(/\u00a0/g, ' '))!.slice(1) as [string, string];

beforeAll(() => withLaterMessages(Promise.resolve()));
afterEach(() => activateLocale('en'));

describe('CSV exports as data: one plain number per cell, the unit in the header', () => {
  const figures = planFiguresOf(SCENARIO, {});

  it('results: the dataset in the unit of the largest figure, equal to what the results table shows', () => {
    const { headers, column } = readBack(resultsTable(figures));
    const largest = figures.estimate.versions.reduce((a, v) => (v.datasetBytes > a.datasetBytes ? v : a));
    const [figure, unit] = split(formatBytes(largest.datasetBytes));
    expect(headers).toContain(`Dataset (${unit})`);
    const datasets = column(`Dataset (${unit})`);
    // The data keeps two decimals where the page shows one past 100 ("835.0 MiB").
    expect(Number(datasets[figures.estimate.versions.indexOf(largest)]).toFixed(figure.split('.')[1]!.length)).toBe(figure);
    expect(column('Bytes per key (B)')).toEqual(figures.estimate.versions.map((v) => split(formatBytesPerKey(v.bytesPerKey))[0]));
    const percents = column('Change vs 7.2 (%)');
    figures.estimate.versions.forEach((v, i) =>
      expect(percents[i]).toBe(
        v.changeVsBaseline ? formatSignedPercent(v.changeVsBaseline.percent).replace(/[ %+]/g, '').replace('−', '-') : '',
      ),
    );
    expect(column('Role')).toEqual(
      figures.estimate.versions.map((v) => (v.version === '7.2' ? 'baseline' : v.version === '9.1' ? 'target' : '')),
    );
  });

  it('has no unit, no Unicode minus and no grouping inside a figure', () => {
    for (const table of [resultsTable, workloadsTable, deploymentTable, costTable].map((build) => build(figures)!)) {
      const { headers, rows } = readBack(table);
      const numeric = headers.map((h) => /\((B|KiB|MiB|GiB|TiB|%|USD|USD\/h)\)$|^(Shards|Nodes|Keys per GiB)$/.test(h));
      expect(numeric.some(Boolean), table.title).toBe(true);
      for (const row of rows)
        row.forEach((cell, i) => {
          expect(cell).not.toContain('−');
          if (numeric[i] && cell !== '') expect(cell, `${table.title}: ${headers[i]}`).toMatch(/^-?\d+(\.\d+)?$/);
        });
    }
  });

  it('per workload: bytes per key, memory and change each in a cell of their own, one row per workload and line', () => {
    const { column, rows } = readBack(workloadsTable(figures));
    const versions = figures.estimate.versions;
    expect(rows).toHaveLength(SCENARIO.workloads.length * versions.length);
    const target = versions.find((v) => v.version === '9.1')!;
    const w = target.workloads[0]!;
    const row = versions.indexOf(target);
    expect(column('Workload')[row]).toBe(w.name);
    expect(column('Version')[row]).toBe('9.1');
    expect(column('Bytes per key (B)')[row]).toBe(split(formatBytesPerKey(w.bytesPerKey))[0]);
    expect(Number(column('Change vs 7.2 (%)')[row])).toBeCloseTo(w.percentVsBaseline!, 1);
    // The baseline's own change is no figure.
    expect(column('Change vs 7.2 (%)')[versions.findIndex((v) => v.version === '7.2')]).toBe('');
    const memory = column(readBack(workloadsTable(figures)).headers.find((h) => h.startsWith('Dataset ('))!);
    const unit = readBack(workloadsTable(figures))
      .headers.find((h) => h.startsWith('Dataset ('))!
      .slice(9, -1);
    const power = ['B', 'KiB', 'MiB', 'GiB', 'TiB'].indexOf(unit);
    expect(Number(memory[row])).toBeCloseTo(w.bytes / 1024 ** power, 2);
  });

  it('follows the units toggle: decimal units write the header in GB and the figures in powers of 1000', () => {
    const decimal = planFiguresOf(SCENARIO, { units: 'decimal' });
    const { headers, column } = readBack(deploymentTable(decimal), { units: 'decimal' });
    const header = headers.find((h) => h.startsWith('Cluster RAM needed ('))!;
    const unit = header.slice('Cluster RAM needed ('.length, -1);
    const power = ['B', 'KB', 'MB', 'GB', 'TB'].indexOf(unit);
    expect(power).toBeGreaterThan(0);
    const v = decimal.estimate.versions[0]!;
    expect(Number(column(header)[0])).toBeCloseTo(v.deployment.requiredTotalBytes / 1000 ** power, 2);
    expect(column('Nodes')[0]).toBe(String(v.deployment.nodes));
  });

  it('cost: nodes and money per line in USD, equal to the cost table to the cent, with the saving against the baseline', () => {
    const { column } = readBack(costTable(figures)!);
    const lines = figures.cost.lines!;
    expect(column('Per month (USD)')).toEqual(lines.map((l) => formatUsd(l.perMonth).replace(/[$,]/g, '')));
    expect(column('Per year (USD)').map(Number)).toEqual(lines.map((l) => Math.round(l.perYear * 100) / 100));
    expect(column('Per node-hour (USD/h)')[0]).toBe('0.0816');
    expect(column('Saving vs 7.2 per month (USD)').map((c) => (c === '' ? null : Number(c)))).toEqual(
      lines.map((l) => (l.vsBaseline ? Math.round(l.vsBaseline.perMonth * 100) / 100 : null)),
    );
  });

  it('growth: months until full per line and the dataset month by month', () => {
    const { headers, column } = readBack(growthTable(figures, true));
    const { growth } = figures;
    expect(column('Months until full')).toEqual(growth.lines.map((l) => (l.monthFull === null ? '' : String(l.monthFull))));
    expect(growth.lines.some((l) => l.monthFull !== null)).toBe(true);
    const last = headers.find((h) => h.startsWith(`Month ${growth.months} (`))!;
    const unit = last.slice(`Month ${growth.months} (`.length, -1);
    const power = ['B', 'KiB', 'MiB', 'GiB', 'TiB'].indexOf(unit);
    growth.lines.forEach((l, i) =>
      expect(Number(column(last)[i])).toBeCloseTo(l.datasetBytes[growth.months]! / 1024 ** power, 2),
    );
    const monthHeaders = headers.filter((h) => /^Month \d+ \(/.test(h));
    expect(monthHeaders).toHaveLength(growth.months + 1);
    // One unit for the whole series, so that the months compare as written.
    expect(new Set(monthHeaders.map((h) => h.replace(/^Month \d+ /, '')))).toEqual(new Set([`(${unit})`]));
  });

  it('writes headers and units in the page language: Russian units in Cyrillic, figures still plain', async () => {
    await activateLocale('ru');
    const ru = planFiguresOf(SCENARIO, {});
    const { headers, rows } = readBack(resultsTable(ru));
    expect(headers[0]).toBe('Версия');
    expect(headers.some((h) => /\((КиБ|МиБ|ГиБ)\)$/.test(h))).toBe(true);
    expect(headers).toContain('Байт на ключ (Б)');
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/\d,\d|−/);
  });
});

describe('Markdown of the plan', () => {
  it('carries the deployment, the money per line with the saving, and the months until full', () => {
    const figures = planFiguresOf(SCENARIO, {});
    const md = toMarkdown(planSections(figures), { label: 'Open this plan', url: 'https://example.org/#s=1' });
    for (const title of [
      'Results per version',
      'Deployment settings',
      'Deployment per version',
      'Cost per version',
      'Months until full',
    ])
      expect(md).toContain(`### ${title}`);
    const target = figures.cost.lines!.find((l) => l.version === '9.1')!;
    expect(md).toContain(formatUsd(target.perMonth));
    expect(md).toContain(
      "| Version | Nodes | Instance type | Engine | Per node-hour | Per month | Per year | Saving vs 7.2 per month | Saving vs 7.2 | Of which by memory, per month | Of which by the engine's price, per month |",
    );
    const full = figures.growth.lines.find((l) => l.monthFull !== null)!;
    expect(md).toMatch(new RegExp(`\\| ${full.version.replace('.', '\\.')} \\| ${full.monthFull} \\| needs another shard`));
  });

  it('says so when there is no price, instead of a table of no money', () => {
    const unpriced = planFiguresOf(
      { ...SCENARIO, deployment: { instanceType: 'cache.r7g.xlarge' }, cost: { region: 'eu-west-1' } },
      {},
    );
    const md = toMarkdown(planSections(unpriced), { label: 'x', url: 'https://example.org/' });
    expect(md).toContain('No sourced price for cache.r7g.xlarge in eu-west-1, and none typed: no money figures.');
  });

  it('is in the page language', async () => {
    await activateLocale('de');
    const md = toMarkdown(planSections(planFiguresOf(SCENARIO, {})), { label: 'x', url: 'https://example.org/' });
    expect(md).toContain('### Deployment-Einstellungen');
    expect(md).toContain('### Monate bis voll');
    expect(md).not.toContain('Per month');
  });
});

describe('the advice applied to the plan, in every export', () => {
  /** The carts and users plan with two items applied, one after the other, as Apply makes them. */
  const applied = (['keyTtl', 'dropTtl'] as const).reduce((s, kind) => {
    const item = adviceFor(resolveScenario(s)).find((a) => a.change.kind === kind)!;
    return applyAdvice(s, item.change);
  }, CARTS_AND_USERS);
  const KEY_TTL = 'carts: one TTL on each hash instead of one on every field';
  const DROP_TTL = 'users: no TTL on the 2.0 % of keys that have one (their expiry entries cost what is saved below)';
  const TITLE = 'Applied to this plan (its figures include these changes)';
  const link = { label: 'Open this plan', url: 'https://example.org/#s=1' };

  it('Markdown: as a numbered list in the order applied, in the page’s words, before the figures', () => {
    const md = toMarkdown(planSections(planFiguresOf(applied, {})), link);
    expect(md).toContain(`### ${TITLE}\n\n1. ${KEY_TTL}\n2. ${DROP_TTL}\n\n### What this plan assumes`);
    expect(toMarkdown(planSections(planFiguresOf(CARTS_AND_USERS, {})), link)).not.toContain('Applied to this plan');
  });

  it('Confluence: a heading and "#" items, escaped as the other cells', () => {
    const wiki = toConfluence(planSections(planFiguresOf(applied, {})), link);
    expect(wiki).toContain(`h3. ${TITLE}\n# ${KEY_TTL}\n# ${DROP_TTL}\n\nh3. What this plan assumes`);
  });

  it('CSV: a last column in every row of every table, the items one after another; no column when nothing was applied', () => {
    const figures = planFiguresOf(applied, {});
    for (const table of [resultsTable(figures), workloadsTable(figures), deploymentTable(figures), growthTable(figures, true)]) {
      const [headers, ...rows] = parseCsv(
        toCsv(asDataGrid(withPlanNotes(table, figures.applied, figures.assumed), figures.units)),
      );
      expect(headers!.at(-2), table.title).toBe('Applied to this plan');
      expect(headers!.at(-1), table.title).toBe('What this plan assumes');
      expect(rows.length).toBe(table.rows.length);
      for (const row of rows) expect(row.at(-2)).toBe(`${KEY_TTL}; ${DROP_TTL}`);
    }
    const plain = planFiguresOf(CARTS_AND_USERS, {});
    expect(withPlanNotes(resultsTable(plain), plain.applied, [])).toEqual(resultsTable(plain));
  });

  it('in the page language', async () => {
    await activateLocale('ru');
    const figures = planFiguresOf(applied, {});
    const md = toMarkdown(planSections(figures), link);
    expect(md).toContain(
      '### Применено к плану (цифры уже с этими изменениями)\n\n1. carts: один TTL на хеш вместо TTL на каждом поле\n2. users: ',
    );
    expect(withPlanNotes(resultsTable(figures), figures.applied, []).columns.at(-1)!.header).toBe('Применено к плану');
  });
});

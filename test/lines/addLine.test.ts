/**
 * @vitest-environment jsdom
 *
 * Adding a release line as lineRegistry.ts says, followed in a test: the registry gets one more
 * entry (a "9.2" whose only change is 16 more bytes after a hash's hashtable struct), its id is
 * a LineId, and everything the app derives from lines must take it in with no other edit, down to
 * the page rendered whole.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { LineEntry } from '../../src/model/lineRegistry';
// The page's test setup (a measured size for recharts, the store reset between tests).
import '../ui/setup';
import { cell, openChartTable, versionRow } from '../ui/helpers';

declare module '../../src/model/lineRegistry' {
  interface AddedLineIds {
    '9.2': true;
  }
}

vi.mock('../../src/model/lineRegistry', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/model/lineRegistry')>();
  const v91 = real.LINE_ENTRIES.find((e) => e.id === '9.1')!;
  const extra: LineEntry<'9.2'> = {
    id: '9.2',
    label: '9.2',
    fullName: 'Valkey 9.2',
    family: 'valkey',
    layout: { ...v91.layout, hashTableMetadataBytes: v91.layout.hashTableMetadataBytes + 16 },
    release: { ...v91.release, memoryChange: 'A larger hash hashtable struct (a made-up line for this test).' },
    color: '#000000',
  };
  return { ...real, LINES: real.lineRegistry([...real.LINE_ENTRIES, extra]) };
});

const { LINES } = await import('../../src/model/lineRegistry');
const { estimateScenario, valueSizeSweep, workloadBreakdown } = await import('../../src/model');
const { parseScenario } = await import('../../src/scenario/schema');
const { resolveScenario } = await import('../../src/scenario/resolve');
const { DEFAULT_SCENARIO } = await import('../../src/scenario/defaults');
const { decodeLink, encodeLink } = await import('../../src/scenario/link');
const { entityComparisonOf, introRowsOf } = await import('../../src/state/derived');
const { usePlannerStore } = await import('../../src/state/store');
const { formatBytesPerKey } = await import('../../src/format/quantities');
const { introBars, layoutBars, sweepRows, versionBars } = await import('../../src/ui/charts/chartData');
const { linesSentence } = await import('../../src/ui/common/linesSentence');
const { App } = await import('../../src/ui/shell/App');

const bigHashes = {
  schema: 1 as const,
  workloads: [
    { name: 'sessions', keys: 632_000, keyBytes: 16, type: 'string' as const, valueBytes: 16, ttlFraction: 0 },
    {
      name: 'carts',
      keys: 1_000,
      keyBytes: 12,
      type: 'hash' as const,
      fields: 1_000,
      fieldBytes: 8,
      valueBytes: 10,
      ttlFraction: 0,
    },
  ],
};

describe('a registry with one more line', () => {
  it('the scenario schema accepts it, and the defaults compare it as the new target', () => {
    expect(parseScenario({ ...bigHashes, versions: ['9.2'], baseline: '9.2' }).ok).toBe(true);
    const resolved = resolveScenario(DEFAULT_SCENARIO);
    expect(resolved.versions).toEqual(['7.2', '8.0', '8.1', '9.0', '9.1', '9.2']);
    expect(resolved.target).toBe('9.2');
  });

  it('estimates it: 9.1 with 16 more bytes per large hash (104-byte struct in the 112-byte class), strings unchanged', () => {
    const e = estimateScenario(resolveScenario(bigHashes));
    const on = (line: string) => e.versions.find((v) => v.version === line)!;
    expect(on('9.2').workloads[0]!.bytesPerKey).toBe(on('9.1').workloads[0]!.bytesPerKey);
    expect(on('9.2').workloads[1]!.bytesPerKey - on('9.1').workloads[1]!.bytesPerKey).toBeCloseTo(16, 9);
    expect(on('9.2').changeVsBaseline!.bytes).toBeLessThan(0);
    const breakdown = workloadBreakdown(resolveScenario(bigHashes), '9.2', 1);
    expect(breakdown.reduce((sum, b) => sum + b.bytesPerKey, 0)).toBeCloseTo(on('9.2').workloads[1]!.bytesPerKey, 6);
  });

  it("feeds every chart's data: versions, the intro check (no published measurement), value sizes, strings vs hash", () => {
    const scenario = resolveScenario(bigHashes);
    const bars = versionBars(estimateScenario(scenario));
    expect(bars.at(-1)).toMatchObject({ version: '9.2', label: '9.2', emphasis: 'target', measuredBytesPerKey: null });

    const intro = introBars(introRowsOf(bigHashes)).find((b) => b.version === '9.2')!;
    expect(intro).toMatchObject({ label: '9.2', intro: null, table: null });
    expect(intro.model).toBeGreaterThan(0);

    const sweep = sweepRows(valueSizeSweep(scenario, 1));
    expect(sweep[0]!['9.2']! - sweep[0]!['9.1']!).toBeCloseTo(16, 9);

    const layouts = layoutBars(entityComparisonOf(bigHashes, undefined));
    expect(layouts.map((b) => b.version)).toEqual(LINES.ids);
    expect(layouts.find((b) => b.version === '9.2')!.strings).toBeGreaterThan(0);
  });

  it('names it in the page header', () => {
    expect(linesSentence()).toContain('Valkey 7.2, 8.0, 8.1, 9.0, 9.1 and 9.2');
  });

  it('renders the whole app with it: in the version picker, the results table and the versions chart, in its colour', async () => {
    act(() => usePlannerStore.getState().scenarioLoaded(bigHashes, {}, null));
    const user = userEvent.setup();
    render(createElement(App));
    const perKey = (line: string) =>
      formatBytesPerKey(estimateScenario(resolveScenario(bigHashes)).versions.find((v) => v.version === line)!.bytesPerKey);

    const box = screen.getByRole('checkbox', { name: '9.2' });
    expect(box).toBeChecked();
    expect(box.closest('label')).toHaveAttribute(
      'title',
      "Valkey 9.2: A larger hash hashtable struct (a made-up line for this test). Checked against Percona's string benchmark, within 1.2 bytes per key.",
    );
    expect(screen.getByRole('combobox', { name: 'Target' })).toHaveValue('9.2');
    expect(within(screen.getByRole('combobox', { name: 'Baseline' })).getByRole('option', { name: '9.2' })).toBeInTheDocument();

    expect(cell('9.2', 'Bytes per key')).toBe(perKey('9.2'));
    expect(cell('9.2', 'Bytes per key')).not.toBe(cell('9.1', 'Bytes per key'));
    expect(versionRow('9.2')).toHaveTextContent('target');

    await screen.findByRole('heading', { name: 'Versions side by side' }, { timeout: 10_000 });
    const fills = [...document.querySelectorAll('.recharts-bar-rectangle path')].map((bar) => bar.getAttribute('fill'));
    expect(fills).toEqual(LINES.defaults.versions.map((line) => LINES.entry(line).color));
    expect(fills.at(-1)).toBe('#000000');
    await openChartTable(user, /Versions/);
    expect(cell('9.2', 'Bytes per key', 'Versions side by side (table)')).toBe(perKey('9.2'));
  }, 30_000);

  it.each([1, 2])('opens every frozen format-%i link with the lines and numbers it had', (format) => {
    const fixture = JSON.parse(readFileSync(`test/fixtures/links-format-${format}.json`, 'utf8')) as {
      links: Array<{ fragment: string; expected: Record<string, { datasetBytes: number; nodes: number }> }>;
    };
    for (const { fragment, expected } of fixture.links) {
      const estimate = estimateScenario(resolveScenario(decodeLink(fragment).state.scenario));
      const got = Object.fromEntries(
        estimate.versions.map((v) => [v.version, { datasetBytes: Math.round(v.datasetBytes), nodes: v.deployment.nodes }]),
      );
      expect(got).toEqual(expected);
    }
  });

  it('a link made now writes it out', () => {
    const link = encodeLink({ scenario: bigHashes, view: {} });
    expect(resolveScenario(decodeLink(link).state.scenario).versions).toContain('9.2');
  });
});

import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { runEstimate } from '../../src/cli/estimate';
import type { CliAsLoaded } from '../../src/cli/loadedResult';
import { formatBytes, formatBytesPerKey } from '../../src/format/quantities';
import type { Scenario } from '../../src/scenario/schema';
import { usePlannerStore } from '../../src/state/store';
import { App } from '../../src/ui/shell/App';
import { lineLabel } from '../../src/ui/common/lineLabel';
import { CAUGHT_UP, fakeClipboard } from './helpers';
import { parseCsv } from '../export/csv';

/** A Redis 7.0 to Valkey 9.1 move of sets grown one member at a time and of lists written one RPUSH each. */
const MOVE: Scenario = {
  schema: 1,
  allocator: 'jemalloc-bundled',
  versions: ['redis-7.0', '8.0', '9.1'],
  baseline: 'redis-7.0',
  target: '9.1',
  workloads: [
    {
      name: 'tags',
      type: 'set',
      keys: 100_000,
      keyBytes: 16,
      fields: { kind: 'range', shape: 'uniform', min: 1, max: 300 },
      valueBytes: 10,
      ttlFraction: 0,
    },
    {
      name: 'queues',
      type: 'list',
      keys: 10_000,
      keyBytes: 16,
      fields: 750,
      valueBytes: 10,
      ttlFraction: 0,
      written: 'whole-collection',
    },
  ],
};

const cliAsLoaded = (s: Scenario) =>
  (JSON.parse(runEstimate(['-'], () => JSON.stringify(s)).stdout) as { asLoaded: CliAsLoaded }).asLoaded;

describe('the figures as written and as loaded on the page', () => {
  it(
    'shows each line, workload and dataset as the CLI gives them, and the move target on day one',
    { timeout: 120_000 },
    async () => {
      act(() => usePlannerStore.getState().scenarioUsed(MOVE));
      render(<App />);
      const panel = await screen.findByRole('region', { name: 'As written and as loaded' }, { timeout: 60_000 });
      const cli = cliAsLoaded(MOVE);
      const table = within(panel).getByRole('table', { name: 'Figures as written and as loaded' });
      const rows = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...(r as HTMLTableRowElement).cells].map((c) => c.textContent));
      const expected = cli.versions.flatMap((v) => [
        ...v.workloads.map((w) => [
          lineLabel(v.version as never),
          w.name,
          formatBytesPerKey(w.asWrittenBytesPerKey),
          formatBytesPerKey(w.bytesPerKey),
        ]),
        [lineLabel(v.version as never), 'Dataset', formatBytes(v.asWrittenDatasetBytes), formatBytes(v.datasetBytes)],
      ]);
      expect(rows.map((r) => r.slice(0, 4))).toEqual(expected);
      // Three lines, the sets on each; the lists only on 8.0 and 9.1, where one RPUSH made a listpack past the node size.
      expect(expected).toHaveLength(3 + 2 + 3);
      const move = within(panel).getByRole('note');
      expect(move.textContent).toBe(
        `Moving from Redis 7.0 to 9.1 by snapshot or replication loads the keys: 9.1 needs ${formatBytes(cli.move!.dayOneDatasetBytes)} ` +
          `on day one, as loaded, and ${formatBytes(cli.move!.steadyDatasetBytes)} in its steady state, as written, once the ` +
          'writes have rebuilt its collections.',
      );
    },
  );

  it(
    'exports the datasets as written and as loaded, as the CLI gives them: a CSV of the panel, and a section of the copied plan',
    { timeout: 120_000 },
    async () => {
      act(() => usePlannerStore.getState().scenarioUsed(MOVE));
      const user = userEvent.setup();
      render(<App />);
      const panel = await screen.findByRole('region', { name: 'As written and as loaded' }, { timeout: 60_000 });
      const cli = cliAsLoaded(MOVE);
      const blobs: Blob[] = [];
      const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (blobs.push(blob as Blob), 'blob:csv'));
      const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
      try {
        await user.click(await within(panel).findByRole('button', { name: 'Download CSV' }, { timeout: 10_000 }));
        await vi.waitFor(() => expect(blobs).toHaveLength(1), { timeout: 10_000 });
      } finally {
        create.mockRestore();
        revoke.mockRestore();
      }
      const [headers, ...rows] = parseCsv(await blobs[0]!.text());
      expect(headers!.slice(0, 4)).toEqual(['Version', 'Dataset: As written (MiB)', 'Dataset: As loaded (MiB)', 'Change (%)']);
      expect(rows.map((r) => r[0])).toEqual(cli.versions.map((v) => lineLabel(v.version as never)));
      // The CSV's numbers are in its header's unit, to the places they are written with: the CLI's bytes.
      const inBytes = (cell: string, bytes: number) => {
        const places = cell.split('.')[1]?.length ?? 0;
        expect(Math.abs(Number(cell) * 2 ** 20 - bytes)).toBeLessThanOrEqual(0.5 * 10 ** -places * 2 ** 20);
      };
      for (const [i, v] of cli.versions.entries()) {
        inBytes(rows[i]![1]!, v.asWrittenDatasetBytes);
        inBytes(rows[i]![2]!, v.datasetBytes);
      }
      // The copied plan has the same lines, worded as the panel words them, and the move's day one.
      const writeText = fakeClipboard('accepts');
      await user.click(screen.getAllByRole('button', { name: 'Copy as Markdown' })[0]!);
      await vi.waitFor(() => expect(writeText).toHaveBeenCalled(), { timeout: 10_000 });
      const markdown = writeText.mock.calls[0]![0] as string;
      expect(markdown).toContain('### As written and as loaded');
      for (const v of cli.versions)
        expect(markdown).toContain(
          `| ${lineLabel(v.version as never)} | ${formatBytes(v.asWrittenDatasetBytes)} | ${formatBytes(v.datasetBytes)} |`,
        );
      expect(markdown).toContain(`9.1 needs ${formatBytes(cli.move!.dayOneDatasetBytes)} on day one`);
    },
  );

  it('says nothing where no figure depends on how the keys were written', { timeout: 120_000 }, async () => {
    act(() => usePlannerStore.getState().scenarioUsed(MOVE));
    render(<App />);
    await screen.findByRole('region', { name: 'As written and as loaded' }, { timeout: 60_000 });
    // The same sets, loaded already: nothing left to tell apart.
    const loaded = { ...MOVE, workloads: [{ ...MOVE.workloads[0]!, written: 'loaded' as const }] };
    act(() => usePlannerStore.getState().scenarioUsed(loaded));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'As written and as loaded' })).toBeNull(), CAUGHT_UP);
  });
});

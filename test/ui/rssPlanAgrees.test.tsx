import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { runEstimate } from '../../src/cli/estimate';
import { formatBytes } from '../../src/format/quantities';
import { withLaterMessages } from '../../src/i18n';
import { usePlannerStore } from '../../src/state/store';
import { lineFullName } from '../../src/ui/common/lineLabel';
import { DeferredScenario, useDeferredEstimate } from '../../src/ui/common/deferredScenario';
import CostPanel from '../../src/ui/cost/CostPanel';
import { DeploymentTable } from '../../src/ui/cost/DeploymentTable';
import { RssUnderChurn } from '../../src/ui/cost/RssUnderChurn';
import { CAUGHT_UP, cell } from './helpers';

function Deployment() {
  return <DeploymentTable estimate={useDeferredEstimate()} />;
}

const LINES = ['7.2', '8.0', '9.1'] as const;

/** 300 M session strings growing 3 % a month, half of them deleted since the last restart: a modelled ratio near 1.85. */
const scenario = {
  schema: 1 as const,
  workloads: [
    {
      name: 'sessions',
      keys: 300_000_000,
      keyBytes: 16,
      type: 'string' as const,
      valueBytes: 100,
      ttlFraction: 0,
      growth: { kind: 'percentPerMonth' as const, percentPerMonth: 3 },
    },
  ],
  versions: [...LINES],
  churn: [{ workload: 'sessions', deletedShare: 0.5 }],
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const leadingNumber = (text: string) => Number(/^\d+/.exec(text.trim())![0]);

describe('with churn, every panel sizes the nodes with the ratio of the deployment', () => {
  beforeAll(() => withLaterMessages(Promise.resolve()));

  it('shows the same nodes, shards and ratio in the deployment, the node types, the growth assumptions and the capacity', async () => {
    usePlannerStore.setState({ scenario });
    render(
      <DeferredScenario>
        <Deployment />
        <RssUnderChurn />
        <CostPanel />
      </DeferredScenario>,
    );
    const panel = screen.getByRole('region', { name: 'RSS under churn' });
    await waitFor(() => expect(panel).toHaveTextContent('The plan uses the modelled ratio'), CAUGHT_UP);
    const ratioOf = (line: string) => {
      const item = within(panel)
        .getAllByRole('listitem')
        .find((li) => li.textContent!.startsWith(`${line}: RSS`))!;
      return /The plan uses the modelled ratio (\d\.\d\d)/.exec(item.textContent!)![1]!;
    };
    await waitFor(() => expect(cell('9.1', 'Nodes', 'Deployment per version')).toMatch(/^\d+ ×/), CAUGHT_UP);
    const deployment = Object.fromEntries(
      LINES.map((line) => [
        line,
        {
          nodes: leadingNumber(cell(line, 'Nodes', 'Deployment per version')),
          shards: leadingNumber(cell(line, 'Shards', 'Deployment per version')),
          ratio: ratioOf(line),
        },
      ]),
    );
    for (const line of LINES) expect(Number(deployment[line]!.ratio)).toBeGreaterThan(1.8);

    // Node types side by side: the type in use needs the deployment's nodes on every line.
    const types = await screen.findByRole('table', { name: 'Node types that hold the plan' }, CAUGHT_UP);
    const inUse = within(types)
      .getByRole('rowheader', { name: /^cache\.r7g\.large/ })
      .closest('tr')!;
    const perLine = [...inUse.cells[2]!.querySelectorAll('.cell-line')].map((l) => l.textContent!);
    for (const line of LINES)
      expect(perLine.find((text) => text.startsWith(`${line}:`))).toMatch(
        new RegExp(`^${line.replace('.', '\\.')}: ${deployment[line]!.nodes} nodes?,`),
      );

    // Growth: the shards sized today for the baseline (7.2) and each line's ratio are the deployment's.
    const growth = screen.getByRole('note', { name: 'Growth assumptions' });
    const baseline = deployment['7.2']!;
    expect(growth).toHaveTextContent(`${baseline.shards} shards of cache.r7g.large, fragmentation `);
    // Lines of one ratio are named together: "1.87 on Valkey 7.2, Valkey 8.0; 1.84 on Valkey 9.1".
    for (const line of LINES)
      expect(growth.textContent).toMatch(new RegExp(`${escape(deployment[line]!.ratio)} on [^;]*${escape(lineFullName(line))}`));
    expect(growth).not.toHaveTextContent('fragmentation 1.1,');

    // How many keys fit: the same shards, each line's room at its ratio, as the command gives them.
    const out = runEstimate(['--fit', '-'], () => JSON.stringify(scenario));
    const cli = JSON.parse(out.stdout) as {
      capacity: { lines: Array<{ version: string; fragmentationRatio: number; usableDatasetBytes: number }> };
    };
    expect(screen.getByText(/that the 7\.2 plan provisions today/)).toHaveTextContent(`In the ${baseline.shards} shards`);
    const room = screen.getByRole('table', { name: 'Keys that fit, per version' });
    const roomRow = within(room)
      .getByRole('rowheader', { name: /^Room for data/ })
      .closest('tr')!;
    LINES.forEach((line, i) => {
      const fit = cli.capacity.lines.find((l) => l.version === line)!;
      // The command gives it to three decimals, the page to two.
      expect(Math.abs(fit.fragmentationRatio - Number(deployment[line]!.ratio))).toBeLessThan(0.0051);
      expect(roomRow.cells[i + 1]).toHaveTextContent(
        `${formatBytes(fit.usableDatasetBytes)} at fragmentation ${deployment[line]!.ratio}`,
      );
    });
  });
});

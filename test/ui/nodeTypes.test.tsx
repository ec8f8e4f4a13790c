import { lineLabel } from '../../src/ui/common/lineLabel';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withLaterMessages } from '../../src/i18n';
import { formatUsd } from '../../src/format/money';
import { formatPercent } from '../../src/format/quantities';
import { startHistory, undo, useHistoryStore } from '../../src/state/history';
import { nodeTypesOf } from '../../src/state/nodeTypesDerived';
import { usePlannerStore } from '../../src/state/store';
import CostPanel from '../../src/ui/cost/CostPanel';
import { DeferredScenario } from '../../src/ui/common/deferredScenario';

const TABLE = 'Node types that hold the plan';
const instanceType = () => usePlannerStore.getState().scenario.deployment?.instanceType;

const DeferredCostPanel = () => (
  <DeferredScenario>
    <CostPanel />
  </DeferredScenario>
);

describe('node types side by side', () => {
  beforeAll(() => withLaterMessages(Promise.resolve()));
  let stopHistory: (() => void) | null = null;
  afterEach(() => stopHistory?.());

  it('lists each type that holds the plan with its nodes per line, marks the cheapest, and one click picks a type as one undo step', async () => {
    const user = userEvent.setup();
    usePlannerStore.getState().deploymentEdited({ instanceType: 'r7g.large' });
    usePlannerStore.getState().costEdited({ pricePerNodeHour: 0.05 });
    stopHistory = startHistory();
    render(<DeferredCostPanel />);
    const table = await screen.findByRole('table', { name: TABLE });
    const comparison = nodeTypesOf(usePlannerStore.getState().scenario);
    const rows = within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(rows).toHaveLength(comparison.options.length);
    const cheapest = comparison.options.find((o) => o.cheapest)!;
    const cheapestRow = within(table).getByRole('rowheader', {
      name: new RegExp(`^${cheapest.instance.id.replace(/\./g, '\\.')}`),
    });
    expect(cheapestRow).toHaveTextContent('cheapest');
    expect(cheapestRow.closest('tr')).toHaveTextContent(formatUsd(cheapest.targetPerMonth!));
    // The type in use has no button; every other does.
    expect(within(table).queryByRole('button', { name: 'Use r7g.large' })).toBeNull();

    // The deployment runs on EC2: only EC2 types are offered.
    expect(rows.every((r) => !r!.startsWith('cache.'))).toBe(true);
    await user.click(within(table).getByRole('button', { name: 'Use r7g.xlarge' }));
    expect(instanceType()).toBe('r7g.xlarge');
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: TABLE })).queryByRole('button', { name: 'Use r7g.xlarge' })).toBeNull(),
    );
    expect(useHistoryStore.getState().past).toHaveLength(1);
    undo();
    expect(instanceType()).toBe('r7g.large');
  });

  it('shows nodes and memory used per line as the comparison computes them', async () => {
    usePlannerStore.getState().deploymentEdited({ instanceType: 'cache.r7g.large', replicas: 1 });
    render(<DeferredCostPanel />);
    const table = await screen.findByRole('table', { name: TABLE });
    const option = nodeTypesOf(usePlannerStore.getState().scenario).options.find((o) => o.instance.id === 'cache.m7g.large')!;
    const row = within(table)
      .getByRole('rowheader', { name: /^cache\.m7g\.large/ })
      .closest('tr')!;
    // One line of text per selected line, in the order of the lines.
    const perLine = [...row.cells[2]!.querySelectorAll('.cell-line')].map((l) => l.textContent);
    expect(perLine).toEqual(
      option.lines.map(
        (l) =>
          `${lineLabel(l.version)}: ${l.nodes} ${l.nodes === 1 ? 'node' : 'nodes'}, ${formatPercent(l.memoryUsedPercent)} used`,
      ),
    );
    const inUse = within(table)
      .getByRole('rowheader', { name: /^cache\.r7g\.large/ })
      .closest('tr')!;
    expect(inUse.cells[inUse.cells.length - 1]!.textContent).toBe('in use');
  });
});

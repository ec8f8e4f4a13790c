import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { usePlannerStore } from '../../src/state/store';
import { App } from '../../src/ui/shell/App';
import { DeferredScenario, useDeferredEstimate, useDeferredScenario } from '../../src/ui/common/deferredScenario';
import { CAUGHT_UP, CHART_CODE, cell, workloadCard } from './helpers';

/** What the page showed of the first workload's keys each time a deferred panel rendered. */
const seenByDeferred: Array<{ deferredKeys: number; onScreen: string | null }> = [];

const Numbers = () => <p aria-label="numbers">{usePlannerStore((s) => s.scenario.workloads[0]!.keys)}</p>;
function DeferredPanel() {
  const keys = useDeferredScenario().workloads[0]!.keys;
  seenByDeferred.push({ deferredKeys: keys, onScreen: document.querySelector('[aria-label="numbers"]')?.textContent ?? null });
  return <p aria-label="deferred">{keys}</p>;
}
const DeferredTotal = () => <p aria-label="deferred total">{useDeferredEstimate().versions[0]!.workloads[0]!.keys}</p>;

describe('the numbers render in the keystroke’s frame, the panels below after them', () => {
  it('a deferred panel renders an edit only once the numbers for it are on the page, all such panels alike', async () => {
    render(
      <DeferredScenario>
        <Numbers />
        <DeferredPanel />
        <DeferredTotal />
      </DeferredScenario>,
    );
    seenByDeferred.length = 0;
    act(() => usePlannerStore.getState().workloadEdited(0, { keys: 4321 }));
    expect(screen.getByLabelText('numbers')).toHaveTextContent('4321');
    // The panels wait for the frame that shows the numbers: in the edit's own commit they are as they were.
    expect(screen.getByLabelText('deferred')).toHaveTextContent('632000');
    await waitFor(() => expect(screen.getByLabelText('deferred')).toHaveTextContent('4321'), CAUGHT_UP);
    expect(screen.getByLabelText('deferred total')).toHaveTextContent('4321');
    // Its render for the edit came after the numbers' render was committed, never in the same one.
    const renders = seenByDeferred.filter((r) => r.deferredKeys === 4321);
    expect(renders.length).toBeGreaterThan(0);
    for (const r of renders) expect(r.onScreen).toBe('4321');
  });

  it('a panel that appears shows the store as it is', () => {
    act(() => usePlannerStore.getState().workloadEdited(0, { keys: 777 }));
    render(
      <DeferredScenario>
        <DeferredPanel />
      </DeferredScenario>,
    );
    expect(screen.getByLabelText('deferred')).toHaveTextContent('777');
  });

  it('a deferred panel outside <DeferredScenario> is a mistake that says so', () => {
    expect(() => render(<DeferredPanel />)).toThrow(/inside <DeferredScenario>/);
  });
});

describe('after an edit in the page, every panel shows the same scenario', () => {
  it('results, summary, versions chart and "why this number" agree once typing stops', async () => {
    const user = userEvent.setup();
    render(<App />);
    // The chart and the breakdown load apart: on a busy machine that took more than 10 s.
    await user.click(await screen.findByRole('button', { name: 'Show table' }, CHART_CODE));
    const breakdown = await screen.findByRole('region', { name: 'Why this number' }, CHART_CODE);
    const chartTable = 'Versions side by side (table)';
    const before = cell('9.1', 'Dataset');
    expect(cell('9.1', 'Dataset', chartTable)).toBe(before);
    const keys = within(workloadCard('sessions')).getByLabelText('Keys');
    await user.clear(keys);
    await user.type(keys, '2M');
    // The numbers are those of the last keystroke; the chart and the panels follow them.
    expect(cell('9.1', 'Dataset')).not.toBe(before);
    await waitFor(() => expect(cell('9.1', 'Dataset', chartTable)).toBe(cell('9.1', 'Dataset')), CAUGHT_UP);
    for (const line of ['7.2', '8.0', '8.1', '9.0', '9.1']) {
      expect(cell(line, 'Bytes per key', chartTable)).toBe(cell(line, 'Bytes per key'));
      expect(cell(line, 'Dataset', chartTable)).toBe(cell(line, 'Dataset'));
    }
    expect(screen.getByRole('region', { name: 'Summary' })).toHaveTextContent(`9.1: ${cell('9.1', 'Dataset')}`);
    const total = within(breakdown).getByRole('rowheader', { name: 'bytes per key' }).closest('tr')!.cells[1]!;
    expect(total).toHaveTextContent(cell('9.1', 'Bytes per key'));
  }, 60_000);
});

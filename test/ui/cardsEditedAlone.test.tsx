import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatBytesPerKey } from '../../src/format/quantities';
import { estimateOf } from '../../src/state/derived';
import { usePlannerStore } from '../../src/state/store';
import { App } from '../../src/ui/shell/App';
import { CAUGHT_UP, cell, workloadCard } from './helpers';

// The cards are memoized (only the edited one renders again) and so are the per-workload rows:
// these check that an edit still reaches every figure it changes, and none it does not.

const LINES = ['7.2', '8.0', '8.1', '9.0', '9.1'];
const PER_WORKLOAD = 'Results per workload';

/** A workload's row of the per-workload table: its bytes per key on each line, as shown. */
function shownRow(name: string): string[] {
  const table = screen.getByRole('table', { name: PER_WORKLOAD });
  const row = within(table).getByRole('rowheader', { name }).closest('tr')!;
  return [...row.cells].slice(1).map((c) => c.firstChild!.textContent!);
}
/** The same, as the store's scenario works it out. */
function storeRow(name: string): string[] {
  const estimate = estimateOf(usePlannerStore.getState().scenario);
  return estimate.versions.map((v) => formatBytesPerKey(v.workloads.find((w) => w.name === name)!.bytesPerKey));
}
const shownNames = () =>
  within(screen.getByRole('table', { name: PER_WORKLOAD }))
    .getAllByRole('rowheader')
    .map((h) => h.textContent);
const keysOf = (name: string) => within(workloadCard(name)).getByLabelText('Keys') as HTMLInputElement;

describe('a card edited among others', () => {
  it('editing the third card changes its own figures and the results; removing a workload takes its figures away', async () => {
    const user = userEvent.setup();
    render(<App />);
    act(() => {
      const { workloadAdded } = usePlannerStore.getState();
      workloadAdded();
      workloadAdded();
      workloadAdded();
    });
    // The table per workload follows the numbers after their frame.
    await waitFor(() => expect(shownNames()).toEqual(['sessions', 'keys', 'keys 2', 'keys 3']), CAUGHT_UP);
    const before = { third: shownRow('keys 2'), dataset: LINES.map((l) => cell(l, 'Dataset')) };

    // The third card is "keys 2": typing into it changes that workload only, in the store and on screen.
    await user.clear(keysOf('keys 2'));
    await user.type(keysOf('keys 2'), '7M');
    const workloads = usePlannerStore.getState().scenario.workloads;
    expect(workloads.map((w) => w.keys)).toEqual([workloads[0]!.keys, 100_000, 7_000_000, 100_000]);
    expect(keysOf('keys 2').value).toBe('7M');
    expect(keysOf('keys').value).toBe(keysOf('keys 3').value);
    // 7M keys of the new workload's 20-byte keys and 100-byte strings: the dataset grows on every line.
    LINES.forEach((line, i) => expect(cell(line, 'Dataset')).not.toBe(before.dataset[i]));
    await waitFor(() => {
      for (const name of ['sessions', 'keys', 'keys 2', 'keys 3']) expect(shownRow(name)).toEqual(storeRow(name));
    }, CAUGHT_UP);
    expect(shownRow('keys 2')).not.toEqual(before.third);

    // Removing the second card: the card that takes its place shows its own workload, not the removed one's.
    await user.click(within(workloadCard('keys')).getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('group', { name: 'Workload keys' })).toBeNull();
    expect(screen.getAllByRole('group', { name: /^Workload / }).map((g) => g.getAttribute('aria-label'))).toEqual([
      'Workload sessions',
      'Workload keys 2',
      'Workload keys 3',
    ]);
    // As typed, or written afresh from the value ("7000000"): 7 million either way, and not 100,000.
    expect(['7M', '7000000']).toContain(keysOf('keys 2').value);
    expect(['7M', '7000000']).not.toContain(keysOf('keys 3').value);
    await waitFor(() => {
      expect(shownNames()).toEqual(['sessions', 'keys 2', 'keys 3']);
      for (const name of ['sessions', 'keys 2', 'keys 3']) expect(shownRow(name)).toEqual(storeRow(name));
    }, CAUGHT_UP);
    const estimate = estimateOf(usePlannerStore.getState().scenario);
    LINES.forEach((line, i) => expect(cell(line, 'Bytes per key')).toBe(formatBytesPerKey(estimate.versions[i]!.bytesPerKey)));
  });
});

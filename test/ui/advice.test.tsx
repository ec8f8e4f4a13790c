import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adviceOf } from '../../src/state/adviceDerived';
import { usePlannerStore } from '../../src/state/store';
import { App } from '../../src/ui/shell/App';
import { formatBytes } from '../../src/format/quantities';
import { CAUGHT_UP, cell } from './helpers';

describe('advice with the bytes', () => {
  it(
    'each item promises the dataset the planner then shows once it is applied, and Undo takes it back',
    { timeout: 180_000 },
    async () => {
      const user = userEvent.setup();
      render(<App />);
      const panel = await screen.findByRole('region', { name: 'What to change' }, { timeout: 60_000 });
      await user.click(within(panel).getByRole('button', { name: 'Show advice' }));
      const before = usePlannerStore.getState().scenario;
      const advice = adviceOf(before);
      expect(advice.map((a) => a.change.kind).sort()).toEqual(['hashBuckets', 'integerValues', 'shorterKeys']);
      const datasetBefore = cell('9.1', 'Dataset');
      for (const [i, item] of advice.entries()) {
        const items = () =>
          within(panel)
            .getAllByRole('listitem')
            .filter((li) => li.classList.contains('advice-item'));
        const promised = item.savings.find((s) => s.line === '9.1')!;
        // The panel follows the numbers after their frame: after the Undo before, it catches up.
        await waitFor(() => expect(items()[i]!.textContent).toContain(`${formatBytes(promised.bytesAfter)} left`), CAUGHT_UP);
        await user.click(within(items()[i]!).getByRole('button', { name: 'Apply' }));
        expect(cell('9.1', 'Dataset')).toBe(formatBytes(promised.bytesAfter));
        await user.click(screen.getByRole('button', { name: /^Undo/ }));
        expect(usePlannerStore.getState().scenario).toEqual(before);
        expect(cell('9.1', 'Dataset')).toBe(datasetBefore);
      }
    },
  );

  it('offers nothing that would not save: large values with TTLs have no advice but shorter names', async () => {
    usePlannerStore.getState().scenarioUsed({
      schema: 1,
      workloads: [{ name: 'blobs', type: 'string', keys: 1000, keyBytes: 24, valueBytes: 4000, ttlFraction: 0.5 }],
    });
    expect(adviceOf(usePlannerStore.getState().scenario).map((a) => a.change.kind)).toEqual(['shorterKeys']);
  });
});

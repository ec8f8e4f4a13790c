import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/format/quantities';
import type { Scenario } from '../../src/scenario/schema';
import { adviceOf } from '../../src/state/adviceDerived';
import { costOf } from '../../src/state/costDerived';
import { usePlannerStore } from '../../src/state/store';
import { App } from '../../src/ui/shell/App';
import { CAUGHT_UP, cell } from './helpers';
import { CARTS_AND_USERS } from '../support/adviceWorkloads';

const scenario = CARTS_AND_USERS;

describe('advice on TTLs, the line and the allocator', () => {
  it(
    'each item shows the figure the plan then has, the applied list names it, and Undo takes both back',
    { timeout: 180_000 },
    async () => {
      usePlannerStore.getState().scenarioUsed(scenario);
      const user = userEvent.setup();
      render(<App />);
      const panel = await screen.findByRole('region', { name: 'What to change' }, { timeout: 60_000 });
      await user.click(within(panel).getByRole('button', { name: 'Show advice' }));
      const before = usePlannerStore.getState().scenario;
      const advice = adviceOf(before);
      const kinds = ['keyTtl', 'dropTtl', 'allocator', 'line'] as const;
      expect(advice.map((a) => a.change.kind)).toEqual(expect.arrayContaining([...kinds]));
      const datasetBefore = cell('7.2', 'Dataset');
      for (const kind of kinds) {
        const i = advice.findIndex((a) => a.change.kind === kind);
        const item = () =>
          within(panel)
            .getAllByRole('listitem')
            .filter((li) => li.classList.contains('advice-item'))[i]!;
        // The promise on the target line today (7.2): for a move of the target, the new line's dataset.
        const promised = advice[i]!.savings.find((s) => s.line === '7.2')!;
        // The panel follows the numbers after their frame: after the Undo before, it catches up.
        await waitFor(() => expect(item().textContent).toContain(formatBytes(promised.bytesAfter)), CAUGHT_UP);
        await user.click(within(item()).getByRole('button', { name: 'Apply' }));
        const target = kind === 'line' ? (advice[i]!.change as { line: string }).line : '7.2';
        expect(usePlannerStore.getState().scenario.target).toBe(target);
        expect(cell(target, 'Dataset')).toBe(formatBytes(promised.bytesAfter));
        await waitFor(
          () =>
            expect(within(screen.getByRole('list', { name: /^Applied to this plan/ })).getAllByRole('listitem')).toHaveLength(1),
          CAUGHT_UP,
        );
        await user.click(screen.getByRole('button', { name: /^Undo/ }));
        expect(usePlannerStore.getState().scenario).toEqual(before);
        expect(cell('7.2', 'Dataset')).toBe(datasetBefore);
        await waitFor(() => expect(screen.queryByRole('list', { name: /^Applied to this plan/ })).toBeNull(), CAUGHT_UP);
      }
      // The texts a user reads for them, once the panel has followed the last Undo.
      await waitFor(() => expect(panel.textContent).toContain('Plan on 8.0 instead of 7.2'), CAUGHT_UP);
      expect(panel.textContent).toContain('carts: one TTL on each hash instead of one on every field');
      expect(panel.textContent).toContain('users: no TTL on the 2.0 % of keys that have one');
      expect(panel.textContent).toContain('An upgrade: the nodes replaced one by one');
    },
  );
});

describe('the money an item saves', () => {
  it('for a move of the target, is what the plan costs on its line today less what it costs on the line it moves to', () => {
    // Percona's profile at 75 million keys on 8 GiB nodes: two nodes on 7.2, one on 9.1 (its smallest).
    const s: Scenario = {
      schema: 1,
      versions: ['7.2', '8.1', '9.1'],
      target: '7.2',
      workloads: [{ name: 'sessions', type: 'string', keys: 75_000_000, keyBytes: 16, valueBytes: 16, ttlFraction: 0 }],
      deployment: { instanceType: 'm7g.large' },
    };
    const perMonth = Object.fromEntries(costOf(s).lines!.map((l) => [l.version, l]));
    expect([perMonth['7.2']!.nodes, perMonth['9.1']!.nodes]).toEqual([2, 1]);
    const line = adviceOf(s).find((a) => a.change.kind === 'line')!;
    expect(line.change).toEqual({ kind: 'line', line: '9.1', from: '7.2' });
    expect(line.targetSavesPerMonth).toBeCloseTo(perMonth['7.2']!.perMonth - perMonth['9.1']!.perMonth, 6);
    expect(line.targetSavesPerMonth).toBeGreaterThan(0);
  });
});

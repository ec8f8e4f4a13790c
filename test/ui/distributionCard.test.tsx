import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { usePlannerStore } from '../../src/state/store';
import type { Scenario } from '../../src/scenario/schema';
import { WorkloadList } from '../../src/ui/workload/WorkloadCard';

const STRINGS: Scenario = {
  schema: 1,
  workloads: [{ name: 'strings', type: 'string', keys: 200_000, keyBytes: 14, valueBytes: 100, ttlFraction: 0 }],
};

const stored = () => usePlannerStore.getState().scenario.workloads[0]!;

describe('the card: a size that varies from key to key', () => {
  it('the toggle turns the value size into a range around it, edited by shape and bounds, with the bins the model uses', async () => {
    act(() => usePlannerStore.getState().scenarioLoaded(STRINGS, {}, null));
    const user = userEvent.setup();
    render(<WorkloadList />);
    await user.click(screen.getByRole('checkbox', { name: 'Value length (bytes): varies from key to key' }));
    expect(stored().valueBytes).toEqual({ kind: 'range', shape: 'uniform', min: 50, max: 150 });
    // 101 whole sizes: the model prices them in 64 bins, each at its keys' mean size.
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(
      /^Value length \(bytes\): the model prices 64 sizes from 5\d to 1[45]\d$/,
    );

    const smallest = screen.getByLabelText('Value length (bytes): smallest');
    await user.clear(smallest);
    await user.type(smallest, '1');
    const largest = screen.getByLabelText('Value length (bytes): largest');
    await user.clear(largest);
    await user.type(largest, '200');
    await user.selectOptions(screen.getByLabelText('Shape'), 'lognormal');
    expect(stored().valueBytes).toEqual({ kind: 'range', shape: 'lognormal', min: 1, max: 200 });

    // Off again: the number is the distribution's mean, to the whole byte.
    await user.click(screen.getByRole('checkbox', { name: 'Value length (bytes): varies from key to key' }));
    expect(typeof stored().valueBytes).toBe('number');
    expect(screen.getByLabelText('Value length (bytes)')).toHaveValue(String(stored().valueBytes));
  });

  it('a range with its own mean and sd from a scenario file is shown with its bins, not edited, and says where to edit it', () => {
    const ownShape = { kind: 'range', shape: 'lognormal', min: 10, max: 1000, mean: 41, sd: 30 } as const;
    act(() =>
      usePlannerStore
        .getState()
        .scenarioLoaded({ ...STRINGS, workloads: [{ ...STRINGS.workloads[0]!, valueBytes: ownShape }] }, {}, null),
    );
    render(<WorkloadList />);
    const card = screen
      .getByRole('checkbox', { name: 'Value length (bytes): varies from key to key' })
      .closest('.size-distribution')!;
    expect(within(card as HTMLElement).getByText(/a range with its own mean or sd, from a scenario file/)).toBeInTheDocument();
    expect(
      within(card as HTMLElement)
        .getByRole('img')
        .getAttribute('aria-label'),
    ).toMatch(/^Value length \(bytes\): the model prices \d+ sizes from 1\d to \d{3,4}$/);
    expect(within(card as HTMLElement).queryByLabelText(/smallest/)).toBeNull();
    expect(stored().valueBytes).toEqual(ownShape);
  });
});

import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { usePlannerStore } from '../../src/state/store';
import { DEFAULT_SCENARIO } from '../../src/scenario/defaults';
import { WorkloadList } from '../../src/ui/workload/WorkloadCard';
import { workloadCard } from './helpers';

describe('Add workload', () => {
  it('moves the focus to the new card, its name first, so that typing goes to it', async () => {
    act(() => usePlannerStore.getState().scenarioLoaded(DEFAULT_SCENARIO, {}, null));
    const user = userEvent.setup();
    render(<WorkloadList />);
    await user.click(screen.getByRole('button', { name: 'Add workload' }));
    const name = within(workloadCard('keys')).getByLabelText('Name');
    expect(name).toHaveFocus();
    // Typing goes to the new card.
    await user.clear(name);
    await user.type(name, 'carts');
    expect(workloadCard('carts')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add workload' }));
    expect(within(workloadCard('keys')).getByLabelText('Name')).toHaveFocus();
  });
});

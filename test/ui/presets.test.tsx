import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/ui/shell/App';
import { CAUGHT_UP, CHART_CODE, cell } from './helpers';
import { usePlannerStore } from '../../src/state/store';

describe('presets', () => {
  it.each([
    ['Percona benchmark (632k short strings)', '9.1', 'Measured (Percona)', '64.02 B (9.1.1)'],
    // 9.76 billion keys: the 2^34-slot table costs 14.08 B/key against 13.27 at the benchmark point.
    ['1 TB on 7.2', '7.2', 'Dataset', '996.1 GB'],
    ['PHP sessions', '9.1', 'Change vs 7.2', '−0.8 %'],
    ['WordPress object cache (large values)', '9.1', 'Change vs 7.2', '−0.6 %'],
    // Debian's system jemalloc on Redis 7.0 against the official build of 9.1; sets and lists gain most.
    ['Redis 7.0 on Debian → Valkey 9.1', '9.1', 'Change vs Redis 7.0', '−29.1 %'],
  ])('%s: %s %s reads %s', async (title, version, column, text) => {
    const user = userEvent.setup();
    render(<App />);
    await user.selectOptions(screen.getByLabelText('Start from'), title);
    expect(cell(version, column)).toContain(text);
  });

  it('four strings vs one hash opens the comparison chart', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.selectOptions(screen.getByLabelText('Start from'), 'Four strings vs one hash (1M users)');
    expect(screen.getAllByRole('group', { name: /^Workload user:/ })).toHaveLength(4);
    expect(screen.getByRole('tab', { name: 'Strings vs hash' })).toHaveAttribute('aria-selected', 'true');
    // The chart's code loads on demand: like the user, wait until "Loading chart…" has gone,
    // however long the import takes on this machine, then read the chart.
    const panel = screen.getByRole('tabpanel', { name: 'Strings vs hash' });
    await waitFor(() => expect(within(panel).queryByText('Loading chart…')).toBeNull(), CHART_CODE);
    expect(within(panel).getByRole('heading', { name: 'Strings against one hash per entity' })).toBeInTheDocument();
  });

  it('mixed cache: six workloads of every type, one replica', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.selectOptions(screen.getByLabelText('Start from'), 'Mixed cache');
    expect(screen.getAllByRole('group', { name: /^Workload / })).toHaveLength(6);
    // The deployment table follows the numbers through the deferral.
    await waitFor(() => expect(cell('9.1', 'Nodes', 'Deployment per version')).toMatch(/^2 × /), CAUGHT_UP);
  });
});

describe('the preset picker', () => {
  it('shows the preset loaded, and "a preset…" again once the scenario is edited', async () => {
    const user = userEvent.setup();
    render(<App />);
    const picker = screen.getByLabelText<HTMLSelectElement>('Start from');
    expect(picker.selectedOptions[0]!.textContent).toBe('a preset…');
    await user.selectOptions(picker, 'PHP sessions');
    await waitFor(() => expect(picker.selectedOptions[0]!.textContent).toBe('PHP sessions'), CAUGHT_UP);
    usePlannerStore.getState().workloadEdited(0, { keys: 12_345 });
    await waitFor(() => expect(picker.selectedOptions[0]!.textContent).toBe('a preset…'), CAUGHT_UP);
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/ui/shell/App';
import { CAUGHT_UP, cell, workloadCard } from './helpers';

describe('workloads', () => {
  it('adds, duplicates, renames and removes key families; totals follow', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByRole('button', { name: 'Add workload' }));
    expect(workloadCard('keys')).toBeInTheDocument();
    // The table per workload follows the numbers after their frame.
    expect(await screen.findByRole('table', { name: 'Results per workload' }, CAUGHT_UP)).toBeInTheDocument();
    const before = cell('7.2', 'Dataset');

    await user.click(within(workloadCard('keys')).getByRole('button', { name: 'Duplicate' }));
    expect(workloadCard('keys copy')).toBeInTheDocument();
    expect(cell('7.2', 'Dataset')).not.toBe(before);

    // Each valid prefix commits as it is typed ("s", "se", ... "session"); "sessions" is taken.
    const third = () => screen.getAllByRole('group', { name: /^Workload / })[2]!;
    const name = within(third()).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'sessions');
    expect(within(third()).getByRole('alert')).toHaveTextContent('another workload has this name');
    expect(workloadCard('session')).toBe(third());
    await user.type(name, ' v2');
    expect(workloadCard('sessions v2')).toBeInTheDocument();

    await user.click(within(workloadCard('sessions v2')).getByRole('button', { name: 'Remove' }));
    await user.click(within(workloadCard('keys')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Results per workload' })).toBeNull(), CAUGHT_UP);
    expect(within(workloadCard('sessions')).getByRole('button', { name: 'Remove' })).toBeDisabled();
    expect(cell('7.2', 'Bytes per key')).toBe('101.27 B');
  });

  it('a hash workload asks for fields and field-name length and changes encoding past 512 fields', async () => {
    const user = userEvent.setup();
    render(<App />);
    const card = within(workloadCard('sessions'));
    await user.selectOptions(card.getByLabelText('Type'), 'hash');
    expect(card.getByLabelText('Fields per key')).toHaveValue('10');
    expect(card.getByLabelText('Field name length (bytes)')).toHaveValue('8');
    const small = cell('7.2', 'Bytes per key');
    await user.clear(card.getByLabelText('Fields per key'));
    await user.type(card.getByLabelText('Fields per key'), '600');
    const large = cell('7.2', 'Bytes per key');
    expect(Number(large.replace(' B', ''))).toBeGreaterThan(Number(small.replace(' B', '')) * 40);
  });

  it('sets, sorted sets and lists take element counts', async () => {
    const user = userEvent.setup();
    render(<App />);
    const card = within(workloadCard('sessions'));
    for (const [type, label] of [
      ['set', 'Members per key'],
      ['zset', 'Members per key'],
      ['list', 'Elements per key'],
    ] as const) {
      await user.selectOptions(card.getByLabelText('Type'), type);
      expect(card.getByLabelText(label)).toBeInTheDocument();
      expect(cell('9.1', 'Bytes per key')).toMatch(/^\d+\.\d\d B$/);
    }
  });

  it('integer values: 2-digit integers are shared objects on 7.2 (no value allocation)', async () => {
    const user = userEvent.setup();
    render(<App />);
    const card = within(workloadCard('sessions'));
    await user.clear(card.getByLabelText('Value length (bytes)'));
    await user.type(card.getByLabelText('Value length (bytes)'), '2');
    await user.click(card.getByRole('checkbox', { name: /Integer values/ }));
    expect(screen.getByText('2-digit integers')).toBeInTheDocument();
    // dictEntry 24 + key sds 24 + slot share 8 x 2^20 / 632,000
    expect(cell('7.2', 'Bytes per key')).toBe('61.27 B');
  });
});

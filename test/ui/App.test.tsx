import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/ui/shell/App';
import { cell, versionRow, workloadCard } from './helpers';

describe('the first screen', () => {
  it("opens on the benchmark profile with the model beside Percona's measurements", () => {
    render(<App />);
    expect(cell('7.2', 'Bytes per key')).toBe('101.27 B');
    expect(cell('7.2', 'Measured (Percona)')).toBe('102.48 B (7.2.14)');
    expect(cell('9.1', 'Bytes per key')).toBe('62.81 B');
    expect(cell('9.1', 'Measured (Percona)')).toBe('64.02 B (9.1.1)');
    expect(cell('9.1', 'Change vs 7.2')).toContain('−38.0 %');
    expect(screen.getByRole('note')).toHaveTextContent(/1\.2 bytes per key under/);
  });

  it('typing a longer value changes the results and the saving fades', async () => {
    const user = userEvent.setup();
    render(<App />);
    const value = within(workloadCard('sessions')).getByLabelText('Value length (bytes)');
    await user.clear(value);
    await user.type(value, '1 KiB');
    expect(screen.getByText('1,024 bytes')).toBeInTheDocument();
    expect(cell('7.2', 'Bytes per key')).toBe('1357.27 B');
    expect(cell('9.1', 'Bytes per key')).toBe('1334.81 B');
    expect(cell('9.1', 'Change vs 7.2')).toContain('−1.7 %');
    expect(cell('9.1', 'Measured (Percona)')).toBe('not measured');
    expect(screen.getByRole('note')).toHaveTextContent(/Extrapolated/);
  });

  it('accepts 1.5M keys and 40% TTL and shows the parsed values', async () => {
    const user = userEvent.setup();
    render(<App />);
    const card = within(workloadCard('sessions'));
    await user.clear(card.getByLabelText('Keys'));
    await user.type(card.getByLabelText('Keys'), '1.5M');
    expect(screen.getByText('1,500,000 keys')).toBeInTheDocument();
    await user.clear(card.getByLabelText('Keys with a TTL'));
    await user.type(card.getByLabelText('Keys with a TTL'), '40%');
    expect(screen.getByText(/^40 % of keys expire · a number is a percentage/)).toBeInTheDocument();
    // 7.2 at 1.5M keys: 88 B of allocations, 11.18 B of slots, and 40 % of (24 B expires entry + its slots)
    expect(Number(cell('7.2', 'Bytes per key').replace(' B', ''))).toBeGreaterThan(88 + 11.18 + 0.4 * 24);
  });

  it('a negative key count is marked next to the field and never reaches the results', async () => {
    const user = userEvent.setup();
    render(<App />);
    const keys = within(workloadCard('sessions')).getByLabelText('Keys');
    await user.clear(keys);
    await user.type(keys, '-5');
    expect(screen.getByRole('alert')).toHaveTextContent('Keys cannot be negative');
    expect(keys).toHaveAttribute('aria-invalid', 'true');
    expect(cell('7.2', 'Bytes per key')).toBe('101.27 B');
  });

  it('10^15 keys is refused with the maximum named', async () => {
    const user = userEvent.setup();
    render(<App />);
    const keys = within(workloadCard('sessions')).getByLabelText('Keys');
    await user.clear(keys);
    await user.type(keys, '1e15');
    expect(screen.getByRole('alert')).toHaveTextContent(/above the supported maximum of 1,000,000,000,000/);
  });

  it('unticking a version removes its row; baseline and target move the change column and highlights', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByRole('checkbox', { name: '9.0' }));
    expect(
      within(screen.getByRole('table', { name: 'Results per version' })).queryByRole('rowheader', { name: /^9\.0/ }),
    ).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Baseline' }), '8.1');
    expect(screen.getByRole('columnheader', { name: 'Change vs 8.1' })).toBeInTheDocument();
    expect(cell('9.1', 'Change vs 8.1')).toBe('−4.82 MiB (−11.3 %)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target' }), '8.0');
    expect(versionRow('8.0')).toHaveTextContent('target');
  });

  it('the last selected version cannot be unticked', async () => {
    const user = userEvent.setup();
    render(<App />);
    for (const v of ['7.2', '8.0', '8.1', '9.0']) await user.click(screen.getByRole('checkbox', { name: v }));
    expect(screen.getByRole('checkbox', { name: '9.1' })).toBeDisabled();
  });

  it('explains each number: the breakdown of the selected workload and line adds up', async () => {
    const user = userEvent.setup();
    render(<App />);
    // Below the first screen: loaded once the page has started.
    const breakdown = within(await screen.findByRole('region', { name: 'Why this number' }, { timeout: 5000 }));
    expect(breakdown.getByRole('rowheader', { name: 'object: key + embedded value' }).closest('tr')).toHaveTextContent('48.00 B');
    await user.selectOptions(breakdown.getAllByRole('combobox')[1]!, '7.2');
    const table = breakdown.getByRole('table', { name: 'Breakdown of sessions on 7.2' });
    expect(within(table).getByRole('rowheader', { name: 'dictEntry' }).closest('tr')).toHaveTextContent('24.00 B');
    expect(within(table).getByRole('rowheader', { name: 'key sds' }).closest('tr')).toHaveTextContent('24.00 B');
    expect(within(table).getByRole('rowheader', { name: 'bytes per key' }).closest('tr')).toHaveTextContent('101.27 B');
  });

  it("shows the sources' caveats next to the figures", () => {
    render(<App />);
    expect(screen.getByText(/-37\.5 % must not be applied to its RSS/)).toBeInTheDocument();
    expect(screen.getByText(/switch off eviction and persistence/)).toBeInTheDocument();
  });
});

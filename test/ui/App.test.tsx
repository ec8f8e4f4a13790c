import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { versionBars } from '../../src/ui/chartData';
import { estimateScenario } from '../../src/model';
import { resolveScenario } from '../../src/scenario/schema';
import { DEFAULT_SCENARIO } from '../../src/scenario/defaults';

function row(version: string) {
  const table = screen.getByRole('table', { name: 'Results per version' });
  return within(table).getByRole('rowheader', { name: version }).closest('tr')!;
}

describe('the first screen', () => {
  it("opens on the benchmark profile with the model beside Percona's measurements", () => {
    render(<App />);
    expect(row('7.2')).toHaveTextContent('101.27 B');
    expect(row('7.2')).toHaveTextContent('102.48 B (7.2.14)');
    expect(row('9.1')).toHaveTextContent('62.81 B');
    expect(row('9.1')).toHaveTextContent('64.02 B (9.1.1)');
    expect(row('9.1')).toHaveTextContent('−38.0 %');
    expect(screen.getByRole('note')).toHaveTextContent(/1\.2 bytes per key under/);
  });

  it('typing a longer value changes the results and the saving fades', async () => {
    const user = userEvent.setup();
    render(<App />);
    const value = screen.getByLabelText('Value length (bytes)');
    await user.clear(value);
    await user.type(value, '1 KiB');
    expect(screen.getByText('1,024 bytes')).toBeInTheDocument();
    expect(row('7.2')).toHaveTextContent('1357.27 B');
    expect(row('9.1')).toHaveTextContent('1334.81 B');
    expect(row('9.1')).toHaveTextContent('−1.7 %');
    expect(row('9.1')).toHaveTextContent('not measured');
    expect(screen.getByRole('note')).toHaveTextContent(/Extrapolated/);
  });

  it('accepts 1.5M keys and 40% TTL and shows the parsed values', async () => {
    const user = userEvent.setup();
    render(<App />);
    const keys = screen.getByLabelText('Keys');
    await user.clear(keys);
    await user.type(keys, '1.5M');
    expect(screen.getByText('1,500,000 keys')).toBeInTheDocument();
    const ttl = screen.getByLabelText('Keys with a TTL');
    await user.clear(ttl);
    await user.type(ttl, '40%');
    expect(screen.getByText('40 % of keys expire')).toBeInTheDocument();
    // 7.2 at 1.5M keys, 40 % TTL: 88 + 11.18 slots + 0.4 x (24 + expires slots) -> more than without TTL
    expect(Number(row('7.2').cells[1]!.textContent!.replace(' B', ''))).toBeGreaterThan(88 + 11.18 + 0.4 * 24);
  });

  it('a negative key count is marked next to the field and never reaches the results', async () => {
    const user = userEvent.setup();
    render(<App />);
    const keys = screen.getByLabelText('Keys');
    await user.clear(keys);
    await user.type(keys, '-5');
    expect(screen.getByRole('alert')).toHaveTextContent('Keys cannot be negative');
    expect(keys).toHaveAttribute('aria-invalid', 'true');
    // an empty field is invalid too, so the last valid count (632,000) still drives the results
    expect(row('7.2')).toHaveTextContent('101.27 B');
  });

  it('10^15 keys is refused with the maximum named', async () => {
    const user = userEvent.setup();
    render(<App />);
    const keys = screen.getByLabelText('Keys');
    await user.clear(keys);
    await user.type(keys, '1e15');
    expect(screen.getByRole('alert')).toHaveTextContent(/above the supported maximum of 1,000,000,000,000/);
  });

  it('unticking a version removes its row; choosing a baseline moves the change column', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByRole('checkbox', { name: '9.0' }));
    expect(within(screen.getByRole('table')).queryByRole('rowheader', { name: '9.0' })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: /Baseline/ }), '8.1');
    expect(screen.getByRole('columnheader', { name: 'Change vs 8.1' })).toBeInTheDocument();
    expect(row('9.1')).toHaveTextContent('−4.82 MiB (−11.3 %)');
  });

  it('draws one bar per version (chart data)', () => {
    const bars = versionBars(estimateScenario(resolveScenario(DEFAULT_SCENARIO)));
    expect(bars.map((b) => b.version)).toEqual(['7.2', '8.0', '8.1', '9.0', '9.1']);
    expect(bars.map((b) => b.measuredBytesPerKey)).toEqual([102.48, 94.49, 71.98, 71.99, 64.02]);
    render(<App />);
    expect(document.querySelectorAll('.recharts-bar-rectangle').length).toBe(10);
  });
});

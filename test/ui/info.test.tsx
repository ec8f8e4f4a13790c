import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { usePlannerStore } from '../../src/state/store';
import { App } from '../../src/ui/App';
import { cell } from './helpers';

const fixture = readFileSync('test/fixtures/info/redis-7.0-strings-ttl.txt', 'utf8');

describe('read my server', () => {
  it('pasting INFO shows the server, the observed bytes per key, warnings and the projection per line', async () => {
    render(<App />);
    const panel = within(await screen.findByRole('region', { name: 'Read my server' }, { timeout: 10_000 }));
    fireEvent.change(panel.getByLabelText(/Paste the output/), { target: { value: fixture } });
    expect(panel.getByText(/Server: redis 7.0.15, modeled as the Redis 7.0 layout/)).toBeInTheDocument();
    expect(panel.getByText(/40,000 keys, 50 % with a TTL/)).toBeInTheDocument();
    expect(
      within(panel.getByRole('list', { name: 'Warnings' })).getByText(/distribution package links the system jemalloc/),
    ).toBeInTheDocument();
    const table = panel.getByRole('table', { name: 'The same keys on each line' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(cell('9.1', 'Change', 'The same keys on each line')).toMatch(/^−.* \(−\d+\.\d %\)$/);
  });

  it('garbage gets a clear message and the app keeps working', async () => {
    render(<App />);
    const panel = within(await screen.findByRole('region', { name: 'Read my server' }, { timeout: 10_000 }));
    fireEvent.change(panel.getByLabelText(/Paste the output/), { target: { value: 'lorem ipsum\nnot info at all' } });
    expect(panel.getByRole('alert')).toHaveTextContent('No INFO fields found');
    expect(cell('7.2', 'Bytes per key')).toBe('101.27 B');
  });

  it('"Use as scenario" loads derived numbers only', async () => {
    const user = userEvent.setup();
    render(<App />);
    const panel = within(await screen.findByRole('region', { name: 'Read my server' }, { timeout: 10_000 }));
    fireEvent.change(panel.getByLabelText(/Paste the output/), { target: { value: fixture } });
    await user.click(panel.getByRole('button', { name: 'Use as scenario' }));
    const scenario = usePlannerStore.getState().scenario;
    expect(scenario.workloads[0]).toMatchObject({ name: 'keys from INFO', keys: 40_000, ttlFraction: 0.5 });
    expect(scenario.allocator).toBe('jemalloc-system');
    expect(JSON.stringify(scenario)).not.toContain('used_memory');
    expect(screen.getByRole('group', { name: 'Workload keys from INFO' })).toBeInTheDocument();
  });
});

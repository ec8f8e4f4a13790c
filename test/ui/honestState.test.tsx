import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/ui/shell/App';
import { CAUGHT_UP, cell, workloadCard } from './helpers';

describe('honest state', () => {
  it('an input that does not parse marks the results out of date until it is fixed', async () => {
    const user = userEvent.setup();
    render(<App />);
    const results = screen.getByRole('region', { name: 'Results' });
    const keys = within(workloadCard('sessions')).getByLabelText('Keys');
    await user.clear(keys);
    await user.type(keys, '12');
    const before = cell('9.1', 'Bytes per key');
    expect(results).not.toHaveAccessibleDescription(/Out of date/);
    await user.type(keys, ' apples');
    expect(cell('9.1', 'Bytes per key')).toBe(before);
    expect(results).toHaveAccessibleDescription(/Out of date: these results are for the last valid input\. Fix Keys/);
    expect(screen.getByRole('region', { name: 'Summary' })).toHaveTextContent(/^out of date/);
    await user.clear(keys);
    await user.type(keys, '2M');
    expect(results).not.toHaveAccessibleDescription(/Out of date/);
    expect(screen.getByRole('region', { name: 'Summary' })).not.toHaveTextContent(/out of date/);
    expect(cell('9.1', 'Bytes per key')).not.toBe(before);
  });

  it('the scenario name titles the page', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.type(screen.getByLabelText('Scenario name'), 'Checkout cache');
    expect(document.title).toBe('Checkout cache · valkey-ram-planner');
    expect(screen.getByText('Scenario: Checkout cache')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Scenario name'));
    expect(document.title).toBe('valkey-ram-planner');
  });

  it('the 16-byte SET caveat shows for strings only; the upgrade caveat only when two lines are compared', async () => {
    const user = userEvent.setup();
    render(<App />);
    expect(screen.getByRole('complementary', { name: 'Caveat: bytes per key' })).toHaveTextContent('16-byte SETs');
    await user.selectOptions(within(workloadCard('sessions')).getByLabelText('Type'), 'hash');
    expect(screen.queryByRole('complementary', { name: 'Caveat: bytes per key' })).toBeNull();
    expect(screen.getByRole('complementary', { name: 'Caveat: change after an upgrade' })).toBeInTheDocument();
  });

  it('"Why this number" lists the inputs as planned and the defaults behind the figures: field name length, encodings, deployment', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.selectOptions(within(workloadCard('sessions')).getByLabelText('Type'), 'hash');
    const why = await screen.findByRole('region', { name: 'Why this number' }, { timeout: 10_000 });
    const itemsNow = () =>
      within(within(why).getByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    // The panel follows the numbers after their frame: it shows the hash once it has caught up.
    await waitFor(
      () =>
        expect(itemsNow()[0]).toBe(
          'sessions: 632,000 hash keys; Key length (bytes): 16 B; Fields per key: 10; Field name length (bytes): 8 B; Field value length (bytes): 16 B; Keys with a TTL: 0.0 %',
        ),
      CAUGHT_UP,
    );
    const items = itemsNow();
    expect(items).toContain('hash-max-listpack-entries 512 (the server default)');
    expect(items).toContain('no hash field has a TTL of its own');
    expect(items.some((i) => i?.startsWith('fragmentation ratio 1.1'))).toBe(true);
    expect(items).toContain('instance type cache.r7g.large');
    expect(items).toContain('no reserve kept from the data');
    expect(items).toContain('shards per line: 1 (at least 1; more where a node cannot hold a shard)');
  });
});

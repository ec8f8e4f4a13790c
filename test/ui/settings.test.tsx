import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/ui/shell/App';
import { usePlannerStore } from '../../src/state/store';
import { CAUGHT_UP, cell } from './helpers';

const DEPLOYMENT = 'Deployment per version';

describe('server build, deployment and units', () => {
  it('the system allocator (distribution packages) costs a quarter more on 7.2 and says why', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.selectOptions(screen.getByLabelText('Allocator'), 'jemalloc-system');
    expect(cell('7.2', 'Bytes per key')).toBe('125.27 B');
    expect(screen.getByText(/Debian and Ubuntu packages .* 16-byte quantum/)).toBeInTheDocument();
  });

  it('cluster mode adds 16 B per key on 7.2', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByRole('checkbox', { name: /Cluster mode/ }));
    expect(cell('7.2', 'Bytes per key')).toBe('117.27 B');
  });

  it('encoding thresholds are inputs', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.selectOptions(screen.getByLabelText('Type'), 'hash');
    const before = cell('7.2', 'Bytes per key');
    await user.click(screen.getByText('Encoding thresholds'));
    const entries = screen.getByLabelText('hash-max-listpack-entries');
    await user.clear(entries);
    await user.type(entries, '4');
    expect(cell('7.2', 'Bytes per key')).not.toBe(before);
    const list = screen.getByLabelText('list-max-listpack-size');
    await user.clear(list);
    await user.type(list, '0');
    expect(within(list.parentElement!).getByRole('alert')).toHaveTextContent('-1 to -5 or a positive count');
  });

  it('deployment: shards, replicas, fragmentation, headroom and instance type give nodes per version', async () => {
    const user = userEvent.setup();
    render(<App />);
    // 632k keys on 7.2: 61.04 MiB + 0.86 MiB empty server, x 1.1 x 1.25
    await waitFor(() => expect(cell('7.2', 'With headroom', DEPLOYMENT)).toMatch(/^85\.11 MiB\+/), CAUGHT_UP);
    await waitFor(() => expect(cell('7.2', 'Nodes', DEPLOYMENT)).toBe('1 × cache.r7g.large'), CAUGHT_UP);
    await user.clear(screen.getByLabelText('Replicas per shard'));
    await user.type(screen.getByLabelText('Replicas per shard'), '2');
    await waitFor(() => expect(cell('9.1', 'Nodes', DEPLOYMENT)).toBe('3 × cache.r7g.large'), CAUGHT_UP);
    await user.clear(screen.getByLabelText('Fragmentation ratio (RSS / used_memory)'));
    await user.type(screen.getByLabelText('Fragmentation ratio (RSS / used_memory)'), '0.9');
    expect(screen.getByRole('alert')).toHaveTextContent('at least 1');
    await user.clear(screen.getByLabelText('Fragmentation ratio (RSS / used_memory)'));
    await user.type(screen.getByLabelText('Fragmentation ratio (RSS / used_memory)'), '1');
    await user.clear(screen.getByLabelText('Fork copy-on-write headroom (%)'));
    await user.type(screen.getByLabelText('Fork copy-on-write headroom (%)'), '0');
    await waitFor(() => expect(cell('7.2', 'With headroom', DEPLOYMENT)).toMatch(/^61\.90 MiB\+/), CAUGHT_UP);

    await user.clear(screen.getByLabelText('Shards'));
    await user.type(screen.getByLabelText('Shards'), '4');
    await waitFor(() => expect(cell('7.2', 'Nodes', DEPLOYMENT)).toBe('12 × cache.r7g.large'), CAUGHT_UP);
    // More than one shard is cluster mode: asking for 4 turns it on, so nothing is left to warn about.
    expect(usePlannerStore.getState().scenario.deployment?.cluster).toBe(true);
    expect(screen.queryByText(/that is cluster mode/)).toBeNull();
  });

  it('a plan that needs more shards than asked for offers to turn cluster mode on, and one click does', async () => {
    const user = userEvent.setup();
    usePlannerStore.getState().workloadEdited(0, { keys: 200_000_000, valueBytes: 600 });
    render(<App />);
    const turnOn = await screen.findByRole('button', { name: 'Turn cluster mode on' });
    expect(screen.getByText(/that is cluster mode/)).toBeInTheDocument();
    await user.click(turnOn);
    expect(usePlannerStore.getState().scenario.deployment?.cluster).toBe(true);
    await waitFor(() => expect(screen.queryByText(/that is cluster mode/)).toBeNull(), CAUGHT_UP);
  });

  it("headroom: a provider's reserve holds the fork's copy-on-write room; only the larger counts", async () => {
    const user = userEvent.setup();
    render(<App />);
    // RSS 68.09 MiB (61.04 + 0.86 MiB, x 1.1): 25 % copy-on-write is 17.02 MiB.
    await waitFor(() => expect(cell('7.2', 'With headroom', DEPLOYMENT)).toBe('85.11 MiB+17.02 MiB copy-on-write'), CAUGHT_UP);
    await user.clear(screen.getByLabelText('Provider reserve (%)'));
    await user.type(screen.getByLabelText('Provider reserve (%)'), '25');
    // ElastiCache's 25 %: the node needs RSS / 0.75 = 90.79 MiB, not 68.09 x 1.25 / 0.75.
    await waitFor(
      () =>
        expect(cell('7.2', 'With headroom', DEPLOYMENT)).toBe('90.79 MiB+22.70 MiB reserve, holding the 17.02 MiB copy-on-write'),
      CAUGHT_UP,
    );
  });

  it("a provider's rule fills reserve and headroom from its page, and a figure typed over it makes them yours", async () => {
    const user = userEvent.setup();
    render(<App />);
    const rule = screen.getByLabelText("Provider's rule for reserve and headroom");
    const reserve = screen.getByLabelText('Provider reserve (%)') as HTMLInputElement;
    const headroom = screen.getByLabelText('Fork copy-on-write headroom (%)') as HTMLInputElement;
    await user.selectOptions(rule, 'elasticache');
    expect([reserve.value, headroom.value]).toEqual(['25', '0']);
    expect(screen.getByText(/reserve 25% of a node type's maxmemory/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Managing reserved memory (Valkey and Redis OSS)' })).toHaveAttribute(
      'href',
      'https://docs.aws.amazon.com/AmazonElastiCache/latest/red-ug/redis-memory-management.html',
    );
    // The 25 % reserve, with no headroom of its own: RSS / 0.75, as typed by hand above.
    await waitFor(() => expect(cell('7.2', 'With headroom', DEPLOYMENT)).toBe('90.79 MiB+22.70 MiB reserve'), CAUGHT_UP);
    await user.selectOptions(rule, 'azure-cache');
    expect([reserve.value, headroom.value]).toEqual(['20', '0']);
    await user.clear(reserve);
    await user.type(reserve, '30');
    expect((rule as HTMLSelectElement).value).toBe('');
    expect([reserve.value, headroom.value]).toEqual(['30', '0']);
    expect(screen.getByText(/The reserve and headroom below are your own/)).toBeInTheDocument();
  });

  it('a dataset larger than one node spreads over more shards, fewer on a newer line', async () => {
    const user = userEvent.setup();
    render(<App />);
    const keys = screen.getByLabelText('Keys');
    await user.clear(keys);
    await user.type(keys, '500M');
    await user.selectOptions(screen.getByLabelText('Instance type'), 'cache.r7g.xlarge');
    await waitFor(() => {
      const shards72 = Number(cell('7.2', 'Shards', DEPLOYMENT));
      const shards91 = Number(cell('9.1', 'Shards', DEPLOYMENT));
      expect(shards72).toBeGreaterThan(shards91);
      expect(shards91).toBeGreaterThan(1);
    }, CAUGHT_UP);
  });

  it('units switch between GiB and GB everywhere', async () => {
    const user = userEvent.setup();
    render(<App />);
    expect(cell('7.2', 'Dataset')).toBe('61.04 MiB');
    await user.click(screen.getByRole('radio', { name: /GB, MB/ }));
    expect(cell('7.2', 'Dataset')).toBe('64.00 MB');
    await waitFor(() => expect(cell('7.2', 'RSS per node', DEPLOYMENT)).toMatch(/ MB$/), CAUGHT_UP);
  });

  it('throughput: io-threads for a core count and the reference points', async () => {
    const user = userEvent.setup();
    render(<App />);
    const panel = within(await screen.findByRole('region', { name: 'Throughput' }, { timeout: 10_000 }));
    expect(panel.getByRole('status')).toHaveTextContent('io-threads 2 or 3 for 4 cores');
    await user.clear(screen.getByLabelText('Cores per node'));
    await user.type(screen.getByLabelText('Cores per node'), '8');
    expect(panel.getByRole('status')).toHaveTextContent('io-threads 6 for 8 cores');
    await user.clear(screen.getByLabelText('Cores per node'));
    await user.type(screen.getByLabelText('Cores per node'), '16');
    expect(panel.getByRole('status')).toHaveTextContent('names 8 cores (io-threads 6), not 16');
    expect(screen.getByText(/self-managed Valkey 8.0, GET: about 900,000 QPS/)).toBeInTheDocument();
    // A core count feeds no memory figure: while it does not parse, the field says so and the results stay current.
    await user.type(screen.getByLabelText('Cores per node'), ' cores');
    expect(screen.getByLabelText('Cores per node')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('region', { name: 'Results' })).not.toHaveAccessibleDescription(/Out of date/);
    expect(screen.getByRole('region', { name: 'Summary' })).not.toHaveTextContent(/out of date/);
  });
});

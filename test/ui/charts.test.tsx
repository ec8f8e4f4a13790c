import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { cell } from './helpers';

async function openTable(user: ReturnType<typeof userEvent.setup>, tab: RegExp) {
  await user.click(screen.getByRole('tab', { name: tab }));
  const panel = screen.getByRole('tabpanel');
  await user.click(await within(panel).findByRole('button', { name: 'Show table' }, { timeout: 10_000 }));
}

describe('charts and their tables', () => {
  it('versions: bars for every version, and the same numbers as a table', async () => {
    const user = userEvent.setup();
    render(<App />);
    await screen.findByRole('heading', { name: 'Versions side by side' }, { timeout: 10_000 });
    expect(document.querySelectorAll('.recharts-bar-rectangle').length).toBe(10);
    await openTable(user, /Versions/);
    expect(cell('9.1', 'Bytes per key', 'Versions side by side (table)')).toBe('62.81 B');
    expect(cell('9.1', 'Change vs 7.2', 'Versions side by side (table)')).toBe('−23.18 MiB (−38.0 %)');
  });

  it('"1 TB" check: the intro figures against the table for 1,000 GB, with their error', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByRole('tab', { name: /1 TB/ }));
    const fixed = await screen.findByRole('table', { name: '1,000 GB on 7.2: intro against table' });
    const row = (name: string) => within(fixed).getByRole('rowheader', { name }).closest('tr')!.textContent;
    expect(row('intro')).toBe('intro1000 GB800 GB640 GB–630 GB');
    expect(row('table')).toBe('table1000 GB922 GB702 GB702 GB625 GB');
    expect(row('intro error')).toBe('intro error–−122 GB−62 GB–+5 GB');
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Show table' }));
    // this scenario: 61.04 MiB on 7.2 in the model; the intro says 80 % of it on 8.0
    expect(cell('8.0', 'Intro (scaled)', 'The intro figures for this dataset (table)')).toBe('48.83 MiB');
    expect(cell('8.0', 'Model, your keys', 'The intro figures for this dataset (table)')).toBe('56.22 MiB');
  });

  it('value size: bytes per key at sizes from 1 B to 64 KiB per version', async () => {
    const user = userEvent.setup();
    render(<App />);
    await openTable(user, /Value size/);
    const table = 'Bytes per key against value size (table)';
    expect(cell('16 B', '7.2', table)).toBe('101.27 B');
    expect(cell('16 B', '9.1', table)).toBe('62.81 B');
    expect(cell('1,024 B', '9.1', table)).toBe('1334.81 B');
  });

  it("strings vs hash: Percona's users, with only 9.1 fitting 220 / 100 MB; then a custom entity", async () => {
    const user = userEvent.setup();
    render(<App />);
    await openTable(user, /Strings vs hash/);
    const table = 'Strings against one hash per entity (table)';
    expect(cell('9.1', 'String keys', table)).toBe('219.1 MiB');
    expect(cell('9.1', 'One hash', table)).toBe('100.6 MiB');
    expect(cell('9.1', 'Fits 220 / 100 MB', table)).toBe('fits');
    expect(cell('8.1', 'Fits 220 / 100 MB', table)).toBe('no');
    expect(cell('9.1', 'Hash vs strings', table)).toBe('−54.1 %');

    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Show chart' }));
    await user.click(screen.getByRole('checkbox', { name: /Percona's user/ }));
    await user.clear(screen.getByLabelText('Fields per entity'));
    await user.type(screen.getByLabelText('Fields per entity'), '20');
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Show table' }));
    expect(screen.queryByRole('columnheader', { name: /Fits/ })).toBeNull();
    expect(cell('9.1', 'Hash vs strings', table)).toMatch(/^−\d+\.\d %$/);
  });
});

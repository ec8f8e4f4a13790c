import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/ui/shell/App';
import { CHART_CODE, cell, openChartTable } from './helpers';

describe('charts and their tables', () => {
  it('versions: bars for every version, and the same numbers as a table', async () => {
    const user = userEvent.setup();
    render(<App />);
    await screen.findByRole('heading', { name: 'Versions side by side' }, CHART_CODE);
    expect(document.querySelectorAll('.recharts-bar-rectangle').length).toBe(10);
    await openChartTable(user, /Versions/);
    expect(cell('9.1', 'Bytes per key', 'Versions side by side (table)')).toBe('62.81 B');
    expect(cell('9.1', 'Change vs 7.2', 'Versions side by side (table)')).toBe('−23.18 MiB (−38.0 %)');
  });

  it('"1 TB on 7.2" is open under the results: intro, table and your keys in GB and %', async () => {
    const user = userEvent.setup();
    render(<App />);
    const upFront = '1,000 GB on 7.2: intro, table and your keys';
    expect(cell('8.0', 'Intro figure (post)', upFront)).toBe('800 GB (−20.0 %)');
    expect(cell('8.0', 'Benchmark table', upFront)).toBe('922 GB (−7.8 %)');
    expect(cell('8.0', 'Intro error', upFront)).toBe('−122 GB (−13.2 %)');
    expect(cell('8.1', 'Intro error', upFront)).toBe('−62 GB (−8.9 %)');
    expect(cell('9.1', 'Intro error', upFront)).toBe('+5 GB (+0.8 %)');
    expect(cell('9.0', 'Intro figure (post)', upFront)).toBe('–');
    // the default scenario's keys: 101.27 B per key on 7.2, 62.81 B on 9.1
    expect(cell('9.1', 'Your keys (model)', upFront)).toBe('620 GB (−38.0 %)');
    expect(cell('7.2', 'Your keys (model)', upFront)).toBe('1,000 GB (0.0 %)');

    await user.click(screen.getByRole('tab', { name: /1 TB/ }));
    await user.click(await within(await screen.findByRole('tabpanel')).findByRole('button', { name: 'Show table' }, CHART_CODE));
    // this scenario: 61.04 MiB on 7.2 in the model; the intro says 80 % of it on 8.0
    expect(cell('8.0', 'Intro figure (post)', 'The intro figures for this dataset (table)')).toBe('48.83 MiB');
    expect(cell('8.0', 'Your keys (model)', 'The intro figures for this dataset (table)')).toBe('56.22 MiB');
  });

  it('value size: bytes per key at sizes from 1 B to 64 KiB per version', async () => {
    const user = userEvent.setup();
    render(<App />);
    await openChartTable(user, /Value size/);
    const table = 'Bytes per key against value size (table)';
    expect(cell('16 B', '7.2', table)).toBe('101.27 B');
    expect(cell('16 B', '9.1', table)).toBe('62.81 B');
    expect(cell('1,024 B', '9.1', table)).toBe('1334.81 B');
  });

  it("strings vs hash: Percona's users, with only 9.1 fitting 220 / 100 MB; then a custom entity", async () => {
    const user = userEvent.setup();
    render(<App />);
    await openChartTable(user, /Strings vs hash/);
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

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { estimateVersion } from '../../src/model';
import { resolveScenario } from '../../src/scenario/resolve';
import { usePlannerStore } from '../../src/state/store';
import { App } from '../../src/ui/shell/App';
import { CAUGHT_UP, cell, workloadCard } from './helpers';

const LABEL = 'How the collections were written';

/** The model's bytes per key of the page's first workload on 9.1, as the results table writes it. */
const modelFigure = () =>
  `${estimateVersion(resolveScenario(usePlannerStore.getState().scenario), '9.1').workloads[0]!.bytesPerKey.toFixed(2)} B`;

describe('the write history on the workload card', () => {
  it('a set of 240 members written whole takes less on 9.1 than grown one member at a time; the choice is kept in the scenario', async () => {
    const user = userEvent.setup();
    render(<App />);
    const card = within(workloadCard('sessions'));
    expect(card.queryByLabelText(LABEL)).toBeNull(); // strings have no tables to write
    await user.selectOptions(card.getByLabelText('Type'), 'set');
    await user.clear(card.getByLabelText('Members per key'));
    await user.type(card.getByLabelText('Members per key'), '240');
    const select = card.getByLabelText(LABEL);
    expect(select).toHaveValue('one-per-command');
    expect(usePlannerStore.getState().scenario.workloads[0]).not.toHaveProperty('written');
    const grown = cell('9.1', 'Bytes per key');
    expect(grown).toBe(modelFigure());

    await user.selectOptions(select, 'Whole collection per command');
    expect(usePlannerStore.getState().scenario.workloads[0]).toHaveProperty('written', 'whole-collection');
    const whole = cell('9.1', 'Bytes per key');
    expect(whole).toBe(modelFigure());
    // The old table of 32 buckets (2 KiB and its child buckets) is gone.
    expect(parseFloat(grown) - parseFloat(whole)).toBeGreaterThan(2048);

    await user.selectOptions(select, 'Loaded (restart, sync, restore)');
    expect(cell('9.1', 'Bytes per key')).toBe(whole);
    await user.selectOptions(select, 'One per command (tables grown)');
    // Unset at its default, so a link of the scenario does not carry it.
    expect(usePlannerStore.getState().scenario.workloads[0]!.written).toBeUndefined();
    expect(cell('9.1', 'Bytes per key')).toBe(grown);

    // A list is offered it too: one RPUSH of 750 ten-byte elements stays one listpack on 7.2+.
    await user.selectOptions(card.getByLabelText('Type'), 'list');
    await user.clear(card.getByLabelText('Elements per key'));
    await user.type(card.getByLabelText('Elements per key'), '750');
    await user.clear(card.getByLabelText('Element length (bytes)'));
    await user.type(card.getByLabelText('Element length (bytes)'), '10');
    const pushed = cell('9.1', 'Bytes per key');
    await user.selectOptions(card.getByLabelText(LABEL), 'Whole collection per command');
    expect(cell('9.1', 'Bytes per key')).toBe(modelFigure());
    expect(cell('9.1', 'Bytes per key')).not.toBe(pushed);
    // A list has no tables: its default is named without them.
    const options = within(card.getByLabelText(LABEL))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['One element per command', 'Whole collection per command', 'Loaded (restart, sync, restore)']);
  });

  it('"Why this number" says a collection is taken as written one element per command until the card says otherwise', async () => {
    const user = userEvent.setup();
    render(<App />);
    const card = within(workloadCard('sessions'));
    await user.selectOptions(card.getByLabelText('Type'), 'set');
    const why = await screen.findByRole('region', { name: 'Why this number' }, CAUGHT_UP);
    const assumed = () =>
      within(within(why).getByRole('list'))
        .getAllByRole('listitem')
        .some((li) => li.textContent?.startsWith('written one element per command'));
    await waitFor(() => expect(assumed()).toBe(true), CAUGHT_UP);
    await user.selectOptions(card.getByLabelText(LABEL), 'Loaded (restart, sync, restore)');
    await waitFor(() => expect(assumed()).toBe(false), CAUGHT_UP);
  });
});

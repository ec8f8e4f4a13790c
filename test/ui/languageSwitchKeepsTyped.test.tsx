import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/i18n';
import type { Scenario } from '../../src/scenario/schema';
import { useInvalidInputs } from '../../src/state/invalidInputs';
import { usePlannerStore } from '../../src/state/store';
import { LocaleRoot } from '../../src/ui/shell/LocaleRoot';
import { WorkloadList } from '../../src/ui/workload/WorkloadCard';

const SCENARIO: Scenario = {
  schema: 1,
  workloads: [
    { name: 'strings', type: 'string', keys: 200_000, keyBytes: 14, valueBytes: 100, ttlFraction: 0 },
    {
      name: 'sizes',
      type: 'string',
      keys: 1000,
      keyBytes: 14,
      valueBytes: { kind: 'histogram', buckets: [{ from: 10, to: 20, weight: 1 }] },
      ttlFraction: 0,
    },
  ],
};
const stored = () => usePlannerStore.getState().scenario.workloads;

// Issue 32 (low): a half-typed value was dropped on a language switch (the page renders afresh in the new language).
describe('switching the language keeps what is typed in a card', () => {
  afterEach(() => act(() => activateLocale('en')));

  it('an invalid count, a growth figure and a histogram not yet applied stay as typed, their messages in the new language', async () => {
    act(() => usePlannerStore.getState().scenarioLoaded(SCENARIO, {}, null));
    const user = userEvent.setup();
    render(
      <LocaleRoot>
        <WorkloadList />
      </LocaleRoot>,
    );
    const strings = screen.getByRole('group', { name: 'Workload strings' });
    const keys = within(strings).getByLabelText('Keys');
    await user.clear(keys);
    await user.type(keys, '12x');
    expect(within(strings).getByRole('alert')).toHaveTextContent('Keys: "12x" is not a number');
    await user.selectOptions(within(strings).getByLabelText('Growth'), 'keysPerMonth');
    const added = within(strings).getByLabelText('Keys added per month');
    await user.clear(added);
    await user.type(added, '25'); // valid, half-typed: the scenario has 25
    const sizes = screen.getByRole('group', { name: 'Workload sizes' });
    const histogram = within(sizes).getByLabelText(/histogram, a bucket per line/);
    await user.click(histogram);
    await user.type(histogram, '{Enter}30-40 2');

    await act(() => activateLocale('de'));
    const card = screen.getByRole('group', { name: 'Workload strings' });
    const keysAgain = within(card).getByLabelText('Schlüssel');
    expect(keysAgain).toHaveValue('12x');
    expect(keysAgain).toHaveAttribute('aria-invalid', 'true');
    expect(within(card).getByRole('alert')).toHaveTextContent('Schlüssel: „12x“ ist keine Zahl');
    // Still out of date: the results are for the last valid keys, "12".
    expect(Object.values(useInvalidInputs.getState().labels)).toEqual(['Schlüssel']);
    expect(stored()[0]!.keys).toBe(12);
    expect(within(card).getByDisplayValue('25')).toBeInTheDocument();
    expect(stored()[0]!.growth).toEqual({ kind: 'keysPerMonth', keysPerMonth: 25 });
    const histogramAgain = within(screen.getByRole('group', { name: 'Workload sizes' })).getByLabelText(/Histogramm/);
    expect(histogramAgain).toHaveValue('10-20 1\n30-40 2');
    // Not applied yet; leaving the field applies it as typed before the switch.
    expect(stored()[1]!.valueBytes).toEqual({ kind: 'histogram', buckets: [{ from: 10, to: 20, weight: 1 }] });
    await user.click(histogramAgain);
    await user.tab();
    expect(stored()[1]!.valueBytes).toEqual({
      kind: 'histogram',
      buckets: [
        { from: 10, to: 20, weight: 1 },
        { from: 30, to: 40, weight: 2 },
      ],
    });
  }, 60_000);

  it('a value from outside (a preset, a link) still replaces what was typed', async () => {
    act(() => usePlannerStore.getState().scenarioLoaded(SCENARIO, {}, null));
    const user = userEvent.setup();
    render(
      <LocaleRoot>
        <WorkloadList />
      </LocaleRoot>,
    );
    const keys = within(screen.getByRole('group', { name: 'Workload strings' })).getByLabelText('Keys');
    await user.clear(keys);
    await user.type(keys, '12x');
    act(() => usePlannerStore.getState().workloadEdited(0, { keys: 5000 }));
    await act(() => activateLocale('de'));
    expect(within(screen.getByRole('group', { name: 'Workload strings' })).getByLabelText('Schlüssel')).toHaveValue('5000');
  }, 60_000);
});

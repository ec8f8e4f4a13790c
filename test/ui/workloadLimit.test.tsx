import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/i18n';
import { DEFAULT_SCENARIO } from '../../src/scenario/defaults';
import { LIMITS } from '../../src/scenario/limits';
import type { Scenario } from '../../src/scenario/schema';
import { usePlannerStore } from '../../src/state/store';
import { WorkloadList } from '../../src/ui/workload/WorkloadCard';

/**
 * Found by text, not by role: with 100 cards (some 900 fields) on the page, each role query walks
 * the whole accessibility tree.
 */
const button = (text: string, within: ParentNode = document) =>
  [...within.querySelectorAll('button')].find((b) => b.textContent === text)!;
const card = (name: string) => document.querySelector<HTMLElement>(`fieldset[aria-label="Workload ${name}"]`)!;

const scenarioOf = (count: number): Scenario => ({
  schema: 1,
  workloads: Array.from({ length: count }, (_, i) => ({ ...DEFAULT_SCENARIO.workloads[0]!, name: `w${i}` })),
});
const FULL = `A scenario holds at most ${LIMITS.workloads} workloads: remove one to add another`;

// Issue 32 (low): at 100 workloads Add and Duplicate were disabled without a word.
describe('at the limit of workloads, Add and Duplicate say why they are disabled', () => {
  afterEach(() => act(() => activateLocale('en')));

  it('the limit in words beside Add, and as the accessible description of Add and of each Duplicate', async () => {
    act(() => usePlannerStore.getState().scenarioLoaded(scenarioOf(LIMITS.workloads), {}, null));
    const user = userEvent.setup();
    render(<WorkloadList />);
    // Cards past the first few mount in a background render.
    await waitFor(() => expect(card('w99')).not.toBeNull(), { timeout: 30_000 });
    const add = button('Add workload');
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(FULL);
    expect(screen.getByText(FULL)).toBeVisible();
    const duplicate = button('Duplicate', card('w0'));
    expect(duplicate).toBeDisabled();
    expect(duplicate).toHaveAccessibleDescription(FULL);

    // One fewer: both work again, and the text goes.
    await user.click(button('Remove', card('w1')));
    expect(usePlannerStore.getState().scenario.workloads).toHaveLength(LIMITS.workloads - 1);
    expect(add).toBeEnabled();
    expect(add).not.toHaveAccessibleDescription();
    expect(button('Duplicate', card('w0'))).toBeEnabled();
    expect(screen.queryByText(FULL)).toBeNull();
    await user.click(add);
    expect(usePlannerStore.getState().scenario.workloads).toHaveLength(LIMITS.workloads);
    expect(button('Add workload')).toHaveAccessibleDescription(FULL);
  }, 60_000);

  it('in German', async () => {
    await act(() => activateLocale('de'));
    act(() => usePlannerStore.getState().scenarioLoaded(scenarioOf(LIMITS.workloads), {}, null));
    render(<WorkloadList />);
    expect(button('Workload hinzufügen')).toHaveAccessibleDescription(
      'Ein Szenario umfasst höchstens 100 Workloads: Entfernen Sie einen, um einen weiteren hinzuzufügen',
    );
  }, 60_000);
});

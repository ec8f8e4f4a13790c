import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { withLaterMessages } from '../../src/i18n';
import type { Scenario } from '../../src/scenario/schema';
import { adviceOf } from '../../src/state/adviceDerived';
import { usePlannerStore } from '../../src/state/store';
import AdvicePanel from '../../src/ui/advice/AdvicePanel';
import { DeferredScenario } from '../../src/ui/common/deferredScenario';
import { CARTS_AND_USERS } from '../support/adviceWorkloads';

/** The carts and users plan, priced: its savings are bytes, far from a whole node. */
const PRICED: Scenario = { ...CARTS_AND_USERS, deployment: { instanceType: 'm7g.large' } };

beforeAll(() => withLaterMessages(Promise.resolve()));

describe('advice that frees no whole node', () => {
  it('says the nodes cost the same, never "$0.00 a month"', async () => {
    act(() => usePlannerStore.getState().scenarioUsed(PRICED));
    const advice = adviceOf(PRICED);
    expect(advice.length).toBeGreaterThan(0);
    expect(advice.every((a) => a.targetSavesPerMonth === 0)).toBe(true);
    render(
      <DeferredScenario>
        <AdvicePanel />
      </DeferredScenario>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show advice' }));
    const items = screen.getAllByRole('listitem').filter((li) => li.classList.contains('advice-item'));
    expect(items).toHaveLength(advice.length);
    for (const item of items) {
      expect(item.textContent).not.toContain('$0.00');
      expect(within(item).getByText(/^On Valkey 7\.2: this frees no whole node/)).toBeInTheDocument();
    }
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { withLaterMessages } from '../../src/i18n';
import { usePlannerStore } from '../../src/state/store';
import CostPanel from '../../src/ui/cost/CostPanel';
import { DeferredScenario } from '../../src/ui/common/deferredScenario';
import { WorkloadGrowthInput } from '../../src/ui/workload/WorkloadGrowthInput';

function FirstWorkloadGrowth() {
  const workload = usePlannerStore((s) => s.scenario.workloads[0]!);
  return <WorkloadGrowthInput index={0} workload={workload} />;
}

describe('one growth rate for the whole scenario', () => {
  beforeAll(() => withLaterMessages(Promise.resolve()));

  it('is set once in the growth section, applies to every workload without its own, and the card says so', async () => {
    const user = userEvent.setup();
    render(
      <DeferredScenario>
        <CostPanel />
        <FirstWorkloadGrowth />
      </DeferredScenario>,
    );
    const scenarioRate = screen.getByLabelText('Growth of every workload without its own');
    await user.selectOptions(scenarioRate, 'Keys per month');
    const keys = screen.getByLabelText('Keys added per month');
    await user.clear(keys);
    await user.type(keys, '3M');
    expect(usePlannerStore.getState().scenario.growth).toEqual({ kind: 'keysPerMonth', keysPerMonth: 3_000_000 });
    expect(usePlannerStore.getState().scenario.workloads[0]!.growth).toBeUndefined();
    const assumptions = screen.getByRole('note', { name: 'Growth assumptions' });
    await waitFor(() => expect(assumptions).toHaveTextContent("adds 3,000,000 keys a month (the scenario's rate)"));
    // The card's own choice reads as following the scenario.
    const card = screen.getByLabelText('Growth');
    expect(within(card).getByRole('option', { selected: true })).toHaveTextContent('As the scenario');
    await user.selectOptions(scenarioRate, 'No growth');
    expect(usePlannerStore.getState().scenario.growth).toBeUndefined();
  });
});

describe('growth assumptions without a scenario rate', () => {
  beforeAll(() => withLaterMessages(Promise.resolve()));
  it("says 'no growth' plainly, naming no scenario rate", async () => {
    render(
      <DeferredScenario>
        <CostPanel />
      </DeferredScenario>,
    );
    const assumptions = screen.getByRole('note', { name: 'Growth assumptions' });
    expect(assumptions).toHaveTextContent('no growth');
    expect(assumptions).not.toHaveTextContent("scenario's rate");
  });
});

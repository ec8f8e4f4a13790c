import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { withLaterMessages } from '../../src/i18n';
import { costOf } from '../../src/state/costDerived';
import { usePlannerStore } from '../../src/state/store';
import { CostSettingsForm } from '../../src/ui/cost/CostSettingsForm';
import { DeploymentForm } from '../../src/ui/cost/DeploymentForm';
import { UndoRedo } from '../../src/ui/shell/UndoRedo';

const FRAGMENTATION = 'Fragmentation ratio (RSS / used_memory)';
const PRICE = 'Your Valkey price per node-hour (USD)';

/** The forms with the Undo and Redo buttons, as the page shows them. */
function Forms() {
  const scenario = usePlannerStore((s) => s.scenario);
  return (
    <>
      <UndoRedo />
      <DeploymentForm />
      <CostSettingsForm prices={costOf(scenario).prices} region={costOf(scenario).region} />
    </>
  );
}

/** Selects what the field holds and types `text` over it, a key at a time, then leaves the field. */
async function retype(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const field = screen.getByLabelText(label);
  await user.tripleClick(field);
  await user.keyboard(text);
  await user.tab();
}

describe('Undo in the deployment and cost forms: one step per field edit', () => {
  beforeAll(() => withLaterMessages(Promise.resolve()));

  it('fragmentation 1.1 -> 1.3 undoes to 1.1, never to the half-typed "1"; a price 0.437 undoes to empty', async () => {
    const user = userEvent.setup();
    render(<Forms />);
    const undo = screen.getByRole('button', { name: 'Undo' });
    const redo = screen.getByRole('button', { name: 'Redo' });
    expect(screen.getByLabelText(FRAGMENTATION)).toHaveValue('1.1');
    await retype(user, FRAGMENTATION, '1.3');
    await retype(user, PRICE, '0.437');
    expect(usePlannerStore.getState().scenario.cost).toEqual({ pricePerNodeHourValkey: 0.437 });

    await user.click(undo);
    expect(screen.getByLabelText(PRICE)).toHaveValue('');
    expect(screen.getByLabelText(FRAGMENTATION)).toHaveValue('1.3');
    await user.click(undo);
    expect(screen.getByLabelText(FRAGMENTATION)).toHaveValue('1.1');
    expect(undo).toBeDisabled();
    await user.click(redo);
    await user.click(redo);
    expect(screen.getByLabelText(FRAGMENTATION)).toHaveValue('1.3');
    expect(screen.getByLabelText(PRICE)).toHaveValue('0.437');
    expect(redo).toBeDisabled();
  });

  it('typing a field back to what it held leaves no step', async () => {
    const user = userEvent.setup();
    render(<Forms />);
    await retype(user, FRAGMENTATION, '1.2');
    // 1.25, then the 5 taken back: the field holds 1.2 again, and nothing of it is a step.
    await retype(user, FRAGMENTATION, '1.25{Backspace}');
    expect(usePlannerStore.getState().scenario.deployment?.fragmentationRatio).toBe(1.2);
    const undo = screen.getByRole('button', { name: 'Undo' });
    await user.click(undo);
    expect(screen.getByLabelText(FRAGMENTATION)).toHaveValue('1.1');
    expect(undo).toBeDisabled();
  });
});

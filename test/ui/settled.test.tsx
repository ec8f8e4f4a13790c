import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePlannerStore } from '../../src/state/store';
import { useSettledEstimate, useSettledScenario } from '../../src/ui/settled';

function Keys({ label, keys }: { label: string; keys: number }) {
  return <p aria-label={label}>{keys}</p>;
}
const Now = () => <Keys label="now" keys={usePlannerStore((s) => s.scenario.workloads[0]!.keys)} />;
const Settled = () => <Keys label="settled" keys={useSettledScenario().workloads[0]!.keys} />;
const SettledTotal = () => <p aria-label="settled total">{useSettledEstimate().versions[0]!.workloads[0]!.keys}</p>;

describe('panels below the results follow an edit once it is painted', () => {
  it('shows the edit a frame later, every such panel with the same scenario', async () => {
    render(
      <>
        <Now />
        <Settled />
        <SettledTotal />
      </>,
    );
    const before = usePlannerStore.getState().scenario.workloads[0]!.keys;
    expect(screen.getByLabelText('settled')).toHaveTextContent(String(before));
    act(() => usePlannerStore.getState().workloadEdited(0, { keys: 4321 }));
    expect(screen.getByLabelText('now')).toHaveTextContent('4321');
    // The edit's own render leaves the panels as they were...
    expect(screen.getByLabelText('settled')).toHaveTextContent(String(before));
    expect(screen.getByLabelText('settled total')).toHaveTextContent(String(before));
    // ...and the next task after the frame brings them to it, together.
    await waitFor(() => expect(screen.getByLabelText('settled')).toHaveTextContent('4321'));
    expect(screen.getByLabelText('settled total')).toHaveTextContent('4321');
  });

  it('a panel that appears shows the store as it is, with no frame to wait for', () => {
    act(() => usePlannerStore.getState().workloadEdited(0, { keys: 777 }));
    render(<Settled />);
    expect(screen.getByLabelText('settled')).toHaveTextContent('777');
  });
});

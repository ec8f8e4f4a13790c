import { churnModel } from './churnModel';
import { usePlannerStore } from './store';

let loading: Promise<void> | null = null;

/**
 * Loads the churn model (churnModel.ts), then has the store's scenario estimated again with it:
 * a copy of the same scenario, so the memoized estimates are computed afresh (no step, no change).
 */
export function loadChurnModel(): Promise<void> {
  loading ??= import('./churnEstimate').then(() => {
    if (usePlannerStore.getState().scenario.churn?.length)
      usePlannerStore.setState(({ scenario }) => ({ scenario: { ...scenario } }));
  });
  return loading;
}

usePlannerStore.subscribe((state) => {
  if (!churnModel() && state.scenario.churn?.length) void loadChurnModel();
});

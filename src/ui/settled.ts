import { useSyncExternalStore } from 'react';
import type { ScenarioEstimate } from '../model';
import type { ResolvedScenario } from '../model/input';
import type { Scenario } from '../scenario/schema';
import type { View } from '../scenario/view';
import { estimateOf, resolvedOf } from '../state/derived';
import { usePlannerStore } from '../state/store';

/** Runs `then` once the browser has painted the current frame: the frame's callback, then a task after it. */
function afterPaint(then: () => void): void {
  if (typeof requestAnimationFrame !== 'function') setTimeout(then);
  else requestAnimationFrame(() => setTimeout(then));
}

interface Settled {
  scenario: Scenario;
  view: View;
}

let settled: Settled = { scenario: usePlannerStore.getState().scenario, view: usePlannerStore.getState().view };
let pending = false;
const listeners = new Set<() => void>();

// Follows the store one painted frame later, all panels at once, with the scenario and view of
// that moment: what several panels show from it always agrees.
usePlannerStore.subscribe(() => {
  if (pending) return;
  pending = true;
  afterPaint(() => {
    pending = false;
    if (catchUp()) for (const listener of listeners) listener();
  });
});

/** Settles on the store's scenario and view; says whether they had changed. */
function catchUp(): boolean {
  const { scenario, view } = usePlannerStore.getState();
  if (scenario === settled.scenario && view === settled.view) return false;
  settled = { scenario, view };
  return true;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** With no panel on screen that follows it, there is nothing to wait for: a panel appearing shows the store as it is. */
function snapshot(): Settled {
  if (listeners.size === 0) catchUp();
  return settled;
}

/**
 * The scenario and view as they were when the browser last painted: for the panels below the
 * answer (cost, growth, the change request, "why this number"), which then render in a task of
 * their own after an edit's results and chart are on screen, instead of in the edit's. They are
 * one frame behind while an edit is being painted, and never apart from each other.
 */
export const useSettledScenario = (): Scenario => useSyncExternalStore(subscribe, () => snapshot().scenario);
export const useSettledView = (): View => useSyncExternalStore(subscribe, () => snapshot().view);
export const useSettledResolved = (): ResolvedScenario => resolvedOf(useSettledScenario());
export const useSettledEstimate = (): ScenarioEstimate => estimateOf(useSettledScenario());

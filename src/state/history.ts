import { create } from 'zustand';
import type { Scenario } from '../scenario/schema';
import { usePlannerStore, type PlannerState } from './store';

/** At most this many steps back: a long session keeps memory bounded. */
const LIMIT = 200;

interface HistoryState {
  past: Scenario[];
  future: Scenario[];
  /** Counts the steps begun (not those coalesced into the last one): the address bar adds an entry per step. */
  steps: number;
}

/** Undo and redo over the scenario; what the Undo and Redo buttons read. */
export const useHistoryStore = create<HistoryState>()(() => ({ past: [], future: [], steps: 0 }));

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The paths of the values that differ between two scenarios, down to the first non-object. */
function changedPaths(a: unknown, b: unknown, path: string, out: Array<{ path: string; value: unknown }>) {
  if (a === b) return;
  if (isPlainObject(a) && isPlainObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) changedPaths(a[key], b[key], `${path}.${key}`, out);
  } else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x) => isPlainObject(x))) {
    a.forEach((x, i) => changedPaths(x, b[i], `${path}.${i}`, out));
  } else out.push({ path, value: b });
}

/**
 * The field an edit changed, when it is one typed or chosen value ("workloads.0.keys"), so that
 * the keystrokes of one field make one step; null for any other change (a workload added,
 * removed or duplicated, a preset, a version or switch toggled, a link opened), which is a step
 * of its own.
 */
export function fieldOf(previous: Scenario, next: Scenario): string | null {
  const changes: Array<{ path: string; value: unknown }> = [];
  changedPaths(previous, next, '', changes);
  if (changes.length !== 1) return null;
  const [{ path, value }] = changes as [{ path: string; value: unknown }];
  return typeof value === 'number' || typeof value === 'string' ? path : null;
}

let applying = false;
let stepNext = false;

/** Records the change `load` makes as a step of its own (a link opened with Back or Forward). */
export function asStep<T>(load: () => T): T {
  stepNext = true;
  try {
    return load();
  } finally {
    stepNext = false;
  }
}

function restore(from: 'past' | 'future') {
  const history = useHistoryStore.getState();
  const stack = history[from];
  const scenario = stack[stack.length - 1];
  if (!scenario) return;
  const current = usePlannerStore.getState().scenario;
  const other = from === 'past' ? 'future' : 'past';
  useHistoryStore.setState({ [from]: stack.slice(0, -1), [other]: [...history[other], current] });
  lastField = null;
  applying = true;
  try {
    usePlannerStore.setState({ scenario });
  } finally {
    applying = false;
  }
}

export const undo = () => restore('past');
export const redo = () => restore('future');

let lastField: string | null = null;

let recording = false;

// Subscribed when this module loads, before the address bar's sync (urlSync.ts imports this
// module): by the time that sync sees a change, the step it belongs to is counted.
usePlannerStore.subscribe((state: PlannerState, previous: PlannerState) => {
  if (!recording || state.scenario === previous.scenario || applying) return;
  const field = stepNext || state.steps !== previous.steps ? null : fieldOf(previous.scenario, state.scenario);
  const coalesced = field !== null && field === lastField;
  lastField = field;
  const history = useHistoryStore.getState();
  if (coalesced) {
    if (history.future.length) useHistoryStore.setState({ future: [] });
    return;
  }
  useHistoryStore.setState({
    past: [...history.past, previous.scenario].slice(-LIMIT),
    future: [],
    steps: history.steps + 1,
  });
});

/**
 * Starts recording the scenario's changes from now on (what the page opened with is where Undo
 * stops). Returns a function that stops it and forgets the steps.
 */
export function startHistory(): () => void {
  useHistoryStore.setState({ past: [], future: [] });
  lastField = null;
  recording = true;
  return () => {
    recording = false;
    useHistoryStore.setState({ past: [], future: [] });
  };
}

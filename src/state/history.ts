import { create } from 'zustand';
import type { Scenario } from '../scenario/schema';
import { usePlannerStore, type PlannerState } from './store';

/** At most this many steps back: a long session keeps memory bounded. */
const LIMIT = 200;

interface HistoryState {
  past: Scenario[];
  future: Scenario[];
  /**
   * Counts the steps begun (not those coalesced into the last one) and each Undo and Redo: the
   * address bar adds an entry for each, so Back after an Undo shows the scenario before it.
   */
  steps: number;
}

/** Undo and redo over the scenario; what the Undo and Redo buttons read. */
export const useHistoryStore = create<HistoryState>()(() => ({ past: [], future: [], steps: 0 }));

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The paths of the values that differ between two scenarios, down to the first non-object. An
 * absent part reads as an empty one ("deployment" before its first field is set), so setting its
 * first field changes that field, not the whole part.
 */
function changedPaths(a: unknown, b: unknown, path: string, out: Array<{ path: string; value: unknown }>) {
  if (a === b) return;
  const objectA = a === undefined ? {} : a;
  const objectB = b === undefined ? {} : b;
  if (isPlainObject(objectA) && isPlainObject(objectB)) {
    for (const key of new Set([...Object.keys(objectA), ...Object.keys(objectB)]))
      changedPaths(objectA[key], objectB[key], `${path}.${key}`, out);
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
  const changes = changesBetween(previous, next);
  if (changes.length !== 1) return null;
  const [{ path, value }] = changes as [{ path: string; value: unknown }];
  return typeof value === 'number' || typeof value === 'string' || value === undefined ? path : null;
}

function changesBetween(previous: Scenario, next: Scenario): Array<{ path: string; value: unknown }> {
  const changes: Array<{ path: string; value: unknown }> = [];
  changedPaths(previous, next, '', changes);
  return changes;
}

let applying = false;
let stepNext = false;
/** The typed field whose keystrokes are reaching the scenario now (fieldTyped), if any. */
let typing: string | null = null;

/**
 * Applies what a text field parsed from a keystroke (`apply`) as part of that field's edit: from
 * the first keystroke until the field loses focus (fieldLeft) its changes make one step, whatever
 * else they change (a provider's rule dropped when a headroom is typed over it), so no half-typed
 * value ("1" on the way to "1.3") is a step of its own. `field` names the field on the page.
 */
export function fieldTyped(field: string, apply: () => void): void {
  typing = `typed:${field}`;
  try {
    apply();
  } finally {
    typing = null;
  }
}

/** The field lost focus: what is typed into it next is a new step. */
export function fieldLeft(field: string): void {
  if (lastField === `typed:${field}`) lastField = null;
}

/** While asOneEdit runs: what its changes are coalesced under, and the last text field typed into during it. */
let grouped: { step: string; typedField: string | null } | null = null;

/**
 * Applies what `apply` changes (several fields, a choice, in any order) as one step, the user's
 * own: the input made in the prerendered page before the app took it over. A text field typed into
 * during it goes on being that step while it keeps its focus, as any field being typed into does.
 */
export function asOneEdit(apply: () => void): void {
  grouped = { step: 'one edit', typedField: null };
  const group = grouped;
  try {
    apply();
  } finally {
    grouped = null;
    if (lastField === group.step) lastField = group.typedField ?? lastField;
  }
}

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
  useHistoryStore.setState({
    [from]: stack.slice(0, -1),
    [other]: [...history[other], current],
    steps: history.steps + 1,
  });
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

/** True while Undo or Redo puts a scenario back: the address bar gives it an entry at once. */
export const isRestoring = () => applying;

let lastField: string | null = null;

let recording = false;

// Subscribed when this module loads, before the address bar's sync (urlSync.ts imports this
// module): by the time that sync sees a change, the step it belongs to is counted.
usePlannerStore.subscribe((state: PlannerState, previous: PlannerState) => {
  if (!recording || state.scenario === previous.scenario || applying) return;
  // A change that changes nothing ("1." after "1") is no step.
  if (changesBetween(previous.scenario, state.scenario).length === 0) return;
  if (grouped && typing) grouped.typedField = typing;
  const field =
    grouped?.step ?? (stepNext || state.steps !== previous.steps ? null : (typing ?? fieldOf(previous.scenario, state.scenario)));
  const coalesced = field !== null && field === lastField;
  lastField = field;
  const history = useHistoryStore.getState();
  if (coalesced) {
    const begun = history.past[history.past.length - 1];
    // Typed back to where the step began: the step changes nothing and goes; a next keystroke begins another.
    if (begun && changesBetween(begun, state.scenario).length === 0) {
      useHistoryStore.setState({ past: history.past.slice(0, -1), future: [] });
      lastField = null;
    } else if (history.future.length) useHistoryStore.setState({ future: [] });
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

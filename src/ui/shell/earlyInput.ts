/**
 * What the reader typed, pasted or chose in the prerendered page before the app took it over
 * (main.tsx hydrates it): the markup is live to the keyboard and the mouse from the first paint,
 * but no handler of the app listens yet. React keeps a typed value in place when it takes a field
 * over and never hears it as a change (and resets a text area's), so the page would show the
 * typed figure beside results for the old one. Read before the takeover and again after it, every
 * control left unlike its prerendered default is given back to the app as the input it is.
 */

const CONTROLS = 'input, select, textarea';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A control's state where it differs from the prerendered page's. */
type ChangedState = { text: string } | { checked: boolean } | { selected: string[] };

export interface EarlyInput {
  /** By the control's place among the page's controls (the takeover keeps the markup as it is). */
  changed: Map<number, ChangedState>;
  /** The control that had the focus, by its place, and its caret or selection (null in a field without one). */
  focus: { index: number; start: number | null; end: number | null; direction: 'forward' | 'backward' | 'none' | null } | null;
}

const controlsIn = (root: HTMLElement) => [...root.querySelectorAll<Control>(CONTROLS)];

const isCheckable = (control: Control): control is HTMLInputElement =>
  control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');

/** The control's state if the reader changed it from its default (the markup's own value, checked or selected). */
function changedState(control: Control): ChangedState | null {
  if (isCheckable(control)) {
    // A radio button unchecked by choosing another of its group is that other's change, not its own.
    if (control.checked === control.defaultChecked || (control.type === 'radio' && !control.checked)) return null;
    return { checked: control.checked };
  }
  if (control instanceof HTMLSelectElement) {
    const options = [...control.options];
    if (options.every((o) => o.selected === o.defaultSelected)) return null;
    return { selected: options.filter((o) => o.selected).map((o) => o.value) };
  }
  return control.value === control.defaultValue ? null : { text: control.value };
}

/** Reads what was typed or chosen in `root` so far, and where the focus is. */
export function readEarlyInput(root: HTMLElement): EarlyInput {
  const controls = controlsIn(root);
  const changed = new Map<number, ChangedState>();
  controls.forEach((control, index) => {
    const state = changedState(control);
    if (state) changed.set(index, state);
  });
  const focused = document.activeElement;
  const index = controls.indexOf(focused as Control);
  if (index < 0) return { changed, focus: null };
  const text = focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement ? focused : null;
  // null where the field has no caret (a checkbox, a number field).
  const [start, end, direction] = [text?.selectionStart ?? null, text?.selectionEnd ?? null, text?.selectionDirection ?? null];
  return { changed, focus: { index, start, end, direction } };
}

/**
 * Gives `state` to the app as the reader's input: the app's handlers compare a field with the
 * value they last rendered, so the control is first set back to that, then to the reader's value
 * as a keystroke or a click sets it, and the event that comes with one is sent.
 */
function replay(control: Control, state: ChangedState): void {
  if ('checked' in state && isCheckable(control)) {
    control.checked = !state.checked;
    control.click();
  } else if ('selected' in state && control instanceof HTMLSelectElement) {
    for (const option of control.options) option.selected = state.selected.includes(option.value);
    control.dispatchEvent(new Event('change', { bubbles: true }));
  } else if ('text' in state && !(control instanceof HTMLSelectElement)) {
    control.value = control.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')!.set!.call(control, state.text);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Once the app has taken `root` over: every control still unlike what the app rendered (typed
 * during the takeover too), or reset by the takeover after `before` read it, is given to the app as
 * input, inside `asOneEdit` (one step of the undo history); the focus and caret stay where they were.
 */
export function replayEarlyInput(root: HTMLElement, before: EarlyInput, asOneEdit: (apply: () => void) => void): void {
  const controls = controlsIn(root);
  const now = readEarlyInput(root);
  // The reader's values the takeover kept are read now; those it reset, as read before.
  const changed = new Map([...before.changed, ...now.changed]);
  if (changed.size > 0) asOneEdit(() => changed.forEach((state, index) => controls[index] && replay(controls[index], state)));
  const focus = now.focus ?? before.focus;
  const focused = focus && controls[focus.index];
  if (!focus || !focused) return;
  if (document.activeElement !== focused) focused.focus();
  if (focus.start !== null && focus.end !== null && !(focused instanceof HTMLSelectElement))
    focused.setSelectionRange(focus.start, focus.end, focus.direction ?? undefined);
}

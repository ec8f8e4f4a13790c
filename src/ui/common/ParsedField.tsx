import { useEffect, useId } from 'react';
import { useKeptState } from './keptState';
import { inputInvalid, inputValidAgain } from '../../state/invalidInputs';
import { fieldLeft, fieldTyped } from '../../state/history';
import type { ParseResult } from '../../scenario/inputProblem';
import { t } from '../../i18n';
import { formatLimit, inputProblemMessage } from './inputProblemMessages';

interface ParsedFieldProps<T> {
  label: string;
  value: T;
  parse: (text: string) => ParseResult<T>;
  /** How the parsed value reads back to the user ("1,500,000 keys"). */
  describe?: (value: T) => string;
  onValid: (value: T) => void;
  /** How a value from outside (a preset, a link) is written into the field. */
  toText?: (value: T) => string;
  /** The field feeds no memory figure (the throughput panel's cores): while it does not parse, the results stay current. */
  outsideResults?: boolean;
  /**
   * The field's name on the page ("workload:sessions:keys"): what is typed, valid or not, outlives
   * the page's fresh render in another language (LocaleRoot) and a card folded away.
   */
  keepAs?: string;
}

/**
 * How typed figures were read, when they hold a decimal or grouping mark ("0,250" in German is
 * 0.25): a mark means one thing in one language and another elsewhere, so the field says which.
 */
export function readAs<T>(text: string, value: T, toText: (value: T) => string): string | null {
  const typed = text.trim();
  if (!/[.,]/.test(typed) || !/^[\s\d.,+\-%]*$/.test(typed) || typed === toText(value)) return null;
  const shown = typeof value === 'number' && toText === String ? formatLimit(value) : toText(value);
  return t('field.readAs', { value: shown });
}

/**
 * A text field for what people type ("1.5M", "2 KiB", "40%"): shows the parsed value, or a
 * message next to the field; only valid values reach the store, and what is typed between focus
 * and blur is one step of the undo history (fieldTyped).
 */
export function ParsedField<T>({
  label,
  value,
  parse,
  describe,
  onValid,
  toText = String,
  outsideResults = false,
  keepAs,
}: ParsedFieldProps<T>) {
  const id = useId();
  const [text, setText] = useKeptState(keepAs === undefined ? null : `${keepAs}.text`, () => toText(value));
  // The value the text was typed against: a kept text stands only while the value is still that one.
  const [committed, setCommitted] = useKeptState(keepAs === undefined ? null : `${keepAs}.value`, value);
  // A new value from outside (a preset, a link, another row removed) replaces what was typed.
  if (value !== committed) {
    setCommitted(value);
    setText(toText(value));
  }
  const parsed = parse(text);
  const note = parsed.ok
    ? [readAs(text, parsed.value, toText), describe?.(parsed.value)].filter(Boolean).join(' · ') || null
    : inputProblemMessage(parsed.error);
  // While the text does not parse, the results are for the last valid value: they say so (StaleMarker).
  useEffect(() => {
    if (parsed.ok || outsideResults) return;
    inputInvalid(id, label);
    return () => inputValidAgain(id);
  }, [parsed.ok, outsideResults, id, label]);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={text}
        aria-invalid={!parsed.ok}
        aria-describedby={note ? `${id}-note` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          const next = parse(e.target.value);
          if (next.ok) {
            setCommitted(next.value);
            fieldTyped(id, () => onValid(next.value));
          }
        }}
        onBlur={() => fieldLeft(id)}
      />
      {note && (
        <span id={`${id}-note`} className={parsed.ok ? 'field-note' : 'field-error'} role={parsed.ok ? undefined : 'alert'}>
          {note}
        </span>
      )}
    </div>
  );
}

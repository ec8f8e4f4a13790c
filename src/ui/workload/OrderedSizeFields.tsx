import { useEffect, useId } from 'react';
import type { ParseResult } from '../../scenario/inputProblem';
import { fieldLeft, fieldTyped } from '../../state/history';
import { inputInvalid, inputValidAgain } from '../../state/invalidInputs';
import { useKeptState } from '../common/keptState';
import { inputProblemMessage } from '../common/inputProblemMessages';
import { readAs } from '../common/ParsedField';

/** One size of a distribution's form: the smallest, a percentile, the mean, the largest. */
export interface OrderedField {
  name: string;
  label: string;
  value: number | undefined;
  /** The field's own bounds, whatever its neighbours hold. */
  least: number;
  most: number;
  /**
   * A field that may be left empty: what the note says then, and the size it stands for in the
   * order (none: an empty field takes no part in it).
   */
  optional?: { emptyNote: string; orderedAs?: number };
  /** What the note says under a typed value. */
  describe?: (value: number) => string;
}

interface OrderedSizeFieldsProps {
  /** In increasing order: each field's value is at least the one before it. */
  fields: readonly OrderedField[];
  read: (text: string, what: string, min: number, max: number) => ParseResult<number>;
  /** Every field's value, once all of them read and are in order. */
  onValid: (values: ReadonlyArray<number | undefined>) => void;
  keepAs: string | undefined;
}

type Reading = ParseResult<number | undefined>;

const textOf = (value: number | undefined) => (value === undefined ? '' : String(value));

function readField(field: OrderedField, text: string, read: OrderedSizeFieldsProps['read']): Reading {
  if (field.optional && text.trim() === '') return { ok: true, value: undefined };
  return read(text, field.label, field.least, field.most);
}

/**
 * The fields' readings with the order checked between neighbours that read: a field below the
 * one before it, or above the one after it, gets a problem naming that neighbour's size, but only
 * a field typed since the last values were committed (`edited`): the one the reader is on.
 */
function orderedReadings(fields: readonly OrderedField[], readings: readonly Reading[], edited: readonly boolean[]): Reading[] {
  const ordered = readings.map((r) => r);
  const sizeAt = (i: number): number | undefined => {
    const r = readings[i]!;
    if (!r.ok) return undefined;
    return r.value ?? fields[i]!.optional?.orderedAs;
  };
  const present = fields.map((_, i) => i).filter((i) => sizeAt(i) !== undefined);
  for (let j = 1; j < present.length; j++) {
    const [before, after] = [present[j - 1]!, present[j]!];
    const [low, high] = [sizeAt(before)!, sizeAt(after)!];
    if (low <= high) continue;
    const both = !edited[before] && !edited[after];
    if (edited[after] || both)
      ordered[after] = { ok: false, error: { code: 'atLeast', field: fields[after]!.label, limit: low } };
    if (edited[before] || both)
      ordered[before] = { ok: false, error: { code: 'atMost', field: fields[before]!.label, limit: high } };
  }
  return ordered;
}

/**
 * The sizes of one form of a distribution (a range's smallest, mean and largest; percentiles),
 * validated together: each field is read within its own bounds, and the set is committed, as one
 * edit, only when every field reads and they are in order, whichever was typed first. Until then
 * every field shows what was typed, and a field out of order says which neighbour it must not
 * pass; the results say they are for the last sizes that were.
 */
export function OrderedSizeFields({ fields, read, onValid, keepAs }: OrderedSizeFieldsProps) {
  const groupId = useId();
  const kept = (name: string) => (keepAs === undefined ? null : `${keepAs}.${name}`);
  const values = fields.map((f) => f.value);
  const [texts, setTexts] = useKeptState<string[]>(kept('texts'), () => values.map(textOf));
  // The values the texts were typed against: kept texts stand only while the values are these.
  const [committed, setCommitted] = useKeptState<Array<number | undefined>>(kept('values'), values);
  // Values from outside (undo, a link, another form) replace what was typed.
  if (committed.length !== values.length || committed.some((v, i) => v !== values[i])) {
    setCommitted(values);
    setTexts(values.map(textOf));
  }
  const readAll = (all: readonly string[]) => {
    const readings = fields.map((f, i) => readField(f, all[i] ?? '', read));
    const edited = all.map((text, i) => text !== textOf(committed[i]));
    return orderedReadings(fields, readings, edited);
  };
  const readings = readAll(texts);
  const type = (index: number, text: string) => {
    const next = texts.map((t, i) => (i === index ? text : t));
    setTexts(next);
    const nextReadings = readAll(next);
    if (!nextReadings.every((r) => r.ok)) return;
    const nextValues = nextReadings.map((r) => (r.ok ? r.value : undefined));
    setCommitted(nextValues);
    if (nextValues.some((v, i) => v !== values[i])) fieldTyped(`${groupId}:${index}`, () => onValid(nextValues));
  };
  return (
    <>
      {fields.map((field, i) => (
        <OrderedInput
          key={field.name}
          field={field}
          text={texts[i] ?? ''}
          reading={readings[i]!}
          onType={(text) => type(i, text)}
          onLeave={() => fieldLeft(`${groupId}:${i}`)}
        />
      ))}
    </>
  );
}

interface OrderedInputProps {
  field: OrderedField;
  text: string;
  reading: Reading;
  onType: (text: string) => void;
  onLeave: () => void;
}

function OrderedInput({ field, text, reading, onType, onLeave }: OrderedInputProps) {
  const id = useId();
  const note = reading.ok
    ? reading.value === undefined
      ? field.optional!.emptyNote
      : [readAs(text, reading.value, String), field.describe?.(reading.value)].filter(Boolean).join(' · ') || null
    : inputProblemMessage(reading.error);
  // While the field does not read, the results are for the last valid sizes: they say so (StaleMarker).
  useEffect(() => {
    if (reading.ok) return;
    inputInvalid(id, field.label);
    return () => inputValidAgain(id);
  }, [reading.ok, id, field.label]);
  return (
    <div className="field">
      <label htmlFor={id}>{field.label}</label>
      <input
        id={id}
        value={text}
        aria-invalid={!reading.ok}
        aria-describedby={note ? `${id}-note` : undefined}
        onChange={(e) => onType(e.target.value)}
        onBlur={onLeave}
      />
      {note && (
        <span id={`${id}-note`} className={reading.ok ? 'field-note' : 'field-error'} role={reading.ok ? undefined : 'alert'}>
          {note}
        </span>
      )}
    </div>
  );
}

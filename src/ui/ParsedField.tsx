import { useId, useState } from 'react';
import type { Parsed } from '../scenario/humanInput';

interface ParsedFieldProps {
  label: string;
  value: number;
  parse: (text: string) => Parsed;
  /** How the parsed value reads back to the user ("1,500,000 keys"). */
  describe: (value: number) => string;
  onValid: (value: number) => void;
  initialText?: string;
}

/**
 * A text field for what people type ("1.5M", "2 KiB", "40%"): shows the parsed value, or a
 * message next to the field; only valid values reach the store.
 */
export function ParsedField({ label, value, parse, describe, onValid, initialText }: ParsedFieldProps) {
  const id = useId();
  const [text, setText] = useState(initialText ?? String(value));
  const [committed, setCommitted] = useState(value);
  // A new value from outside (a preset, a link) replaces what was typed.
  if (value !== committed) {
    setCommitted(value);
    setText(String(value));
  }
  const parsed = parse(text);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={text}
        inputMode="decimal"
        aria-invalid={!parsed.ok}
        aria-describedby={`${id}-note`}
        onChange={(e) => {
          setText(e.target.value);
          const next = parse(e.target.value);
          if (next.ok) {
            setCommitted(next.value);
            onValid(next.value);
          }
        }}
      />
      <span id={`${id}-note`} className={parsed.ok ? 'field-note' : 'field-error'} role={parsed.ok ? undefined : 'alert'}>
        {parsed.ok ? describe(parsed.value) : parsed.error}
      </span>
    </div>
  );
}

import { useEffect } from 'react';
import type { ParseResult } from '../../scenario/humanInput';
import { LIMITS } from '../../scenario/schema';
import { usePlannerStore } from '../../state/store';
import { ParsedField } from '../ParsedField';
import { nameTooLong, pageTitle, scenarioNameMessages } from './messages';

/** Trimmed; empty means no name. The link keeps it within the schema's limit, never cut silently. */
export function parseScenarioName(text: string): ParseResult<string> {
  const name = text.trim();
  return name.length > LIMITS.nameLength ? { ok: false, error: nameTooLong(LIMITS.nameLength) } : { ok: true, value: name };
}

/** The scenario's name, typed in: it titles the page (and so the browser's history and bookmarks). */
export function ScenarioName() {
  const name = usePlannerStore((s) => s.scenario.name ?? '');
  const rename = usePlannerStore((s) => s.scenarioNamed);
  useEffect(() => {
    document.title = pageTitle(name);
  }, [name]);
  return (
    <ParsedField<string>
      label={scenarioNameMessages.label}
      value={name}
      parse={parseScenarioName}
      describe={() => scenarioNameMessages.hint}
      onValid={rename}
    />
  );
}

import { useEffect } from 'react';
import type { ParseResult } from '../../scenario/inputProblem';
import { LIMITS } from '../../scenario/limits';
import { usePlannerStore } from '../../state/store';
import { ParsedField } from '../common/ParsedField';
import { t } from '../../i18n';

/** The planner's own name, which no language translates. */
const APP_NAME = 'valkey-ram-planner';

/** Trimmed; empty means no name. The link keeps it within the schema's limit, never cut silently. */
export function parseScenarioName(text: string): ParseResult<string> {
  const name = text.trim();
  return name.length > LIMITS.nameLength
    ? { ok: false, error: { code: 'scenarioNameTooLong', limit: LIMITS.nameLength } }
    : { ok: true, value: name };
}

/** The scenario's name, typed in: it titles the page (and so the browser's history and bookmarks). */
export function ScenarioName() {
  const name = usePlannerStore((s) => s.scenario.name ?? '');
  const rename = usePlannerStore((s) => s.scenarioNamed);
  useEffect(() => {
    // "Checkout cache · valkey-ram-planner"
    document.title = name ? `${name} · ${APP_NAME}` : APP_NAME;
  }, [name]);
  return (
    <ParsedField<string>
      label={t('scenarioName.label')}
      value={name}
      parse={parseScenarioName}
      describe={() => t('scenarioName.hint')}
      onValid={rename}
    />
  );
}

import { useId } from 'react';
import { LINES, type LineId } from '../../model';
import { usePlannerStore, useResolved } from '../../state/store';
import { t } from '../../i18n';
import { lineText } from '../common/lineTexts';

function LineSelect({ label, value, onChange }: { label: string; value: LineId; onChange: (v: LineId) => void }) {
  const id = useId();
  return (
    <span className="inline-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as LineId)}>
        {LINES.entries.map((line) => (
          <option key={line.id} value={line.id}>
            {line.label}
          </option>
        ))}
      </select>
    </span>
  );
}

/** Which release lines to compare, the baseline the change column is measured from, and the target. */
export function VersionPicker() {
  const versions = useResolved((r) => r.versions);
  const baseline = useResolved((r) => r.baseline);
  const target = useResolved((r) => r.target);
  const toggle = usePlannerStore((s) => s.versionToggled);
  const chooseBaseline = usePlannerStore((s) => s.baselineChosen);
  const chooseTarget = usePlannerStore((s) => s.targetChosen);
  return (
    <fieldset className="version-picker">
      <legend>{t('versions.legend')}</legend>
      {LINES.entries.map(({ id, label, fullName }) => {
        const checked = versions.includes(id);
        const last = checked && versions.length === 1;
        const about = t('versions.about', {
          line: fullName,
          change: lineText(id, 'memoryChange'),
          checked: lineText(id, 'checkedAgainst'),
        });
        return (
          <label key={id} title={last ? t('versions.lastStays') : about}>
            <input type="checkbox" checked={checked} disabled={last} onChange={() => toggle(id)} /> {label}
          </label>
        );
      })}
      <div className="line-selects">
        <LineSelect label={t('versions.baseline')} value={baseline} onChange={chooseBaseline} />
        <LineSelect label={t('versions.target')} value={target} onChange={chooseTarget} />
      </div>
    </fieldset>
  );
}

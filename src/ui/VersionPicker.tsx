import { useId } from 'react';
import { LINES, type LineId } from '../model/lineRegistry';
import { usePlannerStore, useResolvedScenario } from '../state/store';

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
  const { versions, baseline, target } = useResolvedScenario();
  const toggle = usePlannerStore((s) => s.versionToggled);
  const chooseBaseline = usePlannerStore((s) => s.baselineChosen);
  const chooseTarget = usePlannerStore((s) => s.targetChosen);
  return (
    <fieldset className="version-picker">
      <legend>Versions</legend>
      {LINES.entries.map(({ id, label, fullName, release }) => {
        const checked = versions.includes(id);
        const last = checked && versions.length === 1;
        const about = `${fullName}: ${release.memoryChange} Checked against ${release.checkedAgainst}.`;
        return (
          <label key={id} title={last ? 'At least one version stays selected' : about}>
            <input type="checkbox" checked={checked} disabled={last} onChange={() => toggle(id)} /> {label}
          </label>
        );
      })}
      <div className="line-selects">
        <LineSelect label="Baseline" value={baseline} onChange={chooseBaseline} />
        <LineSelect label="Target" value={target} onChange={chooseTarget} />
      </div>
    </fieldset>
  );
}

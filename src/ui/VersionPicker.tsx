import { useId } from 'react';
import { VERSION_LINES, type VersionLine } from '../data/vocabulary';
import { usePlannerStore, useResolvedScenario } from '../state/store';

function LineSelect({ label, value, onChange }: { label: string; value: VersionLine; onChange: (v: VersionLine) => void }) {
  const id = useId();
  return (
    <span className="inline-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as VersionLine)}>
        {VERSION_LINES.map((v) => (
          <option key={v} value={v}>
            {v}
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
      {VERSION_LINES.map((v) => {
        const checked = versions.includes(v);
        const last = checked && versions.length === 1;
        return (
          <label key={v} title={last ? 'At least one version stays selected' : undefined}>
            <input type="checkbox" checked={checked} disabled={last} onChange={() => toggle(v)} /> {v}
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

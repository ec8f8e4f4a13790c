import { VERSION_LINES, type VersionLine } from '../data/vocabulary';
import { usePlannerStore } from '../state/store';

/** Which release lines to compare, and which is the baseline for the change column. */
export function VersionPicker() {
  const versions = usePlannerStore((s) => s.scenario.versions) ?? VERSION_LINES;
  const baseline = usePlannerStore((s) => s.scenario.baseline) ?? '7.2';
  const toggle = usePlannerStore((s) => s.versionToggled);
  const chooseBaseline = usePlannerStore((s) => s.baselineChosen);
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
      <label className="baseline">
        Baseline{' '}
        <select value={baseline} onChange={(e) => chooseBaseline(e.target.value as VersionLine)}>
          {VERSION_LINES.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}

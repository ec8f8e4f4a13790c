import { useId } from 'react';
import { PRESETS } from '../scenario/presets';
import { usePlannerStore } from '../state/store';

/** Scenarios from the sources, one click away. */
export function PresetPicker() {
  const load = usePlannerStore((s) => s.presetLoaded);
  const id = useId();
  return (
    <div className="preset-picker">
      <label htmlFor={id}>Start from</label>
      <select
        id={id}
        value=""
        onChange={(e) => {
          const preset = PRESETS.find((p) => p.id === e.target.value);
          if (preset) load(preset);
        }}
      >
        <option value="" disabled>
          a preset…
        </option>
        {PRESETS.map((p) => (
          <option key={p.id} value={p.id}>
            {p.title}
          </option>
        ))}
      </select>
    </div>
  );
}

import { useId } from 'react';
import { PRESETS } from '../scenario/presets';
import { usePlannerStore } from '../state/store';
import { t, type MessageId } from '../i18n';

/** Each preset's title in the catalog, by the preset's id (test/i18n checks every preset has one). */
export const PRESET_TITLES: Record<string, MessageId> = {
  'percona-benchmark': 'preset.perconaBenchmark',
  'one-terabyte': 'preset.oneTerabyte',
  'strings-vs-hash': 'preset.stringsVsHash',
  'php-sessions': 'preset.phpSessions',
  'wordpress-object-cache': 'preset.wordpress',
  'redis-7.0-debian-to-valkey-9.1': 'preset.redis70ToValkey91',
  'mixed-cache': 'preset.mixedCache',
};

/** Scenarios from the sources, one click away. */
export function PresetPicker() {
  const load = usePlannerStore((s) => s.presetLoaded);
  const id = useId();
  return (
    <div className="preset-picker">
      <label htmlFor={id}>{t('presets.startFrom')}</label>
      <select
        id={id}
        value=""
        onChange={(e) => {
          const preset = PRESETS.find((p) => p.id === e.target.value);
          if (preset) load(preset);
        }}
      >
        <option value="" disabled>
          {t('presets.placeholder')}
        </option>
        {PRESETS.map((p) => (
          <option key={p.id} value={p.id}>
            {t(PRESET_TITLES[p.id]!)}
          </option>
        ))}
      </select>
    </div>
  );
}

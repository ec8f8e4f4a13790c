import { useId, useState } from 'react';
import type { Scenario } from '../../scenario/schema';
import { usePlannerStore } from '../../state/store';
import { t, type MessageId } from '../../i18n';

/**
 * Each preset's title in the catalog, by the preset's id, in the order the picker lists them
 * (test/i18n checks these are the presets, in their order). The presets' scenarios load when one
 * is picked: the first screen does not need them.
 */
export const PRESET_TITLES: Record<string, MessageId> = {
  'percona-benchmark': 'preset.perconaBenchmark',
  'one-terabyte': 'preset.oneTerabyte',
  'strings-vs-hash': 'preset.stringsVsHash',
  'php-sessions': 'preset.phpSessions',
  'wordpress-object-cache': 'preset.wordpress',
  'redis-7.0-debian-to-valkey-9.1': 'preset.redis70ToValkey91',
  'redis-8.0-debian-to-valkey-9.1': 'preset.redis80ToValkey91',
  'redis-8.6-vs-valkey-9.1': 'preset.redis86VsValkey91',
  'mixed-cache': 'preset.mixedCache',
};

/**
 * Scenarios from the sources, one click away. The picker shows the preset loaded for as long as
 * the scenario is that preset's (an edit makes it the reader's own: the picker then says "a
 * preset…" again, and an undo back to the preset shows it again).
 */
export function PresetPicker() {
  const load = usePlannerStore((s) => s.presetLoaded);
  const [loaded, setLoaded] = useState<{ id: string; scenario: Scenario } | null>(null);
  // A yes/no, not the scenario: the picker renders again when it changes, not on every edit.
  const showsLoaded = usePlannerStore((s) => loaded !== null && s.scenario === loaded.scenario);
  const id = useId();
  return (
    <div className="preset-picker">
      <label htmlFor={id}>{t('presets.startFrom')}</label>
      <select
        id={id}
        value={showsLoaded ? loaded!.id : ''}
        onChange={(e) => {
          const id = e.target.value;
          void import('../../scenario/presets').then(({ PRESETS }) => {
            const preset = PRESETS.find((p) => p.id === id);
            if (!preset) return;
            load(preset);
            setLoaded({ id, scenario: usePlannerStore.getState().scenario });
          });
        }}
      >
        <option value="" disabled>
          {t('presets.placeholder')}
        </option>
        {Object.entries(PRESET_TITLES).map(([presetId, title]) => (
          <option key={presetId} value={presetId}>
            {t(title)}
          </option>
        ))}
      </select>
    </div>
  );
}

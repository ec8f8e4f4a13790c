import { useId } from 'react';
import { ALLOCATORS, type Allocator } from '../../data/vocabulary';
import { LINES, type EncodingThresholds } from '../../model';
import { usePlannerStore, useResolved } from '../../state/store';
import { ParsedField } from '../common/ParsedField';
import { parseSignedCount } from '../../scenario/humanInput';
import { THRESHOLD_LIMITS } from '../../scenario/limits';
import { t, type MessageId } from '../../i18n';
import { ALLOCATOR_MESSAGES } from '../common/modelMessages';

const ALLOCATOR_ADVICE: Record<Allocator, MessageId> = {
  'jemalloc-bundled': 'serverBuild.advice.bundled',
  'jemalloc-system': 'serverBuild.advice.system',
  libc: 'serverBuild.advice.libc',
};

/** The default: each line as most installations run it, named from the registry. */
function usualBuildsAdvice(): string {
  const builds = ALLOCATORS.map((a) => {
    const lines = LINES.entries.filter((e) => e.release.usualAllocator === a).map((e) => e.fullName);
    return lines.length ? `${lines.join(', ')}: ${t(ALLOCATOR_MESSAGES[a])}` : null;
  }).filter(Boolean);
  return t('serverBuild.usualBuilds', { builds: builds.join('; ') });
}

/** The build and mode of the server: allocator, cluster mode, and the encoding thresholds. */
export function ServerSettings() {
  const allocator = useResolved((r) => r.allocator);
  const cluster = useResolved((r) => r.cluster);
  const thresholds = useResolved((r) => r.thresholds);
  const chooseAllocator = usePlannerStore((s) => s.allocatorChosen);
  const toggleCluster = usePlannerStore((s) => s.clusterToggled);
  const editConfig = usePlannerStore((s) => s.encodingConfigEdited);
  const allocatorId = useId();
  return (
    <fieldset className="server-settings">
      <legend>{t('serverBuild.legend')}</legend>
      <div className="field">
        <label htmlFor={allocatorId}>{t('serverBuild.allocator')}</label>
        <select
          id={allocatorId}
          value={allocator ?? ''}
          onChange={(e) => chooseAllocator((e.target.value || undefined) as Allocator | undefined)}
        >
          <option value="">{t('serverBuild.usualBuild')}</option>
          {ALLOCATORS.map((a) => (
            <option key={a} value={a}>
              {t(ALLOCATOR_MESSAGES[a])}
            </option>
          ))}
        </select>
        <span className="field-note">{allocator ? t(ALLOCATOR_ADVICE[allocator]) : usualBuildsAdvice()}</span>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={cluster} onChange={(e) => toggleCluster(e.target.checked)} /> {t('serverBuild.cluster')}
      </label>
      <details>
        <summary>{t('serverBuild.thresholds')}</summary>
        {(
          Object.entries(THRESHOLD_LIMITS) as Array<
            [keyof EncodingThresholds, (typeof THRESHOLD_LIMITS)[keyof EncodingThresholds]]
          >
        ).map(([key, { setting: label, min, max }]) => (
          <ParsedField
            key={key}
            label={label}
            value={thresholds[key]}
            parse={(text) => {
              const parsed = parseSignedCount(text, label, min, max);
              if (parsed.ok && key === 'listMaxListpackSize' && parsed.value === 0)
                return { ok: false, error: { code: 'listSizeZero', field: label } };
              return parsed;
            }}
            onValid={(value) => editConfig({ [key]: value })}
          />
        ))}
      </details>
    </fieldset>
  );
}

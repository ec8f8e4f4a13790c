import { useId } from 'react';
import type { WorkloadGrowth } from '../../model/plan';
import { parseCount } from '../../scenario/humanInput';
import type { Workload } from '../../scenario/schema';
import { GROWTH_LIMITS } from '../../scenario/workloadFields';
import { usePlannerStore } from '../../state/store';
import { formatCount } from '../../format/count';
import { ParsedField } from '../common/ParsedField';
import { workloadFieldName } from '../common/keptFieldName';
import { PercentField } from '../common/PercentField';
import { formatShare } from '../../format/quantities';
import { t, type MessageId } from '../../i18n';

type Kind = WorkloadGrowth['kind'] | 'none';

const KIND_LABELS: Record<Kind, MessageId> = {
  none: 'growth.none',
  keysPerMonth: 'growth.keysPerMonth',
  percentPerMonth: 'growth.percentPerMonth',
  writesTimesTtl: 'growth.writesTimesTtl',
};

/** Starting values when a kind is picked: editable right away, none of them a claim about the workload. */
const STARTING: Record<WorkloadGrowth['kind'], WorkloadGrowth> = {
  keysPerMonth: { kind: 'keysPerMonth', keysPerMonth: 0 },
  percentPerMonth: { kind: 'percentPerMonth', percentPerMonth: 0 },
  writesTimesTtl: { kind: 'writesTimesTtl', writesPerSecond: 1000, ttlSeconds: 1800 },
};

/** How a workload grows over the coming months, for the growth chart; left out, the scenario's growth applies. */
export function WorkloadGrowthInput({ index, workload }: { index: number; workload: Workload }) {
  const edit = usePlannerStore((s) => s.workloadEdited);
  const scenarioGrows = usePlannerStore((s) => s.scenario.growth !== undefined);
  return (
    <GrowthInput
      growth={workload.growth}
      set={(growth) => edit(index, { growth })}
      noneLabel={scenarioGrows ? 'growth.asScenario' : 'growth.none'}
      keepAs={(field) => workloadFieldName(workload.name, field)}
    />
  );
}

/**
 * A growth: its kind, then the figures of that kind. The same control sets a workload's own
 * growth and the scenario's (the rate for every workload without its own).
 */
export function GrowthInput({
  growth,
  set,
  noneLabel,
  keepAs,
  label = 'growth.label',
}: {
  growth: WorkloadGrowth | undefined;
  set: (growth: WorkloadGrowth | undefined) => void;
  /** What "no growth of its own" means here. */
  noneLabel: MessageId;
  /** The name typed text is kept under, by the growth's field ("growth.ttlSeconds"). */
  keepAs: (field: string) => string;
  label?: MessageId;
}) {
  const id = useId();
  return (
    <div className="growth-input">
      <div className="field">
        <label htmlFor={id}>{t(label)}</label>
        <select
          id={id}
          value={growth?.kind ?? 'none'}
          onChange={(e) => {
            const kind = e.target.value as Kind;
            set(kind === 'none' ? undefined : STARTING[kind]);
          }}
        >
          {(Object.keys(KIND_LABELS) as Kind[]).map((k) => (
            <option key={k} value={k}>
              {t(k === 'none' ? noneLabel : KIND_LABELS[k])}
            </option>
          ))}
        </select>
      </div>
      {growth?.kind === 'keysPerMonth' && (
        <ParsedField
          label={t('growth.keysAdded')}
          value={growth.keysPerMonth}
          parse={(text) =>
            parseCount(text, t('growth.keysAdded'), GROWTH_LIMITS.keysPerMonth.min, GROWTH_LIMITS.keysPerMonth.max)
          }
          describe={(v) => t('growth.keysAddedNote', { keys: v })}
          onValid={(keysPerMonth) => set({ kind: 'keysPerMonth', keysPerMonth })}
          keepAs={keepAs('growth.keysPerMonth')}
        />
      )}
      {growth?.kind === 'percentPerMonth' && (
        <PercentField
          label={t('growth.percent')}
          value={growth.percentPerMonth}
          scale="percent"
          min={GROWTH_LIMITS.percentPerMonth.min}
          max={GROWTH_LIMITS.percentPerMonth.max}
          describe={(v) => t('growth.percentNote', { percent: formatShare(v / 100) })}
          onValid={(percentPerMonth) => set({ kind: 'percentPerMonth', percentPerMonth })}
          keepAs={keepAs('growth.percentPerMonth')}
        />
      )}
      {growth?.kind === 'writesTimesTtl' && (
        <>
          <ParsedField
            label={t('growth.writesPerSecond')}
            value={growth.writesPerSecond}
            parse={(text) =>
              parseCount(text, t('growth.writesPerSecond'), GROWTH_LIMITS.writesPerSecond.min, GROWTH_LIMITS.writesPerSecond.max)
            }
            onValid={(writesPerSecond) => set({ ...growth, writesPerSecond })}
            keepAs={keepAs('growth.writesPerSecond')}
          />
          <ParsedField
            label={t('growth.ttl')}
            value={growth.ttlSeconds}
            parse={(text) => parseCount(text, t('growth.ttl'), GROWTH_LIMITS.ttlSeconds.min, GROWTH_LIMITS.ttlSeconds.max)}
            describe={(v) => t('growth.seconds', { seconds: formatCount(v) })}
            onValid={(ttlSeconds) => set({ ...growth, ttlSeconds })}
            keepAs={keepAs('growth.ttlSeconds')}
          />
        </>
      )}
    </div>
  );
}

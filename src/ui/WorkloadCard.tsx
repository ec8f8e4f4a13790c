import { memo, startTransition, useCallback, useEffect, useId, useState } from 'react';
import { useKeptState } from './keptState';
import { DATA_TYPES, type DataType } from '../data/vocabulary';
import { parseBytes, parseCount, parseShare } from '../scenario/humanInput';
import type { Workload } from '../scenario/schema';
import { LIMITS } from '../scenario/limits';
import { parseWorkloadName } from '../scenario/workloadName';
import { usePlannerStore } from '../state/store';
import { formatCount } from '../format/count';
import { formatShare } from '../format/quantities';
import { ParsedField } from './ParsedField';
import { WorkloadGrowthInput } from './WorkloadGrowthInput';
import { workloadSummary } from './workloadSummary';
import { t, type MessageId } from '../i18n';
import { TYPE_MESSAGES } from './workloadSummary';

const ELEMENT_LABEL: Record<DataType, MessageId> = {
  string: 'workload.valueLength',
  hash: 'workload.fieldValueLength',
  set: 'workload.memberLength',
  zset: 'workload.memberLength',
  list: 'workload.elementLength',
};
const COUNT_LABEL: Record<Exclude<DataType, 'string'>, MessageId> = {
  hash: 'workload.fieldsPerKey',
  set: 'workload.membersPerKey',
  zset: 'workload.membersPerKey',
  list: 'workload.elementsPerKey',
};

/** Every workload's name, joined by NUL: a string, so that only a change of names re-renders. */
const joinedNames = (s: { scenario: { workloads: readonly Workload[] } }) =>
  s.scenario.workloads.map((w) => w.name).join('\u0000');

function NameField({ index, workload }: { index: number; workload: Workload }) {
  const edit = usePlannerStore((s) => s.workloadEdited);
  // Read here rather than passed to every card: adding a workload re-renders the name fields, not the cards.
  const taken = usePlannerStore(joinedNames).split('\u0000');
  return (
    <ParsedField<string>
      label={t('workload.name')}
      value={workload.name}
      parse={(text) =>
        parseWorkloadName(
          text,
          taken.filter((_, i) => i !== index),
        )
      }
      onValid={(name) => edit(index, { name })}
    />
  );
}

/** Switching type keeps what carries over and fills what the new type needs. */
function patchForType(w: Workload, type: DataType): Partial<Workload> {
  if (type === 'string') return { type, fields: undefined, fieldBytes: undefined, fieldTtlFraction: undefined };
  if (type !== 'hash') return { type, fields: w.fields ?? 10, fieldBytes: undefined, fieldTtlFraction: undefined };
  return { type, fields: w.fields ?? 10, fieldBytes: w.fieldBytes ?? 8 };
}

/** One key family: what it holds and how many keys. */
export const WorkloadCard = memo(function WorkloadCard({
  index,
  workload,
  full,
  removable,
  collapsed,
  onCollapse,
}: {
  index: number;
  workload: Workload;
  /** The scenario holds as many workloads as it may: no duplicate. */
  full: boolean;
  removable: boolean;
  /** Shown as one summary line, with its fields left out of the page. */
  collapsed: boolean;
  onCollapse: (name: string, collapsed: boolean) => void;
}) {
  const edit = usePlannerStore((s) => s.workloadEdited);
  const duplicate = usePlannerStore((s) => s.workloadDuplicated);
  const remove = usePlannerStore((s) => s.workloadRemoved);
  const typeId = useId();
  const isInt = (workload.valueKind ?? 'bytes') === 'int';
  if (collapsed) {
    return (
      <fieldset className="workload-card collapsed" aria-label={t('workload.label', { name: workload.name })}>
        <legend>{workload.name}</legend>
        <div className="workload-summary">
          <span title={workloadSummary(workload)}>{workloadSummary(workload)}</span>
          <button type="button" aria-expanded={false} onClick={() => onCollapse(workload.name, false)}>
            {t('workload.edit')}
          </button>
        </div>
      </fieldset>
    );
  }
  const countLabel = workload.type === 'string' ? '' : t(COUNT_LABEL[workload.type]);
  return (
    <fieldset className="workload-card" aria-label={t('workload.label', { name: workload.name })}>
      <legend>{workload.name}</legend>
      <NameField index={index} workload={workload} />
      <div className="field">
        <label htmlFor={typeId}>{t('workload.type')}</label>
        <select
          id={typeId}
          value={workload.type}
          onChange={(e) => edit(index, patchForType(workload, e.target.value as DataType))}
        >
          {DATA_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(TYPE_MESSAGES[type])}
            </option>
          ))}
        </select>
      </div>
      <ParsedField
        label={t('workload.keys')}
        value={workload.keys}
        parse={(text) => parseCount(text, t('workload.keys'), 0, LIMITS.keysPerWorkload)}
        describe={(v) => t('workload.keysNote', { keys: formatCount(v) })}
        onValid={(keys) => edit(index, { keys })}
      />
      <ParsedField
        label={t('workload.keyLength')}
        value={workload.keyBytes}
        parse={(text) => parseBytes(text, t('workload.keyLength'), 1, LIMITS.keyBytes)}
        describe={(v) => t('workload.bytes', { count: formatCount(v) })}
        onValid={(keyBytes) => edit(index, { keyBytes })}
      />
      {workload.type !== 'string' && (
        <ParsedField
          label={countLabel}
          value={workload.fields ?? 1}
          parse={(text) => parseCount(text, countLabel, 1, LIMITS.fields)}
          describe={(v) => t('workload.perKey', { count: formatCount(v) })}
          onValid={(fields) => edit(index, { fields })}
        />
      )}
      {workload.type === 'hash' && (
        <ParsedField
          label={t('workload.fieldNameLength')}
          value={workload.fieldBytes ?? 1}
          parse={(text) => parseBytes(text, t('workload.fieldNameLength'), 1, LIMITS.keyBytes)}
          describe={(v) => t('workload.bytes', { count: formatCount(v) })}
          onValid={(fieldBytes) => edit(index, { fieldBytes })}
        />
      )}
      <ParsedField
        label={t(ELEMENT_LABEL[workload.type])}
        value={workload.valueBytes}
        parse={(text) => parseBytes(text, t(ELEMENT_LABEL[workload.type]), isInt ? 1 : 0, isInt ? 19 : LIMITS.valueBytes)}
        describe={(v) => (isInt ? t('workload.digitIntegers', { digits: v }) : t('workload.bytes', { count: formatCount(v) }))}
        onValid={(valueBytes) => edit(index, { valueBytes })}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={isInt}
          disabled={!isInt && (workload.valueBytes < 1 || workload.valueBytes > 19)}
          onChange={(e) => edit(index, { valueKind: e.target.checked ? 'int' : undefined })}
        />{' '}
        {t('workload.integerValues')}
      </label>
      <ParsedField
        label={t('workload.keysWithTtl')}
        value={workload.ttlFraction}
        toText={formatShare}
        parse={(text) => parseShare(text, t('workload.keysWithTtl'))}
        describe={(v) => t('workload.keysExpire', { share: formatShare(v) })}
        onValid={(ttlFraction) => edit(index, { ttlFraction })}
      />
      {workload.type === 'hash' && (
        <ParsedField
          label={t('workload.fieldsWithTtl')}
          value={workload.fieldTtlFraction ?? 0}
          toText={formatShare}
          parse={(text) => parseShare(text, t('workload.fieldsWithTtl'))}
          describe={(v) => t('workload.fieldsExpire', { share: formatShare(v) })}
          onValid={(fieldTtlFraction) => edit(index, { fieldTtlFraction: fieldTtlFraction > 0 ? fieldTtlFraction : undefined })}
        />
      )}
      <WorkloadGrowthInput index={index} workload={workload} />
      <div className="card-actions">
        <button type="button" aria-expanded={true} onClick={() => onCollapse(workload.name, true)}>
          {t('workload.collapse')}
        </button>
        <button type="button" onClick={() => duplicate(index)} disabled={full}>
          {t('workload.duplicate')}
        </button>
        <button
          type="button"
          onClick={() => remove(index)}
          disabled={!removable}
          title={removable ? undefined : t('workload.lastStays')}
        >
          {t('workload.remove')}
        </button>
      </div>
    </fieldset>
  );
});

/**
 * Cards mounted with the page's first render; the others follow in a background render. A link
 * with 20 workloads would otherwise create some 200 fields before its first results are on
 * screen. Not fewer than the default scenario's workloads: the prerendered page holds its cards.
 */
const CARDS_IN_FIRST_RENDER = 3;

export function WorkloadList() {
  const workloads = usePlannerStore((s) => s.scenario.workloads);
  const add = usePlannerStore((s) => s.workloadAdded);
  const [allMounted, setAllMounted] = useState(false);
  useEffect(() => startTransition(() => setAllMounted(true)), []);
  const shown = allMounted ? workloads : workloads.slice(0, CARDS_IN_FIRST_RENDER);
  // By name, which is unique: a card stays as it was when others are added or removed.
  const [collapsedNames, setCollapsedNames] = useKeptState<ReadonlySet<string>>('workloads.collapsed', () => new Set());
  const onCollapse = useCallback(
    (name: string, collapse: boolean) =>
      setCollapsedNames((previous) => {
        const next = new Set(previous);
        if (collapse) next.add(name);
        else next.delete(name);
        return next;
      }),
    [setCollapsedNames],
  );
  const allCollapsed = workloads.every((w) => collapsedNames.has(w.name));
  return (
    <section className="workloads" aria-label={t('workload.listTitle')}>
      <div className="workloads-head">
        <h2>{t('workload.listTitle')}</h2>
        {workloads.length > 1 && (
          <button
            type="button"
            onClick={() => setCollapsedNames(allCollapsed ? new Set() : new Set(workloads.map((w) => w.name)))}
          >
            {allCollapsed ? t('workload.expandAll') : t('workload.collapseAll')}
          </button>
        )}
      </div>
      {shown.map((w, i) => (
        <WorkloadCard
          key={i}
          index={i}
          workload={w}
          full={workloads.length >= LIMITS.workloads}
          removable={workloads.length > 1}
          collapsed={collapsedNames.has(w.name)}
          onCollapse={onCollapse}
        />
      ))}
      <button type="button" onClick={add} disabled={workloads.length >= LIMITS.workloads}>
        {t('workload.add')}
      </button>
    </section>
  );
}

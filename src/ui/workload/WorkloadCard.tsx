import { memo, startTransition, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useKeptState } from '../common/keptState';
import { DATA_TYPES, WRITE_HISTORIES, type DataType, type WriteHistory } from '../../data/vocabulary';
import { parseBytes, parseCount } from '../../scenario/humanInput';
import type { Workload } from '../../scenario/schema';
import { LIMITS } from '../../scenario/limits';
import {
  appliesTo,
  boundsOf,
  labelOf,
  patchForType,
  sizeFigure,
  sizeRange,
  workloadFields,
  type FieldValuePairs,
  type SizeDistribution,
  type WorkloadFieldSpec,
} from '../../scenario/workloadFields';
import { parseWorkloadName } from '../../scenario/workloadName';
import { usePlannerStore } from '../../state/store';
import { formatCount } from '../../format/count';
import { formatShare } from '../../format/quantities';
import { ParsedField } from '../common/ParsedField';
import { SizeDistributionField } from './SizeDistributionField';
import { PercentField } from '../common/PercentField';
import { WorkloadGrowthInput } from './WorkloadGrowthInput';
import { workloadSummary } from './workloadSummary';
import { t } from '../../i18n';
import { fieldText } from '../common/fieldText';
import { workloadFieldName } from '../common/keptFieldName';
import { TYPE_MESSAGES } from './workloadSummary';

/** Every workload's name, joined by NUL: a string, so that only a change of names re-renders. */
const joinedNames = (s: { scenario: { workloads: readonly Workload[] } }) =>
  s.scenario.workloads.map((w) => w.name).join('\u0000');

function NameField({ field, index, workload }: FieldProps) {
  const edit = usePlannerStore((s) => s.workloadEdited);
  // Read here rather than passed to every card: adding a workload re-renders the name fields, not the cards.
  const taken = usePlannerStore(joinedNames).split('\u0000');
  return (
    <ParsedField<string>
      label={fieldText(labelOf(field, workload.type))}
      value={workload.name}
      parse={(text) =>
        parseWorkloadName(
          text,
          taken.filter((_, i) => i !== index),
        )
      }
      onValid={(name) => edit(index, { name })}
      keepAs={keptAs(workload, field)}
    />
  );
}

const keptAs = (workload: Workload, field: WorkloadFieldSpec) => workloadFieldName(workload.name, field.key);

/** A workload as a record of its fields, by their names in the specification. */
const fieldsOf = (w: Workload) => w as Readonly<Record<string, unknown>>;

interface FieldProps {
  field: WorkloadFieldSpec;
  index: number;
  workload: Workload;
}

function TypeField({ index, workload }: FieldProps) {
  const edit = usePlannerStore((s) => s.workloadEdited);
  const typeId = useId();
  return (
    <div className="field">
      <label htmlFor={typeId}>{t('workload.type')}</label>
      <select
        id={typeId}
        value={workload.type}
        // Switching type keeps what carries over and fills what the new type needs, from the specification.
        onChange={(e) => edit(index, patchForType(fieldsOf(workload), e.target.value as DataType) as Partial<Workload>)}
      >
        {DATA_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(TYPE_MESSAGES[type])}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A count or a size: its label, bounds (narrowed by another field's value) and note from the specification. */
function NumberField({ field, index, workload }: FieldProps) {
  const edit = usePlannerStore((s) => s.workloadEdited);
  const label = fieldText(labelOf(field, workload.type));
  const { min, max, note } = boundsOf(field, fieldsOf(workload));
  const read = field.input === 'bytes' ? parseBytes : parseCount;
  const current = fieldsOf(workload)[field.key] as number | SizeDistribution | undefined;
  const value = sizeFigure(current) ?? (field.default as number | undefined) ?? min;
  const set = (v: number | SizeDistribution) => edit(index, { [field.key]: v } as Partial<Workload>);
  return (
    <>
      {typeof current !== 'object' && (
        <ParsedField
          label={label}
          value={value}
          parse={(text) => read(text, label, min, max)}
          describe={note ? (v) => fieldText(note.id, { [note.placeholder]: v }) : undefined}
          onValid={set}
          keepAs={keptAs(workload, field)}
        />
      )}
      {field.varies && (
        <SizeDistributionField
          field={field}
          label={label}
          value={current ?? value}
          min={min}
          max={max}
          onChange={set}
          keepAs={keptAs(workload, field)}
        />
      )}
    </>
  );
}

/** A share of 0 to 1, typed as a percentage like every percentage field (PercentField). */
function ShareField({ field, index, workload }: FieldProps) {
  const edit = usePlannerStore((s) => s.workloadEdited);
  const fallback = (field.default as number | undefined) ?? 0;
  const note = field.note;
  return (
    <PercentField
      label={fieldText(labelOf(field, workload.type))}
      value={(fieldsOf(workload)[field.key] as number | undefined) ?? fallback}
      scale="share"
      min={(field.min ?? 0) * 100}
      max={(field.max ?? 1) * 100}
      describe={note ? (v) => fieldText(note.id, { [note.placeholder]: formatShare(v) }) : undefined}
      onValid={(v) => edit(index, { [field.key]: field.unsetAtDefault && v === fallback ? undefined : v } as Partial<Workload>)}
      keepAs={keptAs(workload, field)}
    />
  );
}

/** Integer values: a checkbox, open while valueBytes is within the digits an integer can have. */
function ValueKindField({ field, index, workload }: FieldProps) {
  const edit = usePlannerStore((s) => s.workloadEdited);
  const narrowing = field.narrows!;
  const current = fieldsOf(workload)[field.key];
  const checked = current === narrowing.when;
  const [least, most] = sizeRange(fieldsOf(workload)[narrowing.field] as number | SizeDistribution);
  const off = field.unsetAtDefault ? undefined : field.default;
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={checked}
        disabled={!checked && (least < narrowing.min || most > narrowing.max)}
        onChange={(e) => edit(index, { [field.key]: e.target.checked ? narrowing.when : off } as Partial<Workload>)}
      />{' '}
      {fieldText(labelOf(field, workload.type), { digits: narrowing.max })}
    </label>
  );
}

/** Mixed element sizes within each key: a checkbox, left out of the workload while unchecked (alike). */
function ElementsField({ field, index, workload }: FieldProps) {
  const edit = usePlannerStore((s) => s.workloadEdited);
  const checked = fieldsOf(workload)[field.key] === 'mixed';
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => edit(index, { [field.key]: e.target.checked ? 'mixed' : undefined } as Partial<Workload>)}
      />{' '}
      {fieldText(labelOf(field, workload.type))}
    </label>
  );
}

/** A snapshot's field-value pairs: said, not typed in (an edit of the sizes they measured unsets them). */
function PairsField({ field, workload }: FieldProps) {
  const pairs = fieldsOf(workload)[field.key] as FieldValuePairs;
  return <p className="note">{fieldText(labelOf(field, workload.type), { count: pairs.buckets.length })}</p>;
}

/** Each write history's words on the card. */
const WRITE_HISTORY_MESSAGES = {
  'one-per-command': 'workload.writtenOnePerCommand',
  'whole-collection': 'workload.writtenWholeCollection',
  loaded: 'workload.writtenLoaded',
} as const satisfies Record<WriteHistory, string>;

/** How the collections were written: a choice, left out of the workload at its default. */
function WrittenField({ field, index, workload }: FieldProps) {
  const edit = usePlannerStore((s) => s.workloadEdited);
  const id = useId();
  const fallback = field.default as WriteHistory;
  const current = (fieldsOf(workload)[field.key] as WriteHistory | undefined) ?? fallback;
  return (
    <div className="field">
      <label htmlFor={id}>{fieldText(labelOf(field, workload.type))}</label>
      <select
        id={id}
        value={current}
        onChange={(e) => {
          const chosen = e.target.value as WriteHistory;
          edit(index, { [field.key]: field.unsetAtDefault && chosen === fallback ? undefined : chosen } as Partial<Workload>);
        }}
      >
        {WRITE_HISTORIES.map((history) => (
          <option key={history} value={history}>
            {t(
              workload.type === 'list' && history === 'one-per-command'
                ? 'workload.writtenOnePerCommandList'
                : WRITE_HISTORY_MESSAGES[history],
            )}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Each way a field is typed in, by its specification's input. */
const FIELD_INPUTS: Record<WorkloadFieldSpec['input'], (props: FieldProps) => ReactNode> = {
  name: NameField,
  type: TypeField,
  count: NumberField,
  bytes: NumberField,
  share: ShareField,
  valueKind: ValueKindField,
  elements: ElementsField,
  pairs: PairsField,
  written: WrittenField,
  growth: WorkloadGrowthInput,
};

/** One key family: what it holds and how many keys. */
export const WorkloadCard = memo(function WorkloadCard({
  index,
  workload,
  fullNoteId,
  removable,
  collapsed,
  onCollapse,
}: {
  index: number;
  workload: Workload;
  /** While the scenario holds as many workloads as it may (no duplicate): the id of the text that says so. */
  fullNoteId: string | undefined;
  removable: boolean;
  /** Shown as one summary line, with its fields left out of the page. */
  collapsed: boolean;
  onCollapse: (name: string, collapsed: boolean) => void;
}) {
  const duplicate = usePlannerStore((s) => s.workloadDuplicated);
  const remove = usePlannerStore((s) => s.workloadRemoved);
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
  return (
    <fieldset className="workload-card" aria-label={t('workload.label', { name: workload.name })}>
      <legend>{workload.name}</legend>
      {workloadFields
        // A measurement (a snapshot's) is shown while the workload has it: an edit it measured unsets it.
        .filter(
          (field) => appliesTo(field, workload.type) && (!field.measuredFrom || fieldsOf(workload)[field.key] !== undefined),
        )
        .map((field) => {
          const Input = FIELD_INPUTS[field.input];
          return <Input key={field.key} field={field} index={index} workload={workload} />;
        })}
      <div className="card-actions">
        <button type="button" aria-expanded={true} onClick={() => onCollapse(workload.name, true)}>
          {t('workload.collapse')}
        </button>
        <button
          type="button"
          onClick={() => duplicate(index)}
          disabled={fullNoteId !== undefined}
          aria-describedby={fullNoteId}
          title={fullNoteId && t('workload.full', { limit: formatCount(LIMITS.workloads) })}
        >
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
  // After Add workload, the new card (below the others, the button under it) takes the focus in
  // its first field, so that typing goes to it and a screen reader follows.
  const listRef = useRef<HTMLElement>(null);
  const focusCard = useRef<number | null>(null);
  useEffect(() => {
    const index = focusCard.current;
    if (index === null || index >= shown.length) return;
    focusCard.current = null;
    const card = listRef.current?.querySelectorAll('fieldset.workload-card')[index];
    const field = card?.querySelector<HTMLElement>('input, select, textarea');
    field?.focus();
    card?.scrollIntoView?.({ block: 'nearest' });
  }, [shown.length]);
  const addAndFocus = () => {
    focusCard.current = workloads.length;
    add();
  };
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
  // At the limit, Add and every Duplicate are disabled: one text says why, and each button points at it.
  const fullNoteId = useId();
  const full = workloads.length >= LIMITS.workloads;
  const fullNote = t('workload.full', { limit: formatCount(LIMITS.workloads) });
  return (
    <section className="workloads" aria-label={t('workload.listTitle')} ref={listRef}>
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
          fullNoteId={full ? fullNoteId : undefined}
          removable={workloads.length > 1}
          collapsed={collapsedNames.has(w.name)}
          onCollapse={onCollapse}
        />
      ))}
      <button
        type="button"
        onClick={addAndFocus}
        disabled={full}
        aria-describedby={full ? fullNoteId : undefined}
        title={full ? fullNote : undefined}
      >
        {t('workload.add')}
      </button>
      {full && (
        <p id={fullNoteId} className="field-note">
          {fullNote}
        </p>
      )}
    </section>
  );
}

import {
  DATA_TYPES,
  ELEMENT_SIZES,
  VALUE_KINDS,
  WRITE_HISTORIES,
  type DataType,
  type ElementSizes,
  type ValueKind,
  type WriteHistory,
} from '../data/vocabulary';
import {
  INTEGER_MAX_DIGITS,
  distributionMean,
  distributionRange,
  type Distribution,
  type FieldValuePairs,
  type ResolvedWorkload,
  type VARYING_SIZES,
} from '../model';
import type { WorkloadGrowth } from '../model/plan';
import { LIMITS } from './limits';

/**
 * Every field of a workload, defined once: the types it applies to, its unit and bounds, its
 * default, how it is typed in, its words on the card and in the assumptions, and how a damaged
 * link loses it. The zod schema (schema.ts), the link's salvage (link.ts), the workload card
 * (src/ui/workload/WorkloadCard.tsx), the assumptions list and the command line's documentation all
 * read it. Adding a field is: an entry here, the model's use of it, its catalog entries.
 * No zod here: the page's first chunk reads this without the schemas.
 */

/**
 * A message id of the page's catalogs. Written out as a string: the catalogs sit above this layer
 * (src/i18n is the page's), and test/i18n/catalogs.test.ts checks every id named here is in them.
 */
export type FieldMessageId = string;

/** How a field is typed in: a count ("632k"), a size ("2 KiB"), a percentage ("40 %") stored as a share of 0 to 1; the rest have their own input. */
export type FieldInput =
  'name' | 'type' | 'count' | 'bytes' | 'share' | 'valueKind' | 'elements' | 'pairs' | 'written' | 'growth';

/** What the card says under a valid value: a message and the name of the placeholder the value fills. */
export interface FieldNote {
  id: FieldMessageId;
  placeholder: string;
}

/** Tighter bounds on another field while this one has a value: an integer value has 1 to 19 digits. */
export interface FieldNarrowing {
  when: string;
  field: string;
  min: number;
  max: number;
  note: FieldNote;
  /** The schema's English message; the issue names this field, which a damaged link then loses alone. */
  message: string;
  reason: string;
}

export interface WorkloadFieldSpec {
  /** The field's name in scenario JSON and in links. */
  key: string;
  input: FieldInput;
  /** The types whose workloads may carry the field. */
  appliesTo: readonly DataType[];
  /** 'all': every workload has it; otherwise the types that need it (the others may leave it out). */
  requiredFor: 'all' | readonly DataType[];
  /** Bounds of a number: whole for counts and sizes, 0 to 1 for a share; characters of a name. */
  min?: number;
  max?: number;
  /** The value the model uses when the field is unset, and the card fills in when a type that needs it is chosen. */
  default?: number | string;
  /** The card's label: one message, or one per type. */
  label: FieldMessageId | Partial<Record<DataType, FieldMessageId>>;
  note?: FieldNote;
  /** Set only while it differs from its default: the card leaves the field out at the default. */
  unsetAtDefault?: boolean;
  narrows?: FieldNarrowing;
  /** The unit, as the command line's documentation names it. */
  unit: string;
  /** What the field is, in English, for the command line's documentation. */
  doc: string;
  /** The schema's English messages: the field on a type it does not apply to; missing where needed. */
  notApplicable?: { message: string; reason: string };
  needed?: { message: (type: DataType) => string; reason: string };
  /** Unset on these types, the assumptions list says what the model assumes instead. */
  assumedWhenUnset?: { types: readonly DataType[]; id: FieldMessageId };
  /** A size or count that may vary from key to key: a number, or a distribution (SizeDistribution). */
  varies?: boolean;
  /**
   * A measurement of what these other fields describe (a snapshot's): an edit of any of them
   * makes it stale, so the edit unsets it (editedFields). The card shows it only while it is set.
   */
  measuredFrom?: readonly string[];
}

/**
 * A size or count that differs from key to key, as scenario JSON and links write it: the model's
 * forms (src/model/distribution.ts) except one value, which is written as a plain number.
 */
export type SizeDistribution = Exclude<Distribution, { kind: 'value' }>;

/** The forms of a distribution as the command line's documentation lists them. */
export const DISTRIBUTION_FORMS_DOC = [
  '{"kind":"range","shape":"uniform","min":A,"max":B}: every whole size from A to B equally often',
  '{"kind":"range","shape":"normal","min":A,"max":B[,"mean":M][,"sd":S]}: a bell, clipped to A..B (default: centred, sd a sixth of the range)',
  '{"kind":"range","shape":"lognormal","min":A,"max":B[,"mean":M][,"sd":S]}: skewed to small sizes with a long tail, clipped to A..B',
  '{"kind":"percentiles"[,"min":A],"p50":X,"p90":Y,"p99":Z,"max":B}: sizes linear between the percentiles (min defaults to 1)',
  '{"kind":"histogram","buckets":[{"from":A,"to":B,"weight":W},...]}: buckets of whole sizes, W a count or a share',
] as const;

export type { FieldValuePairs };

/** The smallest and largest value of a size field: a number is both. */
export function sizeRange(value: number | SizeDistribution): [number, number] {
  return typeof value === 'object' ? distributionRange(value) : [value, value];
}

/** Buckets a histogram may have: more than any server's key-size histogram, few enough to read fast. */
export const MAX_HISTOGRAM_BUCKETS = 1000;

/** The value of a size field as a plain number: itself, or a distribution's mean to the whole size (what one figure shows). */
export function sizeFigure(value: number | SizeDistribution): number;
export function sizeFigure(value: number | SizeDistribution | undefined): number | undefined;
export function sizeFigure(value: number | SizeDistribution | undefined): number | undefined {
  return typeof value === 'object' ? Math.round(distributionMean(value)) : value;
}

const COLLECTIONS = ['hash', 'set', 'zset', 'list'] as const satisfies readonly DataType[];

/** The fields, in the order the card shows them. */
export const WORKLOAD_FIELDS = [
  {
    key: 'name',
    input: 'name',
    appliesTo: DATA_TYPES,
    requiredFor: 'all',
    min: 1,
    max: LIMITS.nameLength,
    label: 'workload.name',
    unit: 'text',
    doc: 'a name of your choice, unique in the scenario',
  },
  {
    key: 'type',
    input: 'type',
    appliesTo: DATA_TYPES,
    requiredFor: 'all',
    label: 'workload.type',
    unit: DATA_TYPES.join(' | '),
    doc: 'the type every key of the workload holds',
  },
  {
    key: 'keys',
    input: 'count',
    appliesTo: DATA_TYPES,
    requiredFor: 'all',
    min: 0,
    max: LIMITS.keysPerWorkload,
    label: 'workload.keys',
    note: { id: 'workload.keysNote', placeholder: 'keys' },
    unit: 'keys',
    doc: 'how many keys of this shape',
  },
  {
    key: 'keyBytes',
    input: 'bytes',
    varies: true,
    appliesTo: DATA_TYPES,
    requiredFor: 'all',
    min: 1,
    max: LIMITS.keyBytes,
    label: 'workload.keyLength',
    note: { id: 'workload.bytes', placeholder: 'count' },
    unit: 'bytes',
    doc: 'length of each key name',
  },
  {
    key: 'fields',
    input: 'count',
    varies: true,
    appliesTo: COLLECTIONS,
    requiredFor: COLLECTIONS,
    min: 1,
    max: LIMITS.fields,
    default: 10,
    label: {
      hash: 'workload.fieldsPerKey',
      set: 'workload.membersPerKey',
      zset: 'workload.membersPerKey',
      list: 'workload.elementsPerKey',
    },
    note: { id: 'workload.perKey', placeholder: 'count' },
    unit: 'elements',
    doc: 'fields, members or elements in each key',
    notApplicable: { message: 'fields applies to hash, set, zset and list workloads only', reason: 'collectionsOnly' },
    needed: { message: (type) => `a ${type} workload needs fields (elements per key)`, reason: 'fieldsNeeded' },
  },
  {
    key: 'fieldBytes',
    input: 'bytes',
    varies: true,
    appliesTo: ['hash'],
    requiredFor: ['hash'],
    min: 1,
    max: LIMITS.keyBytes,
    default: 8,
    label: 'workload.fieldNameLength',
    note: { id: 'workload.bytes', placeholder: 'count' },
    unit: 'bytes',
    doc: 'length of each hash field name',
    notApplicable: { message: 'fieldBytes applies to hash workloads only', reason: 'hashOnly' },
    needed: { message: () => 'a hash workload needs fieldBytes (hash field-name length)', reason: 'fieldBytesNeeded' },
  },
  {
    key: 'valueBytes',
    input: 'bytes',
    varies: true,
    appliesTo: DATA_TYPES,
    requiredFor: 'all',
    min: 0,
    max: LIMITS.valueBytes,
    label: {
      string: 'workload.valueLength',
      hash: 'workload.fieldValueLength',
      set: 'workload.memberLength',
      zset: 'workload.memberLength',
      list: 'workload.elementLength',
    },
    note: { id: 'workload.bytes', placeholder: 'count' },
    unit: 'bytes',
    doc: 'length of each value (hash field value, member, element); digits when valueKind is "int"',
  },
  {
    key: 'valueKind',
    input: 'valueKind',
    appliesTo: DATA_TYPES,
    requiredFor: [],
    default: 'bytes',
    unsetAtDefault: true,
    label: 'workload.integerValues',
    narrows: {
      when: 'int',
      field: 'valueBytes',
      min: 1,
      max: INTEGER_MAX_DIGITS,
      note: { id: 'workload.digitIntegers', placeholder: 'digits' },
      message: `an integer value ("int") has 1 to ${INTEGER_MAX_DIGITS} digits (it must fit a 64-bit integer); longer values are stored as bytes`,
      reason: 'intDigits',
    },
    unit: VALUE_KINDS.join(' | '),
    doc: `"int": values are decimal integers of valueBytes digits (1 to ${INTEGER_MAX_DIGITS}); default "bytes"`,
    assumedWhenUnset: { types: ['string'], id: 'assumptions.stringValues' },
  },
  {
    key: 'elements',
    input: 'elements',
    appliesTo: COLLECTIONS,
    requiredFor: [],
    default: 'alike',
    unsetAtDefault: true,
    label: 'workload.elementsMixed',
    unit: ELEMENT_SIZES.join(' | '),
    doc: '"mixed": each key holds elements of every size of its distributions; default "alike": one size per key',
  },
  {
    key: 'compactBytes',
    input: 'bytes',
    varies: true,
    appliesTo: COLLECTIONS,
    requiredFor: [],
    min: 1,
    max: LIMITS.valueBytes,
    unsetAtDefault: true,
    measuredFrom: ['type', 'fields', 'fieldBytes', 'valueBytes', 'valueKind', 'elements'],
    label: 'workload.compactBytes',
    note: { id: 'workload.bytes', placeholder: 'count' },
    unit: 'bytes',
    doc: "a listpack's or intset's bytes (a list's one node) as rdb exports them, in place of its elements' sum",
  },
  {
    key: 'fieldValuePairs',
    input: 'pairs',
    appliesTo: ['hash'],
    requiredFor: [],
    unsetAtDefault: true,
    measuredFrom: ['type', 'fields', 'fieldBytes', 'valueBytes', 'valueKind', 'elements'],
    label: 'workload.fieldValuePairs',
    unit: 'object',
    doc: '{"kind":"pairs","buckets":[{"field":F,"value":V,"weight":W},...]}: field and value lengths as rdb exports them',
  },
  {
    key: 'ttlFraction',
    input: 'share',
    appliesTo: DATA_TYPES,
    requiredFor: 'all',
    min: 0,
    max: 1,
    default: 0,
    label: 'workload.keysWithTtl',
    note: { id: 'workload.keysExpire', placeholder: 'share' },
    unit: 'share 0 to 1',
    doc: 'share of the keys with a TTL',
  },
  {
    key: 'fieldTtlFraction',
    input: 'share',
    appliesTo: ['hash'],
    requiredFor: [],
    min: 0,
    max: 1,
    default: 0,
    unsetAtDefault: true,
    label: 'workload.fieldsWithTtl',
    note: { id: 'workload.fieldsExpire', placeholder: 'share' },
    unit: 'share 0 to 1',
    doc: "share of each hash's fields with their own TTL (HSETEX/HEXPIRE, Valkey 9.0+); default 0",
    notApplicable: {
      message: 'fieldTtlFraction applies to hash workloads only (hash fields with their own TTL)',
      reason: 'hashOnly',
    },
    assumedWhenUnset: { types: ['hash'], id: 'assumptions.noFieldTtl' },
  },
  {
    key: 'written',
    input: 'written',
    appliesTo: COLLECTIONS,
    requiredFor: [],
    default: 'one-per-command',
    unsetAtDefault: true,
    label: 'workload.written',
    // The assumption speaks of tables, which a list has none of.
    assumedWhenUnset: { types: ['hash', 'set', 'zset'], id: 'assumptions.writtenOnePerCommand' },
    unit: WRITE_HISTORIES.join(' | '),
    doc:
      'how the collections were written: "one-per-command" (SADD/HSET/ZADD/RPUSH of one element each; default), ' +
      '"whole-collection" (one command of all its elements, 7.2+ presizes the table), "loaded" (a snapshot ' +
      "restored, a full sync, a restart: every table at its size, a list's nodes as they were saved)",
  },
  {
    key: 'growth',
    input: 'growth',
    appliesTo: DATA_TYPES,
    requiredFor: [],
    label: 'growth.label',
    unit: 'object',
    doc: 'how the key count grows: {"kind":"keysPerMonth","keysPerMonth":N}, {"kind":"percentPerMonth","percentPerMonth":P} or {"kind":"writesTimesTtl","writesPerSecond":W,"ttlSeconds":S}',
  },
] as const satisfies readonly WorkloadFieldSpec[];

/** The bounds of a growth's figures: the schema checks them, the growth input parses with them. */
export const GROWTH_LIMITS = {
  keysPerMonth: { min: 0, max: LIMITS.keysPerWorkload },
  percentPerMonth: { min: 0, max: 100 },
  writesPerSecond: { min: 1, max: 1e8 },
  ttlSeconds: { min: 1, max: 10 * 365 * 86_400 },
} as const;

type Spec = (typeof WORKLOAD_FIELDS)[number];
type ValueOf<S extends Spec> = S['input'] extends 'name'
  ? string
  : S['input'] extends 'type'
    ? DataType
    : S['input'] extends 'valueKind'
      ? ValueKind
      : S['input'] extends 'elements'
        ? ElementSizes
        : S['input'] extends 'pairs'
          ? FieldValuePairs
          : S['input'] extends 'written'
            ? WriteHistory
            : S['input'] extends 'growth'
              ? WorkloadGrowth
              : S extends { varies: true }
                ? number | SizeDistribution
                : number;
type Simplify<T> = { [K in keyof T]: T[K] };

/** A workload as the schema returns it: its type follows from the fields above. */
export type Workload = Simplify<
  { [S in Extract<Spec, { requiredFor: 'all' }> as S['key']]: ValueOf<S> } & {
    [S in Exclude<Spec, { requiredFor: 'all' }> as S['key']]?: ValueOf<S> | undefined;
  }
>;

type VaryingSpec = Extract<Spec, { varies: true }>;

/** A workload whose keys all have the same sizes: every size field a plain number (what a loader writes key by key). */
export type OneSizeWorkload = Simplify<
  Omit<Workload, VaryingSpec['key']> & { [S in Extract<VaryingSpec, { requiredFor: 'all' }> as S['key']]: number } & {
    [S in Exclude<VaryingSpec, { requiredFor: 'all' }> as S['key']]?: number | undefined;
  }
>;

/** A size field's value in a workload: a number, a distribution, or unset. */
export type SizeValue = number | SizeDistribution | undefined;

/** The workload with each size that may vary as its one figure (sizeFigure): what a summary shows. */
export function oneSizeOf(workload: Workload): OneSizeWorkload {
  const figures: Record<string, unknown> = { ...workload };
  for (const field of workloadFields) if (field.varies) figures[field.key] = sizeFigure(figures[field.key] as SizeValue);
  return figures as OneSizeWorkload;
}

/**
 * A field as the model reads it (scenario/resolve.ts makes it so): a size that may vary as its one
 * figure; any other field with a default always set.
 */
type ResolvedValueOf<S extends Spec> =
  | (S extends { varies: true } ? number : ValueOf<S>)
  | (S extends { requiredFor: 'all' }
      ? never
      : S extends { varies: true }
        ? undefined
        : S extends { default: unknown }
          ? never
          : undefined);

/** Fields the growth projection reads (scenario/growth.ts), not the estimate. */
const PLAN_FIELD_KEYS = ['growth'] as const satisfies readonly Spec['key'][];
export const PLAN_FIELDS: ReadonlySet<string> = new Set(PLAN_FIELD_KEYS);

/** The spec's fields as the estimate reads them: every field but the plan's, resolved. */
export type ModelFields = { [S in Spec as Exclude<S['key'], (typeof PLAN_FIELD_KEYS)[number]>]: ResolvedValueOf<S> };

/** True when A and B are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The model's input type (ResolvedWorkload: the spec's fields, resolved, and the model's own
 * savedAfter and distributions) and its sizes that may vary (VARYING_SIZES, with the types that
 * have them) are the spec's. A field added to one side alone makes these false, and the build
 * fails here.
 */
export const MODEL_FIELDS_ARE_THE_SPECS: Same<ModelFields, Omit<ResolvedWorkload, 'savedAfter' | 'distributions'>> = true;
export const MODEL_VARYING_SIZES_ARE_THE_SPECS: Same<
  { [S in VaryingSpec as S['key']]: S['appliesTo'] },
  { -readonly [K in keyof typeof VARYING_SIZES]: (typeof VARYING_SIZES)[K] }
> = true;

/** The fields as the loose type every reader takes (a test may add one). */
export const workloadFields: readonly WorkloadFieldSpec[] = WORKLOAD_FIELDS;

export function fieldSpec(key: string): WorkloadFieldSpec | undefined {
  return workloadFields.find((f) => f.key === key);
}

export const appliesTo = (field: WorkloadFieldSpec, type: DataType): boolean => field.appliesTo.includes(type);

export const isRequiredFor = (field: WorkloadFieldSpec, type: DataType): boolean =>
  field.requiredFor === 'all' || field.requiredFor.includes(type);

/** Optional for some type: the field a damaged link can lose while its workload still holds. */
export const isOptionalFor = (field: WorkloadFieldSpec, type: unknown): boolean =>
  field.requiredFor !== 'all' && !(typeof type === 'string' && (field.requiredFor as readonly string[]).includes(type));

/** The card's label message of a field on a type. */
export function labelOf(field: WorkloadFieldSpec, type: DataType): FieldMessageId {
  return typeof field.label === 'string' ? field.label : (field.label[type] ?? Object.values(field.label)[0]!);
}

/** The numeric default of a field (fields: 10, fieldBytes: 8, shares: 0). */
export function numericDefault(key: string): number {
  const value = fieldSpec(key)?.default;
  if (typeof value !== 'number') throw new Error(`workload field ${key} has no numeric default`);
  return value;
}

/** The bounds that hold for a field of this workload: its own, or those another field's value narrows it to. */
export function boundsOf(
  field: WorkloadFieldSpec,
  workload: Readonly<Record<string, unknown>>,
): { min: number; max: number; note?: FieldNote } {
  for (const other of workloadFields) {
    const n = other.narrows;
    if (n && n.field === field.key && workload[other.key] === n.when) return { min: n.min, max: n.max, note: n.note };
  }
  return { min: field.min ?? 0, max: field.max ?? Number.MAX_VALUE, note: field.note };
}

/**
 * A workload's fields after an edit: the patch applied, and every measurement of a field the
 * patch changes (measuredFrom) unset, as it no longer describes the workload.
 */
export function editedFields(
  workload: Readonly<Record<string, unknown>>,
  patch: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const edited: Record<string, unknown> = { ...workload, ...patch };
  const changed = Object.keys(patch).filter((key) => patch[key] !== workload[key]);
  for (const field of workloadFields)
    if (field.measuredFrom?.some((key) => changed.includes(key)) && !(field.key in patch)) edited[field.key] = undefined;
  return edited;
}

/**
 * The workload after choosing a type: fields the type does not have are unset, fields it needs
 * keep their value or take their default.
 */
export function patchForType(workload: Readonly<Record<string, unknown>>, type: DataType): Record<string, unknown> {
  const patch: Record<string, unknown> = { type };
  for (const field of workloadFields) {
    if (field.requiredFor === 'all') continue;
    if (!appliesTo(field, type)) patch[field.key] = undefined;
    else if (isRequiredFor(field, type) && workload[field.key] === undefined) patch[field.key] = field.default;
  }
  return patch;
}

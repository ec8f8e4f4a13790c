import {
  DATA_TYPES,
  type Allocator,
  type DataType,
  type ElementSizes,
  type ValueKind,
  type WriteHistory,
} from '../data/vocabulary';
import type { Distribution } from './distribution';
import type { EncodingThresholds } from './encodingThresholds';
import type { LineId } from './lineRegistry';

/**
 * What the model evaluates: a scenario with every optional setting filled in. The model owns
 * these types; `scenario/` validates untrusted input into them.
 */
export interface ResolvedScenario {
  name: string;
  workloads: ResolvedWorkload[];
  /** The allocator build on every line, or null for each line's usual build (its registry record). */
  allocator: Allocator | null;
  versions: LineId[];
  baseline: LineId;
  target: LineId;
  cluster: boolean;
  thresholds: EncodingThresholds;
  deployment: ResolvedDeployment;
}

/**
 * A workload as the model reads it: every field present, in one order. Workloads parsed from
 * links, presets and edits carry different optional fields; built the same way, they all share
 * one object shape, and the model's reads of them stay fast.
 */
export interface ResolvedWorkload {
  name: string;
  keys: number;
  keyBytes: number;
  type: DataType;
  valueBytes: number;
  valueKind: ValueKind;
  ttlFraction: number;
  fields: number | undefined;
  fieldBytes: number | undefined;
  /** Share of a hash's fields with their own TTL; 0 when none (and for other types). */
  fieldTtlFraction: number;
  /** How the collections were written (vocabulary.ts): one element per command unless said otherwise. */
  written: WriteHistory;
  /** Whether a collection's elements are alike within each key or mixed (vocabulary.ts). */
  elements: ElementSizes;
  /** Bytes of each key's listpack or intset when known (a snapshot's); undefined: from its elements. */
  compactBytes: number | undefined;
  /** A hash's field-name and value lengths paired (a snapshot's); the model reads their shares in `distributions`. */
  fieldValuePairs: FieldValuePairs | undefined;
  /**
   * A loaded list's history before the snapshot it was loaded from (a load keeps a list's nodes as
   * they were saved): one element per command unless said otherwise. asLoaded sets it; no input does.
   */
  savedAfter?: WriteHistory;
  /**
   * Sizes and counts that vary from key to key, each drawn for every key on its own. A
   * distribution given here replaces the number of the same name for the model; the number stays
   * what a single figure shows (the simple case). Absent: every key alike, as before.
   */
  distributions?: WorkloadDistributions | undefined;
}

/**
 * The sizes and counts of a workload that may vary from key to key, each with the types whose keys
 * have it, in the order of the scenario's field spec (its fields marked `varies`; the compiler
 * holds the two to each other, src/scenario/workloadFields.ts). A string's key varies in all of
 * them; a collection's payload in all but keyBytes (its key part is priced apart).
 */
export const VARYING_SIZES = {
  keyBytes: DATA_TYPES,
  fields: ['hash', 'set', 'zset', 'list'],
  fieldBytes: ['hash'],
  valueBytes: DATA_TYPES,
  compactBytes: ['hash', 'set', 'zset', 'list'],
} as const satisfies Readonly<Record<string, readonly DataType[]>>;

export type VaryingSize = keyof typeof VARYING_SIZES;

/**
 * The per-key distributions a workload can have, one for each of VARYING_SIZES. Each key draws
 * each of them independently; within one key every element is alike (a hash of 80 fields draws
 * one field-name length and one value size for all 80), unless the workload's elements are mixed:
 * then every key holds elements of every value size and field-name length in their shares.
 * `fields` is the fields or members per key.
 */
export type WorkloadDistributions = { [Size in VaryingSize]?: Distribution | undefined } & {
  /**
   * A hash of mixed elements: its field-name and value lengths as they go together (a snapshot's),
   * in place of field names and values drawn apart. Shares sum to 1.
   */
  fieldValuePairs?: readonly FieldValuePair[] | undefined;
};

/** A field name of `field` bytes holding a value of `value` bytes, and its share of the fields. */
export interface FieldValuePair {
  field: number;
  value: number;
  weight: number;
}

/**
 * A hash's field-name and value lengths as they go together, as scenario JSON writes them: how
 * often (a count or a share) a field of `field` bytes holds a value of `value` bytes.
 */
export interface FieldValuePairs {
  kind: 'pairs';
  buckets: { field: number; value: number; weight: number }[];
}

export interface ResolvedDeployment {
  shards: number;
  replicas: number;
  fragmentationRatio: number;
  /** Room for fork copy-on-write during snapshots and full syncs, as a share of RSS. */
  headroomPercent: number;
  /** The share of each node's memory a provider keeps from the data (ElastiCache's reserved-memory-percent). */
  reservedPercent: number;
  processBaselineBytes: number;
  instanceType: string;
}

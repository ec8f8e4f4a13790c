import { HASH_HASHTABLE_METADATA_BYTES, HASHTABLE_STRUCT_BYTES, HASHTABLE_WITH_SAFE_ITERATORS_STRUCT_BYTES } from './structs';

/**
 * What each release line lays out in memory. A line is one record in the registry
 * (lineRegistry.ts), which names the layout it has; lines that lay keys out alike share one.
 */

/** What changed between lines, as far as memory goes. */
export interface LineLayout {
  /** 7.2/8.0: chained dict of 8-byte slots; 8.1+: hashtable of 64-byte, 7-slot buckets. */
  keyspace: 'dict' | 'hashtable';
  /** 7.2: key copied to its own sds; 8.0: key bytes inside the dict entry; 8.1+: key inside the value object. */
  keyStorage: 'separate-sds' | 'embedded-in-entry' | 'embedded-in-object';
  /** Longest string with a type-8 sds header: 255, from 8.0 252 (header + string + NUL fit its length field). */
  sdsType8MaxLength: number;
  /** Longest string with a type-16 sds header: 65,535, from 8.0 65,530. */
  sdsType16MaxLength: number;
  /** From 8.0 the cron grows an idle keyspace table that is exactly full. */
  cronGrowsFullKeyspaceTables: boolean;
  /** 8.0+ cluster mode keeps one keyspace table per hash slot (kvstore); 7.2 one table with slot links. */
  clusterPerSlotTables: boolean;
  /**
   * Largest string-value object that stays one allocation: 7.2/8.0 embstr (value <= 44 bytes),
   * 8.1/9.0 the whole key+value object <= 64 bytes, 9.1 <= 128 bytes with the value pointer reused.
   */
  embeddedObjectBudget: number;
  /** 9.1: an embedded value overwrites the object's 8-byte pointer. */
  embeddedValueReusesPointer: boolean;
  /** Collections' large encodings use the dict (7.2/8.0) or the 8.1+ hashtable. */
  collectionTables: 'dict' | 'hashtable';
  /** 7.2+: small sets of strings are listpacks (Redis 7.0: hashtable). */
  setListpack: boolean;
  /** 7.2+: set dict entries without a value pointer, the member alone stored in its slot. */
  setKeyOnlyEntries: boolean;
  /** 7.2+: a small list is one listpack (Redis 7.0: always a quicklist). */
  listSingleListpack: boolean;
  /** 8.1+: a short hash field and its value share one allocation (PR #1579). */
  hashEmbeddedEntries: boolean;
  /**
   * Bytes of `struct hashtable` on a line whose tables are hashtables (structs.ts): 72, from 9.1
   * 80 (safe-iterator pointer); 0 on dict lines. Metadata after it is priced by the table's owner.
   */
  hashtableStructBytes: number;
  /**
   * Metadata a hash's hashtable carries after its struct: the volatile-set pointer, 8 bytes in 9.1.
   * 9.0 has it too, but it is left at 0 there so that 9.0 without field TTLs prices exactly as
   * 8.1 (one build for both: estimate.ts); J(72) = J(80), so only glibc builds see the 16 bytes.
   */
  hashTableMetadataBytes: number;
  /** 9.1: sorted-set members live inside skiplist nodes; the skiplist is its own header node. */
  skiplistEmbedsMembers: boolean;
  /** 9.0+: hash fields can have their own TTL (HSETEX, HEXPIRE); before 9.0 the feature does not exist. */
  hashFieldExpiry: boolean;
}

export const V72_LAYOUT: LineLayout = {
  keyspace: 'dict',
  keyStorage: 'separate-sds',
  sdsType8MaxLength: 255,
  sdsType16MaxLength: 65_535,
  cronGrowsFullKeyspaceTables: false,
  clusterPerSlotTables: false,
  embeddedObjectBudget: 64,
  embeddedValueReusesPointer: false,
  collectionTables: 'dict',
  setListpack: true,
  setKeyOnlyEntries: true,
  listSingleListpack: true,
  hashEmbeddedEntries: false,
  hashtableStructBytes: 0,
  hashTableMetadataBytes: 0,
  skiplistEmbedsMembers: false,
  hashFieldExpiry: false,
};
export const V80_LAYOUT: LineLayout = {
  ...V72_LAYOUT,
  keyStorage: 'embedded-in-entry',
  sdsType8MaxLength: 252,
  sdsType16MaxLength: 65_530,
  cronGrowsFullKeyspaceTables: true,
  clusterPerSlotTables: true,
};
export const V81_LAYOUT: LineLayout = {
  ...V80_LAYOUT,
  keyspace: 'hashtable',
  keyStorage: 'embedded-in-object',
  collectionTables: 'hashtable',
  hashEmbeddedEntries: true,
  hashtableStructBytes: HASHTABLE_STRUCT_BYTES,
};

/** Redis 7.0: 7.2's keys, strings, hashes and sorted sets, without its set listpacks, value-less set entries and one-listpack lists. */
export const REDIS_70_LAYOUT: LineLayout = {
  ...V72_LAYOUT,
  setListpack: false,
  setKeyOnlyEntries: false,
  listSingleListpack: false,
};
/** 9.0: hash fields with their own TTL (HSETEX, HEXPIRE). */
export const V90_LAYOUT: LineLayout = { ...V81_LAYOUT, hashFieldExpiry: true };
export const V91_LAYOUT: LineLayout = {
  ...V90_LAYOUT,
  embeddedObjectBudget: 128,
  embeddedValueReusesPointer: true,
  hashtableStructBytes: HASHTABLE_WITH_SAFE_ITERATORS_STRUCT_BYTES,
  hashTableMetadataBytes: HASH_HASHTABLE_METADATA_BYTES,
  skiplistEmbedsMembers: true,
};

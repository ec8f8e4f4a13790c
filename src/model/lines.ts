import type { VersionLine } from '../data/vocabulary';

/**
 * The layouts the model knows: the five Valkey release lines, plus Redis 7.0 (what Debian 12
 * ships), used to check the model against a live server. Redis 7.0 shares 7.2's key, string,
 * hash and sorted-set layouts; it has no set listpack, no single-listpack lists and no
 * value-less set entries.
 */
export type ModelLine = VersionLine | 'redis-7.0';

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
  /** Bytes of a collection's hashtable struct: 80, or 96 for 9.1 hashes (safe-iterator pointer). */
  hashHashtableStructBytes: number;
  /** 9.1: sorted-set members live inside skiplist nodes; the skiplist is its own header node. */
  skiplistEmbedsMembers: boolean;
  /** 9.0+: hash fields can have their own TTL (HSETEX, HEXPIRE); before 9.0 the feature does not exist. */
  hashFieldExpiry: boolean;
}

const V72: LineLayout = {
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
  hashHashtableStructBytes: 0,
  skiplistEmbedsMembers: false,
  hashFieldExpiry: false,
};
const V80: LineLayout = {
  ...V72,
  keyStorage: 'embedded-in-entry',
  sdsType8MaxLength: 252,
  sdsType16MaxLength: 65_530,
  cronGrowsFullKeyspaceTables: true,
  clusterPerSlotTables: true,
};
const V81: LineLayout = {
  ...V80,
  keyspace: 'hashtable',
  keyStorage: 'embedded-in-object',
  collectionTables: 'hashtable',
  hashEmbeddedEntries: true,
  hashHashtableStructBytes: 72,
};

/**
 * Every layout a line has is a copy of V72, 7.2's own included: copies made alike share one
 * object shape, so the reads of layout fields on every line stay monomorphic in the engine.
 */
const REDIS_70_LAYOUT: LineLayout = { ...V72, setListpack: false, setKeyOnlyEntries: false, listSingleListpack: false };
const V72_LAYOUT: LineLayout = { ...V72 };
const V90: LineLayout = { ...V81, hashFieldExpiry: true };
const V91: LineLayout = {
  ...V90,
  embeddedObjectBudget: 128,
  embeddedValueReusesPointer: true,
  hashHashtableStructBytes: 88,
  skiplistEmbedsMembers: true,
};

/** A line's layout. A switch rather than a keyed read, which the engine answers slowly for varying keys. */
export function layoutOf(line: ModelLine): LineLayout {
  switch (line) {
    case 'redis-7.0':
      return REDIS_70_LAYOUT;
    case '7.2':
      return V72_LAYOUT;
    case '8.0':
      return V80;
    case '8.1':
      return V81;
    case '9.0':
      return V90;
    case '9.1':
      return V91;
  }
}

/** Computes once per distinct layout: lines that share one share the result. */
export function oncePerLayout<T>(compute: (line: ModelLine) => T): (line: ModelLine) => T {
  // A handful of layouts at most: a short scan is quicker than a map.
  const layouts: LineLayout[] = [];
  const results: T[] = [];
  return (line) => {
    const layout = layoutOf(line);
    const known = layouts.indexOf(layout);
    if (known >= 0) return results[known]!;
    const result = compute(line);
    layouts.push(layout);
    results.push(result);
    return result;
  };
}

import type { ElementSpec } from '../model/snapshotPricing';
import type { ElementTally, PairTally } from './elements';
import { utf8Text } from './text';

/** The data types the planner sizes, and those it only counts. */
export type PlannedType = 'string' | 'hash' | 'set' | 'zset' | 'list';
export type KeyType = PlannedType | 'stream' | 'module';

/** Every key type, in a fixed order (an index into per-type counts). */
export const KEY_TYPES: readonly KeyType[] = ['string', 'hash', 'set', 'zset', 'list', 'stream', 'module'];

/** A type's place in KEY_TYPES, by a switch (this runs per key; a lookup by name costs more). */
export function keyTypeIndex(type: KeyType): number {
  switch (type) {
    case 'string':
      return 0;
    case 'hash':
      return 1;
    case 'set':
      return 2;
    case 'zset':
      return 3;
    case 'list':
      return 4;
    case 'stream':
      return 5;
    case 'module':
      return 6;
  }
}

/**
 * A key's value as the reader summarises it: what sizing and the families need, never the data.
 * The reader keeps one object of each type and fills it afresh for each key (see KeyRecord).
 */
export type KeyValue = StringValue | ListValue | SetValue | ZsetValue | HashValue | StreamValue | ModuleValue;
export interface StringValue {
  type: 'string';
  value: ElementSpec;
}
export interface ListValue {
  type: 'list';
  elements: ElementTally;
  /** Bytes of each listpack node as the server holds it after loading the file. */
  listpackNodeBytes: number[];
  /** Bytes of each plain node's element (one too large for a listpack). */
  plainNodeBytes: number[];
}
export interface SetValue {
  type: 'set';
  members: ElementTally;
}
export interface ZsetValue {
  type: 'zset';
  members: ElementTally;
  /** Listpack bytes the scores take as entries beside their members. */
  scoreEntryBytes: number;
}
export interface HashValue {
  type: 'hash';
  pairs: PairTally;
  volatileFields: number;
}
export interface StreamValue {
  type: 'stream';
  entries: number;
}
export interface ModuleValue {
  type: 'module';
  module: string;
}

/** RDB value type codes, as rdb.h numbers them, with the name a message uses. */
export const RDB_TYPE_NAMES: Record<number, string> = {
  0: 'string',
  1: 'list (plain)',
  2: 'set (plain)',
  3: 'zset (text scores)',
  4: 'hash (plain)',
  5: 'zset (skiplist)',
  6: 'module (pre-GA)',
  7: 'module',
  9: 'hash (zipmap)',
  10: 'list (ziplist)',
  11: 'set (intset)',
  12: 'zset (ziplist)',
  13: 'hash (ziplist)',
  14: 'list (quicklist of ziplists)',
  15: 'stream',
  16: 'hash (listpack)',
  17: 'zset (listpack)',
  18: 'list (quicklist of listpacks)',
  19: 'stream (v2)',
  20: 'set (listpack)',
  21: 'stream (v3)',
  22: 'hash with field TTLs (Valkey 9)',
};

/** Redis 8.6's stream type (RDB 13), with its idempotent producers. */
export const REDIS_STREAM_V4 = 26;

/**
 * Types above 21 in a REDIS-magic file: Redis 7.4+'s hashes with field TTLs (RDB 12) and Redis
 * 8.6's stream (RDB 13). In a VALKEY file only 22 is a type, with another meaning.
 */
export const REDIS_ONLY_TYPE_NAMES: Record<number, string> = {
  22: 'hash with field TTLs (Redis 7.4 RC)',
  23: 'hash listpack with field TTLs (Redis 7.4 RC)',
  24: 'hash with field TTLs (Redis 7.4+)',
  25: 'hash listpack with field TTLs (Redis 7.4+)',
  [REDIS_STREAM_V4]: 'stream (Redis 8.6)',
};

/**
 * A key's first bytes (all of it up to KEY_PREFIX_BYTES): keyBytes[keyFrom, keyFrom + keyKept),
 * in place in the file's bytes when they are there whole, else in a copy. Valid while the key is
 * being handed on: whoever keeps them copies them.
 */
export interface KeyBytes {
  keyBytes: Uint8Array;
  keyFrom: number;
  keyKept: number;
}

/** A key's kept bytes as text (invalid UTF-8 as U+FFFD). */
export function keyText(key: KeyBytes): string {
  return utf8Text(key.keyBytes.subarray(key.keyFrom, key.keyFrom + key.keyKept));
}

/**
 * One key as the reader hands it to its callback. The reader fills one record (and one value of
 * each type) afresh for each key, so that reading allocates nothing per key: the callback reads
 * it and keeps nothing of it.
 */
export interface KeyRecord extends KeyBytes {
  db: number;
  keyLength: number;
  /** Absolute expiry in Unix milliseconds, or null. */
  expireAtMs: number | null;
  rdbType: number;
  value: KeyValue;
  /** File offset of the record's type byte, and the bytes it takes in the file. */
  offset: number;
  fileBytes: number;
}

/** Everything in the file that is not a key. */
export interface RdbFileFacts {
  magic: 'REDIS' | 'VALKEY' | null;
  version: number | null;
  /** Aux fields in file order (redis-ver, valkey-ver, used-mem, ctime, aof-base, ...). */
  aux: Array<{ name: string; value: string }>;
  databases: number[];
  /** RESIZEDB hints: keys and keys with an expiry, per database. */
  resizeHints: Array<{ db: number; keys: number; expires: number }>;
  slotInfoRecords: number;
  slotImportRecords: number;
  /** Redis 8.6's key metadata records (module data before a key), and their bytes. */
  keyMetadataRecords: number;
  keyMetadataBytes: number;
  moduleAux: Array<{ module: string; bytes: number }>;
  functionLibraries: number;
  functionBytes: number;
  /** 'ok', 'mismatch' (with both values), 'not-written' (zeros: rdbchecksum no), or null before the end. */
  checksum: { status: 'ok' | 'mismatch' | 'not-written'; stored: string; computed: string } | null;
  /** Bytes after the checksum, which the server ignores. */
  trailingBytes: number;
}

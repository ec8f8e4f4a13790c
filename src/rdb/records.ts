import type { ElementSpec } from '../model/elements';
import type { ElementTally, PairTally } from './elements';

/** The data types the planner sizes, and those it only counts. */
export type PlannedType = 'string' | 'hash' | 'set' | 'zset' | 'list';
export type KeyType = PlannedType | 'stream' | 'module';

/** Every key type, in a fixed order (an index into per-type counts). */
export const KEY_TYPES: readonly KeyType[] = ['string', 'hash', 'set', 'zset', 'list', 'stream', 'module'];

/** A key's value as the reader summarises it: what sizing and the families need, never the data. */
export type KeyValue =
  | { type: 'string'; value: ElementSpec }
  | {
      type: 'list';
      elements: ElementTally;
      /** Bytes of each listpack node as the server holds it after loading the file. */
      listpackNodeBytes: number[];
      /** Bytes of each plain node's element (one too large for a listpack). */
      plainNodeBytes: number[];
    }
  | { type: 'set'; members: ElementTally }
  | {
      type: 'zset';
      members: ElementTally;
      /** Listpack bytes the scores take as entries beside their members. */
      scoreEntryBytes: number;
    }
  | { type: 'hash'; pairs: PairTally; volatileFields: number }
  | { type: 'stream'; entries: number }
  | { type: 'module'; module: string };

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

export interface KeyRecord {
  db: number;
  /** The key's first bytes (all of it up to KEY_PREFIX_BYTES). */
  key: Uint8Array;
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

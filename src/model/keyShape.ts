import type { WriteHistory } from '../data/vocabulary';
import type { EncodingThresholds } from './encodingThresholds';
import type { FieldValuePair, ResolvedWorkload } from './input';
import type { HashFieldGroup, MemberGroup } from './collectionKey';
import { stringElement, workloadElement, type ElementSpec } from './elements';
import { listpackEntryBytes } from './listpack';
import { trackedKeyShare } from './hashFieldTtl';
import { hashPayloadBytes, prepareHash, type PreparedHash } from './hashKey';
import type { Parts } from './itemiser';
import type { BuildContext } from './allocator';
import { NO_TABLE, tableAsWritten, type TableGeometry } from './collectionTables';
import { listPayloadBytes, prepareList, type PreparedList } from './listKey';
import { prepareSet, setPayloadBytes, type PreparedSet } from './setKey';
import { collectionKeyBytes, stringEncoding, stringKeyBytes, type StringEncoding, type StringKeyShape } from './keyObject';
import { prepareZset, zsetPayloadBytes, type PreparedZset } from './zsetKey';

/** What one key of a family holds, independent of the release line and of its TTL. */
export type KeyShape =
  | ({ type: 'string' } & StringKeyShape)
  | {
      type: 'hash';
      keyBytes: number;
      fields: readonly HashFieldGroup[];
      fieldTtlFraction?: number;
      written?: WriteHistory;
      compactBytes?: number | undefined;
    }
  | {
      type: 'set' | 'zset';
      keyBytes: number;
      members: readonly MemberGroup[];
      written?: WriteHistory;
      /** The bytes of its listpack or intset when known (a snapshot's), in place of its elements' sum. */
      compactBytes?: number | undefined;
    }
  | {
      type: 'list';
      keyBytes: number;
      element: ElementSpec;
      length: number;
      written?: WriteHistory;
      savedAfter?: WriteHistory | undefined;
      /** The bytes of its one listpack node when known (a snapshot's), in place of its elements' sum. */
      compactBytes?: number | undefined;
    };

/**
 * A key shape with everything that does not depend on the line worked out once: element counts,
 * the encoding the thresholds choose, listpack sizes and table geometry. Only the allocations'
 * sizes on each line remain, so a scenario's keys are prepared once and priced per line.
 */
export type PreparedKey =
  | { type: 'string'; keyBytes: number; payload: StringKeyShape }
  | { type: 'hash'; keyBytes: number; payload: PreparedHash }
  | { type: 'set'; keyBytes: number; payload: PreparedSet }
  | { type: 'zset'; keyBytes: number; payload: PreparedZset }
  | { type: 'list'; keyBytes: number; payload: PreparedList };

export function prepareKey(shape: KeyShape, thresholds: EncodingThresholds): PreparedKey {
  // keyBytes is read in each case, where the shape's kind is known: one read for all kinds is slow.
  switch (shape.type) {
    case 'string':
      return { type: 'string', keyBytes: shape.keyBytes, payload: shape };
    case 'hash':
      return {
        type: 'hash',
        keyBytes: shape.keyBytes,
        payload: prepareHash(shape.fields, thresholds, shape.fieldTtlFraction ?? 0, shape.written, shape.compactBytes),
      };
    case 'set':
      return {
        type: 'set',
        keyBytes: shape.keyBytes,
        payload: prepareSet(shape.members, thresholds, shape.written, shape.compactBytes),
      };
    case 'zset':
      return {
        type: 'zset',
        keyBytes: shape.keyBytes,
        payload: prepareZset(shape.members, thresholds, undefined, shape.written, shape.compactBytes),
      };
    case 'list':
      return {
        type: 'list',
        keyBytes: shape.keyBytes,
        payload: prepareList(shape.element, shape.length, thresholds, shape.written, shape.savedAfter, shape.compactBytes),
      };
  }
}

/** Share of a family's keys that the database tracks as having volatile hash fields (Valkey 9.0+, Redis 7.4+). */
export function keysWithVolatileFieldsShare(key: PreparedKey): number {
  return key.type === 'hash' ? trackedKeyShare(key.payload.volatile) : 0;
}

/**
 * Expected bytes of one such key on ctx's line when a share `ttlFraction` of the family has a
 * TTL, excluding the shared keyspace and expires tables. A TTL changes only the key-level part
 * of a collection, so its payload is counted once.
 */
export function preparedKeyBytes(ctx: BuildContext, key: PreparedKey, ttlFraction: number, into: Parts): number {
  if (key.type === 'string') return stringKeyBytes(ctx, key.payload, ttlFraction, into);
  return collectionKeyBytes(ctx, key.keyBytes, ttlFraction, into) + collectionPayloadBytes(ctx, key, into);
}

export type PreparedCollection = Exclude<PreparedKey, { type: 'string' }>;

/** A collection key's payload on ctx's line: what it holds, without the key's name, object and TTL. */
export function collectionPayloadBytes(ctx: BuildContext, key: PreparedCollection, into: Parts): number {
  switch (key.type) {
    case 'hash':
      return hashPayloadBytes(ctx, key.payload, into);
    case 'set':
      return setPayloadBytes(ctx, key.payload, into);
    case 'zset':
      return zsetPayloadBytes(ctx, key.payload, into);
    case 'list':
      return listPayloadBytes(ctx, key.payload, into);
  }
}

/** A collection's table on a line, as its write history left it (a set's on lines with or without set listpacks). */
export function writtenTableOf(layout: BuildContext['layout'], key: PreparedCollection): TableGeometry {
  switch (key.type) {
    case 'set':
      return tableAsWritten(
        layout,
        layout.setListpack ? key.payload.table : key.payload.tableWithoutListpack,
        key.payload.history,
      );
    case 'hash':
    case 'zset':
      return tableAsWritten(layout, key.payload.table, key.payload.history);
    case 'list':
      return NO_TABLE;
  }
}

/** A key's encoding as OBJECT ENCODING names it. */
export type KeyEncoding = StringEncoding | 'listpack' | 'hashtable' | 'intset' | 'skiplist' | 'quicklist';

/** The share of a family's keys in one encoding on one line. */
export interface EncodingShare {
  encoding: KeyEncoding;
  share: number;
}

/** Encodings in the order a breakdown lists them: compact ones first. */
export const ENCODING_ORDER: readonly KeyEncoding[] = [
  'int',
  'embstr',
  'raw',
  'intset',
  'listpack',
  'quicklist',
  'hashtable',
  'skiplist',
];

/** Every key in one encoding: made once each, as every estimate lists one per workload and line. */
const SOLE = Object.fromEntries(
  ENCODING_ORDER.map((encoding) => [encoding, Object.freeze([Object.freeze({ encoding, share: 1 })])]),
) as unknown as Record<KeyEncoding, EncodingShare[]>;

/** One encoding for every key, or two with their shares, in ENCODING_ORDER. */
function split(first: KeyEncoding, second: KeyEncoding, secondShare: number): EncodingShare[] {
  if (first === second || secondShare === 0) return SOLE[first];
  if (secondShare === 1) return SOLE[second];
  const a = { encoding: first, share: 1 - secondShare };
  const b = { encoding: second, share: secondShare };
  return ENCODING_ORDER.indexOf(first) < ENCODING_ORDER.indexOf(second) ? [a, b] : [b, a];
}

/**
 * The encodings of one key shape on ctx's line, each with its share of the family (summing to
 * 1). A TTL can change a string's on 8.1+; hash fields with their own TTL make a hash a table on
 * the Valkey lines that have them.
 */
export function keyEncodings(ctx: BuildContext, key: PreparedKey, ttlFraction: number): EncodingShare[] {
  const layout = ctx.layout;
  switch (key.type) {
    case 'string':
      if (ttlFraction === 0 || ttlFraction === 1) return SOLE[stringEncoding(ctx, key.payload, ttlFraction === 1)];
      return split(stringEncoding(ctx, key.payload, false), stringEncoding(ctx, key.payload, true), ttlFraction);
    case 'hash': {
      // Valkey makes a hashtable of a hash with a field TTL; Redis keeps its listpack (a listpackEx).
      const volatile = layout.hashFieldExpiry?.kind === 'volatile-set' ? trackedKeyShare(key.payload.volatile) : 0;
      return split(key.payload.listpackRequest > 0 ? 'listpack' : 'hashtable', 'hashtable', volatile);
    }
    case 'set': {
      const set = key.payload;
      const encoding =
        set.intsetRequest > 0 ? 'intset' : layout.setListpack && set.listpackRequest > 0 ? 'listpack' : 'hashtable';
      return SOLE[encoding];
    }
    case 'zset':
      return SOLE[key.payload.listpackRequest > 0 ? 'listpack' : 'skiplist'];
    case 'list':
      return SOLE[layout.listSingleListpack && key.payload.oneListpackRequest > 0 ? 'listpack' : 'quicklist'];
  }
}

/**
 * The sizes of the elements inside each key of a workload whose elements are mixed: every key
 * holds them in these shares (a hash's field names and values independently of each other).
 */
export interface ElementMix {
  /** A set's, sorted set's or list's element sizes. */
  values: readonly { value: number; weight: number }[];
  /** A hash's field-name and value lengths, as they go together. */
  pairs: readonly FieldValuePair[];
}

/**
 * A list's mixed elements as one element of their mean listpack entry: a quicklist fills its
 * nodes by the bytes of the entries it holds, whatever their order. A short string's entry is its
 * length and 2 bytes.
 */
function meanListElement(values: ElementMix['values'], kind: 'bytes' | 'int'): ElementSpec {
  let entryBytes = 0;
  for (const v of values) entryBytes += v.weight * listpackEntryBytes(workloadElement(v.value, kind));
  return stringElement(Math.max(0, entryBytes - 2));
}

/**
 * The key shape a workload describes: every element of a collection alike, or, given `within`,
 * each key holding elements of every size in their shares (counts that need not be whole: the
 * expectation over the keys).
 */
export function workloadShape(w: ResolvedWorkload, within?: ElementMix): KeyShape {
  const kind = w.valueKind ?? 'bytes';
  if (w.type === 'string') return { type: 'string', keyBytes: w.keyBytes, valueBytes: w.valueBytes, valueKind: kind };
  const n = w.fields ?? 1;
  const element = workloadElement(w.valueBytes, kind);
  const compactBytes = w.compactBytes;
  switch (w.type) {
    case 'hash': {
      const fields = within
        ? within.pairs.map((p) => ({ field: stringElement(p.field), value: workloadElement(p.value, kind), count: n * p.weight }))
        : [{ field: stringElement(w.fieldBytes ?? 1), value: element, count: n }];
      return {
        type: 'hash',
        keyBytes: w.keyBytes,
        fields,
        fieldTtlFraction: w.fieldTtlFraction ?? 0,
        written: w.written,
        compactBytes,
      };
    }
    case 'set':
    case 'zset': {
      const members = within
        ? within.values.map((v) => ({ member: workloadElement(v.value, kind), count: n * v.weight }))
        : [{ member: element, count: n }];
      return { type: w.type, keyBytes: w.keyBytes, members, written: w.written, compactBytes };
    }
    case 'list':
      return {
        type: 'list',
        keyBytes: w.keyBytes,
        element: within ? meanListElement(within.values, kind) : element,
        length: n,
        written: w.written,
        savedAfter: w.savedAfter,
        compactBytes,
      };
  }
}

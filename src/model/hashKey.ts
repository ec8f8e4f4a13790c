import type { EncodingThresholds } from './encodingThresholds';
import {
  allocatedSds,
  countOf,
  listpackBytes,
  listpackRequest,
  presizedForThreshold,
  type HashFieldGroup,
} from './collectionKey';
import { collectionTableBytes, collidingEntryBytes, NO_TABLE, tableGeometry, type TableGeometry } from './collectionTables';
import { FIELD_EXPIRY_BYTES, volatileFieldMix, volatileSetBytes, type VolatileFieldMix } from './hashFieldTtl';
import type { Parts } from './itemiser';
import { allocated, type BuildContext } from './keyObject';
import { DICT_ENTRY_BYTES } from './structs';
import { listpackEntryBytes } from './listpack';
import { sdsBytes } from './sds';

/** A hash's payload with its encoding decided: the thresholds choose it, whatever the line. */
export interface PreparedHash {
  fields: readonly HashFieldGroup[];
  /** Bytes requested for the listpack; 0 when the hash is a table. */
  listpackRequest: number;
  table: TableGeometry;
  /** 9.0+: how many fields have their own TTL; none is {0, 0}. */
  volatile: VolatileFieldMix;
  /** The table of a hash with a volatile field: a listpack converts, presized for its fields. */
  volatileTable: TableGeometry;
}

export function prepareHash(fields: readonly HashFieldGroup[], t: EncodingThresholds, fieldTtlFraction = 0): PreparedHash {
  const n = countOf(fields);
  const volatile = volatileFieldMix(n, fieldTtlFraction);
  let longest = 0;
  for (const f of fields) longest = Math.max(longest, f.field.length, f.value.length);
  if (n <= t.hashMaxListpackEntries && longest <= t.hashMaxListpackValue) {
    let entries = 0;
    for (const f of fields) entries += (listpackEntryBytes(f.field) + listpackEntryBytes(f.value)) * f.count;
    const volatileTable = fieldTtlFraction > 0 ? tableGeometry(n, n) : NO_TABLE;
    return { fields, listpackRequest: listpackRequest(entries), table: NO_TABLE, volatile, volatileTable };
  }
  const table = tableGeometry(n, presizedForThreshold(n, t.hashMaxListpackEntries));
  return { fields, listpackRequest: 0, table, volatile, volatileTable: table };
}

/** The embedded field's sds: at least an 8-bit header when the entry needs its flag bits. */
function fieldSdsBytes(ctx: BuildContext, length: number, needsFlags: boolean): number {
  const bytes = sdsBytes(length, ctx.layout);
  return needsFlags && length < 32 ? length + 4 : bytes;
}

/** The largest entry that embeds its value (entry.c / 8.1 t_hash.c EMBED_VALUE_MAX_ALLOC_SIZE). */
const EMBEDDED_ENTRY_MAX_BYTES = 128;

/**
 * 8.1+ hash entry: field and a short value in one allocation, else field + value pointer and a
 * value sds. 9.0+: a field with its own TTL adds an 8-byte expiry and needs an 8-bit field header.
 */
function hashEntry81Bytes(ctx: BuildContext, f: HashFieldGroup, into: Parts, withExpiry = false): number {
  const expiry = withExpiry ? FIELD_EXPIRY_BYTES : 0;
  const embedded = expiry + fieldSdsBytes(ctx, f.field.length, withExpiry) + f.value.length + 4;
  const suffix = withExpiry ? ', with TTL' : '';
  if (embedded <= EMBEDDED_ENTRY_MAX_BYTES) {
    return into.part(`hash entry (field + value${suffix})`, allocated(ctx, embedded));
  }
  return (
    into.part(
      `hash entry (value pointer + field${suffix})`,
      allocated(ctx, expiry + 8 + fieldSdsBytes(ctx, f.field.length, true)),
    ) + into.part('hash value sds', allocatedSds(ctx, f.value))
  );
}

/**
 * 9.0+: a hash with k fields that have their own TTL, as a hashtable: the first k fields (over
 * its groups, in proportion) carry an expiry, and the volatile set points at them.
 */
function volatileHashBytes(ctx: BuildContext, hash: PreparedHash, k: number, into: Parts): number {
  const n = countOf(hash.fields);
  let bytes = 0;
  for (const f of hash.fields) {
    const volatile = (k * f.count) / n;
    const lasting = f.count - volatile;
    if (lasting > 0) bytes += lasting * hashEntry81Bytes(ctx, f, into.weighted(lasting));
    if (volatile > 0) bytes += volatile * hashEntry81Bytes(ctx, f, into.weighted(volatile), true);
  }
  return (
    bytes +
    collectionTableBytes(ctx, hash.volatileTable, 'hash', into, hashTableStructBytes(ctx.layout)) +
    volatileSetBytes(ctx, k, into)
  );
}

/** A hash's hashtable: the line's struct and the metadata a hash adds after it. */
function hashTableStructBytes(layout: BuildContext['layout']): number {
  return layout.hashtableStructBytes + layout.hashTableMetadataBytes;
}

/** An mstr without metadata (Redis 7.4-8.0 hash fields): 1-byte header below 32 bytes, 3 below 65,536, else 9. */
function mstrBytes(length: number): number {
  const header = length < 32 ? 1 : length < 65_536 ? 3 : 9;
  return header + length + 1;
}

/** 7.2/8.0 hash entry: a dictEntry and two sds strings (Redis 8.0: the field an mstr). */
function hashDictEntryBytes(ctx: BuildContext, f: HashFieldGroup, into: Parts): number {
  const entry = into.part('hash dictEntry', allocated(ctx, DICT_ENTRY_BYTES));
  const field = ctx.layout.hashFieldMstr
    ? into.part('hash field mstr', allocated(ctx, mstrBytes(f.field.length)))
    : into.part('hash field sds', allocatedSds(ctx, f.field));
  return entry + field + into.part('hash value sds', allocatedSds(ctx, f.value));
}

export function hashPayloadBytes(ctx: BuildContext, hash: PreparedHash, into: Parts): number {
  const { fewer, moreShare } = hash.volatile;
  if (!ctx.layout.hashFieldExpiry || (fewer === 0 && moreShare === 0)) return lastingHashBytes(ctx, hash, into);
  const fewerShare = 1 - moreShare;
  const payload = (k: number, p: Parts) => (k === 0 ? lastingHashBytes(ctx, hash, p) : volatileHashBytes(ctx, hash, k, p));
  return (
    (fewerShare && fewerShare * payload(fewer, into.weighted(fewerShare))) +
    (moreShare && moreShare * payload(fewer + 1, into.weighted(moreShare)))
  );
}

/** A hash none of whose fields has its own TTL. */
function lastingHashBytes(ctx: BuildContext, hash: PreparedHash, into: Parts): number {
  if (hash.listpackRequest > 0) return listpackBytes(ctx, hash.listpackRequest, 'hash listpack', into);
  const layout = ctx.layout;
  const entryBytes = layout.hashEmbeddedEntries ? hashEntry81Bytes : hashDictEntryBytes;
  let bytes = 0;
  for (const f of hash.fields) bytes += f.count * entryBytes(ctx, f, into.weighted(f.count));
  if (layout.hashKeyOnlyEntries && layout.collectionTables === 'dict') {
    const n = countOf(hash.fields);
    bytes += collidingEntryBytes(ctx, n, hash.table.dictSlots, 'hash dict entry (next, entry) for collisions (expected)', into);
  }
  return (
    bytes +
    collectionTableBytes(ctx, hash.table, 'hash', into, hashTableStructBytes(layout), layout.collectionDictStructBytes.hash)
  );
}

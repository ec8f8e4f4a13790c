import type { WriteHistory } from '../data/vocabulary';
import type { EncodingThresholds } from './encodingThresholds';
import {
  allocatedSds,
  countOf,
  listpackBytes,
  hashListpackRequest,
  presizedForThreshold,
  type HashFieldGroup,
} from './collectionKey';
import {
  collectionTableBytes,
  collidingEntryBytes,
  NO_TABLE,
  tableAsWritten,
  tableGeometry,
  tableHistory,
  type TableGeometry,
  type TableHistory,
} from './collectionTables';
import {
  ebucketsOfOneExpiryBytes,
  LISTPACK_FIELD_TTL_ENTRY_BYTES,
  LISTPACK_NO_TTL_ENTRY_BYTES,
  volatileFieldMix,
  volatileSetBytes,
  type VolatileFieldMix,
} from './hashFieldTtl';
import type { Parts } from './itemiser';
import { allocated, type BuildContext } from './allocator';
import type { EbucketsFieldExpiry } from './lines';
import { DICT_ENTRY_BYTES, MSTR_FLAGS_BYTES } from './structs';
import { sdsBytes } from './sds';

/** A hash's payload with its encoding decided: the thresholds choose it, whatever the line. */
export interface PreparedHash {
  fields: readonly HashFieldGroup[];
  /** How many fields, counted once: the thresholds, the tables and each line's entries read it. */
  n: number;
  /** Bytes requested for the listpack; 0 when the hash is a table. */
  listpackRequest: number;
  /** The table as one field per HSET grows it. */
  table: TableGeometry;
  /** The table a load or one HSET of every field leaves. */
  history: TableHistory;
  /** How many fields have their own TTL; none is {0, 0}. */
  volatile: VolatileFieldMix;
  /** Valkey 9.0+: the table of a hash with a volatile field (a listpack converts, presized for its fields). */
  volatileTable: TableGeometry;
}

export function prepareHash(
  fields: readonly HashFieldGroup[],
  t: EncodingThresholds,
  fieldTtlFraction = 0,
  written: WriteHistory = 'one-per-command',
  compactBytes?: number,
): PreparedHash {
  const n = countOf(fields);
  const volatile = volatileFieldMix(n, fieldTtlFraction);
  let longest = 0;
  for (const f of fields) longest = Math.max(longest, f.field.length, f.value.length);
  if (n <= t.hashMaxListpackEntries && longest <= t.hashMaxListpackValue) {
    const volatileTable = fieldTtlFraction > 0 ? tableGeometry(n, n) : NO_TABLE;
    const history = tableHistory(0, written, false);
    const request = compactBytes ?? hashListpackRequest(fields);
    return { fields, n, listpackRequest: request, table: NO_TABLE, history, volatile, volatileTable };
  }
  const presizedFor = presizedForThreshold(n, t.hashMaxListpackEntries);
  const table = tableGeometry(n, presizedFor);
  // hashTypeTryConversion presizes for an HSET of more fields than a listpack holds; an HSET of
  // fewer, with a value too long for one, converts the empty listpack and grows field by field.
  const history = tableHistory(n, written, presizedFor > 0);
  return { fields, n, listpackRequest: 0, table, history, volatile, volatileTable: table };
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
 * value sds. A field with its own TTL adds its expiry in front (`expiryBytes`: Valkey 9.0+ 8,
 * Redis 8.6 a 16-byte ExpireMeta) and needs an 8-bit field header.
 */
function hashEntry81Bytes(ctx: BuildContext, f: HashFieldGroup, into: Parts, expiryBytes = 0): number {
  const withExpiry = expiryBytes > 0;
  const embedded = expiryBytes + fieldSdsBytes(ctx, f.field.length, withExpiry) + f.value.length + 4;
  const suffix = withExpiry ? ', with TTL' : '';
  if (embedded <= EMBEDDED_ENTRY_MAX_BYTES) {
    return into.part(`hash entry (field + value${suffix})`, allocated(ctx, embedded));
  }
  return (
    into.part(
      `hash entry (value pointer + field${suffix})`,
      allocated(ctx, expiryBytes + 8 + fieldSdsBytes(ctx, f.field.length, true)),
    ) + into.part('hash value sds', allocatedSds(ctx, f.value))
  );
}

/**
 * 9.0+: a hash with k fields that have their own TTL, as a hashtable: the first k fields (over
 * its groups, in proportion) carry an expiry, and the volatile set points at them.
 */
function volatileHashBytes(ctx: BuildContext, hash: PreparedHash, k: number, into: Parts): number {
  const entries = tableEntriesBytes(hash, k, into, tableEntryBytes(ctx));
  // A listpack converts when its first field gets a TTL, presized for its fields; a table hash is as written.
  const made = hash.listpackRequest > 0 ? hash.volatileTable : hashTableAsWritten(ctx, hash);
  const table = { ...made, lookupsAfterInserts: k };
  return (
    entries + collectionTableBytes(ctx, table, 'hash', into, hashTableStructBytes(ctx.layout)) + volatileSetBytes(ctx, k, into)
  );
}

/**
 * The entries of a table hash with k volatile fields: the first k fields (over its groups, in
 * proportion) priced as volatile, the rest as lasting.
 */
function tableEntriesBytes(
  hash: PreparedHash,
  k: number,
  into: Parts,
  entryBytes: (f: HashFieldGroup, into: Parts, volatile: boolean) => number,
): number {
  const n = hash.n;
  let bytes = 0;
  for (const f of hash.fields) {
    const volatile = (k * f.count) / n;
    const lasting = f.count - volatile;
    if (lasting > 0) bytes += lasting * entryBytes(f, into.weighted(lasting), false);
    if (volatile > 0) bytes += volatile * entryBytes(f, into.weighted(volatile), true);
  }
  return bytes;
}

/** A table hash's table on ctx's line, as its write history left it. */
function hashTableAsWritten(ctx: BuildContext, hash: PreparedHash): TableGeometry {
  return tableAsWritten(ctx.layout, hash.table, hash.history);
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

/**
 * 7.2/8.0 hash entry: a dictEntry and two sds strings (Redis 8.0: the field an mstr, and a field
 * with its own TTL an mstr with its expiry (an ExpireMeta) and the mstr flags in front: mstrNewWithMeta).
 */
function hashDictEntryBytes(ctx: BuildContext, f: HashFieldGroup, into: Parts, expiryBytes = 0): number {
  const entry = into.part('hash dictEntry', allocated(ctx, DICT_ENTRY_BYTES));
  const field = !ctx.layout.hashFieldMstr
    ? into.part('hash field sds', allocatedSds(ctx, f.field))
    : expiryBytes > 0
      ? into.part(
          'hash field mstr with ExpireMeta (TTL)',
          allocated(ctx, expiryBytes + MSTR_FLAGS_BYTES + mstrBytes(f.field.length)),
        )
      : into.part('hash field mstr', allocated(ctx, mstrBytes(f.field.length)));
  return entry + field + into.part('hash value sds', allocatedSds(ctx, f.value));
}

export function hashPayloadBytes(ctx: BuildContext, hash: PreparedHash, into: Parts): number {
  const { fewer, moreShare } = hash.volatile;
  const fx = ctx.layout.hashFieldExpiry;
  if (!fx || (fewer === 0 && moreShare === 0)) return lastingHashBytes(ctx, hash, into);
  const fewerShare = 1 - moreShare;
  const payload = (k: number, p: Parts) =>
    k === 0
      ? lastingHashBytes(ctx, hash, p)
      : fx.kind === 'volatile-set'
        ? volatileHashBytes(ctx, hash, k, p)
        : ebucketsVolatileHashBytes(ctx, hash, k, fx, p);
  return (
    (fewerShare && fewerShare * payload(fewer, into.weighted(fewerShare))) +
    (moreShare && moreShare * payload(fewer + 1, into.weighted(moreShare)))
  );
}

/**
 * A line's hash entry in a table, a volatile one with the line's field expiry: 8.1+ and Redis 8.6
 * entries, 7.2/8.0 dictEntries with their strings.
 */
function tableEntryBytes(ctx: BuildContext): (f: HashFieldGroup, into: Parts, volatile: boolean) => number {
  const expiryBytes = ctx.layout.hashFieldExpiry?.fieldExpiryBytes ?? 0;
  if (!ctx.layout.hashEmbeddedEntries) return (f, p, volatile) => hashDictEntryBytes(ctx, f, p, volatile ? expiryBytes : 0);
  return (f, p, volatile) => hashEntry81Bytes(ctx, f, p, volatile ? expiryBytes : 0);
}

/** A hash none of whose fields has its own TTL. */
function lastingHashBytes(ctx: BuildContext, hash: PreparedHash, into: Parts): number {
  if (hash.listpackRequest > 0) return listpackBytes(ctx, hash.listpackRequest, 'hash listpack', into);
  return dictHashBytes(ctx, hash, 0, ctx.layout.collectionDictStructBytes.hash, into);
}

/** A table hash with k volatile fields (none on lines without field TTLs) in a dict of `dictStructBytes`, or an 8.1+ hashtable. */
function dictHashBytes(ctx: BuildContext, hash: PreparedHash, k: number, dictStructBytes: number, into: Parts): number {
  const layout = ctx.layout;
  let bytes = tableEntriesBytes(hash, k, into, tableEntryBytes(ctx));
  if (layout.hashKeyOnlyEntries && layout.collectionTables === 'dict') {
    bytes += collidingEntryBytes(
      ctx,
      hash.n,
      hash.table.dictSlots,
      'hash dict entry (next, entry) for collisions (expected)',
      into,
    );
  }
  // The command that gave k fields their TTL looked each of them up.
  const written = hashTableAsWritten(ctx, hash);
  const table = k > 0 ? { ...written, lookupsAfterInserts: k } : written;
  return bytes + collectionTableBytes(ctx, table, 'hash', into, hashTableStructBytes(layout), dictStructBytes);
}

/**
 * Redis 7.4+: a hash with k volatile fields (hashFieldTtl.ts). A listpack stays one, of
 * field-value-TTL triplets behind a listpackEx; a dict gains its expiry metadata, its volatile
 * fields their ExpireMeta, and its own ebuckets of those fields.
 */
function ebucketsVolatileHashBytes(
  ctx: BuildContext,
  hash: PreparedHash,
  k: number,
  fx: EbucketsFieldExpiry,
  into: Parts,
): number {
  if (hash.listpackRequest > 0) {
    const ttlEntries = k * LISTPACK_FIELD_TTL_ENTRY_BYTES + (hash.n - k) * LISTPACK_NO_TTL_ENTRY_BYTES;
    return (
      listpackBytes(ctx, hash.listpackRequest + ttlEntries, 'hash listpack with a TTL entry per field', into) +
      into.part('listpackEx struct', allocated(ctx, fx.listpackExBytes))
    );
  }
  return (
    dictHashBytes(ctx, hash, k, fx.dictStructBytes, into) +
    into.part('ebuckets of the hash’s fields with TTLs (one expiry time)', ebucketsOfOneExpiryBytes(ctx, k, fx))
  );
}

/**
 * Hash fields with their own TTL (HEXPIRE, HSETEX), kept in each line's own structures (the
 * layout's `hashFieldExpiry`).
 *
 * Valkey 9.0+ ('volatile-set'), from the 9.x sources:
 * - a hash with a volatile field is a hashtable whatever its size (t_hash.c converts a listpack,
 *   presized for its fields, when a field gets a TTL);
 * - the field's entry carries an 8-byte expiry and its field sds at least an 8-bit header
 *   (entry.c, entryReqSize), which can push the value out of the 128-byte embedded entry;
 * - the hash's table metadata points at a "volatile set" of its volatile fields (vset.c): none
 *   for one field (a tagged pointer), a pointer vector for up to 127, then a radix tree of
 *   expiry buckets, each bucket a vector or, once a bucket is full, a hashtable of pointers;
 * - the database tracks every key with volatile fields in one more keyspace-like table
 *   (db.c, keys_with_volatile_items), priced by keyspace.ts.
 *
 * Redis 7.4+ ('ebuckets'), from t_hash.c, ebuckets.c, estore.c and mstr.c/entry.c of 8.0.6 and 8.6.3:
 * - a listpack hash stays a listpack (OBJ_ENCODING_LISTPACK_EX): a listpackEx struct points at
 *   it, and every field-value pair gains a TTL entry, 2 bytes without a TTL (HASH_LP_NO_TTL, 0)
 *   and 10 with one (a millisecond time needs the 64-bit integer encoding);
 * - a table hash's dict is reallocated with expiry metadata (dictExpireMetadata, 8.6 htMetadataEx),
 *   and each volatile field gains a 16-byte ExpireMeta: 8.0 in front of its mstr with the mstr's
 *   2-byte flags, 8.6 in front of its entry (entry.c), whose field sds needs an 8-bit header;
 * - the fields of a table hash are kept in the hash's own ebuckets, and every hash with field
 *   TTLs in the database's (8.6: the cluster slot's) ebuckets, keyed by the minimum expiry. An
 *   ebuckets of up to 16 items is a list through their ExpireMeta and costs nothing; past that
 *   it is a rax of buckets. Priced here for items sharing one expiry (one HEXPIRE of all the
 *   fields, hashes given one HEXPIREAT time): one bucket, a FirstSegHdr and a NextSegHdr per 16
 *   items more. Items of many expiry times split into buckets of 8 to 16 items instead, each with
 *   its own rax leaf and segment header: about 5 bytes an item more than priced.
 */
import { allocated, type BuildContext } from './allocator';
import type { Parts } from './itemiser';
import { keyspaceTableBytes, CLUSTER_SLOTS } from './keyspace';
import type { EbucketsFieldExpiry } from './lines';
import { poissonProbability, poissonSupport } from './poisson';
import {
  EBUCKETS_FIRST_SEGMENT_BYTES,
  EBUCKETS_NEXT_SEGMENT_BYTES,
  EBUCKETS_RAX_METADATA_BYTES,
  HASHTABLE_BUCKET_BYTES,
  HASHTABLE_WITH_SAFE_ITERATORS_STRUCT_BYTES,
  POINTER_BYTES,
  POINTER_VECTOR_HEADER_BYTES,
  RAX_BYTES,
  RAX_ONE_KEY_NODE_BYTES,
} from './structs';
import { expectedChildBucketsOfTable, grownHashtableBuckets } from './tables';

/** vset.c VOLATILESET_VECTOR_BUCKET_MAX_SIZE: a pointer vector holds at most this many fields. */
export const VOLATILE_VECTOR_MAX_FIELDS = 127;

/** How many of a hash's fields have a TTL, as a mix of whole counts that keeps the expected count. */
export interface VolatileFieldMix {
  fewer: number;
  /** Share of the keys with one more volatile field than `fewer`. */
  moreShare: number;
}

export function volatileFieldMix(fields: number, fieldTtlFraction: number): VolatileFieldMix {
  const expected = fields * fieldTtlFraction;
  const fewer = Math.floor(expected);
  return { fewer, moreShare: expected - fewer };
}

/** Share of a family's hashes with at least one volatile field: those the database tracks. */
export function trackedKeyShare(mix: VolatileFieldMix): number {
  return mix.fewer >= 1 ? 1 : mix.moreShare;
}

/**
 * The volatile set of a hash with k volatile fields. Past 127 fields it assumes the fields share
 * one expiry bucket (one HEXPIRE or HSETEX for all of them): a rax with one key whose bucket
 * became a hashtable of pointers. Fields spread over many expiry windows would split into more
 * buckets instead.
 */
export function volatileSetBytes(ctx: BuildContext, k: number, into: Parts): number {
  if (k <= 1) return 0;
  if (k <= VOLATILE_VECTOR_MAX_FIELDS) {
    return into.part('volatile-field set (pointer vector)', allocated(ctx, POINTER_VECTOR_HEADER_BYTES + POINTER_BYTES * k));
  }
  const buckets = grownHashtableBuckets(k);
  const children = expectedChildBucketsOfTable(k, buckets);
  return (
    into.part('volatile-field set (rax of expiry buckets)', oneKeyRaxBytes(ctx, RAX_BYTES)) +
    into.part(
      'volatile-field set (pointer hashtable)',
      // 9.1's struct on 9.0 too: the same jemalloc class as 9.0's 72 bytes.
      allocated(ctx, HASHTABLE_WITH_SAFE_ITERATORS_STRUCT_BYTES) +
        allocated(ctx, buckets * HASHTABLE_BUCKET_BYTES) +
        children * allocated(ctx, HASHTABLE_BUCKET_BYTES),
    )
  );
}

/** A rax of `structBytes` holding one key (of up to 8 bytes): its struct, head node and leaf. */
function oneKeyRaxBytes(ctx: BuildContext, structBytes: number): number {
  return allocated(ctx, structBytes) + allocated(ctx, RAX_ONE_KEY_NODE_BYTES[0]) + allocated(ctx, RAX_ONE_KEY_NODE_BYTES[1]);
}

/** ebuckets.c EB_LIST_MAX_ITEMS and EB_SEG_MAX_ITEMS: a list holds 16 items, and so does each segment of a bucket. */
export const EBUCKETS_SEGMENT_MAX_ITEMS = 16;

/**
 * Bytes of a Redis ebuckets holding `items` items that share one expiry time. Up to 16 it is a
 * list through the items' own ExpireMeta; the 17th makes it a rax (6-byte keys) of one bucket,
 * whose first segment header takes the 16 and whose every 16 items more take a NextSegHdr
 * (ebConvertListToRax, ebSegAddExtended): the first segment always holds the newest items.
 */
export function ebucketsOfOneExpiryBytes(ctx: BuildContext, items: number, fx: EbucketsFieldExpiry): number {
  if (items <= EBUCKETS_SEGMENT_MAX_ITEMS) return 0;
  const segments = Math.ceil(items / EBUCKETS_SEGMENT_MAX_ITEMS);
  return (
    oneKeyRaxBytes(ctx, fx.raxBytes + EBUCKETS_RAX_METADATA_BYTES) +
    allocated(ctx, EBUCKETS_FIRST_SEGMENT_BYTES) +
    (segments - 1) * allocated(ctx, EBUCKETS_NEXT_SEGMENT_BYTES)
  );
}

/** A field's TTL entry in a Redis listpackEx: a millisecond Unix time is past 2^31, 1 + 8 bytes and a 1-byte back length. */
export const LISTPACK_FIELD_TTL_ENTRY_BYTES = 10;
/** The TTL entry of a field without one (HASH_LP_NO_TTL, 0): a 7-bit integer and its back length. */
export const LISTPACK_NO_TTL_ENTRY_BYTES = 2;

/** Breakdown names of the structures that track the hashes with field TTLs, per key tracked. */
const DATABASE_EBUCKETS_PART = 'database ebuckets of hashes with field TTLs (one expiry time)';
const SLOT_EBUCKETS_PART = 'per-slot ebuckets of hashes with field TTLs (one expiry time)';

/**
 * What the database spends on tracking `tracked` hashes that have fields with their own TTL:
 * Valkey's table of such keys, or Redis's ebuckets of them (per cluster slot on 8.6, a Poisson
 * count of them in each slot's).
 */
export function trackedHashesBytes(ctx: BuildContext, tracked: number, into: Parts): number {
  const fx = ctx.layout.hashFieldExpiry;
  if (!fx || tracked <= 0) return 0;
  if (fx.kind === 'volatile-set') return keyspaceTableBytes(ctx, 'volatileKeys', tracked, into);
  const hashes = Math.round(tracked);
  if (!(ctx.cluster && fx.perSlotInCluster)) return into.part(DATABASE_EBUCKETS_PART, ebucketsOfOneExpiryBytes(ctx, hashes, fx));
  const mean = hashes / CLUSTER_SLOTS;
  const [first, last] = poissonSupport(mean);
  let perSlot = 0;
  for (let k = Math.max(first, EBUCKETS_SEGMENT_MAX_ITEMS + 1); k <= last; k++) {
    perSlot += poissonProbability(k, mean) * ebucketsOfOneExpiryBytes(ctx, k, fx);
  }
  return into.part(SLOT_EBUCKETS_PART, CLUSTER_SLOTS * perSlot);
}

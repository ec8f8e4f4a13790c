/**
 * Hash fields with their own TTL (Valkey 9.0+: HSETEX, HEXPIRE). What a field TTL costs, from
 * the 9.x sources:
 * - a hash with a volatile field is a hashtable whatever its size (t_hash.c converts a listpack,
 *   presized for its fields, when a field gets a TTL);
 * - the field's entry carries an 8-byte expiry and its field sds at least an 8-bit header
 *   (entry.c, entryReqSize), which can push the value out of the 128-byte embedded entry;
 * - the hash's table metadata points at a "volatile set" of its volatile fields (vset.c): none
 *   for one field (a tagged pointer), a pointer vector for up to 127, then a radix tree of
 *   expiry buckets, each bucket a vector or, once a bucket is full, a hashtable of pointers;
 * - the database tracks every key with volatile fields in one more keyspace-like table
 *   (db.c, keys_with_volatile_items), priced by keyspace.ts.
 */
import { allocated, type BuildContext } from './keyObject';
import type { Parts } from './itemiser';
import {
  HASHTABLE_BUCKET_BYTES,
  HASHTABLE_WITH_SAFE_ITERATORS_STRUCT_BYTES,
  POINTER_BYTES,
  POINTER_VECTOR_HEADER_BYTES,
  RAX_BYTES,
} from './structs';
import { expectedChildBucketsOfTable, grownHashtableBuckets } from './tables';

/** vset.c VOLATILESET_VECTOR_BUCKET_MAX_SIZE: a pointer vector holds at most this many fields. */
export const VOLATILE_VECTOR_MAX_FIELDS = 127;
/** The expiry stored in front of a volatile field's entry. */
export const FIELD_EXPIRY_BYTES = 8;
/** A rax holding one 8-byte bucket key: a compressed node (header, key, padding, child) and a leaf with the bucket pointer. */
const RAX_ONE_KEY_NODE_BYTES = [24, 16] as const;

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
    into.part(
      'volatile-field set (rax of expiry buckets)',
      allocated(ctx, RAX_BYTES) + allocated(ctx, RAX_ONE_KEY_NODE_BYTES[0]) + allocated(ctx, RAX_ONE_KEY_NODE_BYTES[1]),
    ) +
    into.part(
      'volatile-field set (pointer hashtable)',
      // 9.1's struct on 9.0 too: the same jemalloc class as 9.0's 72 bytes.
      allocated(ctx, HASHTABLE_WITH_SAFE_ITERATORS_STRUCT_BYTES) +
        allocated(ctx, buckets * HASHTABLE_BUCKET_BYTES) +
        children * allocated(ctx, HASHTABLE_BUCKET_BYTES),
    )
  );
}

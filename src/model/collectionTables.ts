import { allocationSize } from './allocator';
import { part, type Itemiser } from './itemiser';
import type { BuildContext } from './keyObject';
import {
  dictSlots,
  expectedChildBucketsPerBucket,
  grownHashtableBuckets,
  HASHTABLE_BUCKET_BYTES,
  POINTER_BYTES,
  presizedHashtableBuckets,
} from './tables';

/** 7.2/8.0 dict struct: type, two tables, two counts, rehash index, pause counter, size exponents. */
export const DICT_STRUCT_BYTES = 56;
/** 8.1+ hashtable struct (J(72) = 80). */
export const HASHTABLE_STRUCT_BYTES = 72;

/**
 * The table of a collection's large encoding holding n elements: a dict (slots and struct;
 * entries are the caller's) or an 8.1+ hashtable (struct, buckets, expected child buckets).
 * `presizedFor`: the count the table was presized to when the collection converted (the
 * threshold it crossed), so buckets never fall below that size.
 */
export function collectionTableBytes(
  ctx: BuildContext,
  n: number,
  presizedFor: number,
  into: Itemiser | null,
  structBytes = HASHTABLE_STRUCT_BYTES,
): number {
  const { allocator } = ctx;
  if (ctx.layout.collectionTables === 'dict') {
    return (
      part(into, 'dict struct', allocationSize(DICT_STRUCT_BYTES, allocator)) +
      part(into, 'dict slots', allocationSize(dictSlots(n, false) * POINTER_BYTES, allocator))
    );
  }
  const buckets = Math.max(grownHashtableBuckets(n), presizedHashtableBuckets(presizedFor));
  const children = buckets * expectedChildBucketsPerBucket(n / buckets);
  return (
    part(into, 'hashtable struct', allocationSize(structBytes, allocator)) +
    part(into, 'hashtable buckets', allocationSize(buckets * HASHTABLE_BUCKET_BYTES, allocator)) +
    part(into, 'hashtable child buckets (expected)', children * allocationSize(HASHTABLE_BUCKET_BYTES, allocator))
  );
}

import { allocationSize } from './allocator';
import type { Allocation } from './allocation';
import type { BuildContext } from './keyObject';
import { LINE_LAYOUTS } from './lines';
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
export function collectionTable(
  ctx: BuildContext,
  n: number,
  presizedFor: number,
  structBytes = HASHTABLE_STRUCT_BYTES,
): Allocation[] {
  const layout = LINE_LAYOUTS[ctx.line];
  if (layout.collectionTables === 'dict') {
    const slots = dictSlots(n, false);
    return [
      { component: 'dict struct', bytes: allocationSize(DICT_STRUCT_BYTES, ctx.allocator), requested: DICT_STRUCT_BYTES },
      { component: 'dict slots', bytes: allocationSize(slots * POINTER_BYTES, ctx.allocator), count: slots },
    ];
  }
  const buckets = Math.max(grownHashtableBuckets(n), presizedHashtableBuckets(presizedFor));
  const children = buckets * expectedChildBucketsPerBucket(n / buckets);
  return [
    { component: 'hashtable struct', bytes: allocationSize(structBytes, ctx.allocator), requested: structBytes },
    { component: 'hashtable buckets', bytes: allocationSize(buckets * HASHTABLE_BUCKET_BYTES, ctx.allocator), count: buckets },
    {
      component: 'hashtable child buckets (expected)',
      bytes: children * allocationSize(HASHTABLE_BUCKET_BYTES, ctx.allocator),
      count: children,
    },
  ];
}

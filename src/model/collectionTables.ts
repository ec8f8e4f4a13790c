import type { Parts } from './itemiser';
import { allocated, type BuildContext } from './keyObject';
import {
  DICT_ENTRY_NO_VALUE_BYTES,
  DICT_STRUCT_BYTES,
  HASHTABLE_BUCKET_BYTES,
  HASHTABLE_STRUCT_BYTES,
  POINTER_BYTES,
} from './structs';
import { dictSlots, expectedChildBucketsOfTable, grownHashtableBuckets, presizedHashtableBuckets } from './tables';

/**
 * The size of a collection's table as either kind of table would have it. It depends on the
 * element count only, not on the line, so it is worked out once per key shape.
 */
export interface TableGeometry {
  /** Slots of a 7.2/8.0 dict. */
  dictSlots: number;
  /** Top-level buckets of an 8.1+ hashtable. */
  buckets: number;
  /** Expected child buckets of that hashtable, over all its buckets. */
  childBuckets: number;
}

export const NO_TABLE: TableGeometry = { dictSlots: 0, buckets: 0, childBuckets: 0 };

/**
 * The table of a collection's large encoding holding n elements. `presizedFor`: the count the
 * table was presized to when the collection converted (the threshold it crossed), so an 8.1+
 * hashtable never has fewer buckets than that size asks for.
 */
export function tableGeometry(n: number, presizedFor: number): TableGeometry {
  const buckets = Math.max(grownHashtableBuckets(n), presizedHashtableBuckets(presizedFor));
  return {
    dictSlots: dictSlots(n, false),
    buckets,
    childBuckets: expectedChildBucketsOfTable(n, buckets),
  };
}

/**
 * Bytes of that table on ctx's line: a dict (slots and struct; entries are the caller's) or an
 * 8.1+ hashtable (struct with any metadata after it, buckets, expected child buckets). Sets and
 * sorted sets are priced with the 8.1 struct on every hashtable line.
 */
export function collectionTableBytes(
  ctx: BuildContext,
  table: TableGeometry,
  into: Parts,
  structBytes = HASHTABLE_STRUCT_BYTES,
  dictStructBytes = DICT_STRUCT_BYTES,
): number {
  if (ctx.layout.collectionTables === 'dict') {
    return (
      into.part('dict struct', allocated(ctx, dictStructBytes)) +
      into.part('dict slots', allocated(ctx, table.dictSlots * POINTER_BYTES))
    );
  }
  return (
    into.part('hashtable struct', allocated(ctx, structBytes)) +
    into.part('hashtable buckets', allocated(ctx, table.buckets * HASHTABLE_BUCKET_BYTES)) +
    into.part('hashtable child buckets (expected)', table.childBuckets * allocated(ctx, HASHTABLE_BUCKET_BYTES))
  );
}

/**
 * Members of n alike in a dict of `slots` slots that stores a member alone in its slot: only the
 * members beyond the first in a slot need a {key, next} entry (uniform hashing).
 */
export function expectedCollidingMembers(n: number, slots: number): number {
  return slots > 0 ? n - slots * (1 - (1 - 1 / slots) ** n) : 0;
}

/** The {key, next} entries of the n members of a key-only dict of `slots` slots that find their slot taken. */
export function collidingEntryBytes(ctx: BuildContext, n: number, slots: number, component: string, into: Parts): number {
  return into.part(component, expectedCollidingMembers(n, slots) * allocated(ctx, DICT_ENTRY_NO_VALUE_BYTES));
}

import type { WriteHistory } from '../data/vocabulary';
import type { Parts } from './itemiser';
import { allocated, type BuildContext } from './allocator';
import {
  DICT_ENTRY_NO_VALUE_BYTES,
  DICT_STRUCT_BYTES,
  HASHTABLE_BUCKET_BYTES,
  HASHTABLE_STRUCT_BYTES,
  POINTER_BYTES,
} from './structs';
import { dictRehashRemnant, hashtableRehashRemnant, type CollectionKind, type DictRehashRemnant } from './rehash';
import {
  dictSlots,
  expectedChildBucketsOfTable,
  expectedCollidingMembers,
  grownHashtableBuckets,
  presizedHashtableBuckets,
} from './tables';

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
  /** Elements in the table, each written by its own insert. */
  elements: number;
  /** The count the table was presized to when its collection converted (0: it grew from empty). */
  presizedFor: number;
  /**
   * Lookups of the table after its last insert, each a rehash step: HEXPIRE looks up every field
   * it gives a TTL (t_hash.c hashTypeSetExpiryHT).
   */
  lookupsAfterInserts: number;
  /** Made at its final size for all its elements (a load, one command of them all): no expansion is left unfinished. */
  settled: boolean;
}

export const NO_TABLE: TableGeometry = {
  dictSlots: 0,
  buckets: 0,
  childBuckets: 0,
  elements: 0,
  presizedFor: 0,
  lookupsAfterInserts: 0,
  settled: false,
};

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
    elements: n,
    presizedFor,
    lookupsAfterInserts: 0,
    settled: false,
  };
}

/**
 * The table of n elements made at once for all of them: rdb.c presizes each table it loads for
 * its length (dictTryExpand, hashtableTryExpand), and on lines with size hints one command of
 * them all does too. A dict gets the power of two >= n slots, as growing would give it; an 8.1+
 * hashtable the buckets for at most 91 % fill, which may be twice what growing gives.
 */
export function settledTableGeometry(n: number): TableGeometry {
  return { ...tableGeometry(n, n), settled: true };
}

/** What a collection's write history decides about its table, worked out once per key shape. */
export interface TableHistory {
  written: WriteHistory;
  /** The table presized for all the elements. */
  presized: TableGeometry;
  /** Whether one command bringing every element presizes the table, on lines with size hints. */
  commandPresizes: boolean;
}

/**
 * The table on ctx's line as the writes left it: `grown`, the one element per command made, unless
 * the collection was loaded or written whole on a line that presizes for a whole command.
 */
export function tableAsWritten(layout: BuildContext['layout'], grown: TableGeometry, history: TableHistory): TableGeometry {
  const { written } = history;
  if (written === 'loaded') return history.presized;
  if (written === 'whole-collection' && history.commandPresizes && layout.wholeCommandPresizes) return history.presized;
  return grown;
}

/** A collection's table history from the grown table's element count. */
export function tableHistory(n: number, written: WriteHistory, commandPresizes: boolean): TableHistory {
  return { written, presized: written === 'one-per-command' ? NO_TABLE : settledTableGeometry(n), commandPresizes };
}

/**
 * Bytes of that table on ctx's line: a dict (slots and struct; entries are the caller's) or an
 * 8.1+ hashtable (struct with any metadata after it, buckets, expected child buckets), and the
 * old table of an expansion the writes since have not finished (rehash.ts). Sets and sorted sets
 * are priced with the 8.1 struct on every hashtable line.
 */
export function collectionTableBytes(
  ctx: BuildContext,
  table: TableGeometry,
  kind: CollectionKind,
  into: Parts,
  structBytes = HASHTABLE_STRUCT_BYTES,
  dictStructBytes = DICT_STRUCT_BYTES,
): number {
  if (ctx.layout.collectionTables === 'dict') {
    return (
      into.part('dict struct', allocated(ctx, dictStructBytes)) +
      into.part('dict slots', allocated(ctx, table.dictSlots * POINTER_BYTES)) +
      unfinishedDictExpansionBytes(ctx, table, kind, into)
    );
  }
  return (
    into.part('hashtable struct', allocated(ctx, structBytes)) +
    into.part('hashtable buckets', allocated(ctx, table.buckets * HASHTABLE_BUCKET_BYTES)) +
    into.part('hashtable child buckets (expected)', table.childBuckets * allocated(ctx, HASHTABLE_BUCKET_BYTES)) +
    unfinishedHashtableExpansionBytes(ctx, table, kind, into)
  );
}

/** Whether the line's dict of this kind stores a member alone in its slot (a {key, next} entry only on collision). */
function keyOnlyEntries(layout: BuildContext['layout'], kind: CollectionKind): boolean {
  if (kind === 'set') return layout.setKeyOnlyEntries;
  return kind === 'zset' ? layout.zsetKeyOnlyEntries : layout.hashKeyOnlyEntries;
}

/** A dict's slots when its collection made it: at its size when made settled, presized at a conversion that presizes, else grown from 4. */
function initialDictSlots(layout: BuildContext['layout'], table: TableGeometry, kind: CollectionKind): number {
  if (table.settled) return table.dictSlots;
  const presized = table.presizedFor > 0 && (kind !== 'zset' || layout.zsetConversionPresizes);
  return presized ? dictSlots(table.presizedFor, false) : dictSlots(1, false);
}

/** The unfinished last expansion of a collection's dict on a line with dict tables. */
export function collectionDictRemnant(
  layout: BuildContext['layout'],
  table: TableGeometry,
  kind: CollectionKind,
): DictRehashRemnant {
  const steps = layout.collectionRehashSteps;
  return dictRehashRemnant(
    table.elements,
    table.dictSlots,
    initialDictSlots(layout, table, kind),
    steps[kind],
    steps.afterExpanding + table.lookupsAfterInserts,
    keyOnlyEntries(layout, kind),
    layout.rehashVisitsOwnSlot,
  );
}

function unfinishedDictExpansionBytes(ctx: BuildContext, table: TableGeometry, kind: CollectionKind, into: Parts): number {
  if (ctx.collectionsLoaded || table.settled) return 0;
  const remnant = collectionDictRemnant(ctx.layout, table, kind);
  if (remnant.heldProbability === 0) return 0;
  const keyOnly = keyOnlyEntries(ctx.layout, kind);
  const held = into.part(
    `old dict table of ${remnant.oldSlots} slots still held: the last expansion is not finished (expected)`,
    remnant.heldProbability * allocated(ctx, remnant.oldSlots * POINTER_BYTES),
  );
  if (!keyOnly) return held;
  // Members split between the two tables collide differently from members settled in the new one:
  // more {key, next} entries in small tables, fewer in very large ones (a saving, named as such).
  const entries = remnant.extraKeyOnlyEntries;
  return (
    held +
    into.part(
      entries >= 0
        ? 'dict entries (key, next) of members still in the old table (expected)'
        : 'fewer dict entries (key, next) while members are split between the old and new tables (expected, a saving)',
      entries * allocated(ctx, DICT_ENTRY_NO_VALUE_BYTES),
    )
  );
}

function unfinishedHashtableExpansionBytes(ctx: BuildContext, table: TableGeometry, kind: CollectionKind, into: Parts): number {
  if (ctx.collectionsLoaded || table.settled) return 0;
  const steps = ctx.layout.collectionRehashSteps;
  const initialBuckets = Math.max(1, presizedHashtableBuckets(table.presizedFor));
  const remnant = hashtableRehashRemnant(
    table.elements,
    table.buckets,
    initialBuckets,
    steps[kind],
    steps.afterExpanding + table.lookupsAfterInserts,
  );
  if (remnant.oldBuckets === 0) return 0;
  const bucket = allocated(ctx, HASHTABLE_BUCKET_BYTES);
  return into.part(
    `old hashtable of ${remnant.oldBuckets} buckets still held: the last expansion is not finished`,
    allocated(ctx, remnant.oldBuckets * HASHTABLE_BUCKET_BYTES) +
      (remnant.oldChildBuckets - remnant.missingNewChildBuckets) * bucket,
  );
}

/** The {key, next} entries of the n members of a key-only dict of `slots` slots that find their slot taken. */
export function collidingEntryBytes(ctx: BuildContext, n: number, slots: number, component: string, into: Parts): number {
  return into.part(component, expectedCollidingMembers(n, slots) * allocated(ctx, DICT_ENTRY_NO_VALUE_BYTES));
}

import type { Parts } from './itemiser';
import { expectedCollidingMembers } from './tables';
import { allocated, type BuildContext } from './allocator';
import { poissonProbability, poissonSmoothSum, poissonSupport } from './poisson';
import {
  DICT_ENTRY_NO_VALUE_BYTES,
  HASHTABLE_BUCKET_BYTES,
  HASHTABLE_STRUCT_BYTES,
  KVSTORE_HASHTABLE_METADATA_BYTES,
  POINTER_BYTES,
} from './structs';
import { binomialChildBuckets, dictSlots, expectedChildBucketsPerBucket, hashtableBuckets } from './tables';

export const CLUSTER_SLOTS = 16_384;
/**
 * One allocation per slot table: the table's struct and the kvstore's metadata after it. A dict
 * line's are in its layout (keyspaceDictStructBytes: Redis 8 adds a keysizes histogram to the
 * keyspace's); 9.1 is priced with the 8.1 struct (the same jemalloc class).
 */
function slotTableStructBytes(layout: BuildContext['layout'], table: KeyspaceTable): number {
  if (layout.keyspace !== 'dict') return HASHTABLE_STRUCT_BYTES + KVSTORE_HASHTABLE_METADATA_BYTES;
  return layout.keyspaceDictStructBytes[table === 'expires' ? 'expires' : 'keyspace'];
}

/** 9.0+ also tracks the keys that hold hash fields with their own TTL ('volatileKeys'). */
export type KeyspaceTable = 'keyspace' | 'expires' | 'volatileKeys';

/** Breakdown names of each table's parts, fixed so that counting builds no strings. */
const PART_NAMES = {
  keyspace: {
    dictSlots: 'keyspace dict slots',
    collidingEntries: 'keyspace dict entries (next, key) for collisions (expected)',
    dictStruct: 'keyspace dict struct with keysizes histogram',
    buckets: 'keyspace hashtable buckets',
    childBuckets: 'keyspace hashtable child buckets (expected)',
    slotStructs: 'keyspace per-slot table structs',
  },
  expires: {
    dictSlots: 'expires dict slots',
    collidingEntries: 'expires dict entries (next, key) for collisions (expected)',
    dictStruct: 'expires dict struct',
    buckets: 'expires hashtable buckets',
    childBuckets: 'expires hashtable child buckets (expected)',
    slotStructs: 'expires per-slot table structs',
  },
  volatileKeys: {
    dictSlots: 'volatile-field keys dict slots',
    collidingEntries: 'volatile-field keys dict entries (next, key) for collisions (expected)',
    dictStruct: 'volatile-field keys dict struct',
    buckets: 'volatile-field keys hashtable buckets',
    childBuckets: 'volatile-field keys hashtable child buckets (expected)',
    slotStructs: 'volatile-field keys per-slot table structs',
  },
} as const;

/** Per-slot tables itemise the same parts, each named "... (per slot)". */
const PER_SLOT_SUFFIX = ' (per slot)';

/**
 * The two parts of one table's bytes: its slot or bucket array, and what its keys add to it: an
 * 8.1+ hashtable's expected child buckets, or the expected {next, key} entries of a key-only dict
 * (Redis 8.2+) for the keys that find their slot taken.
 */
interface TableBytes {
  array: number;
  children: number;
}

/** Slots (7.2/8.0 dict) or top-level buckets (8.1+ hashtable) of a table holding n entries: never falls as n grows. */
function tableSize(ctx: BuildContext, n: number): number {
  return ctx.layout.keyspace === 'dict' ? dictSlots(n, ctx.layout.cronGrowsFullKeyspaceTables) : hashtableBuckets(n);
}

/** The array's bytes, fixed by the size alone. */
function arrayBytes(ctx: BuildContext, size: number): number {
  return allocated(ctx, size * (ctx.layout.keyspace === 'dict' ? POINTER_BYTES : HASHTABLE_BUCKET_BYTES));
}

/** Whether the table's keys add bytes of their own to it (children of a hashtable, collision entries of a key-only dict). */
function tableHasChildren(ctx: BuildContext): boolean {
  return ctx.layout.keyspace !== 'dict' || ctx.layout.keyspaceKeyOnlyEntries;
}

/** Expected child-bucket bytes of a hashtable of `size` buckets holding n entries (n need not be whole). */
function childBytes(ctx: BuildContext, size: number, n: number): number {
  if (ctx.layout.keyspace === 'dict') return keyOnlyCollisionBytes(ctx, size, n);
  return size * expectedChildBucketsPerBucket(n / size) * allocated(ctx, HASHTABLE_BUCKET_BYTES);
}

/**
 * Up to this many buckets a slot's table counts its child buckets from the binomial of its own
 * keys; beyond, the Poisson limit differs by about a thousandth of a byte per key and is cheaper.
 */
const SLOT_BINOMIAL_MAX_BUCKETS = 1024;

/**
 * Expected child-bucket bytes of one slot's table of `size` buckets holding n keys. A slot holds
 * few keys at usual sizes (3 at 50,000 keys): each lands in one of its buckets, Binomial(n, 1 /
 * size), where a per-bucket Poisson would chain children onto tables that cannot overflow (a
 * one-bucket table of 6 keys never does).
 */
function slotChildBytes(ctx: BuildContext, size: number, n: number): number {
  if (ctx.layout.keyspace === 'dict') return keyOnlyCollisionBytes(ctx, size, n);
  const children =
    size <= SLOT_BINOMIAL_MAX_BUCKETS ? binomialChildBuckets(n, size) : size * expectedChildBucketsPerBucket(n / size);
  return children * allocated(ctx, HASHTABLE_BUCKET_BYTES);
}

/** Expected {next, key} entries of a key-only dict of `size` slots holding n keys; none in a dict of full entries. */
function keyOnlyCollisionBytes(ctx: BuildContext, size: number, n: number): number {
  if (!ctx.layout.keyspaceKeyOnlyEntries) return 0;
  return expectedCollidingMembers(n, size) * allocated(ctx, DICT_ENTRY_NO_VALUE_BYTES);
}

/** One slot's table holding n keys. */
function slotTableBytes(ctx: BuildContext, n: number): TableBytes {
  if (n <= 0) return { array: 0, children: 0 };
  const size = tableSize(ctx, n);
  return { array: arrayBytes(ctx, size), children: slotChildBytes(ctx, size, n) };
}

/** Names a table's parts (its array, and its child buckets) in a breakdown and returns their sum. */
function itemiseTable(
  ctx: BuildContext,
  array: number,
  children: number,
  table: KeyspaceTable,
  into: Parts,
  suffix = '',
): number {
  if (into.itemising) {
    const names = PART_NAMES[table];
    if (ctx.layout.keyspace === 'dict') {
      into.part(names.dictSlots + suffix, array);
      if (ctx.layout.keyspaceKeyOnlyEntries) into.part(names.collidingEntries + suffix, children);
    } else {
      into.part(names.buckets + suffix, array);
      into.part(names.childBuckets + suffix, children);
    }
  }
  return array + children;
}

/**
 * Table memory for one keyspace-level table (main keys or expires) holding n entries, with its
 * struct where the line counts it (Redis 8: created with the first key, histogram included).
 */
function singleTableBytes(ctx: BuildContext, n: number, table: KeyspaceTable, into: Parts): number {
  if (n <= 0) return 0;
  const size = tableSize(ctx, n);
  const structs = ctx.layout.keyspaceDictStructBytes;
  const struct =
    ctx.layout.keyspace === 'dict' && structs.countedWithoutCluster && table !== 'volatileKeys'
      ? into.part(PART_NAMES[table].dictStruct, allocated(ctx, structs[table]))
      : 0;
  return struct + itemiseTable(ctx, arrayBytes(ctx, size), childBytes(ctx, size, n), table, into);
}

/** Expected bytes of one hash slot's table, and the chance that the slot holds a key (and so a table struct). */
export interface SlotTableBytes extends TableBytes {
  occupied: number;
}

/** From this mean number of keys per slot on, the per-slot sum is integrated instead of summed term by term. */
export const SMOOTH_SUM_FROM_MEAN = 256;

/** The per-slot expectation, one term per key count: the reference the smooth sum is tested against. */
export function slotTableBytesExact(ctx: BuildContext, mean: number): SlotTableBytes {
  const [first, last] = poissonSupport(mean);
  const expected: SlotTableBytes = { array: 0, children: 0, occupied: 0 };
  for (let k = Math.max(1, first); k <= last; k++) {
    const p = poissonProbability(k, mean);
    if (p === 0) continue;
    const bytes = slotTableBytes(ctx, k);
    expected.array += p * bytes.array;
    expected.children += p * bytes.children;
    expected.occupied += p;
  }
  return expected;
}

/**
 * The same expectation at a cost that does not grow with the mean. Between the key counts where
 * the table doubles, its array costs the same and its child buckets vary smoothly with the count,
 * so each stretch is a smooth sum (poissonSmoothSum); the stretches are found by bisection.
 */
export function slotTableBytesSmooth(ctx: BuildContext, mean: number): SlotTableBytes {
  const [first, last] = poissonSupport(mean);
  const expected: SlotTableBytes = { array: 0, children: 0, occupied: 0 };
  for (let from = Math.max(1, first); from <= last;) {
    const size = tableSize(ctx, from);
    let to = last;
    if (tableSize(ctx, last) !== size) {
      let below = from; // tableSize(below) === size < tableSize(to)
      while (to - below > 1) {
        const middle = Math.floor((below + to) / 2);
        if (tableSize(ctx, middle) === size) below = middle;
        else to = middle;
      }
      to = below;
    }
    const mass = poissonSmoothSum(mean, from, to, () => 1);
    expected.occupied += mass;
    expected.array += mass * arrayBytes(ctx, size);
    if (tableHasChildren(ctx)) expected.children += poissonSmoothSum(mean, from, to, (x) => slotChildBytes(ctx, size, x));
    from = to + 1;
  }
  return expected;
}

/**
 * 8.0+ cluster mode keeps one table per hash slot (kvstore). Random key names put a Poisson
 * count of mean n / 16384 in a slot; each non-empty slot has its own table rounded to its own
 * power of two, plus the table struct. Names that differ only in a counter (user:1, user:2, ...)
 * fall less evenly under CRC16, which is linear: 50,000 of them leave 1,100-1,650 slots empty
 * instead of about 775, so at a few keys per slot such a keyspace has fewer slot tables than this.
 */
function perSlotTableBytes(ctx: BuildContext, n: number, table: KeyspaceTable, into: Parts): number {
  if (n <= 0) return 0;
  const mean = n / CLUSTER_SLOTS;
  const slot = mean < SMOOTH_SUM_FROM_MEAN ? slotTableBytesExact(ctx, mean) : slotTableBytesSmooth(ctx, mean);
  const structBytes = allocated(ctx, slotTableStructBytes(ctx.layout, table));
  return (
    itemiseTable(ctx, CLUSTER_SLOTS * slot.array, CLUSTER_SLOTS * slot.children, table, into, PER_SLOT_SUFFIX) +
    into.part(PART_NAMES[table].slotStructs, CLUSTER_SLOTS * slot.occupied * structBytes)
  );
}

/** Bytes of the main keyspace table (all keys) or of the expires table (keys with a TTL) holding n keys. */
export function keyspaceTableBytes(ctx: BuildContext, table: KeyspaceTable, n: number, into: Parts): number {
  const perSlot = ctx.cluster && ctx.layout.clusterPerSlotTables;
  const keys = Math.round(n);
  return perSlot ? perSlotTableBytes(ctx, keys, table, into) : singleTableBytes(ctx, keys, table, into);
}

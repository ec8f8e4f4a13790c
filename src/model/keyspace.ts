import type { Parts } from './itemiser';
import { allocated, type BuildContext } from './keyObject';
import { dictSlots, expectedChildBucketsPerBucket, hashtableBuckets, HASHTABLE_BUCKET_BYTES, POINTER_BYTES } from './tables';

export const CLUSTER_SLOTS = 16_384;
/** 8.0 per-slot dict struct plus kvstore metadata; 8.1+ per-slot hashtable struct (J(72)). */
const SLOT_DICT_STRUCT_BYTES = 64;
const SLOT_HASHTABLE_STRUCT_BYTES = 72;

/** 9.0+ also tracks the keys that hold hash fields with their own TTL ('volatileKeys'). */
export type KeyspaceTable = 'keyspace' | 'expires' | 'volatileKeys';

/** Breakdown names of each table's parts, fixed so that counting builds no strings. */
const PART_NAMES = {
  keyspace: {
    dictSlots: 'keyspace dict slots',
    buckets: 'keyspace hashtable buckets',
    childBuckets: 'keyspace hashtable child buckets (expected)',
    slotStructs: 'keyspace per-slot table structs',
  },
  expires: {
    dictSlots: 'expires dict slots',
    buckets: 'expires hashtable buckets',
    childBuckets: 'expires hashtable child buckets (expected)',
    slotStructs: 'expires per-slot table structs',
  },
  volatileKeys: {
    dictSlots: 'volatile-field keys dict slots',
    buckets: 'volatile-field keys hashtable buckets',
    childBuckets: 'volatile-field keys hashtable child buckets (expected)',
    slotStructs: 'volatile-field keys per-slot table structs',
  },
} as const;

/** Per-slot tables itemise the same parts, each named "... (per slot)". */
const PER_SLOT_SUFFIX = ' (per slot)';

/** Table memory for one keyspace-level table (main keys or expires) holding n entries. */
function singleTableBytes(ctx: BuildContext, n: number, table: KeyspaceTable, into: Parts, suffix = ''): number {
  if (n <= 0) return 0;
  const names = table === 'keyspace' ? PART_NAMES.keyspace : table === 'expires' ? PART_NAMES.expires : PART_NAMES.volatileKeys;
  if (ctx.layout.keyspace === 'dict') {
    const slots = dictSlots(n, ctx.layout.cronGrowsFullKeyspaceTables);
    const bytes = allocated(ctx, slots * POINTER_BYTES);
    if (into.itemising) into.part(names.dictSlots + suffix, bytes);
    return bytes;
  }
  const buckets = hashtableBuckets(n);
  const children = buckets * expectedChildBucketsPerBucket(n / buckets);
  const bucketBytes = allocated(ctx, buckets * HASHTABLE_BUCKET_BYTES);
  const childBytes = children * allocated(ctx, HASHTABLE_BUCKET_BYTES);
  if (into.itemising) {
    into.part(names.buckets + suffix, bucketBytes);
    into.part(names.childBuckets + suffix, childBytes);
  }
  return bucketBytes + childBytes;
}

/** Poisson probabilities of k around mean m, covering all but a negligible tail. */
function poissonRange(mean: number): Array<[number, number]> {
  const sd = Math.sqrt(mean);
  const lo = Math.max(0, Math.floor(mean - 12 * sd - 10));
  const hi = Math.ceil(mean + 12 * sd + 10);
  const out: Array<[number, number]> = [];
  for (let k = lo; k <= hi; k++) {
    // log P(k) = k ln m - m - ln k!, with ln k! from lgamma via Stirling series
    const logP = k * Math.log(mean) - mean - logFactorial(k);
    out.push([k, Math.exp(logP)]);
  }
  return out;
}

function logFactorial(k: number): number {
  if (k < 2) return 0;
  if (k < 30) {
    let s = 0;
    for (let i = 2; i <= k; i++) s += Math.log(i);
    return s;
  }
  return k * Math.log(k) - k + 0.5 * Math.log(2 * Math.PI * k) + 1 / (12 * k) - 1 / (360 * k ** 3);
}

/**
 * 8.0+ cluster mode keeps one table per hash slot (kvstore). Keys spread evenly over slots, so
 * the count per slot is Poisson with mean n / 16384; each non-empty slot has its own table
 * rounded to its own power of two, plus the table struct.
 */
function perSlotTableBytes(ctx: BuildContext, n: number, table: KeyspaceTable, into: Parts): number {
  if (n <= 0) return 0;
  const structBytes = allocated(ctx, ctx.layout.keyspace === 'dict' ? SLOT_DICT_STRUCT_BYTES : SLOT_HASHTABLE_STRUCT_BYTES);
  let bytes = 0;
  for (const [k, p] of poissonRange(n / CLUSTER_SLOTS)) {
    if (k === 0 || p === 0) continue;
    const slots = p * CLUSTER_SLOTS; // expected number of slots holding k keys
    bytes += slots * singleTableBytes(ctx, k, table, into.weighted(slots), PER_SLOT_SUFFIX);
    bytes += into.part(PART_NAMES[table].slotStructs, slots * structBytes);
  }
  return bytes;
}

/** Bytes of the main keyspace table (all keys) or of the expires table (keys with a TTL) holding n keys. */
export function keyspaceTableBytes(ctx: BuildContext, table: KeyspaceTable, n: number, into: Parts): number {
  const perSlot = ctx.cluster && ctx.layout.clusterPerSlotTables;
  const keys = Math.round(n);
  return perSlot ? perSlotTableBytes(ctx, keys, table, into) : singleTableBytes(ctx, keys, table, into);
}

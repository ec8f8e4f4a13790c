import { allocationSize } from './allocator';
import type { Allocation } from './allocation';
import type { BuildContext } from './keyObject';
import { LINE_LAYOUTS } from './lines';
import { dictSlots, expectedChildBucketsPerBucket, hashtableBuckets, HASHTABLE_BUCKET_BYTES, POINTER_BYTES } from './tables';

export const CLUSTER_SLOTS = 16_384;
/** 8.0 per-slot dict struct plus kvstore metadata; 8.1+ per-slot hashtable struct (J(72)). */
const SLOT_DICT_STRUCT_BYTES = 64;
const SLOT_HASHTABLE_STRUCT_BYTES = 72;

/** Table memory for one keyspace-level table (main keys or expires) holding n entries. */
function singleTableBytes(ctx: BuildContext, n: number, label: string): Allocation[] {
  if (n <= 0) return [];
  if (LINE_LAYOUTS[ctx.line].keyspace === 'dict') {
    const slots = dictSlots(n, LINE_LAYOUTS[ctx.line].cronGrowsFullKeyspaceTables);
    return [{ component: `${label} dict slots`, bytes: allocationSize(slots * POINTER_BYTES, ctx.allocator), count: slots }];
  }
  const buckets = hashtableBuckets(n);
  const children = buckets * expectedChildBucketsPerBucket(n / buckets);
  return [
    {
      component: `${label} hashtable buckets`,
      bytes: allocationSize(buckets * HASHTABLE_BUCKET_BYTES, ctx.allocator),
      count: buckets,
    },
    {
      component: `${label} hashtable child buckets (expected)`,
      bytes: children * allocationSize(HASHTABLE_BUCKET_BYTES, ctx.allocator),
      count: children,
    },
  ];
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
function perSlotTableBytes(ctx: BuildContext, n: number, label: string): Allocation[] {
  if (n <= 0) return [];
  const mean = n / CLUSTER_SLOTS;
  const totals = new Map<string, number>();
  const structBytes = allocationSize(
    LINE_LAYOUTS[ctx.line].keyspace === 'dict' ? SLOT_DICT_STRUCT_BYTES : SLOT_HASHTABLE_STRUCT_BYTES,
    ctx.allocator,
  );
  for (const [k, p] of poissonRange(mean)) {
    if (k === 0 || p === 0) continue;
    const parts = singleTableBytes(ctx, k, label);
    for (const part of parts) {
      const name = `${part.component} (per slot)`;
      totals.set(name, (totals.get(name) ?? 0) + p * part.bytes * CLUSTER_SLOTS);
    }
    totals.set(
      `${label} per-slot table structs`,
      (totals.get(`${label} per-slot table structs`) ?? 0) + p * structBytes * CLUSTER_SLOTS,
    );
  }
  return [...totals].map(([component, bytes]) => ({ component, bytes }));
}

export interface KeyspaceTables {
  /** Whole-table bytes of the main keyspace table, shared by every key. */
  main: Allocation[];
  /** Whole-table bytes of the expires table, shared by the keys with a TTL. */
  expires: Allocation[];
}

export function keyspaceTables(ctx: BuildContext, totalKeys: number, keysWithTtl: number): KeyspaceTables {
  const perSlot = ctx.cluster && LINE_LAYOUTS[ctx.line].clusterPerSlotTables;
  const table = perSlot ? perSlotTableBytes : singleTableBytes;
  return {
    main: table(ctx, Math.round(totalKeys), 'keyspace'),
    expires: table(ctx, Math.round(keysWithTtl), 'expires'),
  };
}

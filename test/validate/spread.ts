import { LINES, type LineId } from '../../src/model/lineRegistry';
import { allocationSize, allocated, layoutContext } from '../../src/model/allocator';
import { expectedCollidingMembers } from '../../src/model/tables';
import { dictSlots, hashtableBuckets } from '../../src/model/tables';
import {
  DICT_ENTRY_NO_VALUE_BYTES,
  HASHTABLE_BUCKET_BYTES,
  HASHTABLE_SLOTS_PER_BUCKET,
  HASHTABLE_STRUCT_BYTES,
  KVSTORE_HASHTABLE_METADATA_BYTES,
} from '../../src/model/structs';
import { collectionDictRemnant } from '../../src/model/collectionTables';
import { workloadKeys } from '../../src/model/keyMix';
import { writtenTableOf } from '../../src/model/keyShape';
import { DEFAULT_THRESHOLDS } from '../../src/model/encodingThresholds';
import { CLUSTER_SLOTS } from '../../src/model/keyspace';
import { poissonProbability, poissonSupport } from '../../src/model/poisson';
import { resolveWorkload } from '../../src/scenario/resolve';
import type { RecordedCase } from './compare';

/**
 * The random part of a keyspace on 8.1+: which bucket a key lands in depends on the hash seed,
 * drawn anew at every server start, so the number of child buckets (64 bytes each) a table
 * chains varies from run to run. With x keys in a bucket it chains ceil((x - 7) / 6) children
 * and x is Poisson(n / buckets); this is the standard deviation of their bytes over a table.
 */
export function childBucketSpreadBytes(n: number): number {
  if (n <= 0) return 0;
  const buckets = hashtableBuckets(n);
  const lambda = n / buckets;
  let p = Math.exp(-lambda);
  let mean = 0;
  let square = 0;
  for (let x = 1; x < lambda * 4 + 200; x++) {
    p *= lambda / x;
    if (x <= HASHTABLE_SLOTS_PER_BUCKET) continue;
    const children = Math.ceil((x - HASHTABLE_SLOTS_PER_BUCKET) / 6);
    mean += p * children;
    square += p * children * children;
  }
  return HASHTABLE_BUCKET_BYTES * Math.sqrt(buckets * (square - mean * mean));
}

/** A slot's table struct on 8.1+: the hashtable struct and the kvstore's metadata, in one jemalloc class (96). */
const SLOT_TABLE_STRUCT_CLASS_BYTES = allocationSize(
  HASHTABLE_STRUCT_BYTES + KVSTORE_HASHTABLE_METADATA_BYTES,
  'jemalloc-bundled',
);

/**
 * Cluster mode on 8.1+ keeps one table per hash slot. Random key names put Poisson(n / 16,384)
 * keys in a slot, which the model takes at their expectation; a slot of k keys holds a struct
 * and hashtableBuckets(k) buckets, or nothing when empty. This is the standard deviation of those
 * bytes over the 16,384 slots, for one set of names (CRC16 has no seed: it is the names' draw).
 */
export function slotTablesSpreadBytes(n: number): number {
  if (n <= 0) return 0;
  const mean = n / CLUSTER_SLOTS;
  const [first, last] = poissonSupport(mean);
  let expected = 0;
  let square = 0;
  for (let k = Math.max(1, first); k <= last; k++) {
    const p = poissonProbability(k, mean);
    const bytes = SLOT_TABLE_STRUCT_CLASS_BYTES + HASHTABLE_BUCKET_BYTES * hashtableBuckets(k);
    expected += p * bytes;
    square += p * bytes * bytes;
  }
  return Math.sqrt(CLUSTER_SLOTS * (square - expected * expected));
}

/**
 * Standard deviation of the number of occupied slots when n keys hash uniformly into `slots`
 * slots: a key-only dict (Redis 8.2+) gives each key beyond the first in a slot a 16-byte entry,
 * so the entries vary with it.
 */
export function occupiedSlotsSpread(n: number, slots: number): number {
  if (n <= 0 || slots <= 0) return 0;
  const empty1 = (1 - 1 / slots) ** n;
  const empty2 = slots > 1 ? (1 - 2 / slots) ** n : 0;
  const variance = slots * (slots - 1) * empty2 + slots * empty1 - slots * slots * empty1 * empty1;
  return Math.sqrt(Math.max(0, variance));
}

/** {next, key} entries: 16 bytes, a class of every allocator the validation runs. */
const KEY_ONLY_ENTRY_CLASS_BYTES = DICT_ENTRY_NO_VALUE_BYTES;

/**
 * Per-slot dicts in cluster mode (Redis 8): a slot of k keys holds the dict struct (with its
 * keysizes histogram, 2.5 KB), its slot array and, on key-only dicts, its collision entries, or
 * nothing when empty. The standard deviation of those bytes over the 16,384 slots, for one set
 * of names, as slotTablesSpreadBytes for hashtables.
 */
function slotDictsSpreadBytes(n: number, line: LineId, table: 'keyspace' | 'expires'): number {
  if (n <= 0) return 0;
  const layout = LINES.entry(line).layout;
  const ctx = layoutContext(layout, 'jemalloc-bundled', true);
  const mean = n / CLUSTER_SLOTS;
  const [first, last] = poissonSupport(mean);
  let expected = 0;
  let square = 0;
  for (let k = Math.max(1, first); k <= last; k++) {
    const p = poissonProbability(k, mean);
    const slots = dictSlots(k, layout.cronGrowsFullKeyspaceTables);
    const collisions = layout.keyspaceKeyOnlyEntries ? expectedCollidingMembers(k, slots) * KEY_ONLY_ENTRY_CLASS_BYTES : 0;
    const bytes = allocated(ctx, layout.keyspaceDictStructBytes[table]) + allocated(ctx, 8 * slots) + collisions;
    expected += p * bytes;
    square += p * bytes * bytes;
  }
  return Math.sqrt(CLUSTER_SLOTS * (square - expected * expected));
}

/**
 * One standard deviation of a case's keyspace tables: on a line with 8.1+ hashtables, their
 * child buckets; on a key-only dict (Redis 8.2+), their collision entries; in cluster mode, their
 * per-slot tables. The main table and, for keys with a TTL, the expires table.
 */
export function keyspaceSpreadBytes(c: Pick<RecordedCase, 'workloads' | 'cluster'>, line: LineId): number {
  const layout = LINES.entry(line).layout;
  const keys = c.workloads.reduce((s, w) => s + w.keys, 0);
  const ttlKeys = c.workloads.reduce((s, w) => s + Math.round(w.keys * w.ttlFraction), 0);
  if (layout.keyspace === 'hashtable') {
    const spread = c.cluster ? slotTablesSpreadBytes : childBucketSpreadBytes;
    return Math.hypot(spread(keys), spread(ttlKeys));
  }
  if (c.cluster && layout.clusterPerSlotTables) {
    return Math.hypot(slotDictsSpreadBytes(keys, line, 'keyspace'), slotDictsSpreadBytes(ttlKeys, line, 'expires'));
  }
  if (!layout.keyspaceKeyOnlyEntries) return 0;
  const spread = (n: number) =>
    KEY_ONLY_ENTRY_CLASS_BYTES * occupiedSlotsSpread(n, dictSlots(n, layout.cronGrowsFullKeyspaceTables));
  return Math.hypot(spread(keys), spread(ttlKeys));
}

/** Standard deviation of the child buckets of one table of `buckets` buckets holding n entries. */
function tableChildSpreadBuckets(n: number, buckets: number): number {
  if (n <= 0 || buckets <= 0) return 0;
  const q = 1 / buckets;
  let p = Math.pow(1 - q, n);
  let mean = 0;
  let square = 0;
  for (let x = 1; x <= n; x++) {
    p *= ((n - x + 1) / x) * (q / (1 - q));
    if (x <= HASHTABLE_SLOTS_PER_BUCKET) continue;
    const children = Math.ceil((x - HASHTABLE_SLOTS_PER_BUCKET) / 6);
    mean += p * children;
    square += p * children * children;
    if (x > n * q * 4 + 200) break;
  }
  return Math.sqrt(buckets * Math.max(0, square - mean * mean));
}

/**
 * One standard deviation of the child buckets of a case's collection tables on 8.1+. Every key
 * draws its own members (load.ts), so each key's table places them independently and the
 * spread over keys grows with the square root of their number, not with the number itself.
 */
export function collectionSpreadBytes(c: Pick<RecordedCase, 'workloads' | 'config'>, line: LineId): number {
  const layout = LINES.entry(line).layout;
  if (layout.collectionTables !== 'hashtable') return keyOnlyDictSpreadBytes(c, line);
  const thresholds = { ...DEFAULT_THRESHOLDS, ...c.config };
  let variance = 0;
  for (const w of c.workloads) {
    // Keys whose sizes differ: each kind of key with its share of the workload's keys.
    const mix = workloadKeys({ ...resolveWorkload(w), distributions: w.distributions }, thresholds);
    for (const { key, weight } of mix.keys) {
      if (key.type !== 'hash' && key.type !== 'set' && key.type !== 'zset') continue;
      const n = key.payload.n;
      const hashTable = key.type === 'hash' && (w.fieldTtlFraction ?? 0) > 0 && layout.hashFieldExpiry?.kind === 'volatile-set';
      const encodedSmall =
        key.type === 'set' ? key.payload.intsetRequest > 0 || key.payload.listpackRequest > 0 : key.payload.listpackRequest > 0;
      if (encodedSmall && !hashTable) continue;
      const buckets = hashTable ? key.payload.volatileTable.buckets : writtenTableOf(layout, key).buckets;
      const spread = HASHTABLE_BUCKET_BYTES * tableChildSpreadBuckets(n, buckets);
      variance += weight * w.keys * spread * spread;
    }
  }
  return Math.sqrt(variance);
}

/**
 * The same on dict lines. Where the dicts store members alone in their slots (sets from 7.2,
 * Redis 8.6 hashes and sorted sets), each key's members that find their slot taken take a
 * 16-byte entry, a count that varies with where its members land. And a dict whose last
 * expansion may or may not have finished (src/model/rehash.ts) holds its old table or not: a
 * draw per key with the model's probability.
 */
function keyOnlyDictSpreadBytes(c: Pick<RecordedCase, 'workloads' | 'config'>, line: LineId): number {
  const layout = LINES.entry(line).layout;
  const thresholds = { ...DEFAULT_THRESHOLDS, ...c.config };
  let variance = 0;
  for (const w of c.workloads) {
    // Keys whose sizes differ: each kind of key with its share of the workload's keys.
    const mix = workloadKeys({ ...resolveWorkload(w), distributions: w.distributions }, thresholds);
    for (const { key, weight } of mix.keys) {
      if (key.type !== 'hash' && key.type !== 'set' && key.type !== 'zset') continue;
      const table = writtenTableOf(layout, key);
      const small =
        key.type === 'set'
          ? key.payload.intsetRequest > 0 || (layout.setListpack && key.payload.listpackRequest > 0)
          : key.payload.listpackRequest > 0;
      if (small || table.dictSlots === 0) continue;
      const keyOnly =
        (key.type === 'set' && layout.setKeyOnlyEntries) ||
        (key.type === 'hash' && layout.hashKeyOnlyEntries) ||
        (key.type === 'zset' && layout.zsetKeyOnlyEntries);
      const members = key.payload.n;
      const entries = keyOnly ? KEY_ONLY_ENTRY_CLASS_BYTES * occupiedSlotsSpread(members, table.dictSlots) : 0;
      // HEXPIRE looks up each field it gives a TTL, a rehash step each (src/model/hashKey.ts).
      const lookups = key.type === 'hash' && layout.hashFieldExpiry ? Math.round(members * (w.fieldTtlFraction ?? 0)) : 0;
      const remnant = collectionDictRemnant(layout, { ...table, lookupsAfterInserts: lookups }, key.type);
      const oldTable = remnant.oldSlots * 8 * Math.sqrt(remnant.heldProbability * (1 - remnant.heldProbability));
      variance += weight * w.keys * (entries * entries + oldTable * oldTable);
    }
  }
  return Math.sqrt(variance);
}

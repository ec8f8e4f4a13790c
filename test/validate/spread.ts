import { LINES, type LineId } from '../../src/model/lineRegistry';
import { HASHTABLE_BUCKET_BYTES, HASHTABLE_SLOTS_PER_BUCKET, hashtableBuckets } from '../../src/model/tables';
import { prepareKey, workloadShape } from '../../src/model/keyShape';
import { DEFAULT_THRESHOLDS } from '../../src/model/encodingThresholds';
import { resolveWorkload } from '../../src/scenario/schema';
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

/**
 * One standard deviation of a case's keyspace tables on a line with 8.1+ hashtables: the main
 * table and, for keys with a TTL, the expires table. Cluster-mode cases keep one table per
 * slot, with a random count of keys each: not covered here, their limit is the collection one.
 */
export function keyspaceSpreadBytes(c: Pick<RecordedCase, 'workloads' | 'cluster'>, line: LineId): number {
  if (LINES.entry(line).layout.keyspace !== 'hashtable' || c.cluster) return 0;
  const keys = c.workloads.reduce((s, w) => s + w.keys, 0);
  const ttlKeys = c.workloads.reduce((s, w) => s + Math.round(w.keys * w.ttlFraction), 0);
  return Math.hypot(childBucketSpreadBytes(keys), childBucketSpreadBytes(ttlKeys));
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
 * The validation gives every key of a collection case the same members, and a server hashes
 * them all with one seed: each key's table draws the same buckets, so its child buckets vary
 * from run to run as one table's do, times the number of keys (no averaging over keys).
 */
export function collectionSpreadBytes(c: Pick<RecordedCase, 'workloads' | 'config'>, line: LineId): number {
  if (LINES.entry(line).layout.collectionTables !== 'hashtable') return 0;
  const thresholds = { ...DEFAULT_THRESHOLDS, ...c.config };
  let variance = 0;
  for (const w of c.workloads) {
    const key = prepareKey(workloadShape(resolveWorkload(w)), thresholds);
    if (key.type !== 'hash' && key.type !== 'set' && key.type !== 'zset') continue;
    const n = w.fields ?? 0;
    const hashTable = key.type === 'hash' && (w.fieldTtlFraction ?? 0) > 0 && LINES.entry(line).layout.hashFieldExpiry;
    const encodedSmall =
      key.type === 'set' ? key.payload.intsetRequest > 0 || key.payload.listpackRequest > 0 : key.payload.listpackRequest > 0;
    if (encodedSmall && !hashTable) continue;
    const buckets = hashTable ? key.payload.volatileTable.buckets : key.payload.table.buckets;
    const spread = w.keys * HASHTABLE_BUCKET_BYTES * tableChildSpreadBuckets(n, buckets);
    variance += spread * spread;
  }
  return Math.sqrt(variance);
}

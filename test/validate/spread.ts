import { layoutOf, type ModelLine } from '../../src/model/lines';
import { HASHTABLE_BUCKET_BYTES, HASHTABLE_SLOTS_PER_BUCKET, hashtableBuckets } from '../../src/model/tables';
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
export function keyspaceSpreadBytes(c: Pick<RecordedCase, 'workloads' | 'cluster'>, line: ModelLine): number {
  if (layoutOf(line).keyspace !== 'hashtable' || c.cluster) return 0;
  const keys = c.workloads.reduce((s, w) => s + w.keys, 0);
  const ttlKeys = c.workloads.reduce((s, w) => s + Math.round(w.keys * w.ttlFraction), 0);
  return Math.hypot(childBucketSpreadBytes(keys), childBucketSpreadBytes(ttlKeys));
}

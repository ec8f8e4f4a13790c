import { floorLog2, powerOfTwo } from './powers';

import { HASHTABLE_SLOTS_PER_BUCKET } from './structs';

/** The smallest power of two >= n, for n > 0 (a power of two >= n is one >= ceil(n)). */
function nextPowerOfTwo(n: number): number {
  const whole = Math.ceil(n);
  return whole <= 1 ? 1 : powerOfTwo(floorLog2(whole - 1) + 1);
}

/** A dict's first table (DICT_HT_INITIAL_SIZE). */
const DICT_INITIAL_SLOTS = 4;

/**
 * Slots of a 7.2/8.0 dict holding n entries after a load. The table grows on insert once
 * used >= size (to the power of two at or above n, minimum 4); from 8.0 the server cron also
 * grows an idle keyspace table that is exactly full, so a power-of-two count ends one size up,
 * except a table of the initial 4 slots: the cron asks dictShrinkIfNeeded first, which answers
 * "nothing to do" for a table that small and so stops the growth (kvstoreTryResizeDicts; measured
 * on Valkey 8.0.1: the 4-key slot tables of a cluster stay at 4 slots, the 8-key ones grow).
 */
export function dictSlots(n: number, cronGrowsFullTables: boolean): number {
  if (n <= 0) return 0;
  const slots = Math.max(DICT_INITIAL_SLOTS, nextPowerOfTwo(n));
  return cronGrowsFullTables && slots === n && slots > DICT_INITIAL_SLOTS ? slots * 2 : slots;
}

/**
 * Top-level buckets of an 8.1+ hashtable holding n keys: it expands once used + 1 exceeds
 * 7 x buckets (on insert, and from the cron when idle), to a power of two.
 */
export function hashtableBuckets(n: number): number {
  if (n <= 0) return 0;
  return Math.max(1, nextPowerOfTwo((n + 1) / HASHTABLE_SLOTS_PER_BUCKET));
}

/**
 * Buckets of a hashtable inside a collection: nothing grows it from the cron, so it stays at
 * the smallest power of two with 7 x buckets >= n.
 */
export function grownHashtableBuckets(n: number): number {
  if (n <= 0) return 0;
  return Math.max(1, nextPowerOfTwo(n / HASHTABLE_SLOTS_PER_BUCKET));
}

/** Buckets of a hashtable presized for n entries (hashtableExpand): the power of two >= 5n/32. */
export function presizedHashtableBuckets(n: number): number {
  if (n <= 0) return 0;
  return Math.max(1, nextPowerOfTwo(Math.ceil((5 * n) / 32)));
}

/**
 * Expected child buckets per top-level bucket when keys hash uniformly at load factor lambda:
 * a bucket holding x keys chains ceil((x - 7) / 6) children (each full link gives up a slot to
 * its child pointer). The key count per bucket is Poisson(lambda).
 */
export function expectedChildBucketsPerBucket(lambda: number): number {
  if (lambda <= 0) return 0;
  const cached = childBucketCache.get(lambda);
  if (cached !== undefined) return cached;
  const value = childBucketsPoisson(lambda);
  // A pure function of one number: remember it (bounded, so a long session cannot grow it without end).
  if (childBucketCache.size > 4096) childBucketCache.clear();
  childBucketCache.set(lambda, value);
  return value;
}

const childBucketCache = new Map<number, number>();

function childBucketsPoisson(lambda: number): number {
  let p = Math.exp(-lambda); // P(X = 0)
  let below = p;
  for (let x = 1; x <= HASHTABLE_SLOTS_PER_BUCKET; x++) {
    p *= lambda / x;
    below += p;
  }
  // Sum over x >= 8 of P(x) * ceil((x - 7) / 6) until the tail is negligible.
  let expected = 0;
  let tail = 1 - below;
  for (let x = HASHTABLE_SLOTS_PER_BUCKET + 1; tail > 1e-15 && x < lambda * 4 + 200; x++) {
    p *= lambda / x;
    expected += p * Math.ceil((x - HASHTABLE_SLOTS_PER_BUCKET) / 6);
    tail -= p;
  }
  return expected;
}

/**
 * Expected child buckets of a table of `buckets` buckets holding exactly n keys: each key lands
 * in one bucket (hashtable.c findBucketForInsert, hash & mask), so a bucket's count is
 * Binomial(n, 1 / buckets). Collections' tables are small (a hash of 10 fields has 2 buckets),
 * where the Poisson approximation of a large keyspace overstates the chains.
 */
export function expectedChildBucketsOfTable(n: number, buckets: number): number {
  if (n <= 0 || buckets <= 0) return 0;
  if (buckets > 1 && (n > 1_000_000 || n !== Math.floor(n))) return buckets * expectedChildBucketsPerBucket(n / buckets);
  return binomialChildBuckets(n, buckets);
}

/**
 * The binomial sum itself. Its terms are smooth in n, so it also serves a real n where a smooth
 * sum over key counts evaluates it between whole counts (cluster slots' tables).
 */
export function binomialChildBuckets(n: number, buckets: number): number {
  if (n <= 0 || buckets <= 0) return 0;
  if (buckets === 1) return n > HASHTABLE_SLOTS_PER_BUCKET ? Math.ceil((n - HASHTABLE_SLOTS_PER_BUCKET) / 6) : 0;
  // The sum takes a power and a term per key; whole counts recur (every collection of a
  // workload, every slot size in cluster mode), so the sums of small tables are remembered, keyed
  // by one small whole number for both counts. Real counts come from smooth sums, which rarely
  // ask twice.
  if (n !== Math.floor(n) || n >= 2 ** 19 || buckets >= 2 ** 11) return binomialSum(n, buckets);
  const key = n * 2 ** 11 + buckets;
  let value = binomialSums.get(key);
  if (value === undefined) {
    value = binomialSum(n, buckets);
    if (binomialSums.size > 4096) binomialSums.clear();
    binomialSums.set(key, value);
  }
  return value;
}

const binomialSums = new Map<number, number>();

function binomialSum(n: number, buckets: number): number {
  const q = 1 / buckets;
  let p = Math.pow(1 - q, n); // P(X = 0)
  let expected = 0;
  for (let x = 0; x < n; x++) {
    p *= ((n - x) / (x + 1)) * (q / (1 - q)); // P(X = x + 1)
    if (x + 1 > HASHTABLE_SLOTS_PER_BUCKET) expected += p * Math.ceil((x + 1 - HASHTABLE_SLOTS_PER_BUCKET) / 6);
    if (x > n * q * 4 + 200) break;
  }
  return buckets * expected;
}

/**
 * Members of n alike in a dict of `slots` slots that stores a member alone in its slot: only the
 * members beyond the first in a slot need a {key, next} entry (uniform hashing).
 */
export function expectedCollidingMembers(n: number, slots: number): number {
  return slots > 0 ? n - slots * (1 - (1 - 1 / slots) ** n) : 0;
}

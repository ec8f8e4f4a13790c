/**
 * A collection's own table caught in the middle of growing. Both table kinds rehash
 * incrementally: when a write grows the table, the old table stays allocated beside the new one
 * and each later lookup of that collection moves one bucket across (dict.c `_dictRehashStep`,
 * `_dictRehashStepIfNeeded`; hashtable.c `rehashStepOnReadIfNeeded`). Nothing else moves them:
 * the server cron rehashes the keyspace's tables only. So a collection written one element at a
 * time holds its old table until enough writes after its last expansion have moved every bucket.
 * The model counts the writes that built it (n inserts, no reads since), in expectation over
 * where its elements hash.
 */
import { normalCdf } from './distribution';
import { gaussLegendre } from './poisson';
import { expectedChildBucketsOfTable, expectedCollidingMembers } from './tables';

/** What a collection of each kind is: the write of one new element takes its own number of steps. */
export type CollectionKind = 'set' | 'zset' | 'hash';

/**
 * Rehash steps a write of one new element takes on its collection's table (one per lookup of the
 * table the command makes), and the steps the write that grew the table takes after growing it.
 */
export interface CollectionRehashSteps {
  set: number;
  zset: number;
  hash: number;
  afterExpanding: number;
}

/** The last expansion of a collection's dict, where it is not finished. */
export interface DictRehashRemnant {
  /** Slots of the old table (0: no expansion since the dict was made). */
  oldSlots: number;
  /** Probability that the old table is still allocated (some of its slots not yet moved). */
  heldProbability: number;
  /**
   * Key-only dicts: expected {key, next} entries beyond those of the settled table. A member alone
   * in its slot needs none; while rehashing, the members still in the old, fuller table collide
   * more than they will in the new one.
   */
  extraKeyOnlyEntries: number;
}

const NO_DICT_REMNANT: DictRehashRemnant = { oldSlots: 0, heldProbability: 0, extraKeyOnlyEntries: 0 };

/**
 * The number K of non-empty slots when m members hash into m slots, the state of a dict when it
 * grows (it expands once used reaches its size). A step of dict.c's rehash empties one non-empty
 * slot of the old table (it skips empty ones, up to ten per step, which at this fill almost never
 * stops it), so K steps finish the rehash. Exact, as P(K = k) for k = 0..m, below 4,096 slots;
 * above, a normal distribution of the same mean and variance, which the remnant integrates over
 * a fixed number of points: the work and memory stay bounded whatever the table's size.
 */
type SlotCounts = { exact: Float64Array } | { mean: number; sd: number };

function nonEmptySlotDistribution(m: number): SlotCounts {
  if (m > EXACT_OCCUPANCY_MAX_SLOTS) {
    const empty = (1 - 1 / m) ** m;
    const mean = m * (1 - empty);
    const variance = m * (m - 1) * (1 - 2 / m) ** m + m * empty - m * m * empty * empty;
    return { mean, sd: Math.sqrt(variance) };
  }
  const cached = occupancyCache.get(m);
  if (cached) return { exact: cached };
  let p = new Float64Array(m + 1);
  p[0] = 1;
  // Member j lands in one of the k non-empty slots (k / m) or opens a new one.
  for (let j = 0; j < m; j++) {
    const next = new Float64Array(m + 1);
    for (let k = 0; k <= j; k++) {
      const pk = p[k]!;
      if (pk === 0) continue;
      next[k] = next[k]! + (pk * k) / m;
      next[k + 1] = next[k + 1]! + (pk * (m - k)) / m;
    }
    p = next;
  }
  if (occupancyCache.size > 64) occupancyCache.clear();
  occupancyCache.set(m, p);
  return { exact: p };
}

const EXACT_OCCUPANCY_MAX_SLOTS = 4096;
const occupancyCache = new Map<number, Float64Array>();
/** A large table's K is read over mean ± this many sd (what lies beyond is below 1e-15), on panels one sd wide. */
const OCCUPANCY_SDS = 8;

/**
 * The dict of a collection of n elements that now has `slots` slots and was made with
 * `initialSlots` (4 when it grew from empty; a conversion from a small encoding presizes it),
 * each insert then taking `stepsPerInsert` steps, and `extraSteps` more besides them (the insert
 * that grew it may step again after growing; lookups after the last insert step too). The dict grows when an insert finds it full (used = size): the last expansion was
 * the insert of element slots / 2 + 1, and the inserts since have taken their steps.
 */
export function dictRehashRemnant(
  n: number,
  slots: number,
  initialSlots: number,
  stepsPerInsert: number,
  extraSteps: number,
  keyOnly: boolean,
  visitsOwnSlot = false,
): DictRehashRemnant {
  if (slots <= initialSlots || n <= 0) return NO_DICT_REMNANT;
  let bySize = dictRemnantCache.get(slots);
  if (!bySize) dictRemnantCache.set(slots, (bySize = new Map()));
  let known = bySize.get(n);
  if (!known) bySize.set(n, (known = []));
  for (const c of known)
    if (
      c.stepsPerInsert === stepsPerInsert &&
      c.extraSteps === extraSteps &&
      c.keyOnly === keyOnly &&
      c.visitsOwnSlot === visitsOwnSlot
    )
      return c.remnant;
  const m = slots / 2;
  const steps = (n - (m + 1)) * stepsPerInsert + extraSteps;
  const settledEntries = keyOnly ? expectedCollidingMembers(n, slots) : 0;
  // Expected {key, next} entries beyond the settled table's while K = k slots of the old table were non-empty.
  const extraWith = (k: number) => {
    // The old table's k non-empty slots hold its m members; the unmoved ones hold their share,
    // colliding as in the old table.
    const unmovedSlots = k - steps;
    const unmovedMembers = (unmovedSlots * m) / k;
    const entries = unmovedMembers - unmovedSlots + newTableEntries(n, m, k, unmovedSlots, unmovedMembers, visitsOwnSlot);
    return entries - settledEntries;
  };
  // The old table is still held while K > steps.
  const least = Math.max(1, Math.floor(steps) + 1);
  let held = 0;
  let extraEntries = 0;
  const counts = nonEmptySlotDistribution(m);
  if ('exact' in counts) {
    for (let k = least; k <= m; k++) {
      const pk = counts.exact[k]!;
      if (pk === 0) continue;
      held += pk;
      if (keyOnly) extraEntries += pk * extraWith(k);
    }
  } else {
    // Whole counts from `least` are the reals from least - 0.5 (the sum and the integral agree to
    // far below a byte at these spreads).
    const { mean, sd } = counts;
    const from = Math.max(least - 0.5, mean - OCCUPANCY_SDS * sd);
    const to = Math.min(m + 0.5, mean + OCCUPANCY_SDS * sd);
    if (to > from) {
      held = normalCdf((to - mean) / sd) - normalCdf((from - mean) / sd);
      const density = (k: number) => Math.exp(-((k - mean) ** 2) / (2 * sd * sd)) / (sd * Math.sqrt(2 * Math.PI));
      if (keyOnly) extraEntries = gaussLegendre((k) => density(k) * extraWith(k), from, to, Math.ceil((to - from) / sd));
    }
  }
  const remnant: DictRehashRemnant = { oldSlots: m, heldProbability: held, extraKeyOnlyEntries: extraEntries };
  if (++dictRemnantsKept > 4096) {
    dictRemnantCache.clear();
    dictRemnantsKept = 0;
  } else known.push({ stepsPerInsert, extraSteps, keyOnly, visitsOwnSlot, remnant });
  return remnant;
}

/**
 * Remnants worked out, by slots, then elements, then the rest of what they depend on. Every
 * estimate asks again for the same few; a key written out as text took a fifth of its time.
 */
const dictRemnantCache = new Map<number, Map<number, CachedDictRemnant[]>>();
let dictRemnantsKept = 0;

interface CachedDictRemnant {
  stepsPerInsert: number;
  extraSteps: number;
  keyOnly: boolean;
  visitsOwnSlot: boolean;
  remnant: DictRehashRemnant;
}

/**
 * Expected {key, next} entries of the new table (2m slots) while `unmovedSlots` of the old
 * table's k non-empty slots, holding `unmovedMembers`, are still to move. Old slot i moves to new
 * slots i and i + m. Where a write first rehashes the slot its own member hashes to in the old
 * table (Redis 7.4+ and Valkey 8.0 `_dictRehashStepIfNeeded` / `dictBucketRehash`), no member
 * written since lands beside an unmoved slot's members: those members crowd into the slots of
 * moved and of empty old slots (on Redis 8.0.6, sets of 300: 101 entries where spreading them
 * over the whole table gives 80). Otherwise they spread over the whole new table.
 */
function newTableEntries(
  n: number,
  m: number,
  k: number,
  unmovedSlots: number,
  unmovedMembers: number,
  visitsOwnSlot: boolean,
): number {
  if (!visitsOwnSlot || unmovedSlots <= 0) return expectedCollidingMembers(n - unmovedMembers, 2 * m);
  const written = n - m;
  const emptyOldSlots = m - k;
  const intoEmpty = (written * emptyOldSlots) / (m - unmovedSlots);
  const movedSlots = k - unmovedSlots;
  return (
    expectedCollidingMembers(intoEmpty, 2 * emptyOldSlots) +
    expectedCollidingMembers(n - unmovedMembers - intoEmpty, 2 * movedSlots)
  );
}

/** The last expansion of a collection's 8.1+ hashtable, where it is not finished. */
export interface HashtableRehashRemnant {
  /** Buckets of the old table still allocated (0: none, or the rehash has finished). */
  oldBuckets: number;
  /** Expected child buckets of the old table not yet moved (each step frees those of its bucket). */
  oldChildBuckets: number;
  /** Expected child buckets the new table lacks for the elements still in the old one. */
  missingNewChildBuckets: number;
}

const NO_HASHTABLE_REMNANT: HashtableRehashRemnant = { oldBuckets: 0, oldChildBuckets: 0, missingNewChildBuckets: 0 };

/** hashtable.c: a bucket holds 7 elements, and the table grows once an insert would pass 7 per bucket. */
const ELEMENTS_PER_BUCKET = 7;

/**
 * The hashtable of a collection of n elements that now has `buckets` buckets and was made with
 * `initialBuckets`, its inserts taking steps as dictRehashRemnant's do. It doubles when an insert finds 7 x buckets elements; a step moves one bucket
 * and its chain, empty or not (`rehashStepExpand`), so the old table of b buckets goes after b
 * steps, and its child buckets go with the step of their bucket.
 */
export function hashtableRehashRemnant(
  n: number,
  buckets: number,
  initialBuckets: number,
  stepsPerInsert: number,
  extraSteps: number,
): HashtableRehashRemnant {
  if (buckets <= initialBuckets || buckets < 2 || n <= 0) return NO_HASHTABLE_REMNANT;
  const old = buckets / 2;
  const steps = (n - (ELEMENTS_PER_BUCKET * old + 1)) * stepsPerInsert + extraSteps;
  if (steps >= old) return NO_HASHTABLE_REMNANT;
  const unmovedShare = (old - steps) / old;
  // Old bucket i moves to new buckets i and i + old: the new table's moved part is as full as it
  // will be, the rest holds only the few elements written since, which chain no children.
  return {
    oldBuckets: old,
    oldChildBuckets: expectedChildBucketsOfTable(ELEMENTS_PER_BUCKET * old, old) * unmovedShare,
    missingNewChildBuckets: expectedChildBucketsOfTable(n, buckets) * unmovedShare,
  };
}

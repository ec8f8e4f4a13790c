/**
 * A workload whose keys differ: each key draws its key-name length, value size, field count and
 * field-name length from the workload's distributions, independently. The family is priced as
 * the expectation over the bins of those distributions, each combination of bins a key shape of
 * its own with its own encoding and its own size classes.
 *
 * A collection's key part (name, object, TTL) depends on the key-name length alone and its
 * payload on the other sizes alone, so the two are expected separately: a key-length
 * distribution adds its bins to the payload's instead of multiplying them.
 */
import { allocationSize, layoutContext, type BuildContext } from './allocator';
import { distributionBins, distributionRange, MAX_BINS, type Bin, type BinEnds, type Distribution } from './distribution';
import type { EncodingThresholds } from './encodingThresholds';
import { VARYING_SIZES, type ResolvedWorkload, type VaryingSize, type WorkloadDistributions } from './input';
import type { Parts } from './itemiser';
import {
  collectionKeyBytes,
  embeddedObjectRequest,
  embeddedValueOffset,
  EMBSTR_SIZE_LIMIT,
  KEY_LENGTH_ALWAYS_WITH_EXPIRE,
  longestEmbeddedValue,
  SHARED_INTEGER_MAX_DIGITS,
} from './keyObject';
import { POINTER_BYTES, ROBJ_BYTES, ZSKIPLIST_LEVEL_BYTES, ZSKIPLIST_NODE_WITH_MEMBER_BYTES } from './structs';
import { stringElement, workloadElement } from './elements';
import { LINES } from './lineRegistry';
import { V72_LAYOUT, type LineLayout } from './lines';
import { listLengthSteps, listNodeStarts } from './listKey';
import { LISTPACK_OVERHEAD, listpackEntryBytes } from './listpack';
import { sdsBytes } from './sds';
import { grownHashtableBuckets, presizedHashtableBuckets } from './tables';
import type { DataType, WriteHistory } from '../data/vocabulary';
import {
  collectionPayloadBytes,
  keyEncodings,
  keysWithVolatileFieldsShare,
  prepareKey,
  preparedKeyBytes,
  workloadShape,
  ENCODING_ORDER,
  type ElementMix,
  type EncodingShare,
  type PreparedKey,
} from './keyShape';

/** One kind of key of a family and the share of the family's keys that are of that kind. */
export interface WeightedKey {
  weight: number;
  key: PreparedKey;
}

/**
 * The kinds of key a family holds, each with its share of the family's keys: one kind when every
 * key is alike (oneKeyMix), every combination of its bins when a distribution varies.
 */
export interface KeyMix {
  /** The prepared keys (collections: payloads when key lengths vary apart, see keyLengths). */
  keys: readonly WeightedKey[];
  /**
   * A collection's key-name lengths when they vary: its key part is expected over these, its
   * payload over `keys`. Null for strings (their name and value can share an allocation) and when
   * every key name has one length.
   */
  keyLengths: readonly Bin[] | null;
  /** Share of the keys that hold hash fields with their own TTL. */
  volatileShare: number;
}

/**
 * The most key shapes one family is priced as. Distributions multiply: two of 64 bins would make
 * 4,096 shapes, so when the product is larger the budget is shared out, the distribution with
 * the fewest bins first: it keeps them all when its equal root of the budget allows, and leaves
 * the rest to the others (31 key lengths x 33 value bins; two wide ones: 32 x 32).
 */
export const MAX_MIX_KEYS = 1024;

/** A family whose keys are all alike: one kind of key, every key of it. */
export function oneKeyMix(key: PreparedKey): KeyMix {
  return { keys: [{ weight: 1, key }], keyLengths: null, volatileShare: keysWithVolatileFieldsShare(key) };
}

type SizeName = VaryingSize;

const SIZE_NAMES = Object.keys(VARYING_SIZES) as SizeName[];

/**
 * The sizes a workload's payload (or, for a string, its whole key) is made of, each drawn per key:
 * those its type has and it sets, but a collection's key-name length (its key part is expected
 * apart, keyLengths). Mixed elements' sizes are not drawn: every key holds them all (elementMix).
 */
function payloadSizes(w: ResolvedWorkload): SizeName[] {
  const mixed = mixesElements(w);
  return SIZE_NAMES.filter(
    (name) =>
      (VARYING_SIZES[name] as readonly DataType[]).includes(w.type) &&
      w[name] !== undefined &&
      (w.type === 'string' || name !== 'keyBytes') &&
      !(mixed && (name === 'valueBytes' || name === 'fieldBytes')),
  );
}

/** Whether every key of the workload holds elements of all its sizes. */
function mixesElements(w: ResolvedWorkload): boolean {
  return w.elements === 'mixed' && w.type !== 'string';
}

/** The most element shapes a key of mixed elements is priced with (a hash's field names x values). */
const MAX_MIXED_ELEMENTS = 256;

/** The element sizes every key of a mixed workload holds, in their shares. */
function elementMix(w: ResolvedWorkload, d: WorkloadDistributions, ends: (n: SizeName) => BinEnds | undefined): ElementMix {
  const sizes = (name: 'valueBytes' | 'fieldBytes', most: number) => binsFor(d[name], numberFor(w, name), most, ends(name));
  if (w.type !== 'hash') return { values: sizes('valueBytes', MAX_BINS), pairs: [] };
  if (d.fieldValuePairs) return { values: [], pairs: d.fieldValuePairs };
  let fieldNames = sizes('fieldBytes', MAX_BINS);
  let values = sizes('valueBytes', MAX_BINS);
  if (fieldNames.length * values.length > MAX_MIXED_ELEMENTS) {
    // The fewer field-name lengths keep theirs as the budget allows; the values take the rest.
    const fieldBudget = Math.max(2, Math.min(fieldNames.length, Math.floor(Math.sqrt(MAX_MIXED_ELEMENTS))));
    if (fieldNames.length > fieldBudget) fieldNames = sizes('fieldBytes', fieldBudget);
    values = sizes('valueBytes', Math.max(2, Math.floor(MAX_MIXED_ELEMENTS / fieldNames.length)));
  }
  // Known apart only: every field-name length with every value length.
  const pairs = fieldNames.flatMap((f) => values.map((v) => ({ field: f.value, value: v.value, weight: f.weight * v.weight })));
  return { values: [], pairs };
}

/** The number a workload gives for a size, used when it has no distribution for it. */
function numberFor(w: ResolvedWorkload, name: SizeName): number {
  return w[name] ?? 1;
}

/** Whether a workload's keys differ in some size (a distribution of more than one value). */
export function sizesVary(w: ResolvedWorkload): boolean {
  const d = w.distributions;
  if (!d) return false;
  for (const name of SIZE_NAMES) {
    const one = d[name];
    if (one && one.kind !== 'value' && distributionBins(one).length > 1) return true;
  }
  return false;
}

function binsFor(d: Distribution | undefined, fallback: number, maxBins: number, ends?: BinEnds): Bin[] {
  return d ? distributionBins(d, maxBins, ends) : [{ value: fallback, weight: 1 }];
}

/**
 * jemalloc's size classes up to `upTo` and the one above: the 8-byte quantum's, which include the
 * 16-byte quantum's. glibc's classes (every 16 bytes) are left to the bins' equal shares. Four
 * classes per doubling: at most about 200 up to LARGEST_CLASS, past which sizes no longer differ
 * by one byte in floating point (and no allocation is that large).
 */
function jemallocClasses(upTo: number): number[] {
  const classes: number[] = [];
  for (let request = 1; ;) {
    const size = allocationSize(request, 'jemalloc-bundled');
    classes.push(size);
    if (size > upTo || size >= LARGEST_CLASS) return classes;
    request = size + 1;
  }
}

/** 2^50 bytes: larger than any server's memory, and small enough that size + 1 is exact. */
const LARGEST_CLASS = 2 ** 50;

/** An allocation of `offset + per x size` bytes, `size` the varying one. */
interface Growth {
  offset: number;
  per: number;
}

/** sds header and NUL of the type-5, -8 and -16 headers. */
const SDS_OVERHEADS = [2, 4, 6];
/** Key lengths of each sds header type, to read what an object with the key costs besides the key. */
const KEY_LENGTHS_BY_SDS_TYPE = [16, 100, 300];
/** 8.0 entry with the key: value and next pointers, the header-size byte, and the key's sds (embstr: 8-bit header). */
const ENTRY_WITH_KEY_BYTES = 2 * POINTER_BYTES + 1;
const ENTRY_WITH_KEY_OVERHEADS = [ENTRY_WITH_KEY_BYTES + 4, ENTRY_WITH_KEY_BYTES + 6];
/** 9.1 skiplist node with its member: 17 bytes, the member's sds and 16 per level (levels 1-4 hold 99.6 % of nodes). */
const SKIPLIST_NODE_OVERHEADS = [1, 2, 3, 4].flatMap((level) =>
  SDS_OVERHEADS.map((sds) => ZSKIPLIST_NODE_WITH_MEMBER_BYTES + sds + ZSKIPLIST_LEVEL_BYTES * level),
);

/** 8.1+ objects holding the key: their bytes besides the key, with and without a TTL and an embedded value. */
function keyObjectOverheads(valueBytes: number | null): number[] {
  return LAYOUT_CONTEXTS.flatMap((ctx) =>
    ctx.layout.keyStorage !== 'embedded-in-object'
      ? []
      : KEY_LENGTHS_BY_SDS_TYPE.flatMap((k) =>
          [false, true].flatMap((ttl) => [
            embeddedObjectRequest(ctx, k, ttl) - k,
            ...(valueBytes === null ? [] : [embeddedValueOffset(ctx, k, ttl) + valueBytes - k]),
          ]),
        ),
  );
}

/** A listpack entry's bytes besides a string's own (encoding and back-length), for short strings. */
const LISTPACK_STRING_OVERHEAD = 2;

/** The allocations of a key that grow with one of its sizes, as the other sizes are given by their numbers. */
function growths(w: ResolvedWorkload, name: SizeName): Growth[] {
  const each = (offsets: readonly number[], per = 1) => offsets.map((offset) => ({ offset, per }));
  const n = w.fields ?? 1;
  const value = workloadElement(w.valueBytes, w.valueKind);
  switch (name) {
    case 'compactBytes':
      // The listpack or intset itself.
      return each([0]);
    case 'keyBytes':
      return each([
        ...SDS_OVERHEADS,
        ...ENTRY_WITH_KEY_OVERHEADS,
        ...keyObjectOverheads(w.type === 'string' && w.valueKind !== 'int' ? w.valueBytes : null),
      ]);
    case 'valueBytes':
      if (w.type === 'string') {
        const embedded = LAYOUT_CONTEXTS.flatMap((ctx) =>
          ctx.layout.keyStorage === 'embedded-in-object'
            ? [false, true].map((ttl) => embeddedValueOffset(ctx, w.keyBytes, ttl))
            : [],
        );
        return each([...SDS_OVERHEADS, ROBJ_BYTES + 4, ...embedded]);
      }
      return [
        ...each(SDS_OVERHEADS),
        ...(w.type === 'hash' ? each([sdsBytes(w.fieldBytes ?? 1, V72_LAYOUT) + 4]) : []),
        ...(w.type === 'zset' ? each(SKIPLIST_NODE_OVERHEADS) : []),
        { offset: LISTPACK_OVERHEAD + n * LISTPACK_STRING_OVERHEAD, per: n },
      ];
    case 'fieldBytes':
      return [
        ...each(SDS_OVERHEADS),
        ...each(SDS_OVERHEADS.map((sds) => sds + w.valueBytes + 4)),
        { offset: LISTPACK_OVERHEAD + n * (LISTPACK_STRING_OVERHEAD + listpackEntryBytes(value)), per: n },
      ];
    case 'fields': {
      const member = listpackEntryBytes(value);
      const perField = w.type === 'hash' ? member + listpackEntryBytes(stringElement(w.fieldBytes ?? 1)) : member;
      return [
        { offset: LISTPACK_OVERHEAD, per: perField },
        // Sorted-set scores of 2 or 3 bytes each.
        ...(w.type === 'zset' ? [2, 3].map((score) => ({ offset: LISTPACK_OVERHEAD, per: member + score })) : []),
        ...(w.type === 'set' ? [2, 4, 8].map((width) => ({ offset: 8, per: width })) : []),
      ];
    }
  }
}

/** A list's last quicklist node grows with its length from each node's start: its listpack's size classes step there too. */
function listNodeGrowths(w: ResolvedWorkload, name: SizeName, t: EncodingThresholds): Growth[] {
  if (name !== 'fields' || w.type !== 'list') return [];
  const element = workloadElement(w.valueBytes, w.valueKind);
  const e = listpackEntryBytes(element);
  return listNodeStarts(element, t, 8, w.written).map((start) => ({ offset: LISTPACK_OVERHEAD - start * e, per: e }));
}

/** Sizes after which one of the allocations moves to the next jemalloc size class, within lo..hi. */
function classSteps(growthsOf: readonly Growth[], [lo, hi]: [number, number]): number[] {
  const steps = new Set<number>();
  const largest = Math.max(...growthsOf.map((g) => g.offset + g.per * hi));
  for (const size of jemallocClasses(largest)) {
    for (const { offset, per } of growthsOf) {
      const k = Math.floor((size - offset) / per);
      if (k >= lo && k < hi) steps.add(k);
    }
  }
  return [...steps];
}

/** Collections' tables double: a count's steps where a dict or an 8.1+ hashtable grows. */
function tableSteps([lo, hi]: [number, number], written: WriteHistory): number[] {
  const steps: number[] = [];
  for (let k = 1; k <= hi; k *= 2) if (k >= lo && k < hi) steps.push(k);
  // Tables made at their size step where presizing does, grown ones where growing does (both, for a whole write on 7.0).
  const bucketsAt = written === 'one-per-command' ? [grownHashtableBuckets] : [grownHashtableBuckets, presizedHashtableBuckets];
  if (hi - lo <= TABLE_SCAN_LIMIT)
    for (let k = lo; k < hi; k++) if (bucketsAt.some((buckets) => buckets(k + 1) !== buckets(k))) steps.push(k);
  return steps;
}

/** Counts are scanned for the hashtable's growth over ranges up to this wide. */
const TABLE_SCAN_LIMIT = 100_000;

/** Where a size's bins end: its encoding thresholds and the size-class steps of what grows with it. */
function binEnds(w: ResolvedWorkload, name: SizeName, d: Distribution, t: EncodingThresholds): BinEnds {
  const range = distributionRange(d);
  const steps = classSteps([...growths(w, name), ...listNodeGrowths(w, name, t)], range);
  return {
    encodings: encodingCuts(w, name, t),
    classSteps: name === 'fields' && w.type !== 'list' ? [...steps, ...tableSteps(range, w.written)] : steps,
  };
}

/** Every registered layout, in a context that prices nothing (for the sizes where a layout changes a key). */
const LAYOUT_CONTEXTS = [...new Set(LINES.entries.map((e) => e.layout))].map((layout) =>
  layoutContext(layout, 'jemalloc-bundled', false),
);

/** sds header steps (type 5 to 8 at 32 bytes, 8 to 16 from 253 or 256). */
const SDS_STEPS = [31, 252, 255];

/**
 * Sizes after which a key's encoding or layout changes, on some line: a wide distribution's bins
 * end at each of them, so no bin prices keys from both sides of one as one kind of key.
 */
function encodingCuts(w: ResolvedWorkload, name: SizeName, t: EncodingThresholds): number[] {
  switch (name) {
    case 'compactBytes':
      return [];
    case 'keyBytes':
      // sds steps, 8.0's embstr argv key (44 bytes) and 8.1's always-reserved expire field.
      return [...SDS_STEPS, 44, KEY_LENGTH_ALWAYS_WITH_EXPIRE - 1];
    case 'fieldBytes':
      return [...SDS_STEPS, t.hashMaxListpackValue];
    case 'valueBytes':
      switch (w.type) {
        case 'string':
          return w.valueKind === 'int'
            ? [SHARED_INTEGER_MAX_DIGITS]
            : [
                ...SDS_STEPS,
                EMBSTR_SIZE_LIMIT,
                ...LAYOUT_CONTEXTS.flatMap((ctx) => [false, true].map((ttl) => longestEmbeddedValue(ctx, w.keyBytes, ttl))),
              ];
        case 'hash':
          return [...SDS_STEPS, t.hashMaxListpackValue];
        case 'set':
          return [...SDS_STEPS, t.setMaxListpackValue];
        case 'zset':
          return [...SDS_STEPS, t.zsetMaxListpackValue];
        case 'list':
          return SDS_STEPS;
      }
      return [];
    case 'fields':
      switch (w.type) {
        case 'hash':
          return [t.hashMaxListpackEntries];
        case 'set':
          return [t.setMaxIntsetEntries, t.setMaxListpackEntries];
        case 'zset':
          return [t.zsetMaxListpackEntries];
        case 'list':
          return listLengthSteps(workloadElement(w.valueBytes, w.valueKind), t, 8, w.written);
        default:
          return [];
      }
  }
}

/** `maxMixKeys`: the most key shapes the mix may have (MAX_MIX_KEYS; a value-size sweep prices fewer per point). */
export function workloadKeys(w: ResolvedWorkload, thresholds: EncodingThresholds, maxMixKeys = MAX_MIX_KEYS): KeyMix {
  const d = w.distributions;
  if (!d) return oneKeyMix(prepareKey(workloadShape(w), thresholds));
  // An edit rebuilds every workload but keeps the distributions of those it did not touch: their
  // mixes (and the mixes' prices, mixBytes) are worked out once.
  const signature = mixSignature(w, thresholds, maxMixKeys);
  let known = mixCache.get(d);
  if (!known) mixCache.set(d, (known = new Map()));
  let keys = known.get(signature);
  if (!keys) {
    if (known.size > 8) known.clear();
    known.set(signature, (keys = mixedKeys(w, d, thresholds, maxMixKeys)));
  }
  return keys;
}

const mixCache = new WeakMap<WorkloadDistributions, Map<string, KeyMix>>();

/**
 * A workload's fields that do not change what its keys look like, or that the distributions object
 * (the cache's own key) holds: a hash's field-value pairs, in shares. Every other field is in the
 * mix's cache key (mixSignature), so a field the model comes to read is in it without an edit here.
 */
const NOT_KEY_SHAPING: ReadonlySet<string> = new Set<keyof ResolvedWorkload>([
  'name',
  'keys',
  'ttlFraction',
  'distributions',
  'fieldValuePairs',
]);

/** What a workload's mix depends on besides its distributions: its key-shaping fields, the mix's budget and the thresholds. */
export function mixSignature(w: ResolvedWorkload, thresholds: EncodingThresholds, maxMixKeys: number): string {
  let signature = String(maxMixKeys);
  for (const [field, value] of Object.entries(w)) if (!NOT_KEY_SHAPING.has(field)) signature += `,${field}=${value}`;
  for (const value of Object.values(thresholds)) signature += `,${value}`;
  return signature;
}

function mixedKeys(w: ResolvedWorkload, d: WorkloadDistributions, thresholds: EncodingThresholds, maxMixKeys: number): KeyMix {
  const names = payloadSizes(w);
  const ends = (n: SizeName) => {
    const one = d[n];
    return one && one.kind !== 'value' ? binEnds(w, n, one, thresholds) : undefined;
  };
  const endsOf = names.map(ends);
  const within = mixesElements(w) ? elementMix(w, d, ends) : undefined;
  const bins = names.map((n, i) => binsFor(d[n], numberFor(w, n), MAX_BINS, endsOf[i]));
  const varying = bins.filter((b) => b.length > 1).length;
  if (bins.reduce((product, b) => product * b.length, 1) > maxMixKeys) {
    let budget = maxMixKeys;
    let left = varying;
    for (const i of [...bins.keys()].filter((i) => bins[i]!.length > 1).sort((a, b) => bins[a]!.length - bins[b]!.length)) {
      const allowed = Math.max(2, Math.floor(budget ** (1 / left)));
      if (bins[i]!.length > allowed) bins[i] = binsFor(d[names[i]!], numberFor(w, names[i]!), allowed, endsOf[i]);
      budget /= bins[i]!.length;
      left--;
    }
  }
  const keyLengths = w.type === 'string' ? null : binsFor(d.keyBytes, w.keyBytes, MAX_BINS, ends('keyBytes'));
  const oneKeyLength = keyLengths === null || keyLengths.length === 1;
  // Every key alike: the family is one key shape, priced exactly as a workload without distributions.
  const sized: ResolvedWorkload = { ...w };
  if (!oneKeyLength || varying > 0) {
    const keys: WeightedKey[] = [];
    const visit = (i: number, weight: number) => {
      if (i === names.length) {
        keys.push({ weight, key: prepareKey(workloadShape(sized, within), thresholds) });
        return;
      }
      for (const bin of bins[i]!) {
        setSize(sized, names[i]!, bin.value);
        visit(i + 1, weight * bin.weight);
      }
    };
    if (keyLengths) sized.keyBytes = keyLengths[0]!.value;
    visit(0, 1);
    let volatileShare = 0;
    for (const { key, weight } of keys) volatileShare += weight * keysWithVolatileFieldsShare(key);
    return { keys, keyLengths: oneKeyLength ? null : keyLengths, volatileShare };
  }
  for (const [i, n] of names.entries()) setSize(sized, n, bins[i]![0]!.value);
  if (keyLengths) sized.keyBytes = keyLengths[0]!.value;
  return oneKeyMix(prepareKey(workloadShape(sized, within), thresholds));
}

function setSize(w: ResolvedWorkload, name: SizeName, value: number): void {
  w[name] = value;
}

/** Expected bytes of one key of the mix on ctx's line, excluding the shared tables (as preparedKeyBytes). */
export function mixBytes(ctx: BuildContext, mix: KeyMix, ttlFraction: number, into: Parts): number {
  // One kind of key is priced as it is: its price is one key's, and a workload without
  // distributions makes its key anew with each edit, so a price kept for it would not be asked again.
  if (into.itemising || (mix.keys.length === 1 && mix.keyLengths === null)) return pricedMix(ctx, mix, ttlFraction, into);
  // A mix of distributions is priced once per build and TTL share: an edit elsewhere leaves it as it was.
  let byLayout = priceCache.get(mix);
  if (!byLayout) priceCache.set(mix, (byLayout = new WeakMap()));
  let prices = byLayout.get(ctx.layout);
  if (!prices) byLayout.set(ctx.layout, (prices = new Map()));
  const key = `${ctx.allocator}:${ctx.cluster}:${ttlFraction}`;
  let bytes = prices.get(key);
  if (bytes === undefined) {
    if (prices.size > 16) prices.clear();
    prices.set(key, (bytes = pricedMix(ctx, mix, ttlFraction, into)));
  }
  return bytes;
}

const priceCache = new WeakMap<KeyMix, WeakMap<LineLayout, Map<string, number>>>();

function pricedMix(ctx: BuildContext, mix: KeyMix, ttlFraction: number, into: Parts): number {
  let bytes = 0;
  if (mix.keyLengths) {
    for (const { value, weight } of mix.keyLengths)
      bytes += weight * collectionKeyBytes(ctx, value, ttlFraction, into.weighted(weight));
    for (const { key, weight } of mix.keys)
      if (key.type !== 'string') bytes += weight * collectionPayloadBytes(ctx, key, into.weighted(weight));
    return bytes;
  }
  for (const { key, weight } of mix.keys) bytes += weight * preparedKeyBytes(ctx, key, ttlFraction, into.weighted(weight));
  return bytes;
}

export type { EncodingShare };

/** The encodings of a family's keys on ctx's line and each one's share of them (shares sum to 1). */
export function encodingShares(ctx: BuildContext, mix: KeyMix, ttlFraction: number): EncodingShare[] {
  // One kind of key: its own encodings (key-name lengths change none).
  if (mix.keys.length === 1) return keyEncodings(ctx, mix.keys[0]!.key, ttlFraction);
  let byLayout = encodingCache.get(mix);
  if (!byLayout) encodingCache.set(mix, (byLayout = new WeakMap()));
  let known = byLayout.get(ctx.layout);
  if (!known) byLayout.set(ctx.layout, (known = new Map()));
  let shares = known.get(ttlFraction);
  if (!shares) {
    if (known.size > 16) known.clear();
    known.set(ttlFraction, (shares = countedEncodings(ctx, mix, ttlFraction)));
  }
  return shares;
}

/** Encoding shares worked out once per mix, layout and TTL share (they depend on nothing else). */
const encodingCache = new WeakMap<KeyMix, WeakMap<LineLayout, Map<number, EncodingShare[]>>>();

function countedEncodings(ctx: BuildContext, mix: KeyMix, ttlFraction: number): EncodingShare[] {
  const shares = new Array<number>(ENCODING_ORDER.length).fill(0);
  for (const { key, weight } of mix.keys)
    for (const { encoding, share } of keyEncodings(ctx, key, ttlFraction))
      shares[ENCODING_ORDER.indexOf(encoding)]! += weight * share;
  const result: EncodingShare[] = [];
  for (const [i, share] of shares.entries()) if (share > 0) result.push({ encoding: ENCODING_ORDER[i]!, share });
  return result;
}

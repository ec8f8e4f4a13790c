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
import { distributionBins, MAX_BINS, type Bin, type Distribution } from './distribution';
import type { EncodingThresholds } from './encodingThresholds';
import type { ResolvedWorkload, WorkloadDistributions } from './input';
import type { Parts } from './itemiser';
import type { BuildContext } from './keyObject';
import { collectionKeyBytes } from './collectionKey';
import {
  collectionPayloadBytes,
  keyEncodings,
  keysWithVolatileFieldsShare,
  prepareKey,
  preparedKeyBytes,
  workloadShape,
  type KeyEncoding,
  type PreparedKey,
} from './keyShape';

/** One kind of key of a family and the share of the family's keys that are of that kind. */
export interface WeightedKey {
  weight: number;
  key: PreparedKey;
}

export interface KeyMix {
  /** Every combination of the workload's bins, as prepared keys (collections: payloads, see keyLengths). */
  keys: readonly WeightedKey[];
  /**
   * A collection's key-name lengths when they vary: its key part is expected over these, its
   * payload over `keys`. Null for strings (their name and value can share an allocation) and when
   * every key name has one length.
   */
  keyLengths: readonly Bin[] | null;
}

/**
 * The most key shapes one family is priced as. Distributions multiply: two of 64 bins would make
 * 4,096 shapes, so when the product is larger each varying distribution gets an equal root of
 * this budget (two: 16 bins each; three: 6).
 */
export const MAX_MIX_KEYS = 256;

/** A workload's one key shape, or the mix of its shapes when a distribution varies. */
export interface WorkloadKeys {
  /** The family's key; with a mix, its first shape (what kind of key the family holds). */
  key: PreparedKey;
  mix: KeyMix | undefined;
}

type SizeName = keyof WorkloadDistributions;

/** The sizes a workload's payload (or, for a string, its whole key) is made of. */
function payloadSizes(w: ResolvedWorkload): SizeName[] {
  switch (w.type) {
    case 'string':
      return ['keyBytes', 'valueBytes'];
    case 'hash':
      return ['fields', 'fieldBytes', 'valueBytes'];
    default:
      return ['fields', 'valueBytes'];
  }
}

/** The number a workload gives for a size, used when it has no distribution for it. */
function numberFor(w: ResolvedWorkload, name: SizeName): number {
  switch (name) {
    case 'keyBytes':
      return w.keyBytes;
    case 'valueBytes':
      return w.valueBytes;
    case 'fields':
      return w.fields ?? 1;
    case 'fieldBytes':
      return w.fieldBytes ?? 1;
  }
}

/** Whether a workload's keys differ in some size (a distribution of more than one value). */
export function sizesVary(w: ResolvedWorkload): boolean {
  const d = w.distributions;
  if (!d) return false;
  for (const name of ['keyBytes', 'valueBytes', 'fields', 'fieldBytes'] as const) {
    const one = d[name];
    if (one && one.kind !== 'value' && distributionBins(one).length > 1) return true;
  }
  return false;
}

function binsFor(d: Distribution | undefined, fallback: number, maxBins: number): Bin[] {
  return d ? distributionBins(d, maxBins) : [{ value: fallback, weight: 1 }];
}

export function workloadKeys(w: ResolvedWorkload, thresholds: EncodingThresholds): WorkloadKeys {
  const d = w.distributions;
  if (!d) return { key: prepareKey(workloadShape(w), thresholds), mix: undefined };
  const names = payloadSizes(w);
  let bins = names.map((n) => binsFor(d[n], numberFor(w, n), MAX_BINS));
  const varying = bins.filter((b) => b.length > 1).length;
  if (bins.reduce((product, b) => product * b.length, 1) > MAX_MIX_KEYS) {
    const each = Math.max(2, Math.floor(MAX_MIX_KEYS ** (1 / varying)));
    bins = names.map((n) => binsFor(d[n], numberFor(w, n), each));
  }
  const keyLengths = w.type === 'string' ? null : binsFor(d.keyBytes, w.keyBytes, MAX_BINS);
  const oneKeyLength = keyLengths === null || keyLengths.length === 1;
  // Every key alike: the family is one key shape, priced exactly as a workload without distributions.
  const sized: ResolvedWorkload = { ...w };
  if (!oneKeyLength || varying > 0) {
    const keys: WeightedKey[] = [];
    const visit = (i: number, weight: number) => {
      if (i === names.length) {
        keys.push({ weight, key: prepareKey(workloadShape(sized), thresholds) });
        return;
      }
      for (const bin of bins[i]!) {
        setSize(sized, names[i]!, bin.value);
        visit(i + 1, weight * bin.weight);
      }
    };
    if (keyLengths) sized.keyBytes = keyLengths[0]!.value;
    visit(0, 1);
    return { key: keys[0]!.key, mix: { keys, keyLengths: oneKeyLength ? null : keyLengths } };
  }
  for (const [i, n] of names.entries()) setSize(sized, n, bins[i]![0]!.value);
  if (keyLengths) sized.keyBytes = keyLengths[0]!.value;
  return { key: prepareKey(workloadShape(sized), thresholds), mix: undefined };
}

function setSize(w: ResolvedWorkload, name: SizeName, value: number): void {
  w[name] = value;
}

/** Expected bytes of one key of the mix on ctx's line, excluding the shared tables (as preparedKeyBytes). */
export function mixBytes(ctx: BuildContext, mix: KeyMix, ttlFraction: number, into: Parts): number {
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

/** Share of the mix's keys that hold hash fields with their own TTL. */
export function mixVolatileShare(mix: KeyMix): number {
  let share = 0;
  for (const { key, weight } of mix.keys) share += weight * keysWithVolatileFieldsShare(key);
  return share;
}

/** The share of a family's keys in one encoding on one line. */
export interface EncodingShare {
  encoding: KeyEncoding;
  share: number;
}

/** Encodings in the order a breakdown lists them: compact ones first. */
const ENCODING_ORDER: readonly KeyEncoding[] = ['int', 'embstr', 'raw', 'intset', 'listpack', 'quicklist', 'hashtable', 'skiplist'];

/** The encodings of a family's keys on ctx's line and each one's share of them (shares sum to 1). */
export function encodingShares(ctx: BuildContext, key: PreparedKey, mix: KeyMix | undefined, ttlFraction: number): EncodingShare[] {
  const shares = new Array<number>(ENCODING_ORDER.length).fill(0);
  const addTo = (weight: number) => (encoding: KeyEncoding, share: number) => {
    shares[ENCODING_ORDER.indexOf(encoding)]! += weight * share;
  };
  if (mix) for (const { key: k, weight } of mix.keys) keyEncodings(ctx, k, ttlFraction, addTo(weight));
  else keyEncodings(ctx, key, ttlFraction, addTo(1));
  const result: EncodingShare[] = [];
  for (const [i, share] of shares.entries()) if (share > 0) result.push({ encoding: ENCODING_ORDER[i]!, share });
  return result;
}

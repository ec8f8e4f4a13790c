import { MAX_HISTOGRAM_BUCKETS } from '../scenario/workloadFields';

/**
 * A distribution in power-of-two bins: bin 0 holds 0, bin b holds [2^(b-1), 2^b). Bins of every
 * histogram line up, so families merge exactly, and memory stays at 64 bins whatever the count.
 */
export class Log2Histogram {
  /** Counts per bin: room for every integer below 2^64 from the start (a value past that grows it). */
  private bins = new Float64Array(65);
  count = 0;
  sum = 0;
  min = Infinity;
  max = -Infinity;

  add(value: number, weight = 1): void {
    if (weight <= 0) return;
    const bin = value < 1 ? 0 : value < 4294967296 ? 32 - Math.clz32(value) : Math.floor(Math.log2(value)) + 1;
    if (bin >= this.bins.length) this.grow(bin + 1);
    this.bins[bin]! += weight;
    this.count += weight;
    this.sum += value * weight;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
  }

  merge(other: Log2Histogram): void {
    if (other.bins.length > this.bins.length) this.grow(other.bins.length);
    other.bins.forEach((n, i) => (this.bins[i]! += n));
    this.count += other.count;
    this.sum += other.sum;
    this.min = Math.min(this.min, other.min);
    this.max = Math.max(this.max, other.max);
  }

  private grow(bins: number): void {
    const grown = new Float64Array(bins);
    grown.set(this.bins);
    this.bins = grown;
  }

  get mean(): number {
    return this.count > 0 ? this.sum / this.count : 0;
  }

  summary(): HistogramSummary {
    const bins: HistogramBin[] = [];
    this.bins.forEach((count, i) => {
      if (count > 0) bins.push({ from: i === 0 ? 0 : 2 ** (i - 1), to: i === 0 ? 1 : 2 ** i, count });
    });
    return {
      count: this.count,
      mean: this.mean,
      min: this.count > 0 ? this.min : 0,
      max: this.count > 0 ? this.max : 0,
      bins,
    };
  }
}

/** Values from `from` (inclusive) to `to` (exclusive). */
export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

export interface HistogramSummary {
  count: number;
  mean: number;
  min: number;
  max: number;
  bins: HistogramBin[];
}

/**
 * Distinct sizes a SizeHistogram counts one by one. Past them it counts in buckets: every size up
 * to FINE_SIZES alone, then COARSE_STEPS buckets per doubling, each starting one past a power of
 * two's multiple (129-132, 133-136, ...): a threshold "at most 2^k" (every default encoding
 * threshold) never falls inside a bucket, and no size of a scenario field (at most 2^30) makes more
 * than 129 + 23 x 32 = 865 buckets, within a scenario histogram's 1,000.
 */
export const EXACT_SIZES = 512;
const FINE_SIZES = 128;
const COARSE_STEPS = 32;

/** A bucket of whole sizes from..to (inclusive) and how many there are. */
export interface SizeBucket {
  from: number;
  to: number;
  count: number;
}

/** The bucket a size falls in once counted in buckets: [from, to]. */
function coarseBucket(size: number): [number, number] {
  if (size <= FINE_SIZES) return [size, size];
  const below = size - 1;
  const octave = Math.floor(Math.log2(below));
  const width = 2 ** (octave - Math.log2(COARSE_STEPS));
  const from = Math.floor(below / width) * width + 1;
  return [from, from + width - 1];
}

/** Sizes below this are counted in an array (a read tallies a few per key: most are small). */
const DENSE_SIZES = 256;

/**
 * Whole sizes and how often each occurs, exactly while there are at most `exactSizes` distinct
 * ones, then in buckets (see EXACT_SIZES): what a scenario histogram carries, in at most 1,000
 * buckets whatever the file. Sizes (or buckets) below DENSE_SIZES are counted in an array, the
 * rest one Map entry each: at most max(exactSizes, 865) of them.
 */
export class SizeHistogram {
  /** Counts by size, or (once coarse) by the first size of its bucket: below DENSE_SIZES here, */
  private readonly dense = new Float64Array(DENSE_SIZES);
  private denseDistinct = 0;
  /** and from it here. */
  private readonly counts = new Map<number, number>();
  private coarse = false;

  constructor(private readonly exactSizes = EXACT_SIZES) {}

  add(size: number, weight = 1): void {
    if (weight <= 0) return;
    const at = this.coarse ? coarseBucket(size)[0] : size;
    if (at < DENSE_SIZES) {
      if (this.dense[at] === 0) this.denseDistinct++;
      this.dense[at]! += weight;
    } else this.counts.set(at, (this.counts.get(at) ?? 0) + weight);
    if (!this.coarse && this.denseDistinct + this.counts.size > this.exactSizes) this.coarsen();
  }

  merge(other: SizeHistogram): void {
    for (const b of other.buckets()) {
      if (b.from === b.to) this.add(b.from, b.count);
      else {
        if (!this.coarse) this.coarsen();
        // A bucket's first size is its own bucket's first: added as it is, it lands in that bucket.
        this.add(b.from, b.count);
      }
    }
  }

  private coarsen(): void {
    const exact = this.entries();
    this.dense.fill(0);
    this.denseDistinct = 0;
    this.counts.clear();
    this.coarse = true;
    for (const [size, count] of exact) this.add(size, count);
  }

  /** Every size (or bucket's first) with its count, in no order. */
  private entries(): [number, number][] {
    const out: [number, number][] = [];
    for (let size = 0; size < DENSE_SIZES; size++) if (this.dense[size]! > 0) out.push([size, this.dense[size]!]);
    for (const entry of this.counts) out.push(entry);
    return out;
  }

  get total(): number {
    let n = 0;
    for (const [, count] of this.entries()) n += count;
    return n;
  }

  /** The buckets in increasing size (one size each while exact). */
  buckets(): SizeBucket[] {
    return this.entries()
      .sort((a, b) => a[0] - b[0])
      .map(([from, count]) => ({ from, to: this.coarse ? coarseBucket(from)[1] : from, count }));
  }
}

/**
 * How often each pair of sizes occurs (a hash's field-name and value lengths): exactly while there
 * are at most `exactPairs` distinct pairs, then in pairs of SizeHistogram's buckets, each at the
 * mean of the pairs it holds. Past MAX_HISTOGRAM_BUCKETS of those it gives up (null): a scenario
 * holds no more. At most max(exactPairs, MAX_HISTOGRAM_BUCKETS) + 1 entries.
 */
export class SizePairs {
  /** By pair (pairKey of the sizes, or once coarse of their buckets' first): [count, sum of firsts, sum of seconds]. */
  private counts: Map<number | string, [number, number, number]> | null = new Map();
  private coarse = false;

  constructor(private readonly exactPairs = EXACT_SIZES) {}

  add(first: number, second: number, weight = 1): void {
    this.addSums(first, second, weight, first * weight, second * weight);
  }

  private addSums(first: number, second: number, count: number, firsts: number, seconds: number): void {
    const counts = this.counts;
    if (!counts || count <= 0) return;
    const key = this.coarse ? pairKey(coarseBucket(first)[0], coarseBucket(second)[0]) : pairKey(first, second);
    const had = counts.get(key);
    if (had) {
      had[0] += count;
      had[1] += firsts;
      had[2] += seconds;
      return;
    }
    counts.set(key, [count, firsts, seconds]);
    if (!this.coarse && counts.size > this.exactPairs) this.coarsen();
    else if (this.coarse && counts.size > MAX_HISTOGRAM_BUCKETS) this.counts = null;
  }

  private coarsen(): void {
    const exact = [...this.counts!.values()];
    this.counts = new Map();
    this.coarse = true;
    for (const [count, firsts, seconds] of exact) this.addSums(firsts / count, seconds / count, count, firsts, seconds);
  }

  merge(other: SizePairs): void {
    if (!other.counts) this.counts = null;
    else
      for (const [count, firsts, seconds] of other.counts.values())
        this.addSums(firsts / count, seconds / count, count, firsts, seconds);
  }

  /** Every pair (a bucket's: its mean, to the whole size) and its count, by first then second size; null past the limit. */
  pairs(): { first: number; second: number; count: number }[] | null {
    if (!this.counts) return null;
    const out: { first: number; second: number; count: number }[] = [];
    for (const [count, firsts, seconds] of this.counts.values())
      out.push({ first: Math.round(firsts / count), second: Math.round(seconds / count), count });
    return out.sort((a, b) => a.first - b.first || a.second - b.second);
  }
}

/**
 * One key per pair of sizes: a number for a first below 2^21 and a second below 2^32 (every pair a
 * scenario can hold: field names to 64 KiB, values to 512 MiB), text past them.
 */
function pairKey(first: number, second: number): number | string {
  return first < 2 ** 21 && second < 2 ** 32 ? first * 2 ** 32 + second : `${first}:${second}`;
}

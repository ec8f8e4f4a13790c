/**
 * Sizes and counts that vary from key to key: a key-name length, a value size, a field or member
 * count, a field-name length. jemalloc rounds every allocation on its own, so the size class of
 * the mean is not the mean of the size classes, and each key picks its encoding by its own size:
 * the model prices a family as the expectation over bins of whole sizes.
 *
 * Every form is a distribution over whole numbers (bytes or elements). The shapes of a range are
 * continuous and are read at whole numbers: k has the weight of [k - 0.5, k + 0.5), the shape
 * truncated to [min, max] (its weight outside is dropped and the rest scaled up, never piled on
 * the ends).
 */

export type DistributionShape = 'uniform' | 'normal' | 'lognormal';

export type Distribution =
  /** One size for every key: today's workloads. */
  | { kind: 'value'; value: number }
  /**
   * A range with a shape. normal: `mean` (default the middle) and `sd` (default a sixth of the
   * range); lognormal: `mean` and `sd` of the sizes themselves (default: median at the geometric
   * middle of the range, which then spans six of its log-deviations).
   */
  | { kind: 'range'; shape: DistributionShape; min: number; max: number; mean?: number; sd?: number }
  /** Percentiles, linear between them; `min` defaults to 1. */
  | { kind: 'percentiles'; min?: number; p50: number; p90: number; p99: number; max: number }
  /** Buckets of whole sizes `from`..`to` (inclusive), each with a weight (a count or a share), even within a bucket. */
  | { kind: 'histogram'; buckets: ReadonlyArray<HistogramBucket> };

export interface HistogramBucket {
  from: number;
  to: number;
  weight: number;
}

/** A whole size and the share of keys that have it; a distribution's bins have shares summing to 1. */
export interface Bin {
  value: number;
  weight: number;
}

/** Bins per distribution: enough for the size classes that matter, few enough to keep estimates fast. */
export const MAX_BINS = 64;

/** A distribution that is one value, of that value; null when it varies. */
export function singleValue(d: Distribution): number | null {
  if (d.kind === 'value') return d.value;
  const bins = distributionBins(d);
  return bins.length === 1 ? bins[0]!.value : null;
}

/**
 * What is wrong with a distribution, in words, or null when it is usable. `least` is the smallest
 * size the field allows. The scenario's schema reports these; the model assumes usable input.
 */
export function distributionProblem(d: Distribution, least: number, most: number): string | null {
  const whole = (x: number) => Number.isInteger(x) && x >= least && x <= most;
  const range = `a whole number from ${least} to ${most}`;
  switch (d.kind) {
    case 'value':
      return whole(d.value) ? null : `the value must be ${range}`;
    case 'range': {
      if (!whole(d.min) || !whole(d.max)) return `min and max must each be ${range}`;
      if (d.min > d.max) return 'min must not be above max';
      if (d.sd !== undefined && !(d.sd > 0 && Number.isFinite(d.sd))) return 'sd must be above 0';
      if (d.mean !== undefined && !(d.mean > 0 && Number.isFinite(d.mean))) return 'mean must be above 0';
      if (d.shape === 'uniform' && (d.mean !== undefined || d.sd !== undefined)) return 'a uniform range takes no mean or sd';
      if (d.shape === 'lognormal' && d.min < 1) return 'a lognormal range starts at 1 or more';
      // A lognormal's mean is of the sizes themselves: outside the range no key could average it.
      if (d.shape === 'lognormal' && d.mean !== undefined && (d.mean < d.min || d.mean > d.max))
        return 'the mean of a lognormal range must be between min and max';
      return totalWeight(d) > 0 ? null : 'the shape puts no weight between min and max';
    }
    case 'percentiles': {
      const points = [d.min ?? 1, d.p50, d.p90, d.p99, d.max];
      if (!points.every(whole)) return `every percentile must be ${range}`;
      for (let i = 1; i < points.length; i++)
        if (points[i]! < points[i - 1]!) return 'percentiles must not decrease (min <= p50 <= p90 <= p99 <= max)';
      return null;
    }
    case 'histogram': {
      if (d.buckets.length === 0) return 'a histogram needs at least one bucket';
      const sorted = [...d.buckets].sort((a, b) => a.from - b.from);
      for (const [i, b] of sorted.entries()) {
        if (!whole(b.from) || !whole(b.to) || b.from > b.to)
          return `bucket ${b.from}-${b.to}: from and to must be ${range}, from <= to`;
        if (!(b.weight >= 0 && Number.isFinite(b.weight))) return `bucket ${b.from}-${b.to}: the weight must be 0 or more`;
        if (i > 0 && b.from <= sorted[i - 1]!.to)
          return `buckets ${sorted[i - 1]!.from}-${sorted[i - 1]!.to} and ${b.from}-${b.to} overlap`;
      }
      return sorted.some((b) => b.weight > 0) ? null : 'a histogram needs a bucket with a weight above 0';
    }
  }
}

/** A distribution as a cumulative function on the real line and the whole sizes it covers. */
interface Continuous {
  lo: number;
  hi: number;
  /** Share of keys with a size below x (sizes are whole: k covers [k - 0.5, k + 0.5)). */
  cdf: (x: number) => number;
}

/** Complementary error function: a Chebyshev fit (Numerical Recipes' erfcc), relative error below 1.2e-7 everywhere. */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** P(Z <= z) for a standard normal Z. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

/** The shape's own cumulative function, before truncation to [min, max]. */
function rawCdf(d: Extract<Distribution, { kind: 'range' }>): (x: number) => number {
  switch (d.shape) {
    case 'uniform':
      return (x) => x;
    case 'normal': {
      const mean = d.mean ?? (d.min + d.max) / 2;
      const sd = d.sd ?? Math.max(0.5, (d.max - d.min) / 6);
      return (x) => normalCdf((x - mean) / sd);
    }
    case 'lognormal': {
      let mu: number;
      let sigma: number;
      if (d.mean !== undefined && d.sd !== undefined) {
        sigma = Math.sqrt(Math.log(1 + (d.sd * d.sd) / (d.mean * d.mean)));
        mu = Math.log(d.mean) - (sigma * sigma) / 2;
      } else {
        sigma = Math.max(1e-3, Math.log(d.max / d.min) / 6);
        mu = d.mean !== undefined ? Math.log(d.mean) - (sigma * sigma) / 2 : (Math.log(d.min) + Math.log(d.max)) / 2;
      }
      return (x) => (x <= 0 ? 0 : normalCdf((Math.log(x) - mu) / sigma));
    }
  }
}

function totalWeight(d: Extract<Distribution, { kind: 'range' }>): number {
  const raw = rawCdf(d);
  return raw(d.max + 0.5) - raw(d.min - 0.5);
}

/**
 * Linear between (x, share) points; at a repeated x the share jumps to the later point's. The
 * segment is found by bisection: a histogram of 1,000 buckets costs 11 steps a reading, not 2,000.
 */
function piecewiseLinear(points: ReadonlyArray<readonly [number, number]>): (x: number) => number {
  return (x) => {
    if (x <= points[0]![0]) return 0;
    if (x >= points[points.length - 1]![0]) return 1;
    // The first point with x < its x (points[0] is not one of them).
    let lo = 1;
    let hi = points.length - 1;
    while (lo < hi) {
      const middle = (lo + hi) >> 1;
      if (x < points[middle]![0]) hi = middle;
      else lo = middle + 1;
    }
    const [x0, y0] = points[lo - 1]!;
    const [x1, y1] = points[lo]!;
    return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  };
}

function continuous(d: Exclude<Distribution, { kind: 'value' }>): Continuous {
  switch (d.kind) {
    case 'range': {
      const raw = rawCdf(d);
      const from = raw(d.min - 0.5);
      const total = raw(d.max + 0.5) - from;
      return {
        lo: d.min,
        hi: d.max,
        cdf: (x) => (x <= d.min - 0.5 ? 0 : x >= d.max + 0.5 ? 1 : (raw(x) - from) / total),
      };
    }
    case 'percentiles': {
      const min = d.min ?? 1;
      const points: Array<[number, number]> = [
        [min - 0.5, 0],
        [Math.max(min - 0.5, d.p50), 0.5],
        [Math.max(min - 0.5, d.p90), 0.9],
        [Math.max(min - 0.5, d.p99), 0.99],
        [d.max + 0.5, 1],
      ];
      return { lo: min, hi: d.max, cdf: piecewiseLinear(points) };
    }
    case 'histogram': {
      const buckets = d.buckets.filter((b) => b.weight > 0).sort((a, b) => a.from - b.from);
      const total = buckets.reduce((sum, b) => sum + b.weight, 0);
      const points: Array<[number, number]> = [];
      let below = 0;
      for (const b of buckets) {
        points.push([b.from - 0.5, below / total]);
        below += b.weight;
        points.push([b.to + 0.5, below / total]);
      }
      return { lo: buckets[0]!.from, hi: buckets[buckets.length - 1]!.to, cdf: piecewiseLinear(points) };
    }
  }
}

/** Share of keys whose size is at most k. */
function atMost(c: Continuous, k: number): number {
  return c.cdf(k + 0.5);
}

/** Up to this many whole sizes a bin's mean is summed size by size; beyond, integrated. */
const SUMMED_BIN_WIDTH = 2048;
const INTEGRATION_STEPS = 256;

/** The mean size of the keys whose size is in a..b, given they weigh `mass`. */
function meanWithin(c: Continuous, a: number, b: number, mass: number): number {
  if (b - a + 1 <= SUMMED_BIN_WIDTH) {
    let sum = 0;
    let previous = c.cdf(a - 0.5);
    for (let k = a; k <= b; k++) {
      const next = c.cdf(k + 0.5);
      sum += k * (next - previous);
      previous = next;
    }
    return sum / mass;
  }
  // E[X | a..b] = upper - integral of (F(x) - F(lower)) / mass over the bin (Simpson's rule).
  const lower = a - 0.5;
  const upper = b + 0.5;
  const base = c.cdf(lower);
  const h = (upper - lower) / INTEGRATION_STEPS;
  let integral = 0;
  for (let i = 0; i <= INTEGRATION_STEPS; i++) {
    const f = c.cdf(lower + i * h) - base;
    integral += (i === 0 || i === INTEGRATION_STEPS ? 1 : i % 2 === 1 ? 4 : 2) * f;
  }
  return upper - (integral * h) / 3 / mass;
}

/** Smallest whole size k in lo..hi with a share of at least `share` at or below it. */
function quantile(c: Continuous, share: number): number {
  let lo = c.lo;
  let hi = c.hi;
  while (lo < hi) {
    const middle = Math.floor((lo + hi) / 2);
    if (atMost(c, middle) >= share) hi = middle;
    else lo = middle + 1;
  }
  return lo;
}

/** Whole sizes from..to, the share of keys in them and their mean size. */
interface Piece {
  from: number;
  to: number;
  mass: number;
  mean: number;
}

/** Where a distribution's bins may end, besides where their shares fall. */
export interface BinEnds {
  /** Sizes after which a key's encoding changes: a bin never holds one of them and the next size. */
  encodings: readonly number[];
  /**
   * Sizes after which some allocation of the key moves to the next size class: bins end there
   * while the budget allows, so a bin's keys share their size classes and its one size prices
   * them all exactly; past the budget, the steps whose merging moves the fewest keys' sizes the
   * least (share x width / size) are merged first.
   */
  classSteps: readonly number[];
}

const NO_ENDS: BinEnds = { encodings: [], classSteps: [] };

/**
 * The distribution cut into at most `count` pieces: one per whole size when it covers no more,
 * else pieces that end at each encoding threshold and size-class step, and, while the budget
 * allows more, at equal shares.
 */
function pieces(c: Continuous, count: number, ends: BinEnds): Piece[] {
  const fixed = new Set<number>();
  const optional = new Set<number>();
  if (c.hi - c.lo + 1 <= count) for (let k = c.lo; k < c.hi; k++) fixed.add(k);
  else {
    for (const k of ends.encodings) if (k >= c.lo && k < c.hi) fixed.add(k);
    for (const k of ends.classSteps) if (k >= c.lo && k < c.hi && !fixed.has(k)) optional.add(k);
    const spare = count - 1 - fixed.size - optional.size;
    for (let j = 1; j <= spare; j++) {
      const k = quantile(c, j / (spare + 1));
      if (k < c.hi && !fixed.has(k)) optional.add(k);
    }
  }
  const cuts = [...fixed, ...optional].sort((a, b) => a - b);
  // Whole-size runs between the cuts, with their shares; `fixedEnd`: the run ends at an encoding threshold.
  const runs: Array<{ from: number; to: number; mass: number; fixedEnd: boolean }> = [];
  let from = c.lo;
  let below = 0;
  for (const to of [...cuts, c.hi]) {
    const upTo = atMost(c, to);
    runs.push({ from, to, mass: upTo - below, fixedEnd: fixed.has(to) });
    below = upTo;
    from = to + 1;
  }
  // Runs without keys join a neighbour; then, over the budget, pairs that no threshold parts.
  const merge = (i: number) => {
    const [a, b] = [runs[i]!, runs[i + 1]!];
    runs.splice(i, 2, { from: a.from, to: b.to, mass: a.mass + b.mass, fixedEnd: b.fixedEnd });
  };
  for (let i = runs.length - 2; i >= 0; i--) if (!runs[i]!.fixedEnd && (runs[i]!.mass <= 0 || runs[i + 1]!.mass <= 0)) merge(i);
  // A merged bin prices its keys at one size: the error grows with its share and its width
  // relative to its sizes (size classes widen with the size), so the pair that costs least so is merged.
  const cost = (i: number) =>
    ((runs[i]!.mass + runs[i + 1]!.mass) * (runs[i + 1]!.to - runs[i]!.from + 1)) / (runs[i + 1]!.to + 1);
  while (runs.length > count) {
    let cheapest = -1;
    for (let i = 0; i + 1 < runs.length; i++) {
      if (runs[i]!.fixedEnd) continue;
      if (cheapest < 0 || cost(i) < cost(cheapest)) cheapest = i;
    }
    if (cheapest < 0) break;
    merge(cheapest);
  }
  return runs
    .filter((r) => r.mass > 0)
    .map((r) => ({ from: r.from, to: r.to, mass: r.mass, mean: r.from === r.to ? r.from : meanWithin(c, r.from, r.to, r.mass) }));
}

/**
 * At most `maxBins` bins with shares summing to 1, in increasing size. A distribution over at
 * most that many whole sizes keeps every size as it is (exact); a wider one is cut into bins of
 * equal share, each priced at its keys' mean size (rounded to a whole size), and bins that round
 * to the same size are one. `ends` aligns the bins with the key's encoding thresholds (always)
 * and its allocations' size classes (as far as the budget goes; see BinEnds).
 */
export function distributionBins(d: Distribution, maxBins = MAX_BINS, ends: BinEnds = NO_ENDS): Bin[] {
  if (d.kind === 'value') return [{ value: d.value, weight: 1 }];
  // An edit rebuilds the scenario's workloads but keeps the distributions it did not touch.
  const key = `${maxBins}:${ends.encodings.join(',')}:${ends.classSteps.join(',')}`;
  let known = binsCache.get(d);
  if (!known) binsCache.set(d, (known = new Map()));
  const cached = known.get(key);
  if (cached) return cached;
  const bins = computedBins(d, maxBins, ends);
  if (known.size > 16) known.clear();
  known.set(key, bins);
  return bins;
}

/** Bins already worked out, by distribution object: they are read-only to their users. */
const binsCache = new WeakMap<Distribution, Map<string, Bin[]>>();

function computedBins(d: Exclude<Distribution, { kind: 'value' }>, maxBins: number, ends: BinEnds): Bin[] {
  const bins: Bin[] = [];
  for (const { mean, mass } of pieces(continuous(d), maxBins, ends)) {
    const value = Math.round(mean);
    const last = bins[bins.length - 1];
    if (last && last.value === value) last.weight += mass;
    else bins.push({ value, weight: mass });
  }
  const total = bins.reduce((sum, b) => sum + b.weight, 0);
  for (const b of bins) b.weight /= total;
  return bins;
}

/**
 * The size of a key drawn at `u` (uniform in [0, 1)): the smallest whole size whose cumulative
 * share exceeds u. A loader that draws each key's size this way builds the distribution itself,
 * not its bins.
 */
export function sizeAt(d: Distribution, u: number): number {
  if (d.kind === 'value') return d.value;
  const c = continuous(d);
  let lo = c.lo;
  let hi = c.hi;
  while (lo < hi) {
    const middle = Math.floor((lo + hi) / 2);
    if (atMost(c, middle) > u) hi = middle;
    else lo = middle + 1;
  }
  return lo;
}

/** The smallest and largest whole size a distribution gives a key. */
export function distributionRange(d: Distribution): [number, number] {
  if (d.kind === 'value') return [d.value, d.value];
  const c = continuous(d);
  return [c.lo, c.hi];
}

/** The mean size of a distribution (what a scenario of means would have used), before any rounding. */
export function distributionMean(d: Distribution): number {
  if (d.kind === 'value') return d.value;
  let mean = 0;
  for (const p of pieces(continuous(d), MAX_BINS, NO_ENDS)) mean += p.mass * p.mean;
  return mean;
}

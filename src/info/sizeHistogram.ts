import type { HistogramBucket } from '../model';
import type { SizeDistribution } from '../scenario/workloadFields';

/**
 * Sizes read from keys (key-name lengths, value sizes, element counts, field-name lengths) as a
 * histogram: each size its own bucket while there are at most EXACT_SIZES of them, else buckets
 * on a fixed grid: every size below 2^(FINEST + 1) is its own bucket, and each doubling above it
 * is cut into 2^FINEST buckets of equal width, none wider than 1/64 of its sizes (far finer than
 * the allocator's size classes, a quarter of a doubling). The grid is the same everywhere, so
 * the histograms of a cluster's nodes add up bucket by bucket, and a coarser grid nests its
 * buckets exactly over the finer ones.
 */
export type SizeHistogram = HistogramBucket[];

const FINEST = 6;
/** Distinct sizes kept one by one; more go onto the grid. */
const EXACT_SIZES = 2048;
/**
 * Buckets a scenario's histogram keeps at most: a finer one is written on the next coarser grid
 * until it fits. Above the model's 64 bins, so that the model still places its bins at the
 * allocator's size steps itself; few enough to keep a share link short.
 */
export const MAX_SCENARIO_BUCKETS = 128;

/** The bucket of `size` on the grid of resolution `grid` (2^grid buckets per doubling). */
function bucketOf(size: number, grid: number): [number, number] {
  if (size < 2 ** (grid + 1)) return [size, size];
  const width = 2 ** (Math.floor(Math.log2(size)) - grid);
  const from = Math.floor(size / width) * width;
  return [from, from + width - 1];
}

/** The keys' sizes (whole, 0 or more; a mean is rounded), each weighing 1; sorted by size. */
export function sizeHistogram(sizes: Iterable<number>): SizeHistogram {
  const counts = new Map<number, number>();
  for (const raw of sizes) {
    const size = Math.max(0, Math.round(raw));
    counts.set(size, (counts.get(size) ?? 0) + 1);
  }
  const exact = [...counts].map(([size, weight]) => ({ from: size, to: size, weight })).sort((a, b) => a.from - b.from);
  return exact.length > EXACT_SIZES ? onGrid(exact, FINEST) : exact;
}

const sorted = (byFrom: Map<number, HistogramBucket>) => [...byFrom.values()].sort((a, b) => a.from - b.from);

/**
 * Histograms added, each scaled by its factor (keys per key read): size by size while all are
 * exact and few, else on the finest grid.
 */
export function addHistograms(parts: ReadonlyArray<{ histogram: SizeHistogram; scale: number }>): SizeHistogram {
  const all = parts.flatMap(({ histogram, scale }) => histogram.map((b) => ({ ...b, weight: b.weight * scale })));
  const sizes = new Set(all.map((b) => b.from));
  if (all.every((b) => b.from === b.to) && sizes.size <= EXACT_SIZES) {
    const byFrom = new Map<number, HistogramBucket>();
    for (const b of all) {
      const known = byFrom.get(b.from);
      if (known) known.weight += b.weight;
      else byFrom.set(b.from, b);
    }
    return sorted(byFrom);
  }
  return onGrid(all, FINEST);
}

/**
 * The histogram on the grid of resolution `grid`: each bucket joins the coarser bucket holding
 * it, which spans only the sizes its buckets held (the keys' smallest and largest sizes stay
 * where they were).
 */
function onGrid(histogram: SizeHistogram, grid: number): SizeHistogram {
  const byCell = new Map<number, HistogramBucket>();
  for (const b of histogram) {
    const [cell] = bucketOf(b.from, grid);
    const known = byCell.get(cell);
    if (known) {
      known.weight += b.weight;
      known.from = Math.min(known.from, b.from);
      known.to = Math.max(known.to, b.to);
    } else byCell.set(cell, { from: b.from, to: b.to, weight: b.weight });
  }
  return sorted(byCell);
}

/** Mean size, each bucket at its middle (exact for single-size buckets). */
export function histogramMean(histogram: SizeHistogram): number {
  const total = histogram.reduce((s, b) => s + b.weight, 0);
  return total > 0 ? histogram.reduce((s, b) => s + ((b.from + b.to) / 2) * b.weight, 0) / total : 0;
}

/**
 * Weight of the buckets below `least` and above `most`, and how far above `most` the latter
 * are on average (each bucket at its middle). The scenario limits (0 or 1 below, powers of two
 * above) fall on bucket edges of the grid, so no bucket straddles one.
 */
export function weightOutside(
  histogram: SizeHistogram,
  least: number,
  most: number,
): { below: number; above: number; meanExcess: number } {
  let below = 0;
  let above = 0;
  let excess = 0;
  for (const b of histogram) {
    if (b.to < least) below += b.weight;
    else if (b.from > most) {
      above += b.weight;
      excess += ((b.from + b.to) / 2 - most) * b.weight;
    }
  }
  return { below, above, meanExcess: above > 0 ? excess / above : 0 };
}

/**
 * A size field of a scenario from a histogram: one size stays a plain number (a workload of one
 * size, priced as today); several become a histogram distribution of at most `maxBuckets`
 * buckets (as far as one bucket per doubling goes), on the finest grid that fits. Sizes outside least..most are
 * moved to the nearest limit (the caller says so: weightOutside).
 */
export function sizeField(
  histogram: SizeHistogram,
  least: number,
  most: number,
  maxBuckets = MAX_SCENARIO_BUCKETS,
): number | SizeDistribution {
  const within = new Map<number, HistogramBucket>();
  for (const b of histogram) {
    if (b.weight <= 0) continue;
    const from = Math.min(most, Math.max(least, b.from));
    const to = Math.min(most, Math.max(least, b.to));
    const known = within.get(from);
    if (known) {
      known.weight += b.weight;
      known.to = Math.max(known.to, to);
    } else within.set(from, { from, to, weight: b.weight });
  }
  let buckets = mergeOverlaps(sorted(within));
  if (buckets.length === 1 && buckets[0]!.from === buckets[0]!.to) return buckets[0]!.from;
  for (let grid = FINEST; buckets.length > maxBuckets && grid >= 0; grid--) buckets = mergeOverlaps(onGrid(buckets, grid));
  return { kind: 'histogram', buckets: buckets.map((b) => ({ from: b.from, to: b.to, weight: roundWeight(b.weight) })) };
}

/** Buckets moved onto a limit can overlap the bucket there: they become one. */
function mergeOverlaps(buckets: SizeHistogram): SizeHistogram {
  const out: SizeHistogram = [];
  for (const b of buckets) {
    const last = out[out.length - 1];
    if (last && b.from <= last.to) {
      last.to = Math.max(last.to, b.to);
      last.weight += b.weight;
    } else out.push({ ...b });
  }
  return out;
}

/** Counts stay whole; scaled weights (a cluster's nodes) keep six significant digits, enough for any share. */
const roundWeight = (w: number) => (Number.isInteger(w) ? w : Number(w.toPrecision(6)));

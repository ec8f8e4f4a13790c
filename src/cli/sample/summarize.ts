import type { DataType } from '../../data/vocabulary';
import { formatCount } from '../../format/count';
import { INTEGER_MAX_DIGITS } from '../../model';
import type { Workload } from '../../scenario/schema';
import { LIMITS } from '../../scenario/limits';
import type { SizeDistribution } from '../../scenario/workloadFields';
import {
  addHistograms,
  MAX_SCENARIO_BUCKETS,
  sizeField,
  sizeHistogram,
  weightOutside,
  type SizeHistogram,
} from '../../info/sizeHistogram';

/** What the sampler read about one key. */
export interface KeySample {
  pattern: string;
  /** The key itself (bytes as latin1), to tell the big keys apart from the sample. */
  keyName: string;
  keyBytes: number;
  utf8: boolean;
  type: DataType | 'other';
  encoding: string;
  memoryUsage: number | null;
  hasTtl: boolean;
  /** Elements in a collection (1 for a string). */
  elements: number;
  /** Average length of the key's sampled element values (string: the value itself). */
  valueBytes: number;
  /** Hash field-name length, averaged over sampled fields. */
  fieldBytes: number | null;
  /** Every sampled value is a canonical integer. */
  intValues: boolean;
}

export interface FamilySummary {
  pattern: string;
  type: DataType | 'other';
  sampled: number;
  /** Estimated keys in the whole keyspace, and a 95 % interval (exact when the scan covered everything). */
  estimatedKeys: number;
  interval: [number, number];
  avgKeyBytes: number;
  encodings: Record<string, number>;
  avgElements: number;
  avgValueBytes: number;
  avgFieldBytes: number | null;
  ttlFraction: number;
  avgMemoryUsage: number | null;
  intValues: boolean;
  nonUtf8Keys: number;
  /** What the keys read hold, size by size: the scenario's distributions come from these, not from the averages. */
  histograms: FamilyHistograms;
}

/**
 * Per family, how many keys read had each size: key-name length, value size (a collection: the
 * mean of its sampled elements, since the model gives each key one element size), element count
 * (collections) and field-name length (hashes). Weights are keys read (summed over a cluster's
 * nodes: keys they stand for).
 */
export interface FamilyHistograms {
  keyBytes: SizeHistogram;
  valueBytes: SizeHistogram;
  elements: SizeHistogram | null;
  fieldBytes: SizeHistogram | null;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** The normal quantile of a two-sided 95 % interval: every interval the sampler reports is a 95 % one. */
export const Z_95 = 1.96;

/**
 * Wilson score interval for a share p of n keys read among `population`, 95 %. The keys are read
 * without replacement, so the spread shrinks by the finite-population factor: reading 900,000
 * of 1,000,000 keys leaves a tenth of the uncertainty of 900,000 draws from an endless keyspace.
 */
function wilson(p: number, n: number, population: number): [number, number] {
  const z = Z_95 * finitePopulation(n, population);
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** sqrt((N - n) / (N - 1)): 1 for a small sample of a large keyspace, 0 when every key is read. */
export function finitePopulation(n: number, population: number): number {
  return population > 1 ? Math.sqrt(Math.max(0, population - n) / (population - 1)) : 0;
}

/**
 * Groups samples into families and scales them to the keys they stand for (the keyspace less
 * the big keys listed on their own); exact when every key was read.
 */
export function summarizeFamilies(samples: KeySample[], population: number, exact: boolean): FamilySummary[] {
  const groups = new Map<string, KeySample[]>();
  for (const s of samples) {
    const id = `${s.type}\u0000${s.pattern}`;
    const list = groups.get(id);
    if (list) list.push(s);
    else groups.set(id, [s]);
  }
  const n = samples.length;
  return [...groups.values()]
    .map((list): FamilySummary => {
      const share = list.length / n;
      const [lo, hi] = exact ? [share, share] : wilson(share, n, population);
      const encodings: Record<string, number> = {};
      for (const s of list) encodings[s.encoding] = (encodings[s.encoding] ?? 0) + 1;
      const memory = list.map((s) => s.memoryUsage).filter((m): m is number => m !== null);
      const fields = list.map((s) => s.fieldBytes).filter((f): f is number => f !== null);
      return {
        pattern: list[0]!.pattern,
        type: list[0]!.type,
        sampled: list.length,
        estimatedKeys: exact ? list.length : share * population,
        interval: exact ? [list.length, list.length] : [lo * population, hi * population],
        avgKeyBytes: mean(list.map((s) => s.keyBytes)),
        encodings,
        avgElements: mean(list.map((s) => s.elements)),
        avgValueBytes: mean(list.map((s) => s.valueBytes)),
        avgFieldBytes: fields.length ? mean(fields) : null,
        ttlFraction: list.filter((s) => s.hasTtl).length / list.length,
        avgMemoryUsage: memory.length ? mean(memory) : null,
        intValues: list.every((s) => s.intValues),
        nonUtf8Keys: list.filter((s) => !s.utf8).length,
        histograms: familyHistograms(list),
      };
    })
    .sort((a, b) => b.estimatedKeys - a.estimatedKeys);
}

function familyHistograms(list: KeySample[]): FamilyHistograms {
  const type = list[0]!.type;
  const collection = type !== 'string' && type !== 'other';
  return {
    keyBytes: sizeHistogram(list.map((s) => s.keyBytes)),
    valueBytes: sizeHistogram(list.map((s) => s.valueBytes)),
    elements: collection ? sizeHistogram(list.map((s) => s.elements)) : null,
    fieldBytes: type === 'hash' ? sizeHistogram(list.map((s) => s.fieldBytes ?? 0)) : null,
  };
}

/**
 * The 95 % interval of a sampled keyspace's total bytes, relative to the total (0.02: ±2 %): from
 * the spread of the MEMORY USAGE of the keys read, per node (each its own sample of its own
 * keys), with the finite-population factor, so a whole read has none. The same relative spread
 * applies to the model's figure for those keys. Null without a MEMORY USAGE to go by.
 */
export function relativeTotalInterval(
  nodes: ReadonlyArray<{ samples: readonly KeySample[]; population: number }>,
): number | null {
  let total = 0;
  let variance = 0;
  for (const { samples, population } of nodes) {
    const usages = samples.map((s) => s.memoryUsage).filter((m): m is number => m !== null);
    const n = usages.length;
    if (n === 0) {
      if (population > 0) return null;
      continue;
    }
    const m = mean(usages);
    const spread = n > 1 ? usages.reduce((sum, u) => sum + (u - m) ** 2, 0) / (n - 1) : 0;
    total += population * m;
    variance += ((population * population * spread) / n) * finitePopulation(n, population) ** 2;
  }
  return total > 0 ? (Z_95 * Math.sqrt(variance)) / total : null;
}

/** A big key as a family of one (its name in place of a pattern). */
export function bigKeyFamily(s: KeySample): FamilySummary {
  return summarizeFamilies([s], 1, true)[0]!;
}

/** The same family seen on several nodes (a cluster's primaries) as one: counts add, averages weigh by keys. */
export function mergeFamilies(perNode: FamilySummary[][]): FamilySummary[] {
  const merged = new Map<string, FamilySummary[]>();
  for (const f of perNode.flat()) {
    const id = `${f.type}\u0000${f.pattern}`;
    const list = merged.get(id);
    if (list) list.push(f);
    else merged.set(id, [f]);
  }
  return [...merged.values()]
    .map((list): FamilySummary => {
      const keys = list.reduce((s, f) => s + f.estimatedKeys, 0);
      const weighted = (pick: (f: FamilySummary) => number) =>
        keys > 0 ? list.reduce((s, f) => s + pick(f) * f.estimatedKeys, 0) / keys : pick(list[0]!);
      const withMemory = list.filter((f) => f.avgMemoryUsage !== null);
      const withFields = list.filter((f) => f.avgFieldBytes !== null);
      const encodings: Record<string, number> = {};
      for (const f of list) for (const [e, c] of Object.entries(f.encodings)) encodings[e] = (encodings[e] ?? 0) + c;
      return {
        pattern: list[0]!.pattern,
        type: list[0]!.type,
        sampled: list.reduce((s, f) => s + f.sampled, 0),
        estimatedKeys: keys,
        interval: [list.reduce((s, f) => s + f.interval[0], 0), list.reduce((s, f) => s + f.interval[1], 0)],
        avgKeyBytes: weighted((f) => f.avgKeyBytes),
        encodings,
        avgElements: weighted((f) => f.avgElements),
        avgValueBytes: weighted((f) => f.avgValueBytes),
        avgFieldBytes: withFields.length ? mean(withFields.map((f) => f.avgFieldBytes!)) : null,
        ttlFraction: weighted((f) => f.ttlFraction),
        avgMemoryUsage: withMemory.length ? mean(withMemory.map((f) => f.avgMemoryUsage!)) : null,
        intValues: list.every((f) => f.intValues),
        nonUtf8Keys: list.reduce((s, f) => s + f.nonUtf8Keys, 0),
        histograms: mergeHistograms(list),
      };
    })
    .sort((a, b) => b.estimatedKeys - a.estimatedKeys);
}

/** A family's histograms over several nodes: each node's keys read weigh as the keys they stand for. */
function mergeHistograms(list: FamilySummary[]): FamilyHistograms {
  const scale = (f: FamilySummary) => (f.sampled > 0 ? f.estimatedKeys / f.sampled : 0);
  const add = (pick: (h: FamilyHistograms) => SizeHistogram | null) => {
    const parts = list.flatMap((f) => {
      const histogram = pick(f.histograms);
      return histogram ? [{ histogram, scale: scale(f) }] : [];
    });
    return parts.length ? addHistograms(parts) : null;
  };
  return {
    keyBytes: add((h) => h.keyBytes)!,
    valueBytes: add((h) => h.valueBytes)!,
    elements: add((h) => h.elements),
    fieldBytes: add((h) => h.fieldBytes),
  };
}

/**
 * A size field of a family's workload from its histogram: one size a number, several a histogram
 * distribution. Sizes outside what the field takes are kept at its limit and named in the notes
 * with the share of keys they concern.
 */
function sizeFieldWithin(
  what: string,
  family: string,
  histogram: SizeHistogram,
  least: number,
  most: number,
  notes: string[],
  maxBuckets: number,
): number | SizeDistribution {
  const { below, above, meanExcess } = weightOutside(histogram, least, most);
  const total = histogram.reduce((s, b) => s + b.weight, 0);
  const share = (w: number) => `${Math.max(0.1, Math.round((1000 * w) / total) / 10)} %`;
  const only = histogram.length === 1 && histogram[0]!.from === histogram[0]!.to ? histogram[0]!.from : null;
  // Every key of one size past the limit: said as it always was, with the size.
  if (only !== null && only > most)
    notes.push(
      `${family}: ${what} ${formatCount(only)} is past the ${formatCount(most)} a scenario allows; the scenario counts ${formatCount(most)}, so its model leaves out about ${formatCount(only - most)} ${what === 'fields' ? 'elements' : 'bytes'} per key`,
    );
  else if (above > 0)
    notes.push(
      `${family}: ${share(above)} of the keys read have more ${what} than the ${formatCount(most)} a scenario allows; the scenario counts ${formatCount(most)} for them, so its model leaves out about ${formatCount(Math.round(meanExcess))} ${what} per such key`,
    );
  if (below > 0)
    notes.push(
      `${family}: ${share(below)} of the keys read have fewer ${what} than ${least}; the scenario counts ${least} for them`,
    );
  return sizeField(histogram, least, most, maxBuckets);
}

/**
 * The families (and big keys, "big: <key>") as workloads. Types the model lacks are left out
 * and named; figures past the scenario's limits are kept at the limit and named.
 */
export function workloadsFrom(
  families: FamilySummary[],
  bigKeys: FamilySummary[],
  maxBuckets = MAX_SCENARIO_BUCKETS,
): { workloads: Workload[]; leftOut: string[]; notes: string[]; workloadNames: Array<string | null> } {
  const leftOut: string[] = [];
  const notes: string[] = [];
  const workloadNames: Array<string | null> = [];
  const used = new Set<string>();
  const workloads: Workload[] = [];
  const all = [...bigKeys.map((f) => ({ f, big: true })), ...families.map((f) => ({ f, big: false }))];
  for (const { f, big } of all) {
    const shown = big ? `big: ${f.pattern}` : f.pattern;
    if (f.type === 'other') {
      leftOut.push(`${shown.slice(0, 60)} (a type the model does not cover)`);
      workloadNames.push(null);
      continue;
    }
    if (workloads.length >= LIMITS.workloads) {
      leftOut.push(`${shown.slice(0, 60)} (past ${LIMITS.workloads} workloads)`);
      workloadNames.push(null);
      continue;
    }
    let label = shown.slice(0, LIMITS.nameLength - 2).trim() || '(empty key)';
    while (used.has(label)) label = `${label}'`;
    used.add(label);
    workloadNames.push(label);
    const h = f.histograms;
    // Integers are priced by their digits: a family of integers keeps that only while every size is a digit count.
    const digits = weightOutside(h.valueBytes, 1, INTEGER_MAX_DIGITS);
    const isInt = f.intValues && digits.below + digits.above === 0;
    workloads.push({
      name: label,
      keys: Math.round(f.estimatedKeys),
      keyBytes: sizeFieldWithin('key bytes', label, h.keyBytes, 1, LIMITS.keyBytes, notes, maxBuckets),
      type: f.type,
      valueBytes: sizeFieldWithin('value bytes', label, h.valueBytes, 0, LIMITS.valueBytes, notes, maxBuckets),
      ttlFraction: Math.round(f.ttlFraction * 1000) / 1000,
      ...(f.type !== 'string' &&
        h.elements && { fields: sizeFieldWithin('fields', label, h.elements, 1, LIMITS.fields, notes, maxBuckets) }),
      ...(f.type === 'hash' &&
        h.fieldBytes && {
          fieldBytes: sizeFieldWithin('field-name bytes', label, h.fieldBytes, 1, LIMITS.keyBytes, notes, maxBuckets),
        }),
      ...(isInt && { valueKind: 'int' as const }),
    });
  }
  return { workloads, leftOut, notes, workloadNames };
}

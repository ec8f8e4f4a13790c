import type { DataType } from '../../data/vocabulary';
import { formatCount } from '../../format/count';
import { INTEGER_MAX_DIGITS } from '../../model/elements';
import type { Workload } from '../../scenario/schema';
import { LIMITS } from '../../scenario/limits';

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
  /** Average length of the sampled element values (string: the value itself). */
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
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Wilson score interval for a share p of n samples, 95 %. */
function wilson(p: number, n: number): [number, number] {
  const z = 1.96;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
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
      const [lo, hi] = exact ? [share, share] : wilson(share, n);
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
      };
    })
    .sort((a, b) => b.estimatedKeys - a.estimatedKeys);
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
      };
    })
    .sort((a, b) => b.estimatedKeys - a.estimatedKeys);
}

/** A measured figure past what a scenario takes: kept at the limit, and said so with the bytes it leaves out. */
function withinLimit(what: string, family: string, value: number, limit: number, notes: string[]): number {
  if (value <= limit) return value;
  notes.push(
    `${family}: ${what} ${formatCount(value)} is past the ${formatCount(limit)} a scenario allows; the scenario counts ${formatCount(limit)}, so its model leaves out about ${formatCount(value - limit)} ${what === 'fields' ? 'elements' : 'bytes'} per key`,
  );
  return limit;
}

/**
 * The families (and big keys, "big: <key>") as workloads. Types the model lacks are left out
 * and named; figures past the scenario's limits are kept at the limit and named.
 */
export function workloadsFrom(
  families: FamilySummary[],
  bigKeys: FamilySummary[],
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
    const valueBytes = withinLimit('value bytes', label, Math.round(f.avgValueBytes), LIMITS.valueBytes, notes);
    const isInt = f.intValues && valueBytes >= 1 && valueBytes <= INTEGER_MAX_DIGITS;
    workloads.push({
      name: label,
      keys: Math.round(f.estimatedKeys),
      keyBytes: withinLimit('key bytes', label, Math.max(1, Math.round(f.avgKeyBytes)), LIMITS.keyBytes, notes),
      type: f.type,
      valueBytes,
      ttlFraction: Math.round(f.ttlFraction * 1000) / 1000,
      ...(f.type !== 'string' && {
        fields: withinLimit('fields', label, Math.max(1, Math.round(f.avgElements)), LIMITS.fields, notes),
      }),
      ...(f.type === 'hash' && {
        fieldBytes: withinLimit('field-name bytes', label, Math.max(1, Math.round(f.avgFieldBytes ?? 1)), LIMITS.keyBytes, notes),
      }),
      ...(isInt && { valueKind: 'int' as const }),
    });
  }
  return { workloads, leftOut, notes, workloadNames };
}

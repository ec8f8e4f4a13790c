import type { DataType } from '../../data/vocabulary';
import type { Scenario, Workload } from '../../scenario/schema';

/** What the sampler read about one key. */
export interface KeySample {
  pattern: string;
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

/** Groups samples into families and scales them to the keyspace (DBSIZE). */
export function summarizeFamilies(samples: KeySample[], dbsize: number, scanComplete: boolean): FamilySummary[] {
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
      const [lo, hi] = scanComplete ? [share, share] : wilson(share, n);
      const encodings: Record<string, number> = {};
      for (const s of list) encodings[s.encoding] = (encodings[s.encoding] ?? 0) + 1;
      const memory = list.map((s) => s.memoryUsage).filter((m): m is number => m !== null);
      const fields = list.map((s) => s.fieldBytes).filter((f): f is number => f !== null);
      return {
        pattern: list[0]!.pattern,
        type: list[0]!.type,
        sampled: list.length,
        estimatedKeys: scanComplete ? list.length : share * dbsize,
        interval: [lo * dbsize, hi * dbsize],
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

/** The families as a scenario (DESIGN.md contract); families of types the model lacks are left out. */
export function scenarioFromFamilies(
  families: FamilySummary[],
  name: string,
  allocator: Scenario['allocator'],
): { scenario: Scenario; leftOut: string[]; workloadNames: Array<string | null> } {
  const leftOut: string[] = [];
  const workloadNames: Array<string | null> = [];
  const used = new Set<string>();
  const workloads: Workload[] = [];
  for (const f of families) {
    if (f.type === 'other') {
      leftOut.push(`${f.pattern} (a type the model does not cover)`);
      workloadNames.push(null);
      continue;
    }
    if (workloads.length >= 100) {
      leftOut.push(`${f.pattern} (past 100 workloads)`);
      workloadNames.push(null);
      continue;
    }
    let label = f.pattern.slice(0, 70) || '(empty key)';
    while (used.has(label)) label = `${label}'`;
    used.add(label);
    workloadNames.push(label);
    const valueBytes = Math.round(f.avgValueBytes);
    const isInt = f.intValues && valueBytes >= 1 && valueBytes <= 19;
    workloads.push({
      name: label,
      keys: Math.round(f.estimatedKeys),
      keyBytes: Math.max(1, Math.round(f.avgKeyBytes)),
      type: f.type,
      valueBytes,
      ttlFraction: Math.round(f.ttlFraction * 1000) / 1000,
      ...(f.type !== 'string' && { fields: Math.max(1, Math.round(f.avgElements)) }),
      ...(f.type === 'hash' && { fieldBytes: Math.max(1, Math.round(f.avgFieldBytes ?? 1)) }),
      ...(isInt && { valueKind: 'int' as const }),
    });
  }
  return { scenario: { schema: 1, name, workloads, ...(allocator && { allocator }) }, leftOut, workloadNames };
}

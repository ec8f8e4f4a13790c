/**
 * A cluster's snapshots as one: one analysis per shard (a primary's RDB file), read anywhere, merged
 * here. Everything merged is a sum or a union of what each analysis carries, so merging the JSON
 * summaries of the files gives the same result as reading the files together.
 */
import { LINES, type LineId } from '../model';
import type { Scenario } from '../scenario/schema';
import type { FamilyResult, FileWriter, RdbAnalysis } from './analyze';
import type { RdbSummary } from './summarySchema';
import { mergeLargestKeys, mergeTtlSummaries, type LargeKey, type TtlSummary } from './opsSummary';
import type { HistogramSummary } from './histogram';
import type { KeyType } from './records';
import { OTHER_PATTERN, type TopKey } from './families';

/** One shard: its own figures, as its file gave them. */
export interface ShardFigures {
  name: string;
  status: RdbAnalysis['status'];
  error: string | null;
  writer: FileWriter | null;
  bytesRead: number;
  keys: number;
  plannedKeys: number;
  /** The dataset (keys and their tables) on each line. */
  datasetBytes: Record<LineId, number>;
}

export interface ClusterLine {
  line: LineId;
  /** Every shard's dataset together. */
  totalBytes: number;
  meanBytes: number;
  /** The largest shard's on this line: what each node of the cluster must hold. */
  largestBytes: number;
}

export interface RdbClusterAnalysis {
  status: RdbAnalysis['status'];
  shards: ShardFigures[];
  keys: { total: number; planned: number; byType: Partial<Record<KeyType, number>>; expiredAtSave: number };
  lines: ClusterLine[];
  /** The largest shard on the newest line, and how far it is above the mean shard there. */
  largest: { shard: string; datasetBytes: number; skewPercent: number } | null;
  /** The families of every shard, summed by pattern and type, largest first on the newest line. */
  families: FamilyResult[];
  /** The plan for one node: the largest shard's own scenario. */
  scenario: Scenario | null;
  scenarioProblem: string | null;
  /** The largest keys of every shard, largest first on the newest line, each with its shard. */
  topKeys: Array<LargeKey & { shard: string }>;
  ttl: TtlSummary;
}

const NEWEST: LineId = LINES.ids[LINES.ids.length - 1]!;

export function mergeRdbAnalyses(analyses: readonly RdbSummary[]): RdbClusterAnalysis {
  const shards = analyses.map(shardOf);
  const lines = LINES.ids.map((line): ClusterLine => {
    const bytes = shards.map((s) => s.datasetBytes[line] ?? 0);
    const totalBytes = bytes.reduce((a, b) => a + b, 0);
    return { line, totalBytes, meanBytes: shards.length ? totalBytes / shards.length : 0, largestBytes: Math.max(0, ...bytes) };
  });
  let largestIndex = -1;
  shards.forEach((s, i) => {
    if (largestIndex < 0 || (s.datasetBytes[NEWEST] ?? 0) > (shards[largestIndex]!.datasetBytes[NEWEST] ?? 0)) largestIndex = i;
  });
  const newest = lines.find((l) => l.line === NEWEST)!;
  const largestShard = largestIndex >= 0 ? shards[largestIndex]! : null;
  const largestAnalysis = largestIndex >= 0 ? analyses[largestIndex]! : null;
  const byType: Partial<Record<KeyType, number>> = {};
  for (const a of analyses) {
    for (const [type, n] of Object.entries(a.keys.byType) as Array<[KeyType, number]>) byType[type] = (byType[type] ?? 0) + n;
  }
  return {
    status: analyses.every((a) => a.status === 'complete') ? 'complete' : 'partial',
    shards,
    keys: {
      total: sum(analyses, (a) => a.keys.total),
      planned: sum(analyses, (a) => a.keys.planned),
      byType,
      expiredAtSave: sum(analyses, (a) => a.keys.expiredAtSave),
    },
    lines,
    largest:
      largestShard === null
        ? null
        : {
            shard: largestShard.name,
            datasetBytes: largestShard.datasetBytes[NEWEST] ?? 0,
            skewPercent: newest.meanBytes > 0 ? ((newest.largestBytes - newest.meanBytes) / newest.meanBytes) * 100 : 0,
          },
    families: mergeFamilies(
      analyses.flatMap((a) => a.families),
      Math.max(0, ...analyses.map((a) => a.families.filter((f) => f.pattern !== OTHER_PATTERN).length)),
    ),
    scenario: largestAnalysis?.scenario ?? null,
    scenarioProblem: largestAnalysis?.scenarioProblem ?? null,
    topKeys: mergeLargestKeys(
      analyses.map((a) => a.topKeys.map((k) => ({ ...k, shard: a.name }))),
      NEWEST,
      Math.max(0, ...analyses.map((a) => a.topKeys.length)),
    ),
    ttl: mergeTtlSummaries(analyses.map((a) => a.ttl)),
  };
}

function shardOf(a: RdbSummary): ShardFigures {
  const datasetBytes = {} as Record<LineId, number>;
  for (const l of a.lines) datasetBytes[l.line] = l.datasetBytes;
  return {
    name: a.name,
    status: a.status,
    error: a.error?.message ?? null,
    writer: a.file.writer,
    bytesRead: a.bytesRead,
    keys: a.keys.total,
    plannedKeys: a.keys.planned,
    datasetBytes,
  };
}

const sum = <T>(items: readonly T[], of: (item: T) => number) => items.reduce((total, item) => total + of(item), 0);

/**
 * Families of one pattern and type summed; largest first on the newest line, then by keys. As many
 * are kept as the shard that reported most (its --families), the rest summed into "(other)" per
 * type; a family one shard had put in its "(other)" stays there for that shard's keys.
 */
function mergeFamilies(families: readonly FamilyResult[], limit: number): FamilyResult[] {
  const byName = new Map<string, FamilyResult[]>();
  for (const f of families) {
    const name = `${f.type}\u0000${f.pattern}`;
    const group = byName.get(name);
    if (group) group.push(f);
    else byName.set(name, [f]);
  }
  const merged = [...byName.values()].map(mergeFamily).sort(largestFirst);
  const named = merged.filter((f) => f.pattern !== OTHER_PATTERN);
  const others = new Map<KeyType, FamilyResult[]>();
  for (const f of [...named.slice(limit), ...merged.filter((f) => f.pattern === OTHER_PATTERN)]) {
    const other = { ...f, pattern: OTHER_PATTERN };
    const group = others.get(f.type);
    if (group) group.push(other);
    else others.set(f.type, [other]);
  }
  return [...named.slice(0, limit), ...[...others.values()].map(mergeFamily).sort(largestFirst)];
}

function largestFirst(a: FamilyResult, b: FamilyResult): number {
  return (b.bytesPerLine[NEWEST] ?? 0) - (a.bytesPerLine[NEWEST] ?? 0) || b.keys - a.keys;
}

function mergeFamily(group: readonly FamilyResult[]): FamilyResult {
  const first = group[0]!;
  if (group.length === 1) return first;
  const keys = sum(group, (f) => f.keys);
  const ttlKeys = sum(group, (f) => f.ttlKeys);
  const bytesPerLine = {} as Record<LineId, number>;
  for (const line of LINES.ids) bytesPerLine[line] = sum(group, (f) => f.bytesPerLine[line] ?? 0);
  const topLimit = Math.max(...group.map((f) => f.topKeys.length));
  return {
    pattern: first.pattern,
    type: first.type,
    keys,
    ttlKeys,
    keysWithoutTtl: keys - ttlKeys,
    ttlShare: keys > 0 ? ttlKeys / keys : 0,
    volatileKeys: sum(group, (f) => f.volatileKeys),
    volatileFields: sum(group, (f) => f.volatileFields),
    integerKeys: sum(group, (f) => f.integerKeys),
    fileBytes: sum(group, (f) => f.fileBytes),
    keyLength: mergeHistograms(group.map((f) => f.keyLength)),
    valueSize: mergeHistograms(group.map((f) => f.valueSize)),
    elementSize: mergeHistograms(group.map((f) => f.elementSize)),
    fieldNameLength: mergeHistograms(group.map((f) => f.fieldNameLength)),
    ttlSeconds: mergeHistograms(group.map((f) => f.ttlSeconds)),
    topKeys: mergeTopKeys(
      group.map((f) => f.topKeys),
      topLimit,
    ),
    bytesPerLine,
  };
}

/** Histograms of power-of-two bins: bins that line up are summed, as the reader merges its own. */
export function mergeHistograms(histograms: readonly HistogramSummary[]): HistogramSummary {
  const filled = histograms.filter((h) => h.count > 0);
  const count = sum(filled, (h) => h.count);
  const bins = new Map<number, { from: number; to: number; count: number }>();
  for (const h of filled) {
    for (const b of h.bins) {
      const bin = bins.get(b.from);
      if (bin) bin.count += b.count;
      else bins.set(b.from, { ...b });
    }
  }
  return {
    count,
    mean: count > 0 ? sum(filled, (h) => h.mean * h.count) / count : 0,
    min: filled.length ? Math.min(...filled.map((h) => h.min)) : 0,
    max: filled.length ? Math.max(...filled.map((h) => h.max)) : 0,
    bins: [...bins.values()].sort((a, b) => a.from - b.from),
  };
}

/** The largest keys of several lists, largest first (ties in the order given), at most `limit`. */
export function mergeTopKeys(lists: ReadonlyArray<readonly TopKey[]>, limit: number): TopKey[] {
  return lists
    .flat()
    .map((k, order) => ({ k, order }))
    .sort((a, b) => b.k.bytes - a.k.bytes || a.order - b.order)
    .slice(0, limit)
    .map(({ k }) => k);
}

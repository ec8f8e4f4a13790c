/**
 * The same keys once loaded. The day after a restart, on a replica after its full sync (what a
 * failover promotes), or on the target of a migration by snapshot or replication, every
 * collection's table is made at its size (rdb.c presizes each table it loads), while the server
 * that wrote them keeps the tables its writes grew. So a workload of hashes, sets or sorted sets
 * (or lists written one RPUSH each) has two figures: as written (its steady state on the server
 * that wrote it) and as loaded.
 */
import { estimateScenario, estimateVersion, type ScenarioEstimate } from './estimate';
import { WRITE_HISTORIES, type WriteHistory } from '../data/vocabulary';
import type { ResolvedScenario, ResolvedWorkload } from './input';
import type { LineId } from './lineRegistry';

/** One workload whose figure on a line depends on its write history. */
export interface LoadedWorkload {
  /** Its place in the scenario's workloads. */
  index: number;
  asWrittenBytesPerKey: number;
  loadedBytesPerKey: number;
}

/** A line's dataset as written and as loaded, with the workloads that differ. */
export interface LoadedLine {
  version: LineId;
  asWrittenDatasetBytes: number;
  loadedDatasetBytes: number;
  workloads: LoadedWorkload[];
}

/** Below this the two figures are one: sums in another order differ in their last bits. */
const SAME_BYTES_PER_KEY = 0.005;

/**
 * A workload as loaded. A list loads its nodes as saved: pushed one by one it is as written, and
 * only one RPUSH's listpack past the node limit (7.2+) loads as a quicklist of that one node.
 */
function loaded(w: ResolvedWorkload): ResolvedWorkload {
  if (w.type === 'hash' || w.type === 'set' || w.type === 'zset') return { ...w, written: 'loaded' };
  if (w.type === 'list' && w.written === 'whole-collection') return { ...w, written: 'loaded', savedAfter: w.written };
  return w;
}

/**
 * Each line on which some workload takes another figure once loaded, with those workloads; none
 * when every workload is loaded already or has no table whose history matters (strings, lists,
 * small encodings). `written` is the scenario's estimate as written.
 */
export function asLoaded(s: ResolvedScenario, written: ScenarioEstimate = estimateScenario(s)): LoadedLine[] {
  if (!dependsOnHistory(s)) return [];
  const reloaded = estimateScenario(loadedScenario(s));
  const lines: LoadedLine[] = [];
  for (const [i, v] of written.versions.entries()) {
    const after = reloaded.versions[i]!;
    const workloads = v.workloads.flatMap((w, index): LoadedWorkload[] => {
      const loadedBytesPerKey = after.workloads[index]!.bytesPerKey;
      return Math.abs(loadedBytesPerKey - w.bytesPerKey) < SAME_BYTES_PER_KEY
        ? []
        : [{ index, asWrittenBytesPerKey: w.bytesPerKey, loadedBytesPerKey }];
    });
    if (workloads.length > 0)
      lines.push({
        version: v.version,
        asWrittenDatasetBytes: v.datasetBytes,
        loadedDatasetBytes: after.datasetBytes,
        workloads,
      });
  }
  return lines;
}

/** Some workload would take another figure loaded than as its scenario says it was written. */
const dependsOnHistory = (s: ResolvedScenario) => s.workloads.some((w) => loaded(w) !== w && w.written !== 'loaded');

const loadedScenario = (s: ResolvedScenario): ResolvedScenario => ({ ...s, workloads: s.workloads.map(loaded) });

/**
 * A move from the baseline line to the target line, by snapshot or replication: on day one the
 * target holds the keys as loaded; as the writes go on, its tables grow back to the steady state
 * as written.
 */
export interface MoveDayOne {
  from: LineId;
  to: LineId;
  dayOneDatasetBytes: number;
  steadyDatasetBytes: number;
}

/** The range of a scenario's figures by write history: each line that depends on it, and the move's day one. */
export interface WriteHistoryRange {
  lines: LoadedLine[];
  /** Null when the plan stays on one line, or when the target's figure does not depend on the history. */
  move: MoveDayOne | null;
}

/**
 * What the results say of the write history, on the page and in the CLI alike: the lines whose
 * figure depends on it, as written and as loaded, and a move's target priced as loaded on day one
 * (whether or not the target is among the compared lines).
 */
export function writeHistoryRange(s: ResolvedScenario, written: ScenarioEstimate = estimateScenario(s)): WriteHistoryRange {
  const lines = asLoaded(s, written);
  if (s.baseline === s.target || !dependsOnHistory(s)) return { lines, move: null };
  const listed = lines.find((l) => l.version === s.target);
  const steady = listed ? listed.asWrittenDatasetBytes : estimateVersion(s, s.target).datasetBytes;
  const dayOne = listed ? listed.loadedDatasetBytes : estimateVersion(loadedScenario(s), s.target).datasetBytes;
  if (Math.abs(dayOne - steady) < 1 && !listed) return { lines, move: null };
  return { lines, move: { from: s.baseline, to: s.target, dayOneDatasetBytes: dayOne, steadyDatasetBytes: steady } };
}

/** The dataset on one line with every collection workload written one way. */
export interface WriteHistoryCase {
  written: WriteHistory;
  datasetBytes: number;
}

/**
 * For keys whose write history nobody knows (a sample of a live server): the dataset on `line` with
 * every collection workload written one element per command, a whole collection per command, and
 * loaded; null when the three agree (strings only, small encodings).
 */
export function writeHistoryCases(s: ResolvedScenario, line: LineId): WriteHistoryCase[] | null {
  if (s.workloads.every((w) => w.type === 'string')) return null;
  const cases = WRITE_HISTORIES.map((written) => ({
    written,
    datasetBytes: estimateVersion(
      { ...s, workloads: s.workloads.map((w) => (w.type === 'string' ? w : { ...w, written })) },
      line,
    ).datasetBytes,
  }));
  const bytes = cases.map((c) => c.datasetBytes);
  return Math.max(...bytes) - Math.min(...bytes) < 1 ? null : cases;
}

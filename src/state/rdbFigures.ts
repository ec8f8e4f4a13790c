import type { ResolvedScenario, LineId } from '../model';
import { figuresFor, type FamilyResult, type RdbAnalysis, type UsedMemReconciliation } from '../rdb/analyze';
import type { LineSizing } from '../rdb/sizing';
import { mergeRdbAnalyses, type RdbClusterAnalysis } from '../rdb/merge';

/** What the RDB panel shows of a read for the page's current settings. */
export interface RdbPageFigures {
  lines: LineSizing[];
  families: FamilyResult[];
  reconciliation: UsedMemReconciliation | null;
  /** Lines whose server does not load the file: they get no figure. */
  refusedLines: ReadonlySet<LineId>;
  /**
   * The page's settings changed since the read in a way the read did not price (the encoding
   * thresholds, or a variant the read left out): the figures are the read's own settings'.
   */
  readAgain: boolean;
}

function sameThresholds(a: ResolvedScenario['thresholds'], b: ResolvedScenario['thresholds']): boolean {
  const keys = Object.keys(a) as Array<keyof typeof a>;
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/**
 * The read's figures for the page's allocator and cluster mode: the read priced every variant
 * (everyVariant), so a change of either picks that variant's figures, not a new computation.
 */
export function rdbPageFigures(
  analysis: RdbAnalysis,
  settings: Pick<ResolvedScenario, 'allocator' | 'cluster' | 'thresholds'>,
): RdbPageFigures {
  const chosen = figuresFor(analysis, { allocator: settings.allocator, cluster: settings.cluster });
  const own = { lines: analysis.lines, families: analysis.families, reconciliation: analysis.reconciliation };
  return {
    ...(chosen ?? own),
    refusedLines: new Set(analysis.loadRefusals.map((r) => r.line)),
    readAgain: chosen === null || !sameThresholds(analysis.sizing.thresholds, settings.thresholds),
  };
}

/**
 * Several snapshots (a cluster's, one per shard) for the page's settings: each read's figures for
 * the page's allocator and cluster mode, merged as the command merges them (src/rdb/merge.ts).
 */
export function rdbClusterFigures(
  analyses: readonly RdbAnalysis[],
  settings: Pick<ResolvedScenario, 'allocator' | 'cluster' | 'thresholds'>,
): { cluster: RdbClusterAnalysis; readAgain: boolean } {
  const figures = analyses.map((a) => rdbPageFigures(a, settings));
  const cluster = mergeRdbAnalyses(analyses.map((a, i) => ({ ...a, lines: figures[i]!.lines, families: figures[i]!.families })));
  return { cluster, readAgain: figures.some((f) => f.readAgain) };
}

import type { ResolvedScenario } from '../model/input';
import type { LineId } from '../model/lineRegistry';
import { figuresFor, type FamilyResult, type RdbAnalysis, type UsedMemReconciliation } from '../rdb/analyze';
import type { LineSizing } from '../rdb/sizing';

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

import {
  compareEntityLayouts,
  compareSchemas,
  estimateScenario,
  datasetBytesOnLines,
  introCorrectionForDataset,
  introCorrectionPerTerabyte,
  uniformEntity,
  valueSizeSweep,
  workloadBreakdown,
  distributionBins,
  type Bin,
  type BreakdownItem,
  type Distribution,
  type LayoutComparison,
  type ScenarioEstimate,
  type ScenarioIntroRow,
  type SchemaComparison,
  type SweepSeries,
  type TerabyteRow,
  allocatorOn,
  LINES,
  type LineId,
  type ResolvedScenario,
} from '../model';
import type { Scenario } from '../scenario/schema';
import { resolveScenario } from '../scenario/resolve';
import { churnModel } from './churnModel';
import type { EntityInput } from '../scenario/view';
import { memoizeLastKeepingUnchanged } from './keepUnchanged';

/** Remembers the last result by argument identity: every component reading the same input shares one computation. */
export function memoizeLast<A extends object, R>(fn: (arg: A) => R): (arg: A) => R {
  let lastArg: A | undefined;
  let lastResult: R;
  return (arg: A) => {
    if (arg !== lastArg) {
      lastResult = fn(arg);
      lastArg = arg;
    }
    return lastResult;
  };
}

// Keeping what an edit left unchanged: a component that picks the deployment or the thresholds
// (useResolved) is not rendered again when a workload is edited.
export const resolvedOf: (s: Scenario) => ResolvedScenario = memoizeLastKeepingUnchanged(resolveScenario);
// Not kept part by part (keepUnchanged): an edit of one workload changes every workload's share of
// the keyspace tables, hence every figure of the estimate.
export const estimateOf: (s: Scenario) => ScenarioEstimate = memoizeLast((s: Scenario) => {
  const estimate = estimateScenario(resolvedOf(s));
  // With churn, each line's nodes are sized by its modelled RSS unless the ratio was typed (churnModel.ts).
  const churn = s.churn?.length ? churnModel() : null;
  return churn ? churn.withModelledRss(s, estimate) : estimate;
});

/** The scenario's dataset on every line, compared or not: the intro figures are about all of them. */
const datasetByLineOf = memoizeLast((s: Scenario) => {
  const bytes = datasetBytesOnLines(resolvedOf(s), LINES.ids);
  return Object.fromEntries(LINES.ids.map((v, i) => [v, bytes[i]!])) as Record<LineId, number>;
});

/** The intro figures scaled to this scenario's dataset on 7.2, with the model's estimate on every line. */
export const introRowsOf: (s: Scenario) => ScenarioIntroRow[] = memoizeLast((s: Scenario) =>
  introCorrectionForDataset(datasetByLineOf(s)),
);

/** "1 TB on 7.2" by the intro, by the table and by the scenario's keys. */
export const terabyteRowsOf: (s: Scenario) => TerabyteRow[] = memoizeLast((s: Scenario) =>
  introCorrectionPerTerabyte(datasetByLineOf(s)),
);

/**
 * Remembers results per scenario object and argument: a scenario's results go when it does, and
 * every component asking the same question of the same scenario shares one computation.
 */
function memoizePerScenario<K, R>(compute: (s: Scenario, key: K) => R, keyOf: (key: K) => string | number) {
  const cache = new WeakMap<Scenario, Map<string | number, R>>();
  return (s: Scenario, key: K): R => {
    let byKey = cache.get(s);
    if (!byKey) cache.set(s, (byKey = new Map()));
    const k = keyOf(key);
    let result = byKey.get(k);
    if (result === undefined) byKey.set(k, (result = compute(s, key)));
    return result;
  };
}

/** Bytes per key against value size for one workload of the scenario. */
export const sweepOf: (s: Scenario, workloadIndex: number) => SweepSeries[] = memoizePerScenario(
  (s, workloadIndex: number) => valueSizeSweep(resolvedOf(s), workloadIndex),
  (workloadIndex) => workloadIndex,
);

/** "Why this number" for one workload on one line: built only for the one on screen. */
export const breakdownOf: (s: Scenario, at: { line: LineId; workloadIndex: number }) => BreakdownItem[] = memoizePerScenario(
  (s, at: { line: LineId; workloadIndex: number }) => workloadBreakdown(resolvedOf(s), at.line, at.workloadIndex),
  (at) => `${at.line}/${at.workloadIndex}`,
);

export interface EntityComparison {
  /** Percona's own entity: the published 220 / 100 MB apply and each line says whether it fits them. */
  isPercona: boolean;
  rows: Array<LayoutComparison & { consistentWithPublished: boolean | null }>;
}

function compareEntity(resolved: ResolvedScenario, e: EntityInput | undefined): EntityComparison {
  if (!e) {
    return { isPercona: true, rows: LINES.ids.map((v): SchemaComparison => compareSchemas(v, allocatorOn(resolved, v))) };
  }
  const entity = uniformEntity(e.count, e.fields, e.fieldBytes, e.valueBytes);
  return {
    isPercona: false,
    rows: LINES.ids.map((v) => ({
      ...compareEntityLayouts(v, entity, allocatorOn(resolved, v), resolved.thresholds),
      consistentWithPublished: null,
    })),
  };
}

/** Strings against one hash per entity on every line, for the scenario's allocator and thresholds. */
export const entityComparisonOf: (s: Scenario, entity: EntityInput | undefined) => EntityComparison = memoizePerScenario(
  (s, entity: EntityInput | undefined) => compareEntity(resolvedOf(s), entity),
  (entity) => JSON.stringify(entity ?? null),
);

/**
 * The bins the model prices a size distribution at (at most 64 sizes, each with its share of the
 * keys), for the preview beside the distribution's editor. The model cuts them once per
 * distribution and keeps them (distributionBins); within a workload it also ends bins at the
 * encoding thresholds and size classes of that workload's keys.
 */
export const distributionBinsOf = (distribution: Distribution): readonly Bin[] => distributionBins(distribution);

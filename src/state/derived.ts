import { VERSION_LINES, type VersionLine } from '../data/vocabulary';
import {
  compareEntityLayouts,
  compareSchemas,
  estimateScenario,
  estimateVersion,
  introCorrectionForDataset,
  uniformEntity,
  valueSizeSweep,
  type LayoutComparison,
  type ScenarioEstimate,
  type ScenarioIntroRow,
  type SchemaComparison,
  type SweepSeries,
} from '../model';
import { resolveScenario, type ResolvedScenario, type Scenario } from '../scenario/schema';
import type { EntityInput } from '../scenario/view';

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

export const resolvedOf: (s: Scenario) => ResolvedScenario = memoizeLast(resolveScenario);
export const estimateOf: (s: Scenario) => ScenarioEstimate = memoizeLast((s: Scenario) => estimateScenario(resolvedOf(s)));

/** The intro figures scaled to this scenario's dataset on 7.2, with the model's estimate on every line. */
export const introRowsOf: (s: Scenario) => ScenarioIntroRow[] = memoizeLast((s: Scenario) => {
  const resolved = resolvedOf(s);
  const byLine = Object.fromEntries(VERSION_LINES.map((v) => [v, estimateVersion(resolved, v).datasetBytes])) as Record<
    VersionLine,
    number
  >;
  return introCorrectionForDataset(byLine);
});

const sweepCache = new WeakMap<Scenario, Map<number, SweepSeries[]>>();
/** Bytes per key against value size for one workload of the scenario (cached per scenario and workload). */
export function sweepOf(s: Scenario, workloadIndex: number): SweepSeries[] {
  let byWorkload = sweepCache.get(s);
  if (!byWorkload) sweepCache.set(s, (byWorkload = new Map()));
  let series = byWorkload.get(workloadIndex);
  if (!series) byWorkload.set(workloadIndex, (series = valueSizeSweep(resolvedOf(s), workloadIndex)));
  return series;
}

export interface EntityComparison {
  /** Percona's own entity: the published 220 / 100 MB apply and each line says whether it fits them. */
  isPercona: boolean;
  rows: Array<LayoutComparison & { consistentWithPublished: boolean | null }>;
}

function compareEntity(resolved: ResolvedScenario, e: EntityInput | undefined): EntityComparison {
  if (!e) {
    return { isPercona: true, rows: VERSION_LINES.map((v): SchemaComparison => compareSchemas(v, resolved.allocator)) };
  }
  const entity = uniformEntity(e.count, e.fields, e.fieldBytes, e.valueBytes);
  return {
    isPercona: false,
    rows: VERSION_LINES.map((v) => ({
      ...compareEntityLayouts(v, entity, resolved.allocator, resolved.thresholds),
      consistentWithPublished: null,
    })),
  };
}

const entityCache = new WeakMap<Scenario, Map<string, EntityComparison>>();
/** Strings against one hash per entity on every line, for the scenario's allocator and thresholds (cached). */
export function entityComparisonOf(s: Scenario, entity: EntityInput | undefined): EntityComparison {
  let byEntity = entityCache.get(s);
  if (!byEntity) entityCache.set(s, (byEntity = new Map()));
  const key = JSON.stringify(entity ?? null);
  let result = byEntity.get(key);
  if (!result) byEntity.set(key, (result = compareEntity(resolvedOf(s), entity)));
  return result;
}

import { distributionBins } from '../model';
import type { StringChurn, ScenarioChurn } from '../model/churn';
import type { ChurnInput, Scenario } from './schema';
import type { SizeDistribution } from './workloadFields';

/** Days of churn when the scenario does not say: a week since the last restart or full sync. */
export const DEFAULT_CHURN_DAYS = 7;

/**
 * A workload's churn for the model. Each key is replaced on a day with the share replacedPerDay,
 * so after `days` days 1 - (1 - replacedPerDay)^days of the keys have been replaced at least once
 * (a key replaced twice leaves its first slot as a key replaced once does); the replacement counts
 * among the keys neither deleted nor rewritten.
 */
export function resolveChurn(c: ChurnInput): StringChurn {
  const deletedShare = c.deletedShare ?? 0;
  const rewrittenShare = c.rewrittenShare ?? 0;
  const replacedOverDays = 1 - (1 - (c.replacedPerDay ?? 0)) ** (c.days ?? DEFAULT_CHURN_DAYS);
  // The schema checked it is a byte count or a distribution of them (varyingSchema).
  const v = c.newValueBytes as number | SizeDistribution | undefined;
  return {
    deletedShare,
    rewrittenShare,
    rewriteFactor: c.rewriteFactor ?? 1,
    replacedShare: (1 - deletedShare - rewrittenShare) * replacedOverDays,
    newValueBins: v === undefined ? null : typeof v === 'number' ? [{ value: v, weight: 1 }] : distributionBins(v),
  };
}

/** The scenario's churn by workload index (the schema has checked that each names a string workload once). */
export function scenarioChurn(s: Scenario): ScenarioChurn {
  const byIndex = new Map<number, StringChurn>();
  for (const c of s.churn ?? []) {
    const index = s.workloads.findIndex((w) => w.name.trim() === c.workload.trim());
    if (index >= 0) byIndex.set(index, resolveChurn(c));
  }
  return byIndex;
}

/** Whether the user typed the fragmentation ratio: then it sizes the nodes, named as typed. */
export const typedFragmentationRatio = (s: Scenario): boolean => s.deployment?.fragmentationRatio !== undefined;

/** Whether the scenario has `activedefrag yes` on its servers (for the RSS under churn model). */
export const activedefragOn = (s: Scenario): boolean => s.deployment?.activedefrag === true;

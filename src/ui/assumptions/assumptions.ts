import { fieldText } from '../common/fieldText';
import type { EncodingThresholds, ResolvedScenario, ScenarioEstimate } from '../../model';
import type { CostEstimate } from '../../model/plan';
import type { Scenario } from '../../scenario/schema';
import { THRESHOLD_LIMITS } from '../../scenario/limits';
import { workloadFields } from '../../scenario/workloadFields';
import type { DataType } from '../../data/vocabulary';
import { t } from '../../i18n';
import { deploymentDescription, linesDescription, priceDescription, workloadDescription } from './planDescription';

/** The settings each type's encoding depends on (their valkey.conf names: THRESHOLD_LIMITS). */
const THRESHOLDS_OF: Record<DataType, Array<keyof EncodingThresholds>> = {
  hash: ['hashMaxListpackEntries', 'hashMaxListpackValue'],
  set: ['setMaxIntsetEntries', 'setMaxListpackEntries', 'setMaxListpackValue'],
  zset: ['zsetMaxListpackEntries', 'zsetMaxListpackValue'],
  list: ['listMaxListpackSize'],
  string: [],
};

/**
 * What went into one workload's figures: the workload's inputs with their distributions and the
 * deployment as planned (planDescription.ts, the words the exports use too), then the defaults
 * the scenario leaves unset that the description does not name (values as strings, no hash-field
 * TTLs, the encoding thresholds).
 */
export function assumptionsFor(
  given: Scenario,
  used: ResolvedScenario,
  estimate: ScenarioEstimate,
  cost: CostEstimate,
  workloadIndex: number,
): string[] {
  const w = used.workloads[workloadIndex];
  const typed = given.workloads[workloadIndex];
  if (!w || !typed) return [];
  const list = [workloadDescription(typed)];
  if (w.type === 'zset') list.push(t('assumptions.zsetScores'));
  // What the specification says the model assumes of a field left unset (values as bytes, no hash-field TTLs).
  for (const field of workloadFields) {
    const assumed = field.assumedWhenUnset;
    if (assumed?.types.includes(w.type) && (typed as Record<string, unknown>)[field.key] === undefined)
      list.push(fieldText(assumed.id));
  }
  for (const key of THRESHOLDS_OF[w.type]) {
    const setting = THRESHOLD_LIMITS[key].setting;
    if (given.config?.[key] === undefined) list.push(t('assumptions.threshold', { setting, value: used.thresholds[key] }));
  }
  list.push(...deploymentDescription(given, used, estimate));
  list.push(priceDescription(cost, used.deployment.instanceType), linesDescription(used));
  return list;
}

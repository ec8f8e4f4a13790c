import {
  estimateCost,
  type CostEstimate,
  capacity,
  type CapacityAnswer,
  projectGrowth,
  type GrowthProjection,
  sizingOfDeployment,
  type PlanSizing,
} from '../model/plan';
import { workloadGrowths } from '../scenario/growth';
import { LIMITS } from '../scenario/limits';
import type { Scenario } from '../scenario/schema';
import { churnModel } from './churnModel';
import { estimateOf, memoizeLast, resolvedOf } from './derived';
import { memoizeLastKeepingUnchanged } from './keepUnchanged';

/**
 * Money per line for the current scenario, computed once per scenario. The price and the lines
 * keep their objects while they stay the same (keepUnchanged), as they do through most edits.
 */
export const costOf: (s: Scenario) => CostEstimate = memoizeLastKeepingUnchanged((s: Scenario) =>
  estimateCost(estimateOf(s), resolvedOf(s).deployment.instanceType, s.cost ?? {}),
);

/**
 * Each line's ratio and dataset as the deployment table has them: with churn (once its model has
 * loaded, churnModel.ts) the modelled ratio unless one was typed, so that growth, capacity and the
 * node types agree with the deployment.
 */
export function sizingOf(s: Scenario): PlanSizing {
  const churn = s.churn?.length ? churnModel() : null;
  return churn ? churn.sizingOf(s) : sizingOfDeployment(resolvedOf(s).deployment);
}

/** Memory per line over the coming months, computed once per scenario. */
export const growthOf: (s: Scenario) => GrowthProjection = memoizeLast((s: Scenario) =>
  projectGrowth(resolvedOf(s), workloadGrowths(s), undefined, sizingOf(s)),
);

/** How many keys fit in the nodes provisioned today, per line, computed once per scenario. */
export const capacityOf: (s: Scenario) => CapacityAnswer = memoizeLast((s: Scenario) =>
  capacity(resolvedOf(s), LIMITS.keysPerWorkload, null, sizingOf(s)),
);

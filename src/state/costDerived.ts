import {
  estimateCost,
  type CostEstimate,
  capacity,
  type CapacityAnswer,
  projectGrowth,
  type GrowthProjection,
} from '../model/plan';
import { workloadGrowths } from '../scenario/growth';
import { LIMITS } from '../scenario/limits';
import type { Scenario } from '../scenario/schema';
import { estimateOf, memoizeLast, resolvedOf } from './derived';
import { memoizeLastKeepingUnchanged } from './keepUnchanged';

/**
 * Money per line for the current scenario, computed once per scenario. The price and the lines
 * keep their objects while they stay the same (keepUnchanged), as they do through most edits.
 */
export const costOf: (s: Scenario) => CostEstimate = memoizeLastKeepingUnchanged((s: Scenario) =>
  estimateCost(estimateOf(s), resolvedOf(s).deployment.instanceType, s.cost ?? {}),
);

/** Memory per line over the coming months, computed once per scenario. */
export const growthOf: (s: Scenario) => GrowthProjection = memoizeLast((s: Scenario) =>
  projectGrowth(resolvedOf(s), workloadGrowths(s)),
);

/** How many keys fit in the nodes provisioned today, per line, computed once per scenario. */
export const capacityOf: (s: Scenario) => CapacityAnswer = memoizeLast((s: Scenario) =>
  capacity(resolvedOf(s), LIMITS.keysPerWorkload),
);

import { compareNodeTypes, type NodeTypeComparison } from '../model/plan';
import type { Scenario } from '../scenario/schema';
import { estimateOf, memoizeLast, resolvedOf } from './derived';

/** Every node type that holds the current scenario, sized and priced, computed once per scenario. */
export const nodeTypesOf: (s: Scenario) => NodeTypeComparison = memoizeLast((s: Scenario) =>
  compareNodeTypes(estimateOf(s), resolvedOf(s).deployment, s.cost ?? {}),
);

import { writeHistoryRange, type WriteHistoryRange } from '../model/plan';
import type { Scenario } from '../scenario/schema';
import { estimateOf, memoizeLast, resolvedOf } from './derived';

/** The model's range by write history for the scenario shown: one computation per scenario, as the CLI's. */
export const asLoadedOf: (s: Scenario) => WriteHistoryRange = memoizeLast((s: Scenario) =>
  writeHistoryRange(resolvedOf(s), estimateOf(s)),
);

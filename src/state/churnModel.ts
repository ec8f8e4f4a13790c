import type { ScenarioEstimate } from '../model';
import type { PlanSizing } from '../model/plan';
import type { Scenario } from '../scenario/schema';

/**
 * The RSS-under-churn model loads with its panel (churnEstimate.ts), not with the first screen:
 * few scenarios have churn. Until it is here a scenario's estimate is the plain one; churnLoader.ts
 * loads it when a scenario has churn (a link with churn waits for it before the page renders).
 */
export interface ChurnModel {
  /** The estimate with each line's nodes sized by its modelled RSS, unless the ratio was typed (memoized: the page's scenario). */
  withModelledRss: (s: Scenario, estimate: ScenarioEstimate) => ScenarioEstimate;
  /** The same for a scenario asked about once (an advice applied), computed afresh. */
  withModelledRssOnce: (s: Scenario, estimate: ScenarioEstimate) => ScenarioEstimate;
  /** Each line's ratio and dataset as its deployment has them, the baseline's too (memoized: the page's scenario). */
  sizingOf: (s: Scenario) => PlanSizing;
}

let model: ChurnModel | null = null;

export const churnModel = (): ChurnModel | null => model;

/** Called by churnEstimate.ts as it loads. */
export function registerChurnModel(loaded: ChurnModel): void {
  model = loaded;
}

import { rssUnderChurn, withRssDeployments, type LineRss } from '../model/churn';
import type { ResolvedScenario, ScenarioEstimate } from '../model';
import { resolveScenario } from '../scenario/resolve';
import type { Scenario } from '../scenario/schema';
import { scenarioChurn, typedFragmentationRatio } from '../scenario/resolveChurn';
import { registerChurnModel } from './churnModel';
import { memoizeLast, resolvedOf } from './derived';

/** Each line's modelled RSS under the scenario's churn; null when the scenario has none. */
export const rssOf: (s: Scenario) => LineRss[] | null = memoizeLast((s: Scenario) => rssAfresh(s, resolvedOf(s)));

function rssAfresh(s: Scenario, resolved: ResolvedScenario): LineRss[] | null {
  return s.churn?.length ? rssUnderChurn(resolved, scenarioChurn(s), typedFragmentationRatio(s)) : null;
}

const sized = (estimate: ScenarioEstimate, rss: LineRss[] | null) => (rss ? withRssDeployments(estimate, rss) : estimate);

registerChurnModel({
  withModelledRss: (s, estimate) => sized(estimate, rssOf(s)),
  withModelledRssOnce: (s, estimate) => sized(estimate, rssAfresh(s, resolveScenario(s))),
});

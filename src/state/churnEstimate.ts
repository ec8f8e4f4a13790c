import { planRss, withRssDeployments, type LineRss, type PlanRss } from '../model/churn';
import type { ResolvedScenario, ScenarioEstimate } from '../model';
import { sizingOfDeployment } from '../model/plan';
import { resolveScenario } from '../scenario/resolve';
import type { Scenario } from '../scenario/schema';
import { activedefragOn, scenarioChurn, typedFragmentationRatio } from '../scenario/resolveChurn';
import { registerChurnModel } from './churnModel';
import { memoizeLast, resolvedOf } from './derived';

const planRssOf: (s: Scenario) => PlanRss | null = memoizeLast((s: Scenario) => planRssAfresh(s, resolvedOf(s)));

/** Each line's modelled RSS under the scenario's churn; null when the scenario has none. */
export const rssOf = (s: Scenario): LineRss[] | null => planRssOf(s)?.lines ?? null;

function planRssAfresh(s: Scenario, resolved: ResolvedScenario): PlanRss | null {
  return s.churn?.length ? planRss(resolved, scenarioChurn(s), typedFragmentationRatio(s), activedefragOn(s)) : null;
}

const sized = (estimate: ScenarioEstimate, rss: PlanRss | null) => (rss ? withRssDeployments(estimate, rss.lines) : estimate);

registerChurnModel({
  withModelledRss: (s, estimate) => sized(estimate, planRssOf(s)),
  withModelledRssOnce: (s, estimate) => sized(estimate, planRssAfresh(s, resolveScenario(s))),
  sizingOf: (s) => planRssOf(s)?.sizing ?? sizingOfDeployment(resolvedOf(s).deployment),
});

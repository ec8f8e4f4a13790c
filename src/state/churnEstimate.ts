import { rssUnderChurn, withRssDeployments, type LineRss } from '../model/rssUnderChurn';
import type { Scenario } from '../scenario/schema';
import { scenarioChurn, typedFragmentationRatio } from '../scenario/resolveChurn';
import { registerChurnModel } from './churnModel';
import { memoizeLast, resolvedOf } from './derived';

/** Each line's modelled RSS under the scenario's churn; null when the scenario has none. */
export const rssOf: (s: Scenario) => LineRss[] | null = memoizeLast((s: Scenario) =>
  s.churn?.length ? rssUnderChurn(resolvedOf(s), scenarioChurn(s), typedFragmentationRatio(s)) : null,
);

registerChurnModel({
  withModelledRss: (s, estimate) => {
    const rss = rssOf(s);
    return rss ? withRssDeployments(estimate, rss) : estimate;
  },
});

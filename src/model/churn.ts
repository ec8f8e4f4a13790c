/** The model's entry for RSS under churn: slab geometry, fragmentation, RSS per node (loaded with its panel). */
export type { StringChurn } from './fragmentation';
export { planRss, rssUnderChurn, withRssDeployments } from './rssUnderChurn';
export type { LineRss, PlanRss, ScenarioChurn } from './rssUnderChurn';

/** The model's entry for RSS under churn: slab geometry, fragmentation, RSS per node (loaded with its panel). */
export { ACTIVE_DEFRAG_DEFAULTS } from './fragmentation';
export type { StringChurn } from './fragmentation';
export { planRss, rssUnderChurn, withRssDeployments } from './rssUnderChurn';
export type { LineRss, PlanRss, ScenarioChurn } from './rssUnderChurn';

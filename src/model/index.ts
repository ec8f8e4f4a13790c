/** The cost model's public face: pure, deterministic functions of a scenario. */
export { allocationSize, ALLOCATOR_LABELS } from './allocator';
export type { Allocation } from './allocation';
export { estimateScenario, estimateVersion } from './estimate';
export type { BreakdownItem, Change, ScenarioEstimate, VersionEstimate, WorkloadEstimate } from './estimate';
export { RESIDUAL_EXPLANATION } from './measuredPoints';
export type { MeasuredComparison } from './measuredPoints';
export * from './units';

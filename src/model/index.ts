/** The cost model's public face: pure, deterministic functions of a scenario. */
export { allocationSize, ALLOCATOR_LABELS } from './allocator';
export { datasetBytesOnLines, estimateScenario, estimateVersion, workloadBreakdown } from './estimate';
export type { BreakdownItem } from './itemiser';
export type { Change, ScenarioEstimate, VersionEstimate, WorkloadEstimate } from './estimate';
export { RESIDUAL_EXPLANATION } from './measuredPoints';
export type { MeasuredComparison } from './measuredPoints';
export * from './units';
export { estimateDeployment, findInstanceType } from './deployment';
export type { DeploymentEstimate } from './deployment';
export { introCorrection, introCorrectionForDataset, introCorrectionPerTerabyte } from './introCorrection';
export type { IntroCorrectionRow, ScenarioIntroRow, SizeAndChange, TerabyteRow } from './introCorrection';
export { logSpacedValueSizes, valueSizeSweep } from './valueSweep';
export type { SweepSeries } from './valueSweep';
export { compareEntityLayouts, compareSchemas, PERCONA_ENTITY, uniformEntity } from './stringsVsHash';
export type { EntitySpec, LayoutComparison, SchemaComparison } from './stringsVsHash';
export { ioThreadsAdvice } from './throughput';
export type { IoThreadsAdvice } from './throughput';

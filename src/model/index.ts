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
export { distributionBins, distributionMean, distributionProblem, distributionRange, MAX_BINS, sizeAt } from './distribution';
export type { Bin, Distribution, DistributionShape, HistogramBucket } from './distribution';
export type {
  FieldValuePair,
  FieldValuePairs,
  WorkloadDistributions,
  ResolvedDeployment,
  ResolvedScenario,
  ResolvedWorkload,
  VaryingSize,
} from './input';
export { VARYING_SIZES } from './input';
export type { EncodingShare } from './keyMix';
export type { KeyEncoding } from './keyShape';
export { INTEGER_MAX_DIGITS } from './elements';
export { DEFAULT_THRESHOLDS } from './encodingThresholds';
export type { EncodingThresholds } from './encodingThresholds';
export { allocatorOn, change } from './estimate';
export { INTRO_BASELINE } from './introCorrection';
export { LINES } from './lineRegistry';
export type { LINE_ENTRIES, LineFamily, LineId } from './lineRegistry';

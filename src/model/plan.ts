/**
 * The model's entry for the plan beyond the estimate: advice, money, growth, capacity, node types and
 * the range by write history. Apart from index.ts because the panels that use them load after the
 * first screen, and the first screen's chunk takes every module its imports reach.
 */
export { adviceEdit, adviceFor, adviceWorkload, lineMove } from './advice';
export type { Advice, AdviceChange, AdvisedFields } from './advice';
export { writeHistoryCases, writeHistoryRange } from './asLoaded';
export type { LoadedLine, WriteHistoryRange } from './asLoaded';
export { NODE_BYTES_LIMITS, capacity } from './capacity';
export type { CapacityAnswer, LineCapacity } from './capacity';
export { ecpusPerRequest, estimateCost, pricedRegions } from './cost';
export type { CostEstimate, LineCost, Money, NodeHourPrice, Saving, ServerlessLineCost } from './cost';
export { projectGrowth, steadyStateKeys } from './growth';
export type { GrowthLine, GrowthProjection, Postponement, WorkloadGrowth } from './growth';
export { compareNodeTypes } from './nodeTypes';
export { sizingOfDeployment } from './deployment';
export type { LineSizing, PlanSizing } from './deployment';
export type { NodeTypeComparison, NodeTypeOption } from './nodeTypes';

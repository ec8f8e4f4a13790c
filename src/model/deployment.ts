import { instanceTypes } from '../data/instanceTypes';
import type { InstanceType } from '../data/schemas';
import type { ResolvedDeployment } from './input';
import type { LineId } from './lineRegistry';
import { GIB } from './units';

export interface DeploymentEstimate {
  datasetBytes: number;
  /** Empty process plus this shard's share of the dataset: what INFO's used_memory would read. */
  usedMemoryPerNodeBytes: number;
  /** RSS / used_memory the nodes are sized with: the deployment's, or the one modelled from churn. */
  fragmentationRatio: number;
  /** used_memory x fragmentation ratio. */
  rssPerNodeBytes: number;
  /**
   * The memory a node needs: RSS plus the larger of the two kinds of headroom, never both. A
   * provider's reserve exists to hold what a fork copies, so the copy-on-write room lies inside
   * it when the reserve is the larger, and the reserve is filled by it otherwise.
   */
  requiredPerNodeBytes: number;
  /** RSS x headroom: pages a fork during a snapshot or full sync may copy while writes go on. */
  copyOnWritePerNodeBytes: number;
  /** What the provider keeps of a node just large enough: RSS x reserve / (1 - reserve). */
  reservePerNodeBytes: number;
  /** Which of the two sets the headroom (the other fits inside it); 'copy-on-write' when they are equal. */
  headroomFrom: 'copy-on-write' | 'reserve';
  instance: InstanceType;
  instanceBytes: number;
  /** The shards asked for, or more when one node of the chosen type cannot hold a shard. */
  shards: number;
  /** Shards times (1 + replicas): every replica holds the same data. */
  nodes: number;
  requiredTotalBytes: number;
  provisionedTotalBytes: number;
  /** False when even an empty shard does not fit the instance (baseline and headroom exceed it). */
  fits: boolean;
}

let instanceTypesById: Map<string, InstanceType> | null = null;

export function findInstanceType(id: string): InstanceType {
  instanceTypesById ??= new Map(instanceTypes.types.map((t) => [t.id, t]));
  const found = instanceTypesById.get(id);
  if (!found) throw new Error(`unknown instance type ${id}`);
  return found;
}

/** The memory a node needs per byte of used_memory: fragmentation, then the larger of the two kinds of headroom. */
function requiredPerUsedByte(d: ResolvedDeployment): { factor: number; copyOnWrite: number; reserve: number } {
  const copyOnWrite = d.headroomPercent / 100;
  const reserve = d.reservedPercent / (100 - d.reservedPercent);
  // The two kinds of headroom share the same spare memory: the larger counts, not the sum.
  const headroom = Math.max(copyOnWrite, reserve);
  return { factor: d.fragmentationRatio * (1 + headroom), copyOnWrite, reserve };
}

/** The dataset bytes one node of `nodeBytes` holds with the deployment's settings; 0 or less when an empty node does not fit. */
export function roomForDataPerNode(nodeBytes: number, d: ResolvedDeployment): number {
  return nodeBytes / requiredPerUsedByte(d).factor - d.processBaselineBytes;
}

/** RAM to provision for a dataset: per node, shards needed on the chosen instance type, nodes, totals. */
export function estimateDeployment(datasetBytes: number, d: ResolvedDeployment): DeploymentEstimate {
  const instance = findInstanceType(d.instanceType);
  const instanceBytes = instance.memoryGiB * GIB;
  const { factor, copyOnWrite, reserve } = requiredPerUsedByte(d);
  // Smallest shard count at or above the requested one whose nodes fit the instance.
  const roomForData = roomForDataPerNode(instanceBytes, d);
  const fits = roomForData > 0;
  const shards = fits ? Math.max(d.shards, Math.ceil(datasetBytes / roomForData - 1e-9)) : d.shards;
  const usedMemoryPerNodeBytes = datasetBytes / shards + d.processBaselineBytes;
  const requiredPerNodeBytes = usedMemoryPerNodeBytes * factor;
  const rssPerNodeBytes = usedMemoryPerNodeBytes * d.fragmentationRatio;
  const nodes = shards * (1 + d.replicas);
  return {
    datasetBytes,
    usedMemoryPerNodeBytes,
    fragmentationRatio: d.fragmentationRatio,
    rssPerNodeBytes,
    requiredPerNodeBytes,
    copyOnWritePerNodeBytes: rssPerNodeBytes * copyOnWrite,
    reservePerNodeBytes: rssPerNodeBytes * reserve,
    headroomFrom: reserve > copyOnWrite ? 'reserve' : 'copy-on-write',
    instance,
    instanceBytes,
    shards,
    nodes,
    requiredTotalBytes: requiredPerNodeBytes * nodes,
    provisionedTotalBytes: instanceBytes * nodes,
    fits,
  };
}

/**
 * How a line's keys take a node's memory, as its deployment is sized: what the growth projection,
 * the capacity and the node types use, so that every panel has the deployment's figures.
 */
export interface LineSizing {
  /** RSS / used_memory: the deployment's ratio, or the one modelled from churn. */
  fragmentationRatio: number;
  /**
   * The keys' used_memory per byte of the estimate's dataset: 1, or what churn leaves of it (keys
   * deleted, replaced by other sizes, rewritten), taken to stay in proportion as the keys grow.
   */
  datasetScale: number;
}

export type PlanSizing = (line: LineId) => LineSizing;

/** Every line at the deployment's own ratio: the plan without churn, or with a typed ratio and no churn modelled. */
export const sizingOfDeployment =
  (d: ResolvedDeployment): PlanSizing =>
  () => ({ fragmentationRatio: d.fragmentationRatio, datasetScale: 1 });

/** The deployment settings a line is sized with: the scenario's, with the line's ratio. */
export const deploymentOfLine = (d: ResolvedDeployment, sizing: LineSizing): ResolvedDeployment => ({
  ...d,
  fragmentationRatio: sizing.fragmentationRatio,
});

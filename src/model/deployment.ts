import { instanceTypes } from '../data/instanceTypes';
import type { InstanceType } from '../data/schemas';
import type { ResolvedDeployment } from './input';
import { GIB } from './units';

export interface DeploymentEstimate {
  datasetBytes: number;
  /** Empty process plus this shard's share of the dataset: what INFO's used_memory would read. */
  usedMemoryPerNodeBytes: number;
  /** used_memory x fragmentation ratio. */
  rssPerNodeBytes: number;
  /** RSS plus headroom for fork copy-on-write and reserved memory. */
  requiredPerNodeBytes: number;
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

/** RAM to provision for a dataset: per node, shards needed on the chosen instance type, nodes, totals. */
export function estimateDeployment(datasetBytes: number, d: ResolvedDeployment): DeploymentEstimate {
  const instance = findInstanceType(d.instanceType);
  const instanceBytes = instance.memoryGiB * GIB;
  const factor = d.fragmentationRatio * (1 + d.headroomPercent / 100);
  // Smallest shard count at or above the requested one whose nodes fit the instance.
  const roomForData = instanceBytes / factor - d.processBaselineBytes;
  const fits = roomForData > 0;
  const shards = fits ? Math.max(d.shards, Math.ceil(datasetBytes / roomForData - 1e-9)) : d.shards;
  const usedMemoryPerNodeBytes = datasetBytes / shards + d.processBaselineBytes;
  const requiredPerNodeBytes = usedMemoryPerNodeBytes * factor;
  const nodes = shards * (1 + d.replicas);
  return {
    datasetBytes,
    usedMemoryPerNodeBytes,
    rssPerNodeBytes: usedMemoryPerNodeBytes * d.fragmentationRatio,
    requiredPerNodeBytes,
    instance,
    instanceBytes,
    shards,
    nodes,
    requiredTotalBytes: requiredPerNodeBytes * nodes,
    provisionedTotalBytes: instanceBytes * nodes,
    fits,
  };
}

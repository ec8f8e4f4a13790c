import {
  steadyStateKeys,
  type GrowthLine,
  type GrowthProjection,
  type Postponement,
  type WorkloadGrowth,
} from '../../model/growth';
import { formatCount } from '../../format/count';

/** "adds 2,000,000 keys a month" and the like: the assumption behind a workload's line. */
export function describeGrowth(growth: WorkloadGrowth | undefined): string {
  if (!growth) return 'no growth';
  switch (growth.kind) {
    case 'keysPerMonth':
      return `adds ${formatCount(growth.keysPerMonth)} keys a month`;
    case 'percentPerMonth':
      return `grows ${growth.percentPerMonth} % a month`;
    case 'writesTimesTtl':
      return `${formatCount(growth.writesPerSecond)} writes/s × ${formatCount(growth.ttlSeconds)} s TTL: a steady ${formatCount(steadyStateKeys(growth.writesPerSecond, growth.ttlSeconds))} keys`;
  }
}

export function describeFull(line: GrowthLine, projection: GrowthProjection): string {
  const { shards, nodesPerShard, months } = projection;
  const on = `${shards} shard${shards > 1 ? 's' : ''}`;
  if (projection.capacityBytes === null) return 'does not fit the node type';
  if (line.monthFull === null) return `fits ${on} for all ${months} months`;
  const more = `another shard (${nodesPerShard} node${nodesPerShard > 1 ? 's' : ''})`;
  return line.monthFull === 0 ? `needs ${more} already` : `needs ${more} in month ${line.monthFull}`;
}

export function describePostponed(p: Postponement | null, baseline: string, target: string): string | null {
  if (!p) return null;
  if (p.months === 0) return `${target} needs the next shard in the same month as ${baseline}.`;
  if (p.months < 0) return `${target} needs the next shard ${-p.months} months before ${baseline}.`;
  return `${target} postpones the next shard by ${p.atLeast ? 'at least ' : ''}${p.months} month${p.months > 1 ? 's' : ''} against ${baseline}.`;
}

/** One row per month: the dataset of each line, for the chart and its table. */
export function growthRows(projection: GrowthProjection): Array<Record<string, number>> {
  return Array.from({ length: projection.months + 1 }, (_, month) => {
    const row: Record<string, number> = { month };
    for (const line of projection.lines) row[line.version] = line.datasetBytes[month]!;
    return row;
  });
}

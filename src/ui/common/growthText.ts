import type { LineId } from '../../model';
import {
  steadyStateKeys,
  type GrowthLine,
  type GrowthProjection,
  type Postponement,
  type WorkloadGrowth,
} from '../../model/plan';
import { formatCount } from '../../format/count';
import { formatList } from '../../format/list';
import { t } from '../../i18n';
import { lineLabel } from './lineLabel';

/** "adds 2,000,000 keys a month" and the like: the assumption behind a workload's line. */
export function describeGrowth(growth: WorkloadGrowth | undefined): string {
  if (!growth) return t('cost.growth.none');
  switch (growth.kind) {
    case 'keysPerMonth':
      return t('cost.growth.keysPerMonth', { keys: growth.keysPerMonth });
    case 'percentPerMonth':
      return t('cost.growth.percentPerMonth', { percent: growth.percentPerMonth });
    case 'writesTimesTtl':
      return t('cost.growth.writesTimesTtl', {
        writes: growth.writesPerSecond,
        ttl: formatCount(growth.ttlSeconds),
        keys: steadyStateKeys(growth.writesPerSecond, growth.ttlSeconds),
      });
  }
}

export function describeFull(line: GrowthLine, projection: GrowthProjection): string {
  const { shards, nodesPerShard, months } = projection;
  if (line.capacityBytes === null) return t('cost.runsOut.noFit');
  if (line.monthFull === null) return t('cost.runsOut.fits', { shards, months });
  return line.monthFull === 0
    ? t('cost.runsOut.already', { nodes: nodesPerShard })
    : t('cost.runsOut.inMonth', { nodes: nodesPerShard, month: line.monthFull });
}

export function describePostponed(p: Postponement | null, baselineId: LineId, targetId: LineId): string | null {
  const baseline = lineLabel(baselineId);
  const target = lineLabel(targetId);
  if (!p) return null;
  if (p.months === 0) return t('cost.postponed.same', { target, baseline });
  if (p.months < 0) return t('cost.postponed.earlier', { target, baseline, months: -p.months });
  return t(p.atLeast ? 'cost.postponed.laterAtLeast' : 'cost.postponed.later', { target, baseline, months: p.months });
}

/** One row per month: the dataset of each line, for the chart and its table. */
export function growthRows(projection: GrowthProjection): Array<Record<string, number>> {
  return Array.from({ length: projection.months + 1 }, (_, month) => {
    const row: Record<string, number> = { month };
    for (const line of projection.lines) row[line.version] = line.datasetBytes[month]!;
    return row;
  });
}

/** A month in which lines need another shard, and the lines that do, for the chart's marker. */
export interface FullMarker {
  month: number;
  versions: LineId[];
  /** "7.2 and 8.0 full". */
  label: string;
}

/**
 * One marker per month in which lines fill (two lines filling in the same month share one, so
 * their labels cannot print over each other), in the order of the months: the chart gives each
 * its own row of text, so labels of close months do not either.
 */
export function fullMarkers(projection: GrowthProjection): FullMarker[] {
  const months = [...new Set(projection.lines.flatMap((l) => (l.monthFull === null ? [] : [l.monthFull])))].sort((a, b) => a - b);
  return months.map((month) => {
    const versions = projection.lines.filter((l) => l.monthFull === month).map((l) => l.version);
    return {
      month,
      versions,
      label: t('cost.lineFull', { versions: formatList(versions.map(lineLabel)), count: versions.length }),
    };
  });
}

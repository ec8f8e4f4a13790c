import type { ResolvedDeployment, ResolvedScenario } from './input';
import { deploymentOfLine, estimateDeployment, sizingOfDeployment, type PlanSizing } from './deployment';
import { datasetBytesOnLines } from './estimate';
import type { LineId } from './lineRegistry';

/** How a workload's key count moves over the months. */
export type WorkloadGrowth =
  | { kind: 'keysPerMonth'; keysPerMonth: number }
  | { kind: 'percentPerMonth'; percentPerMonth: number }
  /** Keys that expire: the count settles at writes per second x TTL, whatever it is today. */
  | { kind: 'writesTimesTtl'; writesPerSecond: number; ttlSeconds: number };

export const GROWTH_MONTHS = 24;

/** Keys alive once writes and expiries balance: one key per write, each living the TTL. */
export function steadyStateKeys(writesPerSecond: number, ttlSeconds: number): number {
  return Math.round(writesPerSecond * ttlSeconds);
}

/** Keys of a workload `month` months from now (whole keys). */
export function keysAtMonth(keys: number, growth: WorkloadGrowth | undefined, month: number): number {
  if (!growth) return keys;
  switch (growth.kind) {
    case 'keysPerMonth':
      return Math.max(0, Math.round(keys + growth.keysPerMonth * month));
    case 'percentPerMonth':
      return Math.round(keys * (1 + growth.percentPerMonth / 100) ** month);
    case 'writesTimesTtl':
      return steadyStateKeys(growth.writesPerSecond, growth.ttlSeconds);
  }
}

/**
 * The largest dataset the deployment holds on `shards` shards: found by bisection on the
 * deployment model itself, so the capacity always agrees with how nodes are counted.
 */
export function usableDatasetBytes(d: ResolvedDeployment, shards: number): number | null {
  const shardsFor = (bytes: number) => estimateDeployment(bytes, { ...d, shards: 1 }).shards;
  if (!estimateDeployment(0, d).fits) return null;
  let low = 0;
  let high = 1024 ** 3;
  while (shardsFor(high) <= shards) {
    low = high;
    high *= 2;
    if (high > 2 ** 62) return null;
  }
  for (let i = 0; i < 64 && high - low > 1; i++) {
    const mid = (low + high) / 2;
    if (shardsFor(mid) <= shards) low = mid;
    else high = mid;
  }
  return low;
}

export interface GrowthLine {
  version: LineId;
  /** Dataset bytes (used_memory of the keys, as churn leaves them) at month 0, 1, ... GROWTH_MONTHS. */
  datasetBytes: number[];
  /** The ratio the line's deployment uses (LineSizing). */
  fragmentationRatio: number;
  /** The dataset the deployment as sized today holds at that ratio; null when not even an empty node fits. */
  capacityBytes: number | null;
  /**
   * First month the line's dataset no longer fits the deployment as sized today, so that it
   * needs another shard (and its replicas); 0 if it does not fit now; null if it fits throughout.
   */
  monthFull: number | null;
}

export interface Postponement {
  /** Months the target line runs longer than the baseline before it needs another shard. */
  months: number;
  /** True when the target does not fill up within the horizon: it postpones at least this long. */
  atLeast: boolean;
}

export interface GrowthProjection {
  months: number;
  /** Keys per workload at month 0 .. months. */
  keys: number[][];
  /** The deployment as sized today: the shards the baseline line needs now, on the scenario's node type. */
  shards: number;
  /** The dataset those shards hold at the baseline line's ratio; null when not even an empty node fits the node type. */
  capacityBytes: number | null;
  /** Nodes one more shard adds: the shard and its replicas. */
  nodesPerShard: number;
  lines: GrowthLine[];
  postponed: Postponement | null;
}

/**
 * Memory per line month by month, against the deployment as sized today for the baseline line:
 * the month each line outgrows it, and how much longer the target lasts on the same nodes. Each
 * line is sized as `sizing` has it (its deployment's ratio, and what churn leaves of its dataset).
 */
export function projectGrowth(
  s: ResolvedScenario,
  growth: ReadonlyArray<WorkloadGrowth | undefined>,
  months: number = GROWTH_MONTHS,
  sizing: PlanSizing = sizingOfDeployment(s.deployment),
): GrowthProjection {
  const keys = s.workloads.map((w, i) => Array.from({ length: months + 1 }, (_, m) => keysAtMonth(w.keys, growth[i], m)));
  const lines = [...s.versions, ...(s.versions.includes(s.baseline) ? [] : [s.baseline])];
  // A month with the same key counts as the month before costs the same: estimated once.
  const perMonth: number[][] = [];
  for (let m = 0; m <= months; m++) {
    const same = m > 0 && keys.every((k) => k[m] === k[m - 1]);
    perMonth.push(
      same
        ? perMonth[m - 1]!
        : datasetBytesOnLines({ ...s, workloads: s.workloads.map((w, i) => ({ ...w, keys: keys[i]![m]! })) }, lines),
    );
  }
  const baselineSizing = sizing(s.baseline);
  const baselineToday = perMonth[0]![lines.indexOf(s.baseline)]! * baselineSizing.datasetScale;
  const shards = estimateDeployment(baselineToday, deploymentOfLine(s.deployment, baselineSizing)).shards;
  // The same shards hold less of a line with a higher ratio: each line against its own capacity.
  const capacityAt = new Map<number, number | null>();
  const capacityOf = (ratio: number) => {
    if (!capacityAt.has(ratio)) capacityAt.set(ratio, usableDatasetBytes({ ...s.deployment, fragmentationRatio: ratio }, shards));
    return capacityAt.get(ratio)!;
  };
  const projected = s.versions.map((version, li): GrowthLine => {
    const { fragmentationRatio, datasetScale } = sizing(version);
    const datasetBytes = perMonth.map((bytes) => bytes[li]! * datasetScale);
    const capacityBytes = capacityOf(fragmentationRatio);
    const full = capacityBytes === null ? 0 : datasetBytes.findIndex((b) => b > capacityBytes);
    return { version, datasetBytes, fragmentationRatio, capacityBytes, monthFull: full < 0 ? null : full };
  });
  return {
    months,
    keys,
    shards,
    capacityBytes: capacityOf(baselineSizing.fragmentationRatio),
    nodesPerShard: 1 + s.deployment.replicas,
    lines: projected,
    postponed: postponement(projected, s.baseline, s.target, months),
  };
}

export function postponement(lines: GrowthLine[], baseline: LineId, target: LineId, months: number): Postponement | null {
  const b = lines.find((l) => l.version === baseline);
  const t = lines.find((l) => l.version === target);
  if (!b || !t || b.monthFull === null) return null;
  if (t.monthFull === null) return { months: months - b.monthFull + 1, atLeast: true };
  return { months: t.monthFull - b.monthFull, atLeast: false };
}

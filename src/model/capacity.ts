import { deploymentOfLine, estimateDeployment, roomForDataPerNode, sizingOfDeployment, type PlanSizing } from './deployment';
import {
  contextFor,
  datasetBytesOnLines,
  familyBytesPerKey,
  keyCounts,
  keyspaceShare,
  workloadFamilies,
  type KeyFamily,
} from './estimate';
import { usableDatasetBytes } from './growth';
import type { LineSizing } from './deployment';
import type { ResolvedScenario } from './input';
import { TOTALS_ONLY } from './itemiser';
import type { BuildContext } from './keyObject';
import type { LineId } from './lineRegistry';
import { TIB } from './units';

/**
 * The inverse question: how many keys fit in the nodes the deployment provisions today. The
 * dataset is not proportional to the key count (the keyspace tables grow by doubling), so every
 * answer is searched on the model itself (largestWithin) and is the largest count that fits.
 */

/** The node sizes the capacity question takes (bytes): any node at all, up to 64 TiB, past the largest machines sold. */
export const NODE_BYTES_LIMITS = { min: 1, max: 64 * TIB } as const;

/** How far one workload can grow with the others as they are. */
export interface WorkloadFit {
  name: string;
  keysToday: number;
  /** The most keys of this workload that fit; null when the others alone fill the nodes. */
  maxKeys: number | null;
  /** maxKeys is the ceiling asked for (the scenario's largest key count), not the memory's. */
  atKeyLimit: boolean;
}

export interface LineCapacity {
  line: LineId;
  /** The ratio the line's deployment uses (LineSizing). */
  fragmentationRatio: number;
  /** The largest dataset the shards hold at that ratio; null when even an empty node does not fit. */
  usableBytes: number | null;
  /** used_memory of today's keys, as churn leaves them. */
  datasetBytesToday: number;
  /**
   * The largest factor every workload's key count can be multiplied by together (key counts
   * rounded down) and still fit; null when nothing fits.
   */
  mixFactor: number | null;
  /** The mix at that factor: its keys and its dataset. */
  mixKeys: number;
  mixDatasetBytes: number;
  workloads: WorkloadFit[];
}

export interface CapacityAnswer {
  /** The memory of each node asked about; null for the deployment's instance type. */
  nodeBytes: number | null;
  /**
   * Shards as the deployment is sized today for the baseline line (as the growth projection has
   * it); for nodes of a given size, the shards the deployment asks for.
   */
  shards: number;
  nodesPerShard: number;
  /** The largest dataset those shards hold at the baseline line's ratio; null when even an empty node does not fit the instance. */
  usableBytes: number | null;
  lines: LineCapacity[];
}

/**
 * Dataset bytes of the families with other key counts, on one line: each family's own bytes per
 * key do not depend on the counts, the shared keyspace tables do and are priced from the totals.
 */
export function datasetForCounts(ctx: BuildContext, families: readonly KeyFamily[]): (keys: readonly number[]) => number {
  const none = keyspaceShare(ctx, { keys: 0, ttlKeys: 0, volatileKeys: 0 });
  const ownPerKey = families.map((f) => familyBytesPerKey(ctx, f, none, TOTALS_ONLY));
  // Shares of a family's keys with a TTL and with volatile hash fields, as keyCounts weighs them.
  const perFamilyCounts = families.map((f) => keyCounts([{ ...f, keys: 1 }]));
  return (keys) => {
    let own = 0;
    let ttlKeys = 0;
    let volatileKeys = 0;
    let total = 0;
    for (let i = 0; i < families.length; i++) {
      const k = keys[i]!;
      own += k * ownPerKey[i]!;
      ttlKeys += k * perFamilyCounts[i]!.ttlKeys;
      volatileKeys += k * perFamilyCounts[i]!.volatileKeys;
      total += k;
    }
    const share = keyspaceShare(ctx, { keys: total, ttlKeys, volatileKeys });
    return own + total * share.mainBytesPerKey + ttlKeys * share.expiresBytesPerTtlKey + volatileKeys * share.volatileBytesPerKey;
  };
}

/**
 * The largest whole n in [low, high] with bytesAt(n) <= limit, given bytesAt(low) <= limit and
 * bytesAt non-decreasing. Between the steps of the tables the bytes grow about linearly with n:
 * straight lines through the bracket's ends land near the answer, a bracket of a few keys is
 * found around it by widening steps, and bisection settles it to the key.
 */
function largestWithin(low: number, high: number, limit: number, bytesAt: (n: number) => number): number {
  let highBytes = bytesAt(high);
  if (highBytes <= limit) return high;
  let lowBytes = bytesAt(low);
  // Up to three straight lines through the bracket's ends (regula falsi), each narrowing it.
  let guess = low;
  for (let round = 0; round < 3 && high - low > 1; round++) {
    const line = low + Math.floor(((limit - lowBytes) / (highBytes - lowBytes)) * (high - low));
    guess = Math.min(high - 1, Math.max(low + 1, line));
    const bytes = bytesAt(guess);
    if (bytes <= limit) {
      low = guess;
      lowBytes = bytes;
    } else {
      high = guess;
      highBytes = bytes;
    }
  }
  if (high - low <= 1) return low;
  // The answer is most likely a few keys from the last line's guess: a bracket around it, widened in steps.
  let step = 4;
  if (guess === low) {
    for (let next = low + step; next < high && bytesAt(next) <= limit; next = low + step) {
      low = next;
      step *= 8;
    }
    high = Math.min(high, low + step);
  } else {
    for (let next = high - step; next > low && bytesAt(next) > limit; next = high - step) {
      high = next;
      step *= 8;
    }
    low = Math.max(low, high - step);
  }
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (bytesAt(mid) <= limit) low = mid;
    else high = mid;
  }
  return low;
}

function lineCapacity(
  s: ResolvedScenario,
  line: LineId,
  families: KeyFamily[],
  { fragmentationRatio, datasetScale }: LineSizing,
  usableAt: (ratio: number) => number | null,
  keyCeiling: number,
): LineCapacity {
  const unscaled = datasetForCounts(contextFor(s, line), families);
  const datasetOf = (keys: readonly number[]) => unscaled(keys) * datasetScale;
  const today = s.workloads.map((w) => w.keys);
  const usableBytes = usableAt(fragmentationRatio);
  // Even an empty node does not fit at this line's ratio: no keys do.
  const usable = usableBytes ?? -1;
  const workloads = s.workloads.map((w, i): WorkloadFit => {
    const bytesWith = (n: number) => datasetOf(today.map((k, j) => (j === i ? n : k)));
    if (bytesWith(0) > usable) return { name: w.name, keysToday: w.keys, maxKeys: null, atKeyLimit: false };
    const maxKeys = largestWithin(0, keyCeiling, usable, bytesWith);
    return { name: w.name, keysToday: w.keys, maxKeys, atKeyLimit: maxKeys === keyCeiling };
  });
  // The mix scaled together, in steps of 1/10,000 of today's counts.
  const STEPS = 10_000;
  const scaled = (step: number) => today.map((k) => Math.floor((k * step) / STEPS));
  const largestKeys = Math.max(...today);
  const maxStep = largestKeys > 0 ? Math.floor((keyCeiling / largestKeys) * STEPS) : 0;
  const fitsAtAll = usableBytes !== null && datasetOf(scaled(0)) <= usable;
  const mixStep = largestKeys > 0 && fitsAtAll ? largestWithin(0, maxStep, usable, (step) => datasetOf(scaled(step))) : null;
  const mix = mixStep === null ? today.map(() => 0) : scaled(mixStep);
  return {
    line,
    fragmentationRatio,
    usableBytes,
    datasetBytesToday: datasetOf(today),
    mixFactor: mixStep === null ? null : mixStep / STEPS,
    mixKeys: mix.reduce((a, b) => a + b, 0),
    mixDatasetBytes: datasetOf(mix),
    workloads,
  };
}

/**
 * How many keys fit on each compared line, in the nodes the deployment provisions today or, given
 * `nodeBytes`, in the deployment's shards of nodes with that much memory (its fragmentation,
 * headroom, reserve and empty process as they are). No workload is taken past `keyCeiling` keys
 * (the most a scenario may hold). Each line is sized as `sizing` has it (its deployment's ratio,
 * and what churn leaves of its dataset); the shards today are the baseline line's.
 */
export function capacity(
  s: ResolvedScenario,
  keyCeiling: number,
  nodeBytes: number | null = null,
  sizing: PlanSizing = sizingOfDeployment(s.deployment),
): CapacityAnswer {
  const baselineSizing = sizing(s.baseline);
  let shards: number;
  let usableAt: (ratio: number) => number | null;
  if (nodeBytes === null) {
    const [baselineToday] = datasetBytesOnLines(s, [s.baseline]);
    shards = estimateDeployment(
      baselineToday! * baselineSizing.datasetScale,
      deploymentOfLine(s.deployment, baselineSizing),
    ).shards;
    usableAt = (ratio) => usableDatasetBytes({ ...s.deployment, fragmentationRatio: ratio }, shards);
  } else {
    shards = s.deployment.shards;
    usableAt = (ratio) => {
      const room = roomForDataPerNode(nodeBytes, { ...s.deployment, fragmentationRatio: ratio });
      return room > 0 ? room * shards : null;
    };
  }
  const usable = usableAt(baselineSizing.fragmentationRatio);
  const families = workloadFamilies(s);
  return {
    nodeBytes,
    shards,
    nodesPerShard: 1 + s.deployment.replicas,
    usableBytes: usable,
    lines: usable === null ? [] : s.versions.map((line) => lineCapacity(s, line, families, sizing(line), usableAt, keyCeiling)),
  };
}

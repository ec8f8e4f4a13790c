import type { Allocator, DataType } from '../data/vocabulary';
import type { ResolvedScenario } from './input';
import { estimateDeployment, type DeploymentEstimate } from './deployment';
import { Itemiser, TOTALS_ONLY, type BreakdownItem, type Parts } from './itemiser';
import { buildContext, layoutContext, type BuildContext } from './allocator';
import type { EncodingThresholds } from './encodingThresholds';
import type { ResolvedWorkload } from './input';
import { encodingShares, mixBytes, sizesVary, workloadKeys, type EncodingShare, type KeyMix } from './keyMix';
import { trackedHashesBytes } from './hashFieldTtl';
import { keyspaceTableBytes } from './keyspace';
import { LINES, type LineId } from './lineRegistry';
import type { LineLayout } from './lines';
import { benchmarkRowFor, compareWithMeasurement, type MeasuredComparison } from './measuredPoints';
import { GIB } from './units';

export interface Change {
  bytes: number;
  /** Relative to the baseline; null when the baseline is zero. */
  percent: number | null;
}

export interface WorkloadEstimate {
  name: string;
  type: DataType;
  keys: number;
  bytesPerKey: number;
  bytes: number;
  /** 'measured-point' when the workload reproduces a published measurement on this line. */
  basis: 'measured-point' | 'extrapolated';
  measured: MeasuredComparison | null;
  /** Bytes per key against the same workload on the baseline line, in percent; null without a comparison. */
  percentVsBaseline: number | null;
  /**
   * The workload gives hash fields their own TTL, which this line does not have (Valkey before
   * 9.0, Redis before 7.4): its bytes are those of the same hashes without field TTLs.
   */
  fieldTtlNotOnLine: boolean;
  /** The share of the workload's keys in each encoding on this line (one entry when every key is alike). */
  encodings: EncodingShare[];
}

export interface VersionEstimate {
  version: LineId;
  /** The allocator build priced on this line. */
  allocator: Allocator;
  datasetBytes: number;
  keys: number;
  /** Dataset bytes / keys: the average over all workloads. */
  bytesPerKey: number;
  keysPerGiB: number;
  changeVsBaseline: Change | null;
  workloads: WorkloadEstimate[];
  deployment: DeploymentEstimate;
}

export interface ScenarioEstimate {
  /** The scenario's allocator on every line, or null where each line has its usual build. */
  allocator: Allocator | null;
  cluster: boolean;
  baseline: LineId;
  target: LineId;
  versions: VersionEstimate[];
}

/** Keys that share a shape: how many, and what share of them has a TTL. */
export interface KeyFamily {
  name: string;
  keys: number;
  ttlFraction: number;
  /** Its kinds of key: one when its keys are alike, several (priced as their expectation) when sizes vary. */
  mix: KeyMix;
}

/** The keyspace and expires tables of one line, which all families share. */
export interface KeyspaceShare {
  keys: number;
  ttlKeys: number;
  /** Hashes with fields that have their own TTL, which the database tracks (Valkey 9.0+ in a table, Redis 7.4+ in ebuckets). */
  volatileKeys: number;
  /** Bytes of the keyspace table per key and of the expires table per key with a TTL. */
  mainBytesPerKey: number;
  expiresBytesPerTtlKey: number;
  /** Bytes of that tracking per tracked key (0 on lines without field TTLs). */
  volatileBytesPerKey: number;
}

/** How many keys the families hold, how many have a TTL or volatile hash fields: the same on every line. */
export interface KeyCounts {
  keys: number;
  ttlKeys: number;
  volatileKeys: number;
}

export function keyCounts(families: readonly KeyFamily[]): KeyCounts {
  let keys = 0;
  let ttlKeys = 0;
  let volatileKeys = 0;
  for (const f of families) {
    keys += f.keys;
    ttlKeys += f.keys * f.ttlFraction;
    volatileKeys += f.keys * f.mix.volatileShare;
  }
  return { keys, ttlKeys, volatileKeys };
}

export function keyspaceShare(ctx: BuildContext, { keys, ttlKeys, volatileKeys }: KeyCounts): KeyspaceShare {
  const tracked = ctx.layout.hashFieldExpiry ? volatileKeys : 0;
  return {
    keys,
    ttlKeys,
    volatileKeys: tracked,
    mainBytesPerKey: keys > 0 ? keyspaceTableBytes(ctx, 'keyspace', keys, TOTALS_ONLY) / keys : 0,
    expiresBytesPerTtlKey: ttlKeys > 0 ? keyspaceTableBytes(ctx, 'expires', ttlKeys, TOTALS_ONLY) / ttlKeys : 0,
    volatileBytesPerKey: tracked > 0 ? trackedHashesBytes(ctx, tracked, TOTALS_ONLY) / tracked : 0,
  };
}

/**
 * Per-key cost of a family on one line: its own keys (weighted by TTL share) plus its share of
 * the keyspace table (per key) and of the expires table (per key with a TTL).
 */
export function familyBytesPerKey(ctx: BuildContext, family: KeyFamily, share: KeyspaceShare, into: Parts): number {
  const f = family.ttlFraction;
  const tracked = share.volatileKeys > 0 ? family.mix.volatileShare : 0;
  const bytes = mixBytes(ctx, family.mix, f, into);
  if (into.itemising) {
    // The tables once more, itemised: only "why this number" asks for this.
    if (share.keys > 0) keyspaceTableBytes(ctx, 'keyspace', share.keys, into.weighted(1 / share.keys));
    if (share.ttlKeys > 0) keyspaceTableBytes(ctx, 'expires', share.ttlKeys, into.weighted(f / share.ttlKeys));
    if (tracked > 0) trackedHashesBytes(ctx, share.volatileKeys, into.weighted(tracked / share.volatileKeys));
  }
  return bytes + share.mainBytesPerKey + f * share.expiresBytesPerTtlKey + tracked * share.volatileBytesPerKey;
}

/** The key family of one workload: its keys' shape, or the mix of shapes its distributions give. */
export function workloadFamily(w: ResolvedWorkload, thresholds: EncodingThresholds, maxMixKeys?: number): KeyFamily {
  return { name: w.name, keys: w.keys, ttlFraction: w.ttlFraction, mix: workloadKeys(w, thresholds, maxMixKeys) };
}

/** The key families of a scenario's workloads, one per workload and in its order. */
export function workloadFamilies(s: ResolvedScenario): KeyFamily[] {
  return s.workloads.map((w) => workloadFamily(w, s.thresholds));
}

/** The allocator a line is priced with: the scenario's, or else the line's usual build. */
export function allocatorOn(s: ResolvedScenario, line: LineId): Allocator {
  return s.allocator ?? LINES.entry(line).release.usualAllocator;
}

export function contextFor(s: ResolvedScenario, line: LineId): BuildContext {
  return buildContext(line, allocatorOn(s, line), s.cluster);
}

/**
 * Computes once per distinct build, a layout with an allocator: lines that share both (Redis 7.2
 * and Valkey 7.2 on one allocator; 8.1 and 9.0 for a scenario without hash-field TTLs, see
 * WITHOUT_HASH_FIELD_TTLS) share the result.
 */
export function oncePerBuild<T>(s: ResolvedScenario, compute: (ctx: BuildContext) => T): (line: LineId) => T {
  const builds: Array<{ layout: LineLayout; allocator: Allocator; result: T }> = [];
  const fieldTtls = usesHashFieldTtls(s);
  return (line) => {
    const entry = LINES.entry(line);
    const layout = fieldTtls ? entry.layout : WITHOUT_HASH_FIELD_TTLS.get(entry.layout)!;
    const allocator = s.allocator ?? entry.release.usualAllocator;
    for (const known of builds) if (known.layout === layout && known.allocator === allocator) return known.result;
    const result = compute(layoutContext(layout, allocator, s.cluster));
    builds.push({ layout, allocator, result });
    return result;
  };
}

function usesHashFieldTtls(s: ResolvedScenario): boolean {
  return s.workloads.some((w) => w.type === 'hash' && w.fieldTtlFraction > 0);
}

/**
 * 9.0 lays keys out as 8.1 does and adds hash fields with their own TTL, which only hashes with
 * such fields pay for (their entries, and the table of keys that hold them). A scenario without
 * them costs the same on both, to the last bit: 9.0 prices it with 8.1's layout, and the two lines
 * share one build. Generally: a registered layout that differs from this one only in not having
 * hash-field TTLs, where there is one.
 */
function layoutWithoutHashFieldTtls(layout: LineLayout): LineLayout {
  const without: LineLayout = { ...layout, hashFieldExpiry: null };
  const alike = (other: LineLayout) => (Object.keys(without) as (keyof LineLayout)[]).every((k) => without[k] === other[k]);
  return LINES.entries.find((e) => alike(e.layout))?.layout ?? layout;
}

/** Each registered layout's, worked out once. */
const WITHOUT_HASH_FIELD_TTLS = new Map(LINES.entries.map(({ layout }) => [layout, layoutWithoutHashFieldTtls(layout)]));

/** "Why this number": the parts of one workload's bytes per key on one line. They add up to its estimate. */
export function workloadBreakdown(s: ResolvedScenario, line: LineId, workloadIndex: number): BreakdownItem[] {
  const families = workloadFamilies(s);
  const family = families[workloadIndex];
  if (!family) return [];
  const ctx = contextFor(s, line);
  const into = Itemiser.create();
  familyBytesPerKey(ctx, family, keyspaceShare(ctx, keyCounts(families)), into);
  return into.items();
}

export function change(value: number, baseline: number): Change {
  return { bytes: value - baseline, percent: percentChange(value, baseline) };
}

function percentChange(value: number, baseline: number): number | null {
  return baseline === 0 ? null : ((value - baseline) / baseline) * 100;
}

/** The numbers of one line: bytes per key of each family and the dataset they add up to. */
export interface LineCosts {
  keys: number;
  bytesPerKey: number[];
  datasetBytes: number;
  /** Each family's encodings on the line. */
  encodings: EncodingShare[][];
}

export function lineCosts(ctx: BuildContext, families: readonly KeyFamily[], counts: KeyCounts = keyCounts(families)): LineCosts {
  const share = keyspaceShare(ctx, counts);
  const bytesPerKey: number[] = new Array<number>(families.length);
  const encodings: EncodingShare[][] = new Array<EncodingShare[]>(families.length);
  let datasetBytes = 0;
  for (let i = 0; i < families.length; i++) {
    const family = families[i]!;
    const perKey = familyBytesPerKey(ctx, family, share, TOTALS_ONLY);
    bytesPerKey[i] = perKey;
    encodings[i] = encodingShares(ctx, family.mix, family.ttlFraction);
    datasetBytes += perKey * family.keys;
  }
  return { keys: share.keys, bytesPerKey, datasetBytes, encodings };
}

/** A line's costs as the estimate the app shows, compared with the baseline line's when given. */
function versionEstimate(s: ResolvedScenario, version: LineId, costs: LineCosts, baseline: LineCosts | null): VersionEstimate {
  const { keys, datasetBytes } = costs;
  const allocator = allocatorOn(s, version);
  const measuredPointContext = {
    version,
    allocator,
    cluster: s.cluster,
    totalKeys: keys,
    workloadCount: s.workloads.length,
  };
  const workloads = s.workloads.map((w, i): WorkloadEstimate => {
    const bytesPerKey = costs.bytesPerKey[i]!;
    // A published measurement had one key and value size: a workload whose sizes vary is not it.
    const candidate = benchmarkRowFor(w, measuredPointContext);
    const row = candidate && !sizesVary(w) ? candidate : null;
    return {
      name: w.name,
      type: w.type,
      keys: w.keys,
      bytesPerKey,
      bytes: bytesPerKey * w.keys,
      basis: row ? 'measured-point' : 'extrapolated',
      measured: row ? compareWithMeasurement(row, bytesPerKey) : null,
      percentVsBaseline: baseline && percentChange(bytesPerKey, baseline.bytesPerKey[i]!),
      fieldTtlNotOnLine: w.fieldTtlFraction > 0 && !LINES.entry(version).layout.hashFieldExpiry,
      encodings: costs.encodings[i]!,
    };
  });
  const bytesPerKey = keys > 0 ? datasetBytes / keys : 0;
  return {
    version,
    allocator,
    datasetBytes,
    keys,
    bytesPerKey,
    keysPerGiB: bytesPerKey > 0 ? GIB / bytesPerKey : 0,
    changeVsBaseline: baseline && change(datasetBytes, baseline.datasetBytes),
    workloads,
    deployment: estimateDeployment(datasetBytes, s.deployment),
  };
}

/** Estimates for one release line, without comparisons. */
export function estimateVersion(s: ResolvedScenario, version: LineId): VersionEstimate {
  return versionEstimate(s, version, lineCosts(contextFor(s, version), workloadFamilies(s)), null);
}

/** Each line's costs, computed once per distinct layout. */
function costsPerLine(s: ResolvedScenario, families: readonly KeyFamily[]): (line: LineId) => LineCosts {
  const counts = keyCounts(families);
  return oncePerBuild(s, (ctx) => lineCosts(ctx, families, counts));
}

/** Dataset bytes of the scenario on each line given, without the rest of the estimate. */
export function datasetBytesOnLines(s: ResolvedScenario, lines: readonly LineId[]): number[] {
  const costsOf = costsPerLine(s, workloadFamilies(s));
  return lines.map((line) => costsOf(line).datasetBytes);
}

/** Estimates every requested line and compares each with the baseline line. */
export function estimateScenario(s: ResolvedScenario): ScenarioEstimate {
  const families = workloadFamilies(s);
  const costsOf = costsPerLine(s, families);
  const baseline = costsOf(s.baseline);
  return {
    allocator: s.allocator,
    cluster: s.cluster,
    baseline: s.baseline,
    target: s.target,
    versions: s.versions.map((v) => versionEstimate(s, v, costsOf(v), baseline)),
  };
}

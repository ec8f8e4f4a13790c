import type { Allocator, DataType, VersionLine } from '../data/vocabulary';
import type { ModelLine } from './lines';
import type { ResolvedScenario } from '../scenario/schema';
import type { Allocation } from './allocation';
import type { CollectionContext } from './collectionKey';
import { estimateDeployment, type DeploymentEstimate } from './deployment';
import { keyspaceTables } from './keyspace';
import { benchmarkRowFor, compareWithMeasurement, type MeasuredComparison } from './measuredPoints';
import { GIB } from './units';
import { workloadKeyAllocations } from './workloadKey';

export interface BreakdownItem {
  component: string;
  bytesPerKey: number;
}

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
  breakdown: BreakdownItem[];
  /** 'measured-point' when the workload reproduces a published measurement on this line. */
  basis: 'measured-point' | 'extrapolated';
  measured: MeasuredComparison | null;
  changeVsBaseline: Change | null;
}

export interface VersionEstimate {
  version: ModelLine;
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
  allocator: Allocator;
  cluster: boolean;
  baseline: VersionLine;
  target: VersionLine;
  versions: VersionEstimate[];
}

/** Merges allocations by component, each weighted, into per-key breakdown items. */
function accumulate(into: Map<string, number>, allocations: readonly Allocation[], weight: number): void {
  if (weight === 0) return;
  for (const a of allocations) into.set(a.component, (into.get(a.component) ?? 0) + a.bytes * weight);
}

/** Keys that share a shape: how many, what share has a TTL, and what one key allocates. */
export interface KeyFamily {
  name: string;
  type: DataType;
  keys: number;
  ttlFraction: number;
  allocations: (hasTtl: boolean) => Allocation[];
}

export type FamilyEstimate = Omit<WorkloadEstimate, 'changeVsBaseline' | 'measured' | 'basis'>;

/**
 * Per-key cost of each family on one line: its own allocations (weighted by TTL share) plus its
 * share of the keyspace and expires tables, which depend on the key counts of all families.
 */
export function estimateFamilies(ctx: CollectionContext, families: readonly KeyFamily[]): FamilyEstimate[] {
  const keys = families.reduce((sum, f) => sum + f.keys, 0);
  const ttlKeys = families.reduce((sum, f) => sum + f.keys * f.ttlFraction, 0);
  const shares = keyspaceTables(ctx, keys, ttlKeys);
  return families.map((family) => {
    const parts = new Map<string, number>();
    const f = family.ttlFraction;
    accumulate(parts, family.allocations(false), 1 - f);
    accumulate(parts, family.allocations(true), f);
    accumulate(parts, shares.main, keys > 0 ? 1 / keys : 0);
    accumulate(parts, shares.expires, ttlKeys > 0 ? f / ttlKeys : 0);
    const breakdown = [...parts].map(([component, bytesPerKey]) => ({ component, bytesPerKey }));
    const bytesPerKey = breakdown.reduce((sum, b) => sum + b.bytesPerKey, 0);
    return { name: family.name, type: family.type, keys: family.keys, bytesPerKey, bytes: bytesPerKey * family.keys, breakdown };
  });
}

function change(value: number, baseline: number): Change {
  return { bytes: value - baseline, percent: baseline === 0 ? null : ((value - baseline) / baseline) * 100 };
}

/** Estimates for one release line, without comparisons. */
export function estimateVersion(s: ResolvedScenario, version: ModelLine): VersionEstimate {
  const ctx: CollectionContext = { line: version, allocator: s.allocator, cluster: s.cluster, thresholds: s.thresholds };
  const keys = s.workloads.reduce((sum, w) => sum + w.keys, 0);
  // Explicit fields, not a spread: this runs for every workload on every line.
  const families = s.workloads.map((w): KeyFamily => ({
    name: w.name,
    type: w.type,
    keys: w.keys,
    ttlFraction: w.ttlFraction,
    allocations: (hasTtl) => workloadKeyAllocations(ctx, w, hasTtl),
  }));
  const estimates = estimateFamilies(ctx, families);
  const workloads = s.workloads.map((w, i): WorkloadEstimate => {
    const est = estimates[i]!;
    const row = benchmarkRowFor(w, {
      version,
      allocator: s.allocator,
      cluster: s.cluster,
      totalKeys: keys,
      workloadCount: s.workloads.length,
    });
    return {
      ...est,
      basis: row ? 'measured-point' : 'extrapolated',
      measured: row ? compareWithMeasurement(row, est.bytesPerKey) : null,
      changeVsBaseline: null,
    };
  });
  const datasetBytes = workloads.reduce((sum, w) => sum + w.bytes, 0);
  const bytesPerKey = keys > 0 ? datasetBytes / keys : 0;
  return {
    version,
    datasetBytes,
    keys,
    bytesPerKey,
    keysPerGiB: bytesPerKey > 0 ? GIB / bytesPerKey : 0,
    changeVsBaseline: null,
    workloads,
    deployment: estimateDeployment(datasetBytes, s.deployment),
  };
}

/** Estimates every requested line and compares each with the baseline line. */
export function estimateScenario(s: ResolvedScenario): ScenarioEstimate {
  const lines = s.versions.includes(s.baseline) ? s.versions : [...s.versions, s.baseline];
  const all = lines.map((v) => estimateVersion(s, v));
  const base = all.find((e) => e.version === s.baseline)!;
  const versions = all.filter((e) => (s.versions as readonly ModelLine[]).includes(e.version));
  // The estimates were made by this call: filling in their comparisons in place keeps it pure.
  for (const e of versions) {
    e.changeVsBaseline = change(e.datasetBytes, base.datasetBytes);
    e.workloads.forEach((w, i) => (w.changeVsBaseline = change(w.bytesPerKey, base.workloads[i]!.bytesPerKey)));
  }
  return { allocator: s.allocator, cluster: s.cluster, baseline: s.baseline, target: s.target, versions };
}

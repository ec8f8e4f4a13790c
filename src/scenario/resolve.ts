import { emptyServer } from '../data/emptyServer';
import type { ValueKind } from '../data/vocabulary';
import { DEFAULT_THRESHOLDS } from '../model/encodingThresholds';
import type { ResolvedDeployment, ResolvedScenario, ResolvedWorkload } from '../model/input';
import { LINES } from '../model/lineRegistry';
import type { Scenario, Workload } from './schema';
import { fieldSpec, numericDefault } from './workloadFields';

/*
 * A validated scenario with every default filled in: what the model computes from. Apart from
 * schema.ts so that the page's first chunk goes without zod.
 */

export function resolveWorkload(w: Workload): ResolvedWorkload {
  return {
    name: w.name,
    keys: w.keys,
    keyBytes: w.keyBytes,
    type: w.type,
    valueBytes: w.valueBytes,
    valueKind: w.valueKind ?? (fieldSpec('valueKind')!.default as ValueKind),
    ttlFraction: w.ttlFraction,
    fields: w.fields,
    fieldBytes: w.fieldBytes,
    fieldTtlFraction: w.fieldTtlFraction ?? numericDefault('fieldTtlFraction'),
  };
}

export const DEFAULT_DEPLOYMENT: ResolvedDeployment = {
  shards: 1,
  replicas: 0,
  /** An assumption shown as such: jemalloc under a steady load; read yours from INFO memory. */
  fragmentationRatio: 1.1,
  /** Fork copy-on-write during snapshots and full syncs: up to every page written while the fork lives. */
  headroomPercent: 25,
  /**
   * None unless set: a provider's reserve (ElastiCache's reserved-memory-percent, 25 % in its
   * default parameter groups) is there to hold the fork's copies, so the larger of the two counts.
   */
  reservedPercent: 0,
  processBaselineBytes: emptyServer.usedMemoryBytes,
  instanceType: 'cache.r7g.large',
};

export function resolveScenario(s: Scenario): ResolvedScenario {
  return {
    name: s.name ?? '',
    workloads: s.workloads.map(resolveWorkload),
    allocator: s.allocator ?? null,
    versions: s.versions ? LINES.ids.filter((v) => s.versions!.includes(v)) : [...LINES.defaults.versions],
    baseline: s.baseline ?? LINES.defaults.baseline,
    target: s.target ?? LINES.defaults.target,
    cluster: s.deployment?.cluster ?? false,
    thresholds: { ...DEFAULT_THRESHOLDS, ...definedOnly(s.config ?? {}) },
    deployment: { ...DEFAULT_DEPLOYMENT, ...definedOnly({ ...s.deployment, cluster: undefined }) } as ResolvedDeployment,
  };
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

import { providerRules } from '../data/providerRules';
import { emptyServer } from '../data/emptyServer';
import {
  DEFAULT_THRESHOLDS,
  type ResolvedDeployment,
  type ResolvedScenario,
  type ResolvedWorkload,
  type WorkloadDistributions,
  type FieldValuePair,
  type FieldValuePairs,
  LINES,
} from '../model';
import type { Scenario, Workload } from './schema';
import {
  PLAN_FIELDS,
  sizeFigure,
  workloadFields,
  type ModelFields,
  type SizeDistribution,
  type SizeValue,
} from './workloadFields';

/*
 * A validated scenario with every default filled in: what the model computes from. Apart from
 * schema.ts so that the page's first chunk goes without zod.
 */

/**
 * The workload as the model reads it, field by field of the spec (ModelFields, which the
 * compiler holds to the model's ResolvedWorkload): a size that may vary as its one figure, with its
 * distribution apart; any other field as given, or its default. Every workload is built in the
 * spec's order, so all share one object shape.
 */
export function resolveWorkload(w: Workload): ResolvedWorkload {
  const given: Readonly<Record<string, unknown>> = w;
  const resolved: Record<string, unknown> = {};
  for (const field of workloadFields) {
    if (PLAN_FIELDS.has(field.key)) continue;
    const value = given[field.key];
    resolved[field.key] = field.varies ? sizeFigure(value as SizeValue) : (value ?? field.default);
  }
  resolved.distributions = distributionsOf(given);
  return resolved as ModelFields as ResolvedWorkload;
}

const asDistribution = (value: unknown): SizeDistribution | undefined =>
  typeof value === 'object' && value !== null ? (value as SizeDistribution) : undefined;

/**
 * The workload's distributions for the model, or undefined when every size is a number. The model
 * caches its work per distributions object: the same distribution objects (an edit keeps those it
 * did not touch) give the same object back.
 */
function distributionsOf(w: Readonly<Record<string, unknown>>): WorkloadDistributions | undefined {
  const made: Record<string, SizeDistribution | readonly FieldValuePair[] | undefined> = {};
  let first: object | undefined;
  for (const field of workloadFields) {
    if (!field.varies) continue;
    made[field.key] = asDistribution(w[field.key]);
    first ??= made[field.key];
  }
  // A hash's field-value pairs are mixed within each key, as the model takes them: in shares.
  const pairs = w.fieldValuePairs as FieldValuePairs | undefined;
  made.fieldValuePairs = pairs && sharesOf(pairs);
  first ??= made.fieldValuePairs;
  if (!first) return undefined;
  let known = resolvedDistributions.get(first);
  if (!known) resolvedDistributions.set(first, (known = []));
  const same = known.find((d) => Object.keys(made).every((key) => d[key as keyof WorkloadDistributions] === made[key]));
  if (same) return same;
  if (known.length > 8) known.shift();
  known.push(made);
  return made;
}

/** Distributions objects already handed to the model, by their first distribution. */
const resolvedDistributions = new WeakMap<object, WorkloadDistributions[]>();

/** A workload's field-value pairs as the model takes them: shares of 1, made once per pairs object. */
function sharesOf(pairs: FieldValuePairs): readonly FieldValuePair[] {
  let shares = pairShares.get(pairs);
  if (!shares) {
    const total = pairs.buckets.reduce((sum, b) => sum + b.weight, 0);
    shares = pairs.buckets.map((b) => ({ field: b.field, value: b.value, weight: b.weight / total }));
    pairShares.set(pairs, shares);
  }
  return shares;
}

const pairShares = new WeakMap<FieldValuePairs, readonly FieldValuePair[]>();

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
    deployment: {
      ...DEFAULT_DEPLOYMENT,
      ...ruleFigures(s.deployment?.providerRule),
      // activedefrag is the RSS-under-churn model's (resolveChurn.ts), not a sizing figure.
      ...definedOnly({ ...s.deployment, cluster: undefined, providerRule: undefined, activedefrag: undefined }),
    } as ResolvedDeployment,
  };
}

/** The reserve and headroom a provider's rule sets: the deployment's own figures, where given, are the same (schema.ts). */
function ruleFigures(id: string | undefined): Partial<ResolvedDeployment> {
  const rule = providerRules.rules.find((r) => r.id === id);
  return rule ? { reservedPercent: rule.reservedPercent, headroomPercent: rule.headroomPercent } : {};
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

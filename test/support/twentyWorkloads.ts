import type { ResolvedWorkload, WorkloadDistributions } from '../../src/model/input';
import type { Scenario } from '../../src/scenario/schema';
import type { OneSizeWorkload } from '../../src/scenario/workloadFields';

/** Twenty key families of every type: the scenario the bench and the profile time edits on, and the browser tests' many-workload page. */
const TWENTY_FAMILIES = Array.from({ length: 20 }, (_, i): OneSizeWorkload => ({
  name: `family-${i}`,
  keys: 10_000 * (i + 1),
  keyBytes: 10 + i,
  type: (['string', 'hash', 'set', 'zset', 'list'] as const)[i % 5]!,
  valueBytes: 8 * (i + 1),
  ttlFraction: (i % 5) / 4,
  ...(i % 5 !== 0 && { fields: 4 + i }),
  ...(i % 5 === 1 && { fieldBytes: 8 }),
}));

export const TWENTY_WORKLOADS: Scenario = { schema: 1, workloads: TWENTY_FAMILIES };

/**
 * The same twenty families with their sizes spread as real data has them: every value size
 * (string values, collection elements) and every collection's element count a distribution of
 * many bins, every third family's key names too. Collections then vary in two sizes at once,
 * the most key shapes the model prices a family as (keyMix.ts MAX_MIX_KEYS). They are laid onto
 * the resolved workloads, so that the bench times the model alone.
 */
export const TWENTY_WORKLOADS_DISTRIBUTIONS: WorkloadDistributions[] = TWENTY_FAMILIES.map((w, i) => ({
  valueBytes:
    w.valueKind === 'int'
      ? undefined
      : i % 2 === 0
        ? { kind: 'range', shape: 'lognormal', min: 1, max: 40 * w.valueBytes }
        : { kind: 'percentiles', p50: w.valueBytes, p90: 4 * w.valueBytes, p99: 10 * w.valueBytes, max: 20 * w.valueBytes },
  ...(w.fields !== undefined && { fields: { kind: 'range', shape: 'uniform', min: 1, max: 4 * w.fields } }),
  ...(i % 3 === 0 && { keyBytes: { kind: 'range', shape: 'normal', min: w.keyBytes, max: 3 * w.keyBytes } }),
}));

/** A resolved scenario of the twenty families with those distributions. */
export function withTwentyDistributions<S extends { workloads: ResolvedWorkload[] }>(resolved: S): S {
  return {
    ...resolved,
    workloads: resolved.workloads.map((w, i) => ({ ...w, distributions: TWENTY_WORKLOADS_DISTRIBUTIONS[i] })),
  };
}

import type { Scenario, Workload } from '../../src/scenario/schema';

/** Twenty key families of every type: the scenario the bench and the profile time edits on, and the browser tests' many-workload page. */
export const TWENTY_WORKLOADS: Scenario = {
  schema: 1,
  workloads: Array.from({ length: 20 }, (_, i): Workload => ({
    name: `family-${i}`,
    keys: 10_000 * (i + 1),
    keyBytes: 10 + i,
    type: (['string', 'hash', 'set', 'zset', 'list'] as const)[i % 5]!,
    valueBytes: 8 * (i + 1),
    ttlFraction: (i % 5) / 4,
    ...(i % 5 !== 0 && { fields: 4 + i }),
    ...(i % 5 === 1 && { fieldBytes: 8 }),
  })),
};

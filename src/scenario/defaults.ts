import type { Scenario, Workload } from './schema';

/** The benchmark profile: a newcomer sees numbers they can check against Percona's table. */
export const DEFAULT_WORKLOAD: Workload = {
  name: 'sessions',
  keys: 632_000,
  keyBytes: 16,
  type: 'string',
  valueBytes: 16,
  ttlFraction: 0,
};

export const DEFAULT_SCENARIO: Scenario = {
  schema: 1,
  workloads: [DEFAULT_WORKLOAD],
};

import type { WorkloadGrowth } from '../model/plan';
import type { Scenario, Workload } from './schema';

/**
 * How a workload grows: its own growth, else the scenario's (the rate set once for all), else
 * none. Everything that projects or rewrites growth reads it here, so the override rule is one.
 */
export function growthOfWorkload(s: Pick<Scenario, 'growth'>, w: Workload): WorkloadGrowth | undefined {
  return w.growth ?? s.growth;
}

/** Each workload's growth, in the scenario's order. */
export function workloadGrowths(s: Pick<Scenario, 'workloads' | 'growth'>): Array<WorkloadGrowth | undefined> {
  return s.workloads.map((w) => growthOfWorkload(s, w));
}

import type { VersionLine } from '../../src/data/vocabulary';
import { estimateScenario } from '../../src/model';
import { resolveScenario, type Scenario, type Workload } from '../../src/scenario/schema';

export const BENCHMARK_WORKLOAD: Workload = {
  name: 'benchmark',
  keys: 632_120,
  keyBytes: 16,
  type: 'string',
  valueBytes: 16,
  ttlFraction: 0,
};

/** Bytes per key of one workload on each line, for the rest of the scenario as given. */
export function bytesPerKey(workload: Partial<Workload>, extra: Partial<Scenario> = {}): Record<VersionLine, number> {
  const scenario = resolveScenario({ schema: 1, workloads: [{ ...BENCHMARK_WORKLOAD, ...workload }], ...extra });
  const estimate = estimateScenario(scenario);
  return Object.fromEntries(estimate.versions.map((v) => [v.version, v.workloads[0]!.bytesPerKey])) as Record<
    VersionLine,
    number
  >;
}

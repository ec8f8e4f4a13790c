import type { LineId } from '../../src/model/lineRegistry';
import { estimateScenario } from '../../src/model';
import type { Scenario, Workload } from '../../src/scenario/schema';
import { resolveScenario } from '../../src/scenario/resolve';

/** The five Valkey lines, which the tables below give numbers for (a test checks them against the registry). */
export const VALKEY_LINES = ['7.2', '8.0', '8.1', '9.0', '9.1'] as const satisfies readonly LineId[];
export type ValkeyLine = (typeof VALKEY_LINES)[number];

export const BENCHMARK_WORKLOAD: Workload = {
  name: 'benchmark',
  keys: 632_120,
  keyBytes: 16,
  type: 'string',
  valueBytes: 16,
  ttlFraction: 0,
};

/** Bytes per key of one workload on each line, for the rest of the scenario as given. */
export function bytesPerKey(workload: Partial<Workload>, extra: Partial<Scenario> = {}): Record<ValkeyLine, number> {
  const scenario = resolveScenario({ schema: 1, workloads: [{ ...BENCHMARK_WORKLOAD, ...workload }], ...extra });
  const estimate = estimateScenario(scenario);
  return Object.fromEntries(estimate.versions.map((v) => [v.version, v.workloads[0]!.bytesPerKey])) as Record<ValkeyLine, number>;
}

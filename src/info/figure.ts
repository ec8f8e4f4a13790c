import { estimateVersion, type LineId } from '../model';
import type { Scenario } from '../scenario/schema';
import { resolveScenario } from '../scenario/resolve';

/** One server's figure on one line: what the INFO panel, the loaded scenario and the sampler all show. */
export interface LineFigure {
  line: LineId;
  /** The model's bytes for the keys (used_memory they add to an empty server). */
  keysBytes: number;
  /** Per node: the keys' share plus the scenario's process baseline, as INFO's used_memory would read. */
  usedMemoryPerNodeBytes: number;
  /** Per node: used_memory times the scenario's fragmentation ratio. */
  rssPerNodeBytes: number;
  /** The keys' bytes of each workload, by name. */
  workloads: Array<{ name: string; bytes: number }>;
}

/**
 * The figures of a server's scenario on the given lines. Every view of a server goes through
 * here with the scenario it hands to the calculator, so that they cannot disagree.
 */
export function scenarioFigures(scenario: Scenario, lines: readonly LineId[]): LineFigure[] {
  const resolved = resolveScenario(scenario);
  return lines.map((line) => {
    const estimate = estimateVersion(resolved, line);
    return {
      line,
      keysBytes: estimate.datasetBytes,
      usedMemoryPerNodeBytes: estimate.deployment.usedMemoryPerNodeBytes,
      rssPerNodeBytes: estimate.deployment.rssPerNodeBytes,
      workloads: estimate.workloads.map((w) => ({ name: w.name, bytes: w.bytes })),
    };
  });
}

import type { ScenarioEstimate } from '../model';

export interface VersionBar {
  version: string;
  bytesPerKey: number;
  measuredBytesPerKey: number | null;
  isBaseline: boolean;
}

/** One bar per compared version: the model's bytes per key, and Percona's where measured. */
export function versionBars(estimate: ScenarioEstimate): VersionBar[] {
  return estimate.versions.map((v) => ({
    version: v.version,
    bytesPerKey: v.bytesPerKey,
    measuredBytesPerKey: v.workloads.length === 1 ? (v.workloads[0]!.measured?.measuredBytesPerKey ?? null) : null,
    isBaseline: v.version === estimate.baseline,
  }));
}

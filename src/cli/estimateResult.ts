import { workloadBreakdown, type ScenarioEstimate } from '../model';
import type { ResolvedScenario } from '../scenario/schema';

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The CLI's JSON contract (DESIGN.md): bytes as integers, bytes per key to 0.01. */
export function toCliResult(scenario: ResolvedScenario, estimate: ScenarioEstimate) {
  return {
    schema: 1 as const,
    allocator: estimate.allocator,
    cluster: estimate.cluster,
    baseline: estimate.baseline,
    target: estimate.target,
    versions: estimate.versions.map((v) => ({
      version: v.version,
      datasetBytes: Math.round(v.datasetBytes),
      bytesPerKey: round2(v.bytesPerKey),
      changeVsBaseline: v.changeVsBaseline && {
        bytes: Math.round(v.changeVsBaseline.bytes),
        percent: v.changeVsBaseline.percent === null ? null : round2(v.changeVsBaseline.percent),
      },
      workloads: v.workloads.map((w, i) => ({
        name: w.name,
        type: w.type,
        keys: w.keys,
        bytesPerKey: round2(w.bytesPerKey),
        bytes: Math.round(w.bytes),
        basis: w.basis,
        ...(w.fieldTtlNotOnLine && { note: 'hash field TTLs do not exist before 9.0: counted without them' }),
        ...(w.measured && {
          measured: {
            release: w.measured.release,
            bytesPerKey: w.measured.measuredBytesPerKey,
            residualBytesPerKey: round2(w.measured.residualBytesPerKey),
            explanation: w.measured.explanation,
          },
        }),
        breakdown: workloadBreakdown(scenario, v.version, i).map((b) => ({
          component: b.component,
          bytesPerKey: round2(b.bytesPerKey),
        })),
      })),
    })),
  };
}
export type CliResult = ReturnType<typeof toCliResult>;

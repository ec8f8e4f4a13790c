import { providerRules } from '../data/providerRules';
import { workloadBreakdown, type DeploymentEstimate, type ScenarioEstimate, type ResolvedScenario } from '../model';

const round2 = (x: number) => Math.round(x * 100) / 100;
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** Nodes, shards and memory per node for one line: reported beside the dataset, never folded into it. */
function deploymentPlan(d: DeploymentEstimate) {
  return {
    instanceType: d.instance.id,
    instanceBytes: Math.round(d.instanceBytes),
    shards: d.shards,
    nodes: d.nodes,
    usedMemoryPerNodeBytes: Math.round(d.usedMemoryPerNodeBytes),
    /** RSS / used_memory the nodes are sized with: the deployment's, or the one modelled from churn. */
    fragmentationRatio: Math.round(d.fragmentationRatio * 1000) / 1000,
    rssPerNodeBytes: Math.round(d.rssPerNodeBytes),
    requiredPerNodeBytes: Math.round(d.requiredPerNodeBytes),
    requiredTotalBytes: Math.round(d.requiredTotalBytes),
    provisionedTotalBytes: Math.round(d.provisionedTotalBytes),
    fits: d.fits,
  };
}

/** The CLI's JSON contract (DESIGN.md): bytes as integers, bytes per key to 0.01. */
export function toCliResult(scenario: ResolvedScenario, estimate: ScenarioEstimate, providerRule?: string) {
  const rule = providerRules.rules.find((r) => r.id === providerRule);
  const allocators = new Set(estimate.versions.map((v) => v.allocator));
  return {
    schema: 1 as const,
    /** The allocator of every line; null where lines differ (each line's usual build), as each version says. */
    allocator: estimate.allocator ?? (allocators.size === 1 ? estimate.versions[0]!.allocator : null),
    cluster: estimate.cluster,
    /** The plan needs more than one shard while cluster mode is off: without it there is one shard only. */
    clusterModeNeeded: !estimate.cluster && estimate.versions.some((v) => v.deployment.shards > 1),
    baseline: estimate.baseline,
    target: estimate.target,
    /** The deployment settings each line's plan is made with (the scenario's, or the defaults). */
    deploymentAssumptions: scenario.deployment,
    /** The provider's rule the reserve and headroom come from (data/provider-rules.json), with its page; null for your own figures. */
    providerRule: rule
      ? { id: rule.id, provider: rule.provider, setting: rule.setting, quote: rule.quote, source: rule.source }
      : null,
    versions: estimate.versions.map((v) => ({
      version: v.version,
      allocator: v.allocator,
      datasetBytes: Math.round(v.datasetBytes),
      bytesPerKey: round2(v.bytesPerKey),
      deployment: deploymentPlan(v.deployment),
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
        /** The share of the workload's keys in each encoding (one entry, share 1, when every key is alike). */
        encodings: w.encodings.map((e) => ({ encoding: e.encoding, share: round4(e.share) })),
        ...(w.fieldTtlNotOnLine && {
          note: 'hash field TTLs are not counted on this line (none before 9.0; Redis 8 keeps them in structures the model does not price): counted without them',
        }),
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

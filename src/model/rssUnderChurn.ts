/**
 * RSS per node from the slab model (fragmentation.ts) for a scenario of string workloads with
 * churn, on each line: the fragmentation it implies, the size classes that leave the most empty
 * space, and the deployment sized with it (unless the user typed a ratio, which wins).
 */
import { estimateDeployment, sizingOfDeployment, type DeploymentEstimate, type PlanSizing } from './deployment';
import { distributionBins, type Bin } from './distribution';
import { contextFor, estimateScenario, keyCounts, keyspaceShare, workloadFamilies, type ScenarioEstimate } from './estimate';
import {
  NO_CHURN,
  residentWithActiveDefrag,
  smallSlabWasteBytes,
  stringChurnResidency,
  type ChurnResidency,
  type ClassResidency,
  type StringChurn,
  type StringFamily,
} from './fragmentation';
import type { ResolvedScenario, ResolvedWorkload } from './input';
import type { LineId } from './lineRegistry';
import { hasSlabModel } from './slabs';

/** Classes "why this number" names: the few that leave the most empty space. */
const NAMED_CLASSES = 3;

export interface LineRss {
  line: LineId;
  /** Why the line has no modelled RSS: glibc malloc (no slab model) or a workload that is not strings. */
  notModelled: 'allocator' | 'collections' | null;
  usedMemoryPerNodeBytes: number;
  rssPerNodeBytes: number;
  /** rssPerNode / usedMemoryPerNode. */
  impliedRatio: number;
  /** The keys the churn leaves, freshly laid out (a restart, a full sync, or activedefrag done). */
  freshRssPerNodeBytes: number;
  /** The classes with the most resident bytes no live key uses. */
  emptiestClasses: NamedClass[];
  /** The ratio the deployment below uses, and whether the user typed it. */
  ratioUsed: number;
  ratioSource: 'modelled' | 'typed';
  deployment: DeploymentEstimate;
  /** The deployment's dataset (the keys as the churn leaves them) per byte of the estimate's (the keys as loaded). */
  datasetScale: number;
  /** Nodes when the layout is as fresh (activedefrag, a restart): fewer than deployment.nodes when that frees nodes. */
  nodesWhenFresh: number;
  /**
   * Whether activedefrag can run on the line's build: jemalloc bundled with the server (its
   * defrag hint); Debian's system jemalloc and glibc malloc refuse the setting.
   */
  activedefragAvailable: boolean;
  /** Nodes when the new keys keep the loaded value sizes; null when no churn brings other sizes. */
  nodesWithLoadedSizes: number | null;
  /**
   * activedefrag as the scenario sets it on this line: 'off' (not asked for), 'on' (the RSS above
   * is what it leaves: residentWithActiveDefrag), 'unavailable' (asked for, but the build refuses
   * it: the RSS is as without it).
   */
  activedefrag: 'off' | 'on' | 'unavailable';
  /** RSS per node as the churn leaves it without activedefrag (the same as rssPerNodeBytes unless it is on). */
  rssWithoutDefragPerNodeBytes: number;
}

/** A class "why this number" names, with what the page and the command show of it. */
export interface NamedClass extends ClassResidency {
  /** Its empty bytes on each node (the dataset's, spread over the shards). */
  emptyBytesPerNode: number;
  /** The share of its resident bytes live keys use: how full its slabs are. */
  occupancy: number;
}

/** The classes worth naming: most empty space first, each with at least a hundredth of all of it. */
function emptiest(classes: readonly ClassResidency[], shards: number): NamedClass[] {
  const total = classes.reduce((n, c) => n + Math.max(0, c.emptyBytes), 0);
  return classes
    .filter((c) => c.emptyBytes > 0 && c.emptyBytes >= total / 100)
    .slice(0, NAMED_CLASSES)
    .map((c) => ({ ...c, emptyBytesPerNode: c.emptyBytes / shards, occupancy: c.usedBytes / c.residentBytes }));
}

/** A workload's churn by its index in the scenario. */
export type ScenarioChurn = ReadonlyMap<number, StringChurn>;

function bins(w: ResolvedWorkload, field: 'keyBytes' | 'valueBytes'): Bin[] {
  const d = w.distributions?.[field];
  return d ? distributionBins(d) : [{ value: w[field], weight: 1 }];
}

/** One string family per key length of the workload. */
function stringFamilies(w: ResolvedWorkload): StringFamily[] {
  const valueBins = bins(w, 'valueBytes');
  return bins(w, 'keyBytes').map((k) => ({
    keys: w.keys * k.weight,
    keyBytes: k.value,
    valueBins,
    valueKind: w.valueKind,
    ttlFraction: w.ttlFraction,
  }));
}

/**
 * Each line's modelled RSS for the scenario's string workloads and their churn (by workload index;
 * a workload without an entry does not churn). `typedRatio`: the deployment's fragmentation ratio
 * was typed by the user, and sizes the nodes in place of the model's.
 */
export function rssUnderChurn(s: ResolvedScenario, churn: ScenarioChurn, typedRatio: boolean, activedefrag = false): LineRss[] {
  const estimate = estimateScenario(s);
  const counts = keyCounts(workloadFamilies(s));
  const strings = s.workloads.every((w) => w.type === 'string');
  return estimate.versions.map((v) => {
    const d = s.deployment;
    const usedPerNode = v.deployment.usedMemoryPerNodeBytes;
    const allocatorOk = hasSlabModel(v.allocator);
    if (!allocatorOk || !strings) {
      return {
        line: v.version,
        notModelled: allocatorOk ? 'collections' : 'allocator',
        usedMemoryPerNodeBytes: usedPerNode,
        rssPerNodeBytes: v.deployment.rssPerNodeBytes,
        impliedRatio: d.fragmentationRatio,
        freshRssPerNodeBytes: v.deployment.rssPerNodeBytes,
        emptiestClasses: [],
        ratioUsed: d.fragmentationRatio,
        ratioSource: 'typed',
        deployment: v.deployment,
        datasetScale: 1,
        nodesWhenFresh: v.deployment.nodes,
        activedefragAvailable: v.allocator === 'jemalloc-bundled',
        nodesWithLoadedSizes: null,
        activedefrag: !activedefrag ? 'off' : v.allocator === 'jemalloc-bundled' ? 'on' : 'unavailable',
        rssWithoutDefragPerNodeBytes: v.deployment.rssPerNodeBytes,
      };
    }
    const ctx = contextFor(s, v.version);
    const share = keyspaceShare(ctx, counts);
    const tableBytes = share.mainBytesPerKey * share.keys + share.expiresBytesPerTtlKey * share.ttlKeys;
    const residency = (churnOf: (i: number) => StringChurn, repacked = false) =>
      stringChurnResidency(
        ctx,
        s.workloads.flatMap((w, i) => stringFamilies(w).map((family) => ({ family, churn: churnOf(i) }))),
        tableBytes,
        repacked,
      );
    const churnOf = (i: number) => churn.get(i) ?? NO_CHURN;
    // The model's own used bytes of the loaded keys stand for the estimate's dataset: scale to it.
    const loaded = residency(() => NO_CHURN);
    const scale = loaded.usedBytes > 0 ? v.datasetBytes / loaded.usedBytes : 0;
    const churned = residency(churnOf);
    const repacked = residency(churnOf, true);
    // The nodes hold the keys as the churn leaves them: their used_memory, at the ratio of their slabs.
    const dataset = churned.usedBytes * scale;
    const perNode = (bytes: number, shards: number) => (bytes * scale) / shards + d.processBaselineBytes;
    const ratioOf = (r: { usedBytes: number; residentBytes: number }, shards: number) =>
      perNode(r.residentBytes, shards) / perNode(r.usedBytes, shards);
    // activedefrag works on the bundled jemalloc only (its defrag hint); elsewhere the plan does not count on it.
    const defrag = activedefrag && v.allocator === 'jemalloc-bundled';
    const churnedRssPerNode = (shards: number) =>
      defrag
        ? residentWithActiveDefrag({
            allocatedBytes: perNode(churned.usedBytes, shards),
            churnedResidentBytes: perNode(churned.residentBytes, shards),
            packedResidentBytes: perNode(repacked.residentBytes, shards),
            packedWasteBytes: (smallSlabWasteBytes(repacked) * scale) / shards,
          })
        : perNode(churned.residentBytes, shards);
    const churnedRatio = (shards: number) => churnedRssPerNode(shards) / perNode(churned.usedBytes, shards);
    const deploymentAt = (ratio: number, datasetBytes = dataset) =>
      estimateDeployment(datasetBytes, { ...d, fragmentationRatio: ratio });
    // The shards follow the ratio, and the ratio the shards (through the baseline): twice is enough.
    let deployment = typedRatio ? deploymentAt(d.fragmentationRatio) : deploymentAt(churnedRatio(d.shards));
    if (!typedRatio) deployment = deploymentAt(churnedRatio(deployment.shards));
    const shards = deployment.shards;
    const nodesWith = (r: ChurnResidency) => deploymentAt(ratioOf(r, shards), r.usedBytes * scale).nodes;
    const otherSizes = [...churn.values()].some((c) => c.replacedShare > 0 && c.newValueBins !== null);
    return {
      line: v.version,
      notModelled: null,
      usedMemoryPerNodeBytes: perNode(churned.usedBytes, shards),
      rssPerNodeBytes: churnedRssPerNode(shards),
      impliedRatio: churnedRatio(shards),
      freshRssPerNodeBytes: perNode(repacked.residentBytes, shards),
      emptiestClasses: emptiest(churned.classes, shards),
      ratioUsed: deployment.fragmentationRatio,
      ratioSource: typedRatio ? 'typed' : 'modelled',
      deployment,
      datasetScale: v.datasetBytes > 0 ? dataset / v.datasetBytes : 1,
      nodesWhenFresh: nodesWith(repacked),
      activedefragAvailable: v.allocator === 'jemalloc-bundled',
      nodesWithLoadedSizes: otherSizes ? nodesWith(residency((i) => ({ ...churnOf(i), newValueBins: null }))) : null,
      activedefrag: !activedefrag ? 'off' : defrag ? 'on' : 'unavailable',
      rssWithoutDefragPerNodeBytes: perNode(churned.residentBytes, shards),
    };
  });
}

/**
 * The estimate with each modelled line's deployment sized by its modelled RSS (or by the typed
 * ratio, as rssUnderChurn made it): the plan the page and the CLI show.
 */
export function withRssDeployments(estimate: ScenarioEstimate, lines: readonly LineRss[]): ScenarioEstimate {
  return {
    ...estimate,
    versions: estimate.versions.map((v) => {
      const rss = lines.find((l) => l.line === v.version);
      return rss && rss.notModelled === null ? { ...v, deployment: rss.deployment } : v;
    }),
  };
}

/** Each line's RSS for the plan: its compared lines, and how every line, the baseline too, is sized. */
export interface PlanRss {
  /** The compared lines (the scenario's versions), for the panel and the CLI's block. */
  lines: LineRss[];
  /** Each line's ratio and dataset as its deployment has them: for growth, capacity and node types. */
  sizing: PlanSizing;
}

/**
 * rssUnderChurn for the plan: the growth projection and the capacity size their shards for the
 * baseline line, which the compared lines need not include, so it is modelled with them.
 */
export function planRss(s: ResolvedScenario, churn: ScenarioChurn, typedRatio: boolean, activedefrag = false): PlanRss {
  const withBaseline = s.versions.includes(s.baseline) ? s : { ...s, versions: [...s.versions, s.baseline] };
  const all = rssUnderChurn(withBaseline, churn, typedRatio, activedefrag);
  const byLine = new Map(all.map((l) => [l.line, l]));
  const asDeployed = sizingOfDeployment(s.deployment);
  return {
    lines: all.filter((l) => s.versions.includes(l.line)),
    sizing: (line) => {
      const rss = byLine.get(line);
      return rss ? { fragmentationRatio: rss.ratioUsed, datasetScale: rss.datasetScale } : asDeployed(line);
    },
  };
}

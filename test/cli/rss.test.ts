import { describe, expect, it } from 'vitest';
import { runEstimate } from '../../src/cli/estimate';
import type { CliRss } from '../../src/cli/rssResult';
import type { CliResult } from '../../src/cli/estimateResult';

/** 300 M session strings, half of them deleted at random since the last restart. */
const churned = {
  schema: 1,
  workloads: [{ name: 'sessions', keys: 300_000_000, keyBytes: 16, type: 'string', valueBytes: 100, ttlFraction: 0 }],
  versions: ['9.1'],
  churn: [{ workload: 'sessions', deletedShare: 0.5 }],
};

const run = (args: string[], input: unknown) => runEstimate(args, () => JSON.stringify(input));

describe('npm run -s estimate with churn', () => {
  it('gives the modelled RSS per node, its fragmentation and the classes behind it, and sizes the nodes with it', () => {
    const out = run(['-'], churned);
    expect(out.code).toBe(0);
    const result = JSON.parse(out.stdout) as CliResult & { rss: CliRss };
    const [rss] = result.rss;
    expect(rss!.ratioSource).toBe('modelled');
    expect(rss!.impliedFragmentationRatio).toBeGreaterThan(1.8);
    expect(rss!.emptiestClasses[0]!.occupancy).toBeLessThan(0.6);
    const plan = result.versions[0]!.deployment;
    expect(plan.rssPerNodeBytes).toBe(rss!.rssPerNodeBytes);
    expect(plan.nodes).toBe(rss!.nodes);
  });

  it('keeps a typed ratio and says so', () => {
    const out = run(['--format', 'table', '-'], { ...churned, deployment: { fragmentationRatio: 1.2 } });
    expect(out.stdout).toContain('the plan uses your typed ratio 1.2');
    expect(out.stdout).toContain('fragmentation ratio 1.2,');
  });

  it('explains the number in the table: RSS, fragmentation, the emptiest class and what would free nodes', () => {
    const out = run(['--format', 'table', '-'], churned);
    expect(out.stdout).toMatch(/9\.1: RSS [\d.]+ GiB per node for used_memory [\d.]+ GiB: fragmentation 1\.[89]\d/);
    expect(out.stdout).toMatch(/why: \d+-byte class leaves [\d.]+ [MG]iB empty per node \(slabs 50 % full\)/);
    expect(out.stdout).toMatch(/advice: activedefrag yes \(or a restart\) would need \d+ node\(s\) instead of \d+/);
    expect(out.stdout).toContain('fragmentation ratio modelled per line from the churn');
  });
});

describe('one ratio for the whole plan with churn', () => {
  /** Three lines, growing 3 % a month, half the keys deleted: the modelled ratio (about 1.85) is far from 1.1. */
  const growing = {
    ...churned,
    versions: ['7.2', '8.0', '9.1'],
    workloads: [{ ...churned.workloads[0]!, growth: { kind: 'percentPerMonth', percentPerMonth: 3 } }],
  };

  interface Output {
    baseline: string;
    deploymentAssumptions: { processBaselineBytes: number };
    versions: Array<{
      version: string;
      deployment: {
        shards: number;
        nodes: number;
        fragmentationRatio: number;
        usedMemoryPerNodeBytes: number;
        requiredPerNodeBytes: number;
        instanceBytes: number;
      };
    }>;
    rss: CliRss;
    cost: { nodeTypes: { options: Array<{ inUse: boolean; nodes: Array<{ version: string; nodes: number }> }> } };
    growth: {
      shardsToday: number;
      lines: Array<{ version: string; fragmentationRatio: number; usableDatasetBytes: number; datasetBytesToday: number }>;
    };
    capacity: {
      shards: number;
      lines: Array<{ version: string; fragmentationRatio: number; usableDatasetBytes: number; datasetBytesToday: number }>;
    };
  }

  it("gives the deployment's ratio and nodes in the growth projection, the capacity and the node types", () => {
    const out = run(['--fit', '-'], growing);
    expect(out.code).toBe(0);
    const r = JSON.parse(out.stdout) as Output;
    const baseline = r.versions.find((v) => v.version === r.baseline)!.deployment;
    const empty = r.deploymentAssumptions.processBaselineBytes;
    const inUse = r.cost.nodeTypes.options.find((o) => o.inUse)!;
    // The shards sized today for the baseline are the deployment table's.
    expect(r.growth.shardsToday).toBe(baseline.shards);
    expect(r.capacity.shards).toBe(baseline.shards);
    for (const { version, deployment: d } of r.versions) {
      const rss = r.rss.find((l) => l.version === version)!;
      expect(rss.ratioSource).toBe('modelled');
      expect(rss.ratioUsed).toBeGreaterThan(1.8);
      // The node type in use needs the nodes the deployment table says.
      expect(inUse.nodes.find((n) => n.version === version)!.nodes).toBe(d.nodes);
      expect(d.fragmentationRatio).toBe(rss.ratioUsed);
      const growth = r.growth.lines.find((l) => l.version === version)!;
      const fit = r.capacity.lines.find((l) => l.version === version)!;
      expect(growth.fragmentationRatio).toBe(rss.ratioUsed);
      expect(fit.fragmentationRatio).toBe(rss.ratioUsed);
      // Both start from the keys the deployment holds: its used_memory per node less the empty process, on every shard.
      const deployed = (d.usedMemoryPerNodeBytes - empty) * d.shards;
      expect(Math.abs(growth.datasetBytesToday - deployed)).toBeLessThan(d.shards + 1);
      expect(fit.datasetBytesToday).toBe(growth.datasetBytesToday);
      // Their room is what fills a node at the deployment's ratio and headroom: required / used_memory per node.
      const requiredPerUsedByte = d.requiredPerNodeBytes / d.usedMemoryPerNodeBytes;
      for (const usable of [growth.usableDatasetBytes, fit.usableDatasetBytes]) {
        const requiredPerNode = (usable / baseline.shards + empty) * requiredPerUsedByte;
        expect(requiredPerNode / d.instanceBytes).toBeCloseTo(1, 6);
      }
    }
  });
});

describe('activedefrag in the scenario', () => {
  it('sizes the nodes with what activedefrag leaves on the bundled jemalloc, and reports it per line', () => {
    const out = run(['-'], { ...churned, deployment: { activedefrag: true } });
    expect(out.code).toBe(0);
    const result = JSON.parse(out.stdout) as CliResult & { rss: CliRss };
    const [rss] = result.rss;
    expect(rss!.activedefrag).toBe('on');
    expect(rss!.impliedFragmentationRatio).toBeLessThan(1.12);
    expect(rss!.rssWithoutDefragPerNodeBytes).toBeGreaterThan(1.7 * rss!.usedMemoryPerNodeBytes);
    expect(result.versions[0]!.deployment.rssPerNodeBytes).toBe(rss!.rssPerNodeBytes);
    const table = run(['--format', 'table', '-'], { ...churned, deployment: { activedefrag: true } });
    expect(table.stdout).toMatch(/activedefrag: on; .*RSS [\d.]+ GiB per node instead of [\d.]+ GiB/);
    // The emptiest classes are what a pass starts from: named so, as on the page.
    expect(table.stdout).toMatch(/why, without activedefrag: \d+-byte class leaves/);
  });

  it("names it unavailable on Debian's jemalloc, and keeps the figures as without it", () => {
    const system = { ...churned, allocator: 'jemalloc-system' };
    const without = JSON.parse(run(['-'], system).stdout) as { rss: CliRss };
    const out = run(['--format', 'table', '-'], { ...system, deployment: { activedefrag: true } });
    expect(out.stdout).toContain('activedefrag: set in the scenario, but this build refuses it');
    const asked = JSON.parse(run(['-'], { ...system, deployment: { activedefrag: true } }).stdout) as { rss: CliRss };
    expect(asked.rss[0]!.activedefrag).toBe('unavailable');
    expect(asked.rss[0]!.nodes).toBe(without.rss[0]!.nodes);
    expect(asked.rss[0]!.rssPerNodeBytes).toBe(without.rss[0]!.rssPerNodeBytes);
  });

  it('refuses anything but true or false, by name', () => {
    const out = run(['-'], { ...churned, deployment: { activedefrag: 'yes' } });
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('activedefrag is true or false');
  });
});

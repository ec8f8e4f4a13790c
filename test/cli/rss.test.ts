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

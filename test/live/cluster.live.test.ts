import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReconciliation } from '../../src/cli/sample';
import { runSample, type SampleOptions } from '../../src/cli/sample/run';
import { startCluster, type RunningCluster } from '../support/cluster';
import type { Command } from '../support/respPipe';
import { DEFAULT_SAMPLE_OPTIONS } from '../../src/cli/sample/options';

const TRUTH = [
  { pattern: 'session:{n}', type: 'string', keys: 40_000 },
  { pattern: 'user:{n}', type: 'hash', keys: 25_000 },
  { pattern: 'feed:{n}', type: 'list', keys: 15_000 },
] as const;

let cluster: RunningCluster;
beforeAll(async () => {
  cluster = await startCluster({ primaries: 3, replicasPerPrimary: 1, lifetimeMs: 300_000 });
  function* seed(): Generator<Command> {
    for (let i = 0; i < 40_000; i++) yield ['set', `session:${i}`, 's'.repeat(60)];
    for (let i = 0; i < 25_000; i++) yield ['hset', `user:${i}`, 'name', 'Alice', 'team', 'infra', 'city', 'Lyon'];
    for (let i = 0; i < 15_000; i++) yield ['rpush', `feed:${i}`, 'a'.repeat(30), 'b'.repeat(30), 'c'.repeat(30)];
  }
  await cluster.load(seed(), (c) => String(c[1]));
  await cluster.waitForReplicas();
}, 240_000);
afterAll(async () => {
  await cluster?.stop();
});

const options = (url: string, over: Partial<SampleOptions> = {}): SampleOptions => ({
  url,
  // one budget for the whole cluster, shared by the shards: a quarter of the keys, so that the
  // smallest family's 5 % is more than 3 standard errors
  ...DEFAULT_SAMPLE_OPTIONS,
  maxKeys: 20_000,
  timeoutMs: 120_000,
  connectTimeoutMs: 3000,
  ...over,
});

describe('a whole cluster, from any one node', () => {
  it('discovers the 3 primaries, samples each within one budget, and merges them into one cluster scenario', async () => {
    const entry = cluster.nodes[4]!; // a replica: discovery starts anywhere
    const report = await runSample(options(entry.url));
    expect(report.nodes).toHaveLength(3);
    expect(report.nodes.every((n) => n.role === 'master')).toBe(true);
    expect(report.dbsize).toBe(80_000);
    expect(report.sampled).toBeLessThanOrEqual(20_000);
    expect(report.scanComplete).toBe(false);
    for (const t of TRUTH) {
      const f = report.families.find((x) => x.pattern === t.pattern && x.type === t.type);
      console.log(`${t.pattern}: ${t.keys} loaded, ${Math.round(f?.estimatedKeys ?? 0)} estimated`);
      expect(f, t.pattern).toBeDefined();
      expect(Math.abs(f!.estimatedKeys - t.keys) / t.keys, t.pattern).toBeLessThan(0.05);
    }
    expect(report.scenario.deployment).toMatchObject({ cluster: true, shards: 3, replicas: 1 });
    // reconciled against the sum of the primaries' used_memory
    expect(report.memory.usedMemory).toBe(report.nodes.reduce((s, n) => s + n.usedMemory, 0));
    const r = report.reconciliation!;
    console.log(`cluster of 3 primaries (+3 replicas), ${report.dbsize} keys:\n${formatReconciliation(r)}`);
    expect(Math.abs(r.unexplainedPercent!)).toBeLessThan(10);
  }, 180_000);

  it('samples the replicas instead when asked', async () => {
    const report = await runSample(options(cluster.nodes[0]!.url, { replicas: true }));
    expect(report.nodes).toHaveLength(3);
    expect(report.nodes.every((n) => n.role === 'slave')).toBe(true);
    expect(report.dbsize).toBe(80_000);
    // Each family read in detail on the replica (READONLY), with its type, not as errors.
    for (const t of TRUTH) {
      const f = report.families.find((x) => x.pattern === t.pattern && x.type === t.type);
      expect(f, t.pattern).toBeDefined();
      expect(Math.abs(f!.estimatedKeys - t.keys) / t.keys, t.pattern).toBeLessThan(0.05);
    }
    expect(report.scenario.workloads.length).toBeGreaterThanOrEqual(TRUTH.length);
  }, 180_000);
});

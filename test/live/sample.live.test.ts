import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSample, type SampleOptions } from '../../src/cli/sample/run';
import { decodeLink } from '../../src/scenario/link';
import { scenarioSchema } from '../../src/scenario/schema';
import { connect, startRedisServer } from '../support/redisServer';
import { pipeCommands, type Command } from '../support/respPipe';
import { useSeededServer } from '../support/seededServer';
import { withLineChoice } from '../../src/scenario/linkCompat';

const TRUTH = [
  { pattern: 'session:{n}', type: 'string', keys: 1_000_000, keyBytes: 14, valueBytes: 100, elements: 1, ttl: 0 },
  { pattern: 'user:{n}', type: 'hash', keys: 100_000, keyBytes: 11, valueBytes: 5, elements: 4, ttl: 0 },
  { pattern: 'tags:{n}', type: 'set', keys: 60_000, keyBytes: 10, valueBytes: 8, elements: 5, ttl: 0.5 },
  { pattern: 'board:{n}', type: 'zset', keys: 40_000, keyBytes: 11, valueBytes: 6, elements: 5, ttl: 0 },
  { pattern: 'queue:{n}', type: 'list', keys: 40_000, keyBytes: 11, valueBytes: 20, elements: 5, ttl: 0 },
] as const;
const id = (i: number, width: number) => String(i).padStart(width, '0');

function* seed(): Generator<Command> {
  for (let i = 0; i < 1_000_000; i++) yield ['set', `session:${id(i, 6)}`, 's'.repeat(100)];
  for (let i = 0; i < 100_000; i++)
    yield ['hset', `user:${id(i, 6)}`, 'name', 'Alice', 'city', 'Paris', 'team', 'infra', 'role', 'admin'];
  for (let i = 0; i < 60_000; i++) {
    yield ['sadd', `tags:${id(i, 5)}`, 'tag-0001', 'tag-0002', 'tag-0003', 'tag-0004', 'tag-0005'];
    if (i % 2) yield ['expire', `tags:${id(i, 5)}`, 100_000];
  }
  for (let i = 0; i < 40_000; i++)
    yield ['zadd', `board:${id(i, 5)}`, 1, 'aaaaaa', 2, 'bbbbbb', 3, 'cccccc', 4, 'dddddd', 5, 'eeeeee'];
  for (let i = 0; i < 40_000; i++) yield ['rpush', `queue:${id(i, 5)}`, ...Array.from({ length: 5 }, () => 'q'.repeat(20))];
  // keys that are not UTF-8
  for (let i = 0; i < 3; i++) yield ['set', `bin:\xff\xfe${i}`, 'x'];
}

const base = (url: string): SampleOptions => ({
  url,
  maxKeys: 100_000,
  maxCommands: 1_000_000,
  timeoutMs: 220_000, // the suite runs servers side by side on a busy machine
  thisNodeOnly: false,
  replicas: false,
  appUrl: 'http://127.0.0.1:5173/',
  connectTimeoutMs: 3000,
});

const server = useSeededServer({ lifetimeMs: 480_000, setupMs: 120_000, seed });

describe('sampling a live server into a scenario', () => {
  it('finds every family and estimates counts and sizes within 5 % of the truth, with read-only commands', async () => {
    const probe = connect(server);
    const writesBefore = Number(/^total_commands_processed:(\d+)/m.exec(await probe.info('stats'))![1]);
    const dirtyBefore = Number(/^rdb_changes_since_last_save:(\d+)/m.exec(await probe.info('persistence'))![1]);
    // 150,000 of 1.24 M keys: the smallest family (40,000) is then 3.5 standard errors inside 5 %.
    const options = { ...base(server.url), maxKeys: 150_000 };
    const report = await runSample(options);
    expect(report.dbsize).toBe(1_240_003);
    expect(Math.abs(report.sampled - 150_000)).toBeLessThanOrEqual(1);
    expect(report.stoppedBy).toBe('maxKeys');
    expect(report.bigKeys).toEqual([]);
    for (const t of TRUTH) {
      const f = report.families.find((x) => x.pattern === t.pattern && x.type === t.type);
      expect(f, t.pattern).toBeDefined();
      expect(Math.abs(f!.estimatedKeys - t.keys) / t.keys, `${t.pattern} count`).toBeLessThan(0.05);
      expect(f!.interval[0]).toBeLessThan(t.keys * 1.06);
      expect(Math.abs(f!.avgKeyBytes - t.keyBytes)).toBeLessThan(0.05 * t.keyBytes);
      expect(Math.abs(f!.avgValueBytes - t.valueBytes)).toBeLessThan(0.05 * t.valueBytes);
      expect(f!.avgElements).toBe(t.elements);
      expect(Math.abs(f!.ttlFraction - t.ttl)).toBeLessThan(0.05);
      expect(f!.avgMemoryUsage).toBeGreaterThan(0);
    }
    // the scenario is valid, opens from the share URL, and the model has a figure per family
    expect(scenarioSchema.safeParse(report.scenario).success).toBe(true);
    expect(decodeLink(new URL(report.shareUrl).hash).state.scenario).toEqual(withLineChoice(report.scenario));
    expect(report.comparison.filter((c) => c.modelBytes !== null).length).toBeGreaterThanOrEqual(TRUTH.length);
    // nothing was written
    const dirtyAfter = Number(/^rdb_changes_since_last_save:(\d+)/m.exec(await probe.info('persistence'))![1]);
    expect(dirtyAfter).toBe(dirtyBefore);
    expect(Number(/^total_commands_processed:(\d+)/m.exec(await probe.info('stats'))![1])).toBeGreaterThan(writesBefore);
    probe.disconnect();
  }, 240_000);

  it('stays within its command budget on a large keyspace', async () => {
    const report = await runSample({ ...base(server.url), maxCommands: 5_000 });
    expect(report.commands).toBeLessThanOrEqual(5_000);
    expect(report.stoppedBy).toBe('maxCommands');
    expect(report.warnings.join(' ')).toMatch(/counts are estimates with 95 % intervals/);
  }, 60_000);

  it('counts exactly and reports non-UTF-8 keys when the scan covers a small keyspace', async () => {
    const small = await startRedisServer({ lifetimeMs: 60_000 });
    try {
      await pipeCommands(
        small.host,
        small.port,
        (function* (): Generator<Command> {
          for (let i = 0; i < 500; i++) yield ['set', `k:${i}`, 'v'];
          yield ['set', 'raw:\xff\xfe', 'x'];
        })(),
      );
      const report = await runSample(base(small.url));
      expect(report.scanComplete).toBe(true);
      expect(report.families.find((f) => f.pattern === 'k:{n}')!.estimatedKeys).toBe(500);
      expect(report.families.some((f) => f.pattern.includes('\\xff'))).toBe(true);
      expect(report.warnings.join(' ')).toMatch(/not UTF-8/);
    } finally {
      await small.stop();
    }
  }, 60_000);
});

describe('nodes of other kinds', () => {
  it('a cluster node alone, when asked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vrp-cluster-'));
    const node = await startRedisServer({
      lifetimeMs: 30_000,
      extraArgs: ['--cluster-enabled', 'yes', '--cluster-config-file', join(dir, 'nodes.conf')],
    });
    try {
      const admin = connect(node);
      await admin.call('cluster', 'addslotsrange', 0, 16383);
      for (let i = 0; i < 100 && !/cluster_state:ok/.test(String(await admin.call('cluster', 'info'))); i++)
        await new Promise((r) => setTimeout(r, 100));
      admin.disconnect();
      const report = await runSample({ ...base(node.url), thisNodeOnly: true }).catch((e: Error) => e);
      // a fresh node holds no keys: said so, no scenario
      expect(String(report)).toMatch(/holds no keys/);
      await pipeCommands(node.host, node.port, [['set', 'a', '1']]);
      const one = await runSample({ ...base(node.url), thisNodeOnly: true });
      expect(one.warnings.join(' ')).toMatch(/this node's slots only/);
      expect(one.scenario.deployment?.cluster).toBe(true);
    } finally {
      await node.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a replica is sampled with a note', async () => {
    const replica = await startRedisServer({ lifetimeMs: 30_000, extraArgs: ['--replicaof', server.host, String(server.port)] });
    const probe = connect(replica);
    try {
      for (let i = 0; i < 300 && !/master_link_status:up/.test(await probe.info('replication')); i++)
        await new Promise((r) => setTimeout(r, 200));
      const report = await runSample({ ...base(replica.url), maxKeys: 100, maxCommands: 2_000 });
      expect(report.warnings.join(' ')).toMatch(/a replica/);
    } finally {
      probe.disconnect();
      await replica.stop();
    }
  });
});

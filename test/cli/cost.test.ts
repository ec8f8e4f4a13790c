import { describe, expect, it } from 'vitest';
import { runEstimate } from '../../src/cli/estimate';

const sessions = { name: 'sessions', keys: 632000, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0 };
const run = (args: string[], scenario: unknown) => runEstimate(args, () => JSON.stringify(scenario));
const json = (scenario: unknown) => JSON.parse(run(['-'], scenario).stdout);

describe('the CLI cost block', () => {
  it('prices each line: 1 m7g.large node x $0.0816 x 730 h = $59.57 a month, $714.82 a year', () => {
    const { cost } = json({ schema: 1, workloads: [sessions], deployment: { instanceType: 'm7g.large' } });
    expect(cost).toMatchObject({
      currency: 'USD',
      hoursPerMonth: 730,
      region: 'us-east-1',
      pricePerNodeHour: 0.0816,
      priceOrigin: 'listed',
      discountPercent: 0,
    });
    expect(cost.lines[0]).toEqual({ version: '7.2', nodes: 1, perMonth: 59.57, perYear: 714.82 });
    expect(cost.saving).toEqual({ perMonth: 0, perYear: 0, percent: 0 });
    expect(cost.sources[0].url).toMatch(/^https:\/\//);
  });

  it('asks for a price it cannot source instead of inventing one', () => {
    const { cost } = json({ schema: 1, workloads: [sessions] });
    expect(cost.pricePerNodeHour).toBeNull();
    expect(cost.lines).toBeNull();
    expect(cost.note).toContain('no sourced price for cache.r7g.large in us-east-1: set cost.pricePerNodeHour');
  });

  it('takes the scenario price and discount: 2 shards x 2 nodes x $0.25 x 0.8 x 730 h = $584 a month', () => {
    const { cost } = json({
      schema: 1,
      workloads: [sessions],
      deployment: { shards: 2, replicas: 1 },
      cost: { pricePerNodeHour: 0.25, discountPercent: 20 },
    });
    expect(cost.priceOrigin).toBe('override');
    expect(cost.lines[0]).toEqual({ version: '7.2', nodes: 4, perMonth: 584, perYear: 7008 });
  });

  it('lists serverless rows with their sourced price per GB-hour', () => {
    const { cost } = json({ schema: 1, workloads: [sessions] });
    expect(cost.serverless.map((s: { offering: string; pricePerGBHour: number }) => [s.offering, s.pricePerGBHour])).toEqual([
      ['ElastiCache Serverless for Valkey', 0.084],
      ['ElastiCache Serverless for Redis OSS', 0.125],
    ]);
    // below the 100 MB minimum: 0.1 GB x 0.084 x 730 = $6.132
    expect(cost.serverless[0].lines[0].perMonth).toBe(6.13);
  });

  it('adds a growth block only when a workload grows, with the month each line needs another shard', () => {
    expect(json({ schema: 1, workloads: [sessions] }).growth).toBeUndefined();
    const { growth } = json({
      schema: 1,
      workloads: [{ ...sessions, keys: 10_000_000, growth: { kind: 'keysPerMonth', keysPerMonth: 10_000_000 } }],
    });
    expect(growth.months).toBe(24);
    expect(growth.lines).toHaveLength(5);
    for (const l of growth.lines) expect(l.monthNeedingAnotherShard).toBeGreaterThan(0);
  });

  it("reads the scenario's growth rate for every workload without its own: the same months as each carrying it", () => {
    const rate = { kind: 'keysPerMonth', keysPerMonth: 10_000_000 };
    const viaScenario = json({ schema: 1, workloads: [{ ...sessions, keys: 10_000_000 }], growth: rate }).growth;
    const viaWorkload = json({ schema: 1, workloads: [{ ...sessions, keys: 10_000_000, growth: rate }] }).growth;
    expect(viaScenario).toEqual(viaWorkload);
    expect(viaScenario.lines[0].monthNeedingAnotherShard).toBeGreaterThan(0);
  });

  it('--format table prints the money after the memory', () => {
    const out = run(['--format', 'table', '-'], {
      schema: 1,
      workloads: [sessions],
      deployment: { instanceType: 'm7g.large' },
      cost: { discountPercent: 10 },
    });
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('cost (m7g.large, us-east-1, 730 h/month)');
    expect(out.stdout).toContain('$0.0816/h per node (listed, 10 % discount)');
    // 1 x 0.0816 x 0.9 x 730 = $53.6112
    expect(out.stdout).toMatch(/7\.2\s+1 nodes\s+\$53\.61\/month\s+\$643\.33\/year/);
    expect(out.stdout).toContain('check them before any purchase');
  });
});

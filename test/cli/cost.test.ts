import { describe, expect, it } from 'vitest';
import { runEstimate } from '../../src/cli/estimate';
import { REDIS_TO_VALKEY_MOVE } from '../support/redisToValkeyMove';

const sessions = { name: 'sessions', keys: 632000, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0 };
const run = (args: string[], scenario: unknown) => runEstimate(args, () => JSON.stringify(scenario));
const json = (scenario: unknown) => JSON.parse(run(['-'], scenario).stdout);

describe('the CLI cost block', () => {
  it('prices each line: 1 m7g.large node x $0.0816 x 730 h = $59.57 a month, $714.82 a year', () => {
    const { cost } = json({ schema: 1, workloads: [sessions], deployment: { instanceType: 'm7g.large' } });
    expect(cost).toMatchObject({ currency: 'USD', hoursPerMonth: 730, platform: 'ec2', region: 'us-east-1', discountPercent: 0 });
    expect(cost.prices).toEqual([
      {
        engine: 'valkey',
        pricePerNodeHour: 0.0816,
        origin: 'listed',
        listedPricePerNodeHour: 0.0816,
        offering: 'EC2 on-demand, Linux',
      },
    ]);
    expect(cost.lines[0]).toEqual({
      version: '7.2',
      engine: 'valkey',
      nodes: 1,
      pricePerNodeHour: 0.0816,
      perMonth: 59.57,
      perYear: 714.82,
    });
    expect(cost.saving).toMatchObject({ perMonth: 0, perYear: 0, percent: 0 });
    expect(cost.sources[0].url).toMatch(/^https:\/\//);
  });

  it('asks for the price it cannot source, per engine, instead of inventing one', () => {
    const { cost } = json({
      schema: 1,
      workloads: [sessions],
      versions: ['redis-7.0', '9.1'],
      baseline: 'redis-7.0',
      deployment: { instanceType: 'cache.r7g.xlarge' },
      cost: { region: 'eu-west-1' },
    });
    expect(cost.prices.map((p: { pricePerNodeHour: number | null }) => p.pricePerNodeHour)).toEqual([null, null]);
    expect(cost.lines).toBeNull();
    expect(cost.note).toContain(
      'no sourced price for cache.r7g.xlarge in eu-west-1 for Redis OSS and Valkey: set cost.pricePerNodeHourRedisOss and cost.pricePerNodeHourValkey',
    );
  });

  it('takes the scenario price and discount: 2 shards x 2 nodes x $0.25 x 0.8 x 730 h = $584 a month', () => {
    const { cost } = json({
      schema: 1,
      workloads: [sessions],
      deployment: { shards: 2, replicas: 1, cluster: true },
      cost: { pricePerNodeHour: 0.25, discountPercent: 20 },
    });
    expect(cost.prices[0].origin).toBe('override');
    expect(cost.lines[0]).toMatchObject({ version: '7.2', nodes: 4, perMonth: 584, perYear: 7008 });
  });

  it('compares serverless with each line on its engine: Redis OSS for Redis lines, Valkey for Valkey lines', () => {
    const { cost } = json({ schema: 1, workloads: [sessions], versions: ['redis-7.0', '9.1'], baseline: 'redis-7.0' });
    expect(
      cost.serverless.lines.map((l: { offering: string; pricePerGBHour: number }) => [l.offering, l.pricePerGBHour]),
    ).toEqual([
      ['ElastiCache Serverless for Redis OSS', 0.125],
      ['ElastiCache Serverless for Valkey', 0.084],
    ]);
    // below the minimums: 1 GB x 0.125 x 730 = $91.25; 0.1 GB x 0.084 x 730 = $6.132
    expect(cost.serverless.lines.map((l: { perMonth: number }) => l.perMonth)).toEqual([91.25, 6.13]);
    expect(cost.serverless.note).toBe('ECPUs left out: set cost.requestsPerSecond (reads and writes) for them');
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
    expect(out.stdout).toContain('cost (ec2, m7g.large, us-east-1, 730 h/month)');
    expect(out.stdout).toContain('Valkey    $0.0816/h per node (listed, 10 % discount)');
    // 1 x 0.0816 x 0.9 x 730 = $53.6112
    expect(out.stdout).toMatch(/7\.2\s+1 nodes × \$0\.0734\/h\s+\$53\.61\/month\s+\$643\.33\/year/);
    expect(out.stdout).toContain('check them before any purchase');
  });
});

/** The example of CONTRIBUTING.md's "A move on ElastiCache, priced": a Redis 7.0 to Valkey 9.1 move on ElastiCache. */
describe('the CLI on a Redis 7.0 to Valkey 9.1 move on ElastiCache', () => {
  const move = REDIS_TO_VALKEY_MOVE;

  it('prices Redis 7.0 at $0.437/h and Valkey 9.1 at $0.3496/h per node, names the source and its read date', () => {
    const { cost } = json(move);
    expect(cost.platform).toBe('elasticache');
    expect(cost.lines.map((l: { version: string; pricePerNodeHour: number }) => [l.version, l.pricePerNodeHour])).toEqual([
      ['redis-7.0', 0.437],
      ['9.1', 0.3496],
    ]);
    expect(cost.repositorySources[0]).toMatchObject({
      repository: 'cloudwise-app/cloudcostwise',
      commit: '8495e2dedf6366ec3c462f7c8e7a9164e8b41185',
      readOn: '2026-10-02',
    });
  });

  it('compares ElastiCache node types only, the cheapest among them, as the page lists them', () => {
    const { cost } = json(move);
    const types = cost.nodeTypes;
    expect(types.platform).toBe('elasticache');
    expect(types.options.length).toBeGreaterThan(1);
    expect(types.options.every((o: { instanceType: string }) => o.instanceType.startsWith('cache.'))).toBe(true);
    const priced = types.options.map((o: { targetPerMonth: number }) => o.targetPerMonth);
    const cheapest = types.options.filter((o: { cheapest: boolean }) => o.cheapest);
    expect(cheapest).toHaveLength(1);
    expect(cheapest[0].targetPerMonth).toBe(Math.min(...priced));
    expect(types.options.find((o: { inUse: boolean }) => o.inUse).instanceType).toBe('cache.r7g.xlarge');
    const table = run(['--format', 'table', '-'], move).stdout;
    expect(table).toContain(
      `cheapest elasticache node type for 9.1 of ${types.options.length} that hold the plan: ${cheapest[0].instanceType}`,
    );
  });

  it('splits the saving into nodes and engine price, and they add up to it', () => {
    const { cost } = json(move);
    const { saving } = cost;
    expect(saving.byMemory.perMonth).toBeGreaterThan(0);
    expect(saving.byEnginePrice.perMonth).toBeGreaterThan(0);
    expect(saving.byMemory.perMonth + saving.byEnginePrice.perMonth).toBeCloseTo(saving.perMonth, 1);
  });

  it('the table says the same figures as the JSON', () => {
    const { cost } = json(move);
    const table = run(['--format', 'table', '-'], move).stdout;
    expect(table).toContain('Redis OSS $0.437/h per node (listed)');
    expect(table).toContain('Valkey    $0.3496/h per node (listed)');
    const money = (x: number) => `$${x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    for (const l of cost.lines) expect(table).toContain(`${money(l.perMonth)}/month`);
    expect(table).toContain(`${money(cost.saving.byMemory.perMonth)} by fewer nodes`);
    expect(table).toContain(`${money(cost.saving.byEnginePrice.perMonth)} by the engine's price`);
  });
});

import { describe, expect, it } from 'vitest';
import { estimateScenario } from '../../src/model';
import { estimateCost, hourlyCost, HOURS_PER_MONTH, nodeHourPrice, saving } from '../../src/model/cost';
import { GIB } from '../../src/model/units';
import type { Scenario } from '../../src/scenario/schema';
import { resolveScenario } from '../../src/scenario/resolve';
import { REDIS_TO_VALKEY_MOVE } from '../support/redisToValkeyMove';

const scenario = (extra: Partial<Scenario> = {}): Scenario => ({
  schema: 1,
  workloads: [{ name: 'sessions', keys: 632_000, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0 }],
  ...extra,
});
const estimateOf = (s: Scenario) => estimateScenario(resolveScenario(s));

describe('money per month and per year', () => {
  it('bills 730 hours a month', () => {
    expect(HOURS_PER_MONTH).toBe(730);
  });

  it('3 nodes at $0.0816: 3 x 0.0816 x 730 = $178.704 a month, x 12 = $2,144.448 a year', () => {
    const cost = hourlyCost(3, 0.0816, 0);
    expect(cost.perMonth).toBeCloseTo(178.704, 9);
    expect(cost.perYear).toBeCloseTo(2144.448, 9);
  });

  it('a 25 % committed discount: 178.704 x 0.75 = $134.028 a month', () => {
    expect(hourlyCost(3, 0.0816, 25).perMonth).toBeCloseTo(134.028, 9);
  });

  it('saving of 2 nodes against 3: 178.704 - 119.136 = $59.568 a month (33.33 %), $714.816 a year', () => {
    const s = saving(hourlyCost(3, 0.0816, 0), hourlyCost(2, 0.0816, 0));
    expect(s.perMonth).toBeCloseTo(59.568, 9);
    expect(s.perYear).toBeCloseTo(714.816, 9);
    expect(s.percent).toBeCloseTo(100 / 3, 9);
  });

  it('a saving against a free baseline has no percentage', () => {
    expect(saving({ perMonth: 0, perYear: 0 }, { perMonth: 0, perYear: 0 }).percent).toBeNull();
  });
});

describe('the price per node-hour, per engine', () => {
  it('an EC2 instance has one price whatever engine runs on it', () => {
    for (const engine of ['redis-oss', 'valkey'] as const)
      expect(nodeHourPrice('m7g.large', engine, {})).toMatchObject({ region: 'us-east-1', usdPerHour: 0.0816, origin: 'listed' });
  });

  it('ElastiCache prices the engines apart: cache.r7g.xlarge in us-east-1, Redis OSS $0.437, Valkey $0.3496 an hour', () => {
    expect(nodeHourPrice('cache.r7g.xlarge', 'redis-oss', {})).toMatchObject({ usdPerHour: 0.437, origin: 'listed' });
    expect(nodeHourPrice('cache.r7g.xlarge', 'valkey', {})).toMatchObject({ usdPerHour: 0.3496, origin: 'listed' });
    expect(nodeHourPrice('cache.r7g.xlarge', 'valkey', {}).listed?.source).toBe('elasticache-prices-us-east-1');
  });

  it('eu-west-1 prices cache.r7g.large only: Redis OSS $0.243, Valkey $0.1944; cache.r7g.xlarge has no price there', () => {
    expect(nodeHourPrice('cache.r7g.large', 'redis-oss', { region: 'eu-west-1' }).usdPerHour).toBe(0.243);
    expect(nodeHourPrice('cache.r7g.large', 'valkey', { region: 'eu-west-1' }).usdPerHour).toBe(0.1944);
    expect(nodeHourPrice('cache.r7g.xlarge', 'valkey', { region: 'eu-west-1' })).toMatchObject({
      usdPerHour: null,
      origin: 'missing',
      listed: null,
    });
  });

  it("takes the user's price over the listed one, per engine, and keeps the listed one beside it", () => {
    const settings = { pricePerNodeHour: 0.5, pricePerNodeHourValkey: 0.3 };
    expect(nodeHourPrice('cache.r7g.xlarge', 'valkey', settings)).toMatchObject({ usdPerHour: 0.3, origin: 'override' });
    const redis = nodeHourPrice('cache.r7g.xlarge', 'redis-oss', settings);
    expect(redis).toMatchObject({ usdPerHour: 0.5, origin: 'override' });
    expect(redis.listed?.usdPerHour).toBe(0.437);
  });

  it('has no listed price in a region the data does not cover, and invents none', () => {
    expect(nodeHourPrice('m7g.large', 'valkey', { region: 'eu-west-1' })).toMatchObject({ usdPerHour: null, origin: 'missing' });
  });
});

describe('cost per line of a scenario', () => {
  it('one m7g.large node per line: 1 x 0.0816 x 730 = $59.568 a month on every line, no saving', () => {
    const estimate = estimateOf(scenario({ deployment: { instanceType: 'm7g.large' } }));
    const cost = estimateCost(estimate, 'm7g.large', {});
    expect(cost.platform).toBe('ec2');
    expect(cost.lines!.map((l) => l.nodes)).toEqual([1, 1, 1, 1, 1]);
    for (const line of cost.lines!) expect(line.perMonth).toBeCloseTo(59.568, 9);
    expect(cost.saving).toMatchObject({ perMonth: 0, percent: 0 });
    expect(cost.sources.map((s) => s.id)).toContain('factualminds-ec2-on-demand-2026');
  });

  it('nodes follow the deployment: 2 shards x (1 + 1 replica) = 4 nodes at $0.25 = 4 x 0.25 x 730 = $730 a month', () => {
    const estimate = estimateOf(scenario({ deployment: { instanceType: 'cache.r7g.large', shards: 2, replicas: 1 } }));
    const cost = estimateCost(estimate, 'cache.r7g.large', { pricePerNodeHour: 0.25 });
    expect(cost.lines![0]).toMatchObject({ version: '7.2', nodes: 4 });
    expect(cost.lines![0]!.perMonth).toBeCloseTo(730, 9);
    expect(cost.lines![0]!.perYear).toBeCloseTo(8760, 9);
  });

  it('without a price for one engine the node lines are absent, not zero', () => {
    const estimate = estimateOf(scenario({ versions: ['redis-7.0', '9.1'], baseline: 'redis-7.0' }));
    const cost = estimateCost(estimate, 'cache.r7g.xlarge', { region: 'eu-west-1', pricePerNodeHourValkey: 0.3 });
    expect(cost.lines).toBeNull();
    expect(cost.saving).toBeNull();
    expect(cost.prices.map((p) => [p.engine, p.origin])).toEqual([
      ['redis-oss', 'missing'],
      ['valkey', 'override'],
    ]);
  });

  it('a discount applies to every price: 20 % off $59.568 is $47.6544', () => {
    const estimate = estimateOf(scenario({ deployment: { instanceType: 'm7g.large' } }));
    expect(estimateCost(estimate, 'm7g.large', { discountPercent: 20 }).lines![0]!.perMonth).toBeCloseTo(47.6544, 9);
  });
});

describe('serverless, each line on its engine', () => {
  const moveEstimate = () => estimateOf(scenario({ versions: ['redis-7.0', '9.1'], baseline: 'redis-7.0' }));

  it('Redis lines at the Redis OSS rate and minimum, Valkey lines at the Valkey rate and minimum', () => {
    const serverless = estimateCost(moveEstimate(), 'cache.r7g.large', {}).serverless!;
    const [redis, valkey] = serverless.lines;
    // 632,000 keys take well under 100 MB: Redis OSS billed at its 1 GB minimum, 1 x 0.125 x 730 = $91.25;
    // Valkey at its 0.1 GB minimum, 0.1 x 0.084 x 730 = $6.132.
    expect(redis).toMatchObject({ version: 'redis-7.0', engine: 'redis-oss', billedGB: 1 });
    expect(redis!.perMonth).toBeCloseTo(91.25, 9);
    expect(valkey).toMatchObject({ version: '9.1', engine: 'valkey', billedGB: 0.1 });
    expect(valkey!.perMonth).toBeCloseTo(6.132, 9);
  });

  it('without a request rate ECPUs are left out; with one, 1 ECPU per KB, at least one per request', () => {
    expect(estimateCost(moveEstimate(), 'cache.r7g.large', {}).serverless!.lines[0]!.ecpus).toBeNull();
    // 1,000 requests/s x 3,600 s x 730 h = 2,628 M requests; at 3.2 KB each 8,409.6 M ECPUs.
    const serverless = estimateCost(moveEstimate(), 'cache.r7g.large', {
      requestsPerSecond: 1000,
      kbPerRequest: 3.2,
    }).serverless!;
    const [redis, valkey] = serverless.lines;
    expect(redis!.ecpusPerMonth).toBeCloseTo(8_409_600_000, 3);
    expect(redis!.ecpus!.perMonth).toBeCloseTo(8409.6 * 0.0034, 9);
    expect(valkey!.ecpus!.perMonth).toBeCloseTo(8409.6 * 0.0023, 9);
    expect(valkey!.perMonth).toBeCloseTo(6.132 + 8409.6 * 0.0023, 9);
    expect(
      estimateCost(moveEstimate(), 'cache.r7g.large', { requestsPerSecond: 1000, kbPerRequest: 0.2 }).serverless!.ecpusPerRequest,
    ).toBe(1);
  });

  it('above the minimum: 10 GiB of data x 0.084 x 730 = $613.20 a month on Valkey', () => {
    const estimate = estimateOf(scenario());
    const tenGiB = { ...estimate, versions: estimate.versions.map((v) => ({ ...v, datasetBytes: 10 * GIB })) };
    const valkey = estimateCost(tenGiB, 'cache.r7g.large', {}).serverless!.lines.find((l) => l.version === '9.1')!;
    expect(valkey.billedGB).toBe(10);
    expect(valkey.perMonth).toBeCloseTo(613.2, 9);
  });

  it('a region without a sourced serverless price has no serverless row', () => {
    expect(estimateCost(moveEstimate(), 'cache.r7g.large', { region: 'eu-west-1' }).serverless).toBeNull();
  });
});

describe('each line against the baseline', () => {
  it('a line needing 2 nodes where the baseline needs 4 saves half: 4 x 0.5 x 730 - 2 x 0.5 x 730 = $730 a month', () => {
    const estimate = estimateOf(scenario({ deployment: { instanceType: 'cache.r7g.large' } }));
    const nodes = [4, 3, 2, 2, 2];
    const shaped = {
      ...estimate,
      versions: estimate.versions.map((v, i) => ({ ...v, deployment: { ...v.deployment, nodes: nodes[i]! } })),
    };
    const cost = estimateCost(shaped, 'cache.r7g.large', { pricePerNodeHour: 0.5 });
    expect(cost.lines!.map((l) => l.vsBaseline!.perMonth)).toEqual([0, 365, 730, 730, 730]);
    expect(cost.lines![4]!.vsBaseline!.percent).toBe(50);
    expect(cost.lines![4]!.vsBaseline!.causes.byEnginePrice.perMonth).toBe(0);
    expect(cost.saving).toEqual(cost.lines![4]!.vsBaseline);
  });
});

/**
 * 200 M keys of 36 bytes with 600-byte values, all with a TTL, cluster mode, 1 replica, on
 * cache.r7g.xlarge in us-east-1: a Redis 7.0 to Valkey 9.1 move on ElastiCache.
 */
describe('a Redis 7.0 to Valkey 9.1 move on ElastiCache', () => {
  const move = estimateOf(REDIS_TO_VALKEY_MOVE);
  const cost = estimateCost(move, 'cache.r7g.xlarge', {});
  const [redis, valkey] = cost.lines!;

  it('prices Redis 7.0 at $0.437 and Valkey 9.1 at $0.3496 per node-hour', () => {
    expect(redis).toMatchObject({ version: 'redis-7.0', engine: 'redis-oss', usdPerHour: 0.437 });
    expect(valkey).toMatchObject({ version: '9.1', engine: 'valkey', usdPerHour: 0.3496 });
    expect(redis!.perMonth).toBeCloseTo(redis!.nodes * 0.437 * 730, 9);
    expect(valkey!.perMonth).toBeCloseTo(valkey!.nodes * 0.3496 * 730, 9);
  });

  it('splits the saving into nodes saved by memory (at the Redis price) and the engine price (on the Valkey nodes)', () => {
    const { causes } = cost.saving!;
    expect(causes.byMemory.perMonth).toBeCloseTo((redis!.nodes - valkey!.nodes) * 0.437 * 730, 9);
    expect(causes.byEnginePrice.perMonth).toBeCloseTo(valkey!.nodes * (0.437 - 0.3496) * 730, 9);
    expect(causes.byMemory.perMonth + causes.byEnginePrice.perMonth).toBeCloseTo(cost.saving!.perMonth, 9);
    expect(redis!.nodes).toBeGreaterThan(valkey!.nodes);
  });

  it('names the repository the prices come from and the date it states it read them', () => {
    expect(cost.repositorySources).toEqual([
      expect.objectContaining({ region: 'us-east-1', repository: 'cloudwise-app/cloudcostwise', readOn: '2026-10-02' }),
    ]);
  });

  it('compares serverless on each engine: Redis 7.0 at the Redis OSS rate, 9.1 at the Valkey rate', () => {
    const [r, v] = cost.serverless!.lines;
    expect([r!.offering.id, v!.offering.id]).toEqual(['elasticache-serverless-redis-oss', 'elasticache-serverless-valkey']);
    expect(r!.storage.perMonth).toBeCloseTo(r!.billedGB * 0.125 * 730, 9);
    expect(v!.storage.perMonth).toBeCloseTo(v!.billedGB * 0.084 * 730, 9);
  });
});

import { describe, expect, it } from 'vitest';
import { estimateScenario } from '../../src/model';
import { estimateCost, hourlyCost, HOURS_PER_MONTH, nodeHourPrice, saving } from '../../src/model/cost';
import { GIB } from '../../src/model/units';
import type { Scenario } from '../../src/scenario/schema';
import { resolveScenario } from '../../src/scenario/resolve';

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

describe('the price per node-hour', () => {
  it('uses the listed price where the data has one', () => {
    const p = nodeHourPrice('m7g.large', {});
    expect(p).toMatchObject({ region: 'us-east-1', usdPerHour: 0.0816, origin: 'listed' });
  });

  it('has no price for a node type the data does not price, and invents none', () => {
    expect(nodeHourPrice('cache.r7g.large', {})).toMatchObject({ usdPerHour: null, origin: 'missing', listed: null });
  });

  it("takes the user's price over the listed one, and keeps the listed one beside it", () => {
    const p = nodeHourPrice('m7g.large', { pricePerNodeHour: 0.1 });
    expect(p.usdPerHour).toBe(0.1);
    expect(p.origin).toBe('override');
    expect(p.listed?.usdPerHour).toBe(0.0816);
  });

  it('has no listed price in a region the data does not cover', () => {
    expect(nodeHourPrice('m7g.large', { region: 'eu-west-1' })).toMatchObject({ usdPerHour: null, origin: 'missing' });
  });
});

describe('cost per line of a scenario', () => {
  it('one m7g.large node per line: 1 x 0.0816 x 730 = $59.568 a month on every line, no saving', () => {
    const estimate = estimateOf(scenario({ deployment: { instanceType: 'm7g.large' } }));
    const cost = estimateCost(estimate, 'm7g.large', {});
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

  it('without a price the node lines are absent, not zero', () => {
    const cost = estimateCost(estimateOf(scenario()), 'cache.r7g.large', {});
    expect(cost.lines).toBeNull();
    expect(cost.saving).toBeNull();
  });

  it('serverless bills the dataset per GB-hour, at least its minimum', () => {
    const estimate = estimateOf(scenario());
    const cost = estimateCost(estimate, 'cache.r7g.large', {});
    const valkey = cost.serverless.find((s) => s.offering.id === 'elasticache-serverless-valkey')!;
    const redis = cost.serverless.find((s) => s.offering.id === 'elasticache-serverless-redis-oss')!;
    // 632,000 keys take well under 100 MB on every line: billed at the 0.1 GB minimum,
    // 0.1 x 0.084 x 730 = $6.132 a month; Redis OSS at its 1 GB minimum: 1 x 0.125 x 730 = $91.25.
    for (const l of valkey.lines) expect(l.perMonth).toBeCloseTo(6.132, 9);
    for (const l of redis.lines) expect(l.perMonth).toBeCloseTo(91.25, 9);
  });

  it('serverless above the minimum: 10 GiB of data x 0.084 x 730 = $613.20 a month', () => {
    const estimate = estimateOf(scenario());
    const tenGiB = { ...estimate, versions: estimate.versions.map((v) => ({ ...v, datasetBytes: 10 * GIB })) };
    const valkey = estimateCost(tenGiB, 'cache.r7g.large', {}).serverless[0]!;
    expect(valkey.lines[0]!.billedGB).toBe(10);
    expect(valkey.lines[0]!.perMonth).toBeCloseTo(613.2, 9);
  });

  it('a discount applies to every price: 20 % off $59.568 is $47.6544', () => {
    const estimate = estimateOf(scenario({ deployment: { instanceType: 'm7g.large' } }));
    expect(estimateCost(estimate, 'm7g.large', { discountPercent: 20 }).lines![0]!.perMonth).toBeCloseTo(47.6544, 9);
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
    expect(cost.saving).toEqual(cost.lines![4]!.vsBaseline);
  });
});

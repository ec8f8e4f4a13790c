import { describe, expect, it } from 'vitest';
import { instanceTypes } from '../../src/data/instanceTypes';
import { estimateScenario } from '../../src/model';
import { estimateCost } from '../../src/model/cost';
import { compareNodeTypes } from '../../src/model/nodeTypes';
import type { Scenario } from '../../src/scenario/schema';
import { resolveScenario } from '../../src/scenario/resolve';

const scenario = (extra: Partial<Scenario> = {}): Scenario => ({
  schema: 1,
  workloads: [{ name: 'sessions', keys: 40_000_000, keyBytes: 24, type: 'string', valueBytes: 200, ttlFraction: 0.5 }],
  deployment: { instanceType: 'cache.r7g.large', replicas: 1 },
  ...extra,
});
const compare = (s: Scenario) => {
  const resolved = resolveScenario(s);
  return compareNodeTypes(estimateScenario(resolved), resolved.deployment, s.cost ?? {});
};

describe('node types side by side', () => {
  it("lists every type of the deployment's platform that holds the plan, and names the others as too small", () => {
    for (const [instanceType, platform] of [
      ['cache.r7g.large', 'elasticache'],
      ['r7g.large', 'ec2'],
    ] as const) {
      const c = compare(scenario({ deployment: { instanceType, replicas: 1 } }));
      expect(c.platform).toBe(platform);
      expect([...c.options.map((o) => o.instance.id), ...c.tooSmall].sort()).toEqual(
        instanceTypes.types
          .filter((t) => t.platform === platform)
          .map((t) => t.id)
          .sort(),
      );
      for (const o of c.options) for (const l of o.lines) expect(l.memoryUsedPercent).toBeLessThanOrEqual(100);
    }
  });

  it('on ElastiCache every type is priced per engine and the cheapest is an ElastiCache type', () => {
    const c = compare(
      scenario({ versions: ['redis-7.0', '9.1'], baseline: 'redis-7.0', target: '9.1', cost: { region: 'us-east-1' } }),
    );
    expect(c.options.every((o) => o.instance.id.startsWith('cache.'))).toBe(true);
    expect(c.options.every((o) => o.targetPerMonth !== null)).toBe(true);
    const cheapest = c.options.find((o) => o.cheapest)!;
    expect(cheapest.targetPerMonth).toBe(Math.min(...c.options.map((o) => o.targetPerMonth!)));
    const xlarge = c.options.find((o) => o.instance.id === 'cache.r7g.xlarge')!;
    const [redis, valkey] = xlarge.lines;
    expect(redis!.money!.perMonth).toBeCloseTo(redis!.nodes * 0.437 * 730, 9);
    expect(valkey!.money!.perMonth).toBeCloseTo(valkey!.nodes * 0.3496 * 730, 9);
  });

  it('nodes needed on each type equal what the deployment table says with that type chosen', () => {
    const s = scenario();
    for (const o of compare(s).options) {
      const chosen = estimateScenario(resolveScenario({ ...s, deployment: { ...s.deployment, instanceType: o.instance.id } }));
      expect(
        o.lines.map((l) => l.nodes),
        o.instance.id,
      ).toEqual(chosen.versions.map((v) => v.deployment.nodes));
      expect(o.lines.map((l) => l.memoryUsedPercent)).toEqual(
        chosen.versions.map((v) => (v.deployment.requiredPerNodeBytes / v.deployment.instanceBytes) * 100),
      );
    }
  });

  it('money per month on each type is what the cost table says with that type chosen, in one region', () => {
    const s = scenario({ cost: { region: 'us-east-1', discountPercent: 10 } });
    const c = compare(s);
    expect(c.region).toBe('us-east-1');
    for (const o of c.options) {
      const chosen = { ...s, deployment: { ...s.deployment, instanceType: o.instance.id } };
      const cost = estimateCost(estimateScenario(resolveScenario(chosen)), o.instance.id, s.cost!);
      expect(
        o.lines.map((l) => l.money?.perMonth ?? null),
        o.instance.id,
      ).toEqual(cost.lines?.map((l) => l.perMonth) ?? o.lines.map(() => null));
    }
  });

  it('marks as cheapest the type with the lowest monthly money on the target line among those that hold the plan', () => {
    const c = compare(scenario({ deployment: { instanceType: 'r7g.large', replicas: 1 }, cost: { pricePerNodeHour: 0.05 } }));
    const priced = c.options.filter((o) => o.targetPerMonth !== null);
    expect(priced.length).toBeGreaterThan(1);
    const lowest = Math.min(...priced.map((o) => o.targetPerMonth!));
    const cheapest = c.options.filter((o) => o.cheapest);
    expect(cheapest).toHaveLength(1);
    expect(cheapest[0]!.targetPerMonth).toBe(lowest);
    const target = resolveScenario(scenario()).target;
    expect(cheapest[0]!.targetPerMonth).toBe(cheapest[0]!.lines.find((l) => l.version === target)!.money!.perMonth);
  });

  it("the user's own price is for the chosen type only: the others keep the data's price", () => {
    const c = compare(scenario({ cost: { pricePerNodeHour: 0.05 } }));
    const byId = (id: string) => c.options.find((o) => o.instance.id === id)!;
    expect(byId('cache.r7g.large').price).toMatchObject({ usdPerHour: 0.05, origin: 'override' });
    expect(byId('cache.r7g.xlarge').price).toMatchObject({ usdPerHour: 0.3496, origin: 'listed' });
    expect(byId('cache.r7g.xlarge').current).toBe(false);
    expect(byId('cache.r7g.large').current).toBe(true);
  });

  it('a type without a price shows no money and is never the cheapest', () => {
    const c = compare(scenario({ cost: { region: 'us-east-1' } }));
    for (const o of c.options.filter((x) => x.price.usdPerHour === null)) {
      expect(o.targetPerMonth).toBeNull();
      expect(o.cheapest).toBe(false);
      expect(o.lines.every((l) => l.money === null)).toBe(true);
    }
  });
});

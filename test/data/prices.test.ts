import { describe, expect, it } from 'vitest';
import json from '../../data/prices.json';
import { instanceTypes } from '../../src/data/instanceTypes';
import { prices } from '../../src/data/prices';
import { pricesSchema } from '../../src/data/schemas';

/** Each shipped price, pinned to the figure its source states (data/prices.json cites the page and quote). */
describe('prices (data/prices.json)', () => {
  const node = (type: string, region: string) => prices.nodePrices.find((p) => p.instanceType === type && p.region === region);
  const serverless = (id: string) => prices.serverless.find((p) => p.id === id)!;

  it('EC2 m7g.large, Linux on-demand in us-east-1: $0.0816 per hour, as the cited article states', () => {
    const p = node('m7g.large', 'us-east-1')!;
    expect(p.usdPerHour).toBe(0.0816);
    expect(p.quote).toContain('$0.0816/hr');
    expect(p.source).toBe('factualminds-ec2-on-demand-2026');
  });

  it('ElastiCache Serverless data stored in us-east-1: Valkey $0.084 and Redis OSS $0.125 per GB-hour', () => {
    expect(serverless('elasticache-serverless-valkey').usdPerGBHour).toBe(0.084);
    expect(serverless('elasticache-serverless-valkey').quote).toContain('$0.084/GB-hour');
    expect(serverless('elasticache-serverless-redis-oss').usdPerGBHour).toBe(0.125);
    expect(serverless('elasticache-serverless-redis-oss').quote).toContain('$0.125/GB-hour');
  });

  it('ElastiCache Serverless ECPUs in us-east-1: Valkey $0.0023 and Redis OSS $0.0034 per million, 1 ECPU per KB', () => {
    expect(serverless('elasticache-serverless-valkey')).toMatchObject({ engine: 'valkey', usdPerMillionECPUs: 0.0023 });
    expect(serverless('elasticache-serverless-valkey').quote).toContain('$0.0023/million ECPUs');
    expect(serverless('elasticache-serverless-redis-oss')).toMatchObject({ engine: 'redis-oss', usdPerMillionECPUs: 0.0034 });
    expect(serverless('elasticache-serverless-redis-oss').quote).toContain('$0.0034/million ECPUs');
    for (const s of prices.serverless) expect(s.ecpuRule).toContain('1 ECPU for each kilobyte');
  });

  it('Serverless minimum metered data: 100 MB for Valkey, 1 GB for Redis OSS', () => {
    expect(serverless('elasticache-serverless-valkey').minimumGB).toBe(0.1);
    expect(serverless('elasticache-serverless-redis-oss').minimumGB).toBe(1);
  });

  it('ships exactly these prices: nothing beside them is priced', () => {
    expect(prices.nodePrices.map((p) => `${p.instanceType}@${p.region}`)).toEqual(['m7g.large@us-east-1']);
    expect(prices.serverless.map((p) => p.id)).toEqual(['elasticache-serverless-valkey', 'elasticache-serverless-redis-oss']);
  });

  it('every price names a region, a source with a URL and a retrieval date, and a node type the planner lists', () => {
    const known = new Set(instanceTypes.types.map((t) => t.id));
    for (const p of prices.nodePrices) expect(known.has(p.instanceType), p.instanceType).toBe(true);
    for (const s of prices.sources) {
      expect(s.url).toMatch(/^https:\/\//);
      expect(s.retrieved).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('rejects a price that cites no listed source', () => {
    const broken = { ...json, nodePrices: [{ ...json.nodePrices[0], source: 'nowhere' }] };
    const result = pricesSchema.safeParse(broken);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['price cites unknown source "nowhere"']);
  });
});

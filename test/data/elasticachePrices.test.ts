import { describe, expect, it } from 'vitest';
import json from '../../data/elasticache-prices.json';
import { elasticachePrices } from '../../src/data/elasticachePrices';
import { instanceTypes } from '../../src/data/instanceTypes';
import { elasticachePricesSchema } from '../../src/data/schemas';

/** ElastiCache node-hour prices per engine, pinned to the tables they were copied from. */
describe('ElastiCache node prices (data/elasticache-prices.json)', () => {
  const table = (region: string) => elasticachePrices.tables.find((t) => t.region === region)!;

  it('us-east-1: 73 Redis OSS and 94 Valkey node types, as the source states', () => {
    expect(Object.keys(table('us-east-1').redisOss)).toHaveLength(73);
    expect(Object.keys(table('us-east-1').valkey)).toHaveLength(94);
  });

  it('cache.r7g.xlarge in us-east-1: Redis OSS $0.437, Valkey $0.3496 an hour', () => {
    expect(table('us-east-1').redisOss['cache.r7g.xlarge']).toBe(0.437);
    expect(table('us-east-1').valkey['cache.r7g.xlarge']).toBe(0.3496);
  });

  it('every type both us-east-1 tables price is 0.8 x its Redis OSS price on Valkey, as the source says', () => {
    const { redisOss, valkey } = table('us-east-1');
    for (const [type, price] of Object.entries(redisOss))
      if (valkey[type] !== undefined) expect(valkey[type], type).toBeCloseTo(price * 0.8, 4);
  });

  it('eu-west-1: cache.r7g.large only, Redis OSS $0.243 and Valkey $0.1944, from one secondary source', () => {
    expect(table('eu-west-1').redisOss).toEqual({ 'cache.r7g.large': 0.243 });
    expect(table('eu-west-1').valkey).toEqual({ 'cache.r7g.large': 0.1944 });
    expect(table('eu-west-1').source.confidence).toBe('one secondary source');
  });

  it('names the repository, commit, file and the read date it states', () => {
    expect(table('us-east-1').source).toMatchObject({
      repository: 'cloudwise-app/cloudcostwise',
      commit: '8495e2dedf6366ec3c462f7c8e7a9164e8b41185',
      path: 'src/cloudwise_scan_core/aws_pricing_service.py',
      readOn: '2026-10-02',
    });
  });

  it('prices every ElastiCache type of the catalogue in us-east-1, on both engines', () => {
    for (const t of instanceTypes.types.filter((x) => x.platform === 'elasticache')) {
      expect(table('us-east-1').redisOss[t.id], t.id).toBeGreaterThan(0);
      expect(table('us-east-1').valkey[t.id], t.id).toBeGreaterThan(0);
    }
  });

  it('rejects a table whose commit is not a full hash, and a price that is not a number above 0', () => {
    const badCommit = { ...json, tables: [{ ...json.tables[0]!, source: { ...json.tables[0]!.source, commit: 'main' } }] };
    expect(elasticachePricesSchema.safeParse(badCommit).success).toBe(false);
    const badPrice = { ...json, tables: [{ ...json.tables[0]!, valkey: { 'cache.r7g.large': -1 } }] };
    expect(elasticachePricesSchema.safeParse(badPrice).success).toBe(false);
  });
});

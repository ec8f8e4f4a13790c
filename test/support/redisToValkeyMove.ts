import type { Scenario } from '../../src/scenario/schema';

/**
 * A Redis 7.0 to Valkey 9.1 move on ElastiCache, the example in CONTRIBUTING.md ("A move on ElastiCache, priced"): 200 M keys of 36
 * bytes with 600-byte values, all with a TTL, cluster mode, 1 replica, on cache.r7g.xlarge.
 */
export const REDIS_TO_VALKEY_MOVE: Scenario = {
  schema: 1,
  workloads: [{ name: 'sessions', keys: 200_000_000, keyBytes: 36, type: 'string', valueBytes: 600, ttlFraction: 1 }],
  versions: ['redis-7.0', '9.1'],
  baseline: 'redis-7.0',
  target: '9.1',
  deployment: { cluster: true, replicas: 1, instanceType: 'cache.r7g.xlarge', providerRule: 'elasticache' },
};

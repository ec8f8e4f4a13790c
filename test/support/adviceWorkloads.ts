import type { Scenario } from '../../src/scenario/schema';
import type { OneSizeWorkload } from '../../src/scenario/workloadFields';

/**
 * The advice tests' workloads. `carts`: hashes whose every field has its own TTL (the key-TTL
 * advice; before 9.0 a field has no TTL, so there it only costs). `users`: strings with a TTL on
 * a tiny share, 2 % (the no-TTL advice).
 */
export const carts = {
  name: 'carts',
  type: 'hash',
  keys: 200_000,
  keyBytes: 20,
  fields: 10,
  fieldBytes: 8,
  valueBytes: 16,
  ttlFraction: 0,
  fieldTtlFraction: 1,
} as const satisfies OneSizeWorkload;

export const users = {
  name: 'users',
  type: 'string',
  keys: 500_000,
  keyBytes: 20,
  valueBytes: 200,
  ttlFraction: 0.02,
} as const satisfies OneSizeWorkload;

/**
 * Both on a distribution's build (system jemalloc), planned on 7.2 among 7.2, 8.0 and 9.1: every
 * advice item on TTLs, the line (8.0 holds them in the fewest bytes) and the allocator applies.
 */
export const CARTS_AND_USERS: Scenario = {
  schema: 1,
  versions: ['7.2', '8.0', '9.1'],
  target: '7.2',
  allocator: 'jemalloc-system',
  workloads: [carts, users],
};

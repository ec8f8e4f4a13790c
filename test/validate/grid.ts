import type { EncodingConfig, Workload } from '../../src/scenario/schema';

/** One validation case: workloads loaded into a fresh server, and how the result is judged. */
export interface ValidationCase {
  id: string;
  workloads: Workload[];
  config?: EncodingConfig;
  /** Sorted sets: skiplist levels are random, so the measurement is judged against the expectation. */
  tolerancePercent?: number;
}

const string = (id: string, w: Partial<Workload>): ValidationCase => ({
  id,
  workloads: [{ name: id, keys: 100_000, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0, ...w }],
});

const collection = (
  id: string,
  w: Partial<Workload> & Pick<Workload, 'type' | 'fields'>,
  extra: Partial<ValidationCase> = {},
): ValidationCase => ({
  id,
  workloads: [{ name: id, keys: 10_000, keyBytes: 16, valueBytes: 16, ttlFraction: 0, ...w }],
  ...extra,
});

/**
 * Value lengths cross every size-class boundary of the 16-byte-quantum build for embstr
 * (V + 20: 12/13, 28/29, 44), raw sds (V + 4: 45, 60/61, 124/125), the sds header steps
 * (255/256) and the large classes; key lengths cross the sds type-5/type-8 step (31/32).
 */
export const VALIDATION_GRID: ValidationCase[] = [
  ...[1, 12, 13, 28, 29, 44, 45, 60, 61, 124, 125, 200, 255, 256].map((v) => string(`string-v${v}`, { valueBytes: v })),
  string('string-v1000', { valueBytes: 1000, keys: 20_000 }),
  string('string-v4096', { valueBytes: 4096, keys: 10_000 }),
  string('string-v16384', { valueBytes: 16_384, keys: 5_000 }),
  ...[8, 20, 31, 32, 47, 100].map((k) => string(`string-k${k}`, { keyBytes: k })),
  ...[10_000, 65_536, 65_537, 500_000, 1_000_000, 2_000_000].map((n) => string(`string-n${n}`, { keys: n })),
  string('string-ttl50', { ttlFraction: 0.5 }),
  string('string-ttl100', { ttlFraction: 1 }),
  string('string-ttl50-n65536', { keys: 65_536, ttlFraction: 0.5 }),
  string('string-ttl100-v100', { ttlFraction: 1, valueBytes: 100 }),
  string('string-int2', { valueKind: 'int', valueBytes: 2 }),
  string('string-int4', { valueKind: 'int', valueBytes: 4 }),
  string('string-int5', { valueKind: 'int', valueBytes: 5 }),
  string('string-int19', { valueKind: 'int', valueBytes: 19 }),
  collection('hash-4x5x5', { type: 'hash', fields: 4, fieldBytes: 5, valueBytes: 5 }),
  collection('hash-4-int3', { type: 'hash', fields: 4, fieldBytes: 5, valueBytes: 3, valueKind: 'int' }),
  collection('hash-200x9x16', { type: 'hash', fields: 200, fieldBytes: 9, valueBytes: 16, keys: 5_000 }),
  collection(
    'hash-200x9x16-ht128',
    { type: 'hash', fields: 200, fieldBytes: 9, valueBytes: 16, keys: 2_000 },
    { config: { hashMaxListpackEntries: 128 } },
  ),
  collection('hash-600x9x16', { type: 'hash', fields: 600, fieldBytes: 9, valueBytes: 16, keys: 1_000 }),
  collection('hash-10x8x100', { type: 'hash', fields: 10, fieldBytes: 8, valueBytes: 100, keys: 5_000 }),
  collection('hash-4x5x5-ttl100', { type: 'hash', fields: 4, fieldBytes: 5, valueBytes: 5, ttlFraction: 1 }),
  collection('set-50-int3', { type: 'set', fields: 50, valueBytes: 3, valueKind: 'int' }),
  collection('set-600-int4', { type: 'set', fields: 600, valueBytes: 4, valueKind: 'int', keys: 1_000 }),
  collection('set-50x9', { type: 'set', fields: 50, valueBytes: 9, keys: 5_000 }),
  collection('set-200x10', { type: 'set', fields: 200, valueBytes: 10, keys: 2_000 }),
  collection('zset-100x10', { type: 'zset', fields: 100, valueBytes: 10 }),
  collection('zset-200x10', { type: 'zset', fields: 200, valueBytes: 10, keys: 2_000 }, { tolerancePercent: 1 }),
  collection('list-100x16', { type: 'list', fields: 100, valueBytes: 16 }),
  collection('list-1000x16', { type: 'list', fields: 1000, valueBytes: 16, keys: 2_000 }),
  collection('list-10x1000', { type: 'list', fields: 10, valueBytes: 1000, keys: 5_000 }),
  collection('list-100-int3', { type: 'list', fields: 100, valueBytes: 3, valueKind: 'int' }),
];

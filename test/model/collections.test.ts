import { describe, expect, it } from 'vitest';
import type { Allocator } from '../../src/data/vocabulary';
import { compareSchemas, idDigitGroups } from '../../src/model/stringsVsHash';
import { MIB } from '../../src/model/units';
import { bytesPerKey, VALKEY_LINES } from './helpers';
import type { Workload } from '../../src/scenario/schema';
import type { EncodingConfig } from '../../src/scenario/schema';

// Payload = bytes per key minus the key-level part (K = 11, N = 10,000):
// 7.2: 56 + 13.107 slots; 8.0: 48 + 13.107; 8.1+: 32 + 13.107 buckets + expected children.
const KEY_LEVEL = { '7.2': 56, '8.0': 48, '8.1': 32, '9.0': 32, '9.1': 32 } as const;
function payload(w: Partial<Workload>, config?: EncodingConfig, allocator: Allocator = 'jemalloc-bundled') {
  const base = bytesPerKey({ keys: 10_000, keyBytes: 11, ...w }, { allocator, ...(config && { config }) });
  const emptyString = bytesPerKey({ keys: 10_000, keyBytes: 11, type: 'string', valueBytes: 0, valueKind: 'int' }, { allocator });
  // the table share is the same for every type at the same key count: take it from a string key
  const tableShare = (v: keyof typeof KEY_LEVEL) => emptyString[v] - (v === '7.2' ? 24 + 16 : v === '8.0' ? 40 : 32);
  return Object.fromEntries(VALKEY_LINES.map((v) => [v, base[v] - KEY_LEVEL[v] - tableShare(v)])) as Record<
    keyof typeof KEY_LEVEL,
    number
  >;
}

// collections-layout.md section 8, payload only.
describe.each([
  [
    'hash, 4 x (5-byte field, 5-byte value), listpack: 7 + 8 x 7 = 63 -> 64',
    { type: 'hash', fields: 4, fieldBytes: 5, valueBytes: 5 },
    undefined,
    [64, 64, 64, 64, 64],
  ],
  [
    'H2 hash, 200 x (9, 16), hashtable',
    { type: 'hash', fields: 200, fieldBytes: 9, valueBytes: 16 },
    { hashMaxListpackEntries: 128 },
    [14904, 14904, 9130, 9130, 9146],
  ],
  [
    'S1 set, 50 integers (intset)',
    { type: 'set', fields: 50, valueBytes: 2, valueKind: 'int' },
    undefined,
    [112, 112, 112, 112, 112],
  ],
  ['S2 set, 50 x 9 bytes (listpack)', { type: 'set', fields: 50, valueBytes: 9 }, undefined, [640, 640, 640, 640, 640]],
  ['S3 set, 200 x 10 bytes (hashtable)', { type: 'set', fields: 200, valueBytes: 10 }, undefined, [6280, 6280, 5930, 5930, 5930]],
  [
    'Z1 zset, 100 x 10 bytes (listpack)',
    { type: 'zset', fields: 100, valueBytes: 10 },
    undefined,
    [1536, 1536, 1536, 1536, 1536],
  ],
  [
    'Z2 zset, 200 x 10 bytes (skiplist)',
    { type: 'zset', fields: 200, valueBytes: 10 },
    undefined,
    [19960, 19960, 15785, 15785, 14053],
  ],
  [
    'L1 list, 100 x 16 bytes (listpack)',
    { type: 'list', fields: 100, valueBytes: 16 },
    undefined,
    [2048, 2048, 2048, 2048, 2048],
  ],
  [
    'L2 list, 1000 x 16 bytes (quicklist)',
    { type: 'list', fields: 1000, valueBytes: 16 },
    undefined,
    [18336, 18336, 18336, 18336, 18336],
  ],
] as const)('%s', (_, workload, config, expected) => {
  it('matches the worked example on every line (hashtable child buckets within their expectation)', () => {
    const got = payload(workload as Partial<Workload>, config as EncodingConfig | undefined);
    // 8.1+ hashtables carry an expected child-bucket count (e.g. 9.4 +- 1.6 for 200 in 32 buckets): allow 10 bytes.
    VALKEY_LINES.forEach((v, i) => expect(Math.abs(got[v] - expected[i]!)).toBeLessThan(10));
  });
});

describe('collections with the 16-byte quantum (distribution packages)', () => {
  it.each([
    ['H2', { type: 'hash', fields: 200, fieldBytes: 9, valueBytes: 16 }, { hashMaxListpackEntries: 128 }, 18112],
    ['S3', { type: 'set', fields: 200, valueBytes: 10 }, undefined, 6288],
    ['Z2', { type: 'zset', fields: 200, valueBytes: 10 }, undefined, 23067],
    ['L2', { type: 'list', fields: 1000, valueBytes: 16 }, undefined, 18368],
  ] as const)('%s on 7.2', (_, workload, config, expected) => {
    // key level with J16: dictEntry 32 + key sds 16 + robj 16 = 64; string reference: dictEntry 32 + key 16 + shared int 0
    const all = bytesPerKey(
      { keys: 10_000, keyBytes: 11, ...(workload as Partial<Workload>) },
      { allocator: 'jemalloc-system', ...(config && { config }) },
    );
    const ref = bytesPerKey(
      { keys: 10_000, keyBytes: 11, type: 'string', valueBytes: 1, valueKind: 'int' },
      { allocator: 'jemalloc-system' },
    );
    expect(all['7.2'] - ref['7.2'] - 16).toBeCloseTo(expected, 0);
  });
});

describe('encodings follow the thresholds', () => {
  it('a hash converts to a hashtable past hash-max-listpack-entries and costs more per field', () => {
    const small = bytesPerKey({ type: 'hash', fields: 512, fieldBytes: 9, valueBytes: 16, keys: 1000 });
    const large = bytesPerKey({ type: 'hash', fields: 513, fieldBytes: 9, valueBytes: 16, keys: 1000 });
    expect(large['7.2'] - small['7.2']).toBeGreaterThan(10_000);
    const raised = bytesPerKey(
      { type: 'hash', fields: 513, fieldBytes: 9, valueBytes: 16, keys: 1000 },
      { config: { hashMaxListpackEntries: 1024 } },
    );
    expect(raised['7.2'] - small['7.2']).toBeLessThan(100);
  });

  it('one long value converts a hash (hash-max-listpack-value)', () => {
    const short = bytesPerKey({ type: 'hash', fields: 4, fieldBytes: 5, valueBytes: 64 });
    const long = bytesPerKey({ type: 'hash', fields: 4, fieldBytes: 5, valueBytes: 65 });
    expect(long['7.2'] - short['7.2']).toBeGreaterThan(100);
  });

  it('a list longer than one 8 KiB node becomes a quicklist; -1 halves the node size', () => {
    const default8k = bytesPerKey({ type: 'list', fields: 1000, valueBytes: 16 });
    const small4k = bytesPerKey({ type: 'list', fields: 1000, valueBytes: 16 }, { config: { listMaxListpackSize: -1 } });
    expect(small4k['7.2']).toBeGreaterThan(default8k['7.2']);
  });
});

describe("Percona's four strings against one hash (1,000,000 users)", () => {
  it('splits ids 1..1,000,000 by digit count', () => {
    expect(idDigitGroups(1_000_000)).toEqual([
      { digits: 1, count: 9 },
      { digits: 2, count: 90 },
      { digits: 3, count: 900 },
      { digits: 4, count: 9000 },
      { digits: 5, count: 90000 },
      { digits: 6, count: 900000 },
      { digits: 7, count: 1 },
    ]);
  });

  // collections-layout.md section 10
  it.each([
    ['7.2', 275.2, 114.8, 335.3, 130.1],
    ['8.0', 245.6, 107.2, 276.1, 114.8],
    ['8.1', 234.4, 100.6, 249.6, 108.2],
    ['9.0', 234.4, 100.6, 249.6, 108.2],
    ['9.1', 219.1, 100.6, 249.6, 108.2],
  ] as const)('%s: strings %f MiB, hash %f MiB (bundled); %f / %f (system jemalloc)', (line, a, b, a16, b16) => {
    const bundled = compareSchemas(line);
    const system = compareSchemas(line, 'jemalloc-system');
    expect(bundled.stringsBytes / MIB).toBeCloseTo(a, 1);
    expect(bundled.hashBytes / MIB).toBeCloseTo(b, 1);
    expect(system.stringsBytes / MIB).toBeCloseTo(a16, 1);
    expect(system.hashBytes / MIB).toBeCloseTo(b16, 1);
  });

  it('only 9.1 with the bundled allocator is consistent with 220 MB and 100 MB (read as MiB), a 54 % saving', () => {
    const consistent = VALKEY_LINES.flatMap((v) =>
      (['jemalloc-bundled', 'jemalloc-system'] as const)
        .filter((a) => compareSchemas(v, a).consistentWithPublished)
        .map((a) => `${v} ${a}`),
    );
    expect(consistent).toEqual(['9.1 jemalloc-bundled']);
    expect(Math.trunc(compareSchemas('9.1').savingPercent)).toBe(-54);
  });
});

describe('cluster mode', () => {
  it('7.2 adds 16 bytes of slot links to every dict entry', () => {
    const standalone = bytesPerKey({});
    const cluster = bytesPerKey({}, { deployment: { cluster: true } });
    expect(cluster['7.2'] - standalone['7.2']).toBeCloseTo(16, 6);
  });

  it('8.0+ keeps one table per slot: close to the standalone share when slots are well filled', () => {
    const standalone = bytesPerKey({ keys: 10_000_000 });
    const cluster = bytesPerKey({ keys: 10_000_000 }, { deployment: { cluster: true } });
    for (const v of ['8.0', '8.1', '9.1'] as const) {
      expect(Math.abs(cluster[v] - standalone[v])).toBeLessThan(6);
    }
  });

  it('8.0+ with few keys per slot pays per-slot table structs', () => {
    const standalone = bytesPerKey({ keys: 20_000 });
    const cluster = bytesPerKey({ keys: 20_000 }, { deployment: { cluster: true } });
    expect(cluster['8.1'] - standalone['8.1']).toBeGreaterThan(20);
  });
});

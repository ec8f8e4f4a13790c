import { describe, expect, it } from 'vitest';
import { estimateScenario, workloadBreakdown } from '../../src/model';
import type { LineId } from '../../src/model/lineRegistry';
import { resolveScenario } from '../../src/scenario/resolve';
import type { Scenario, Workload } from '../../src/scenario/schema';

/**
 * Hash fields with their own TTL on Redis 8.0 and 8.6 (src/model/hashFieldTtl.ts), priced on the
 * bundled jemalloc (classes 8, 16, ..., 64, 80, 96, 112, 128, 160, ...).
 */
const REDIS_LINES = ['redis-8.0', 'redis-8.6'] as const satisfies readonly LineId[];

function scenario(w: Partial<Workload>, extra: Partial<Scenario> = {}): Scenario {
  return {
    schema: 1,
    allocator: 'jemalloc-bundled',
    versions: [...REDIS_LINES, '9.1'],
    workloads: [{ name: 'h', type: 'hash', keys: 10_000, keyBytes: 16, valueBytes: 5, ttlFraction: 0, ...w }],
    ...extra,
  };
}

function perKey(w: Partial<Workload>, extra: Partial<Scenario> = {}): Record<string, number> {
  const estimate = estimateScenario(resolveScenario(scenario(w, extra)));
  return Object.fromEntries(estimate.versions.map((v) => [v.version, v.workloads[0]!.bytesPerKey]));
}

function parts(w: Partial<Workload>, line: LineId, extra: Partial<Scenario> = {}): Map<string, number> {
  return new Map(workloadBreakdown(resolveScenario(scenario(w, extra)), line, 0).map((p) => [p.component, p.bytesPerKey]));
}

const SMALL: Partial<Workload> = { fields: 4, fieldBytes: 5, valueBytes: 5 };
/** Past the 512 fields of a listpack: a dict presized to 1,024 slots at the 513th. */
const LARGE: Partial<Workload> = { keys: 300, fields: 600, fieldBytes: 9, valueBytes: 16 };

/** The database's ebuckets of n hashes of one expiry: rax struct with its 8-byte item count, head node 24, leaf 16, first segment 16, a 24-byte segment per 16 hashes more. */
const databaseEbuckets = (n: number, raxClass: number) => raxClass + 24 + 16 + 16 + (Math.ceil(n / 16) - 1) * 24;

describe('hash fields with their own TTL on Redis 8.0 and 8.6', () => {
  it('are priced there: the estimate no longer says they are left out', () => {
    const estimate = estimateScenario(resolveScenario(scenario({ ...SMALL, fieldTtlFraction: 1 })));
    for (const v of estimate.versions) expect(v.workloads[0]!.fieldTtlNotOnLine, v.version).toBe(false);
  });

  it('keep a small hash a listpack: a TTL entry per field and a listpackEx struct, plus its share of the database ebuckets', () => {
    const without = perKey(SMALL);
    const all = perKey({ ...SMALL, fieldTtlFraction: 1 });
    // listpack 7 + 4 x (7 + 7) = 63 -> 64 B; with four 10-byte TTL entries 103 -> 112 B.
    // listpackEx: 8.0 {ExpireMeta, key, lp} 32 B, 8.6 {ExpireMeta, lp} 24 B.
    // 10,000 hashes of one expiry: 8.0's rax is 24 + 8 = 32 B, 8.6's 32 + 8 = 40 B.
    expect(all['redis-8.0']! - without['redis-8.0']!).toBeCloseTo(48 + 32 + databaseEbuckets(10_000, 32) / 10_000, 9);
    expect(all['redis-8.6']! - without['redis-8.6']!).toBeCloseTo(48 + 24 + databaseEbuckets(10_000, 40) / 10_000, 9);
    // A field without a TTL still takes a 2-byte entry: one volatile field of four, 63 + 10 + 3 x 2 = 79 -> 80 B.
    const one = perKey({ ...SMALL, fieldTtlFraction: 0.25 });
    expect(one['redis-8.0']! - without['redis-8.0']!).toBeCloseTo(16 + 32 + databaseEbuckets(10_000, 32) / 10_000, 9);
    const encodings = estimateScenario(resolveScenario(scenario({ ...SMALL, fieldTtlFraction: 1 }))).versions.map((v) => [
      v.version,
      v.workloads[0]!.encodings.map((e) => e.encoding),
    ]);
    expect(Object.fromEntries(encodings)).toEqual({ 'redis-8.0': ['listpack'], 'redis-8.6': ['listpack'], '9.1': ['hashtable'] });
  });

  it('give a table hash expiry metadata, an ExpireMeta per volatile field and an ebuckets of its fields past 16', () => {
    const without = perKey(LARGE);
    const all = perKey({ ...LARGE, fieldTtlFraction: 1 });
    // Per hash: dict struct 8.0 56 -> 88 B (56 -> 96), 8.6 64 -> 88 B (64 -> 96); its 600 fields in a rax of one key with 38 segments:
    // 8.0 rax 32, 8.6 40, nodes 24 + 16, first segment 16, 37 more of 24 B.
    // 8.0: a field mstr 1 + 9 + 1 = 11 -> 16 B becomes 16 + 2 + 11 = 29 -> 32 B.
    // 8.6: the entry (field 1 + 9 + 1, value 3 + 16 + 1) 31 -> 32 B becomes 16 + 13 + 20 = 49 -> 56 B.
    const share = (raxClass: number) => databaseEbuckets(300, raxClass) / 300;
    expect(all['redis-8.0']! - without['redis-8.0']!).toBeCloseTo(40 + 600 * 16 + (32 + 40 + 16 + 37 * 24) + share(32), 9);
    expect(all['redis-8.6']! - without['redis-8.6']!).toBeCloseTo(32 + 600 * 24 + (40 + 40 + 16 + 37 * 24) + share(40), 9);
    const named = parts({ ...LARGE, fieldTtlFraction: 1 }, 'redis-8.0');
    expect(named.get('hash field mstr with ExpireMeta (TTL)')).toBe(600 * 32);
    expect(named.get('ebuckets of the hash’s fields with TTLs (one expiry time)')).toBe(32 + 40 + 16 + 37 * 24);
    expect(named.get('database ebuckets of hashes with field TTLs (one expiry time)')).toBeCloseTo(share(32), 9);
  });

  it('cost no ebuckets below 17 items: a list through the items’ own ExpireMeta', () => {
    // Six volatile fields of 600: the hash's ebuckets is a list; sixteen hashes: so is the database's.
    const named = parts({ ...LARGE, keys: 16, fieldTtlFraction: 0.01 }, 'redis-8.6');
    expect(named.get('ebuckets of the hash’s fields with TTLs (one expiry time)')).toBe(0);
    expect(named.get('database ebuckets of hashes with field TTLs (one expiry time)')).toBe(0);
    expect(
      parts({ ...LARGE, keys: 17, fieldTtlFraction: 0.01 }, 'redis-8.6').get(
        'database ebuckets of hashes with field TTLs (one expiry time)',
      ),
    ).toBeCloseTo(databaseEbuckets(17, 40) / 17, 9);
  });

  it('finish a table’s unfinished expansion: HEXPIRE looks up each field it gives a TTL, a rehash step each', () => {
    // Values of 100 bytes make a table from the first field; 10 fields grew it from 8 to 16 slots
    // on the 9th, and two HSETs of two lookups each leave the old table held, likely. Five
    // lookups more finish it (5 non-empty slots of 8, about, to move).
    const hash: Partial<Workload> = { keys: 2_000, fields: 10, fieldBytes: 8, valueBytes: 100 };
    const old = 'old dict table of 8 slots still held: the last expansion is not finished (expected)';
    const before = parts(hash, 'redis-8.0').get(old)!;
    const after = parts({ ...hash, fieldTtlFraction: 0.5 }, 'redis-8.0').get(old) ?? 0;
    expect(before).toBeGreaterThan(30);
    expect(after).toBeLessThan(before / 4);
  });

  it('on Redis 8.6 in cluster mode keep one ebuckets per slot: a few hashes a slot need no rax, on 8.0 the database’s one does', () => {
    const cluster = { deployment: { cluster: true } } as Partial<Scenario>;
    const hashes: Partial<Workload> = { ...SMALL, keys: 100_000, fieldTtlFraction: 1 };
    const perSlot = parts(hashes, 'redis-8.6', cluster).get('per-slot ebuckets of hashes with field TTLs (one expiry time)')!;
    // 6.1 hashes a slot: a slot past 16 is a 1-in-4,000 chance.
    expect(perSlot).toBeGreaterThan(0);
    expect(perSlot).toBeLessThan(0.01);
    expect(parts(hashes, 'redis-8.0', cluster).get('database ebuckets of hashes with field TTLs (one expiry time)')).toBeCloseTo(
      databaseEbuckets(100_000, 32) / 100_000,
      9,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { introFigures } from '../../src/data/introFigures';
import { stringBenchmark } from '../../src/data/stringBenchmark';
import { estimateScenario } from '../../src/model';
import { LINE_ENTRIES, LINES, lineRegistry } from '../../src/model/lineRegistry';
import type { Scenario } from '../../src/scenario/schema';
import { resolveScenario } from '../../src/scenario/resolve';
import { BENCHMARK_WORKLOAD, VALKEY_LINES } from '../model/helpers';

const mixed: Scenario = {
  schema: 1,
  workloads: [
    BENCHMARK_WORKLOAD,
    { name: 'tags', keys: 10_000, keyBytes: 16, type: 'set', fields: 8, valueBytes: 10, ttlFraction: 0 },
    { name: 'recent', keys: 10_000, keyBytes: 16, type: 'list', fields: 10, valueBytes: 30, ttlFraction: 0.5 },
    { name: 'users', keys: 10_000, keyBytes: 12, type: 'hash', fields: 6, fieldBytes: 8, valueBytes: 10, ttlFraction: 0 },
  ],
};

describe('the line registry', () => {
  it('lists the four Redis lines to migrate from, then the five Valkey lines, oldest first', () => {
    expect(LINES.ids).toEqual(['redis-7.0', 'redis-7.2', 'redis-8.0', 'redis-8.6', '7.2', '8.0', '8.1', '9.0', '9.1']);
    expect(LINES.entries.filter((e) => e.family === 'valkey').map((e) => e.id)).toEqual([...VALKEY_LINES]);
  });

  it('compares the Valkey lines by default, from 7.2 to 9.1', () => {
    expect(LINES.defaults).toEqual({ versions: [...VALKEY_LINES], baseline: '7.2', target: '9.1' });
  });

  it('gives every measured line its row of the Percona table, and only those', () => {
    expect(LINES.entries.filter((e) => e.measurement).map((e) => [e.id, e.measurement!.release])).toEqual([
      ['7.2', '7.2.14'],
      ['8.0', '8.0.10'],
      ['8.1', '8.1.9'],
      ['9.0', '9.0.5'],
      ['9.1', '9.1.1'],
    ]);
  });

  it('knows every line the data files name', () => {
    const named = [
      ...stringBenchmark.rows.flatMap((r) => [r.version, ...r.publishedChanges.map((c) => c.against)]),
      ...stringBenchmark.reasons.map((r) => r.version),
      ...stringBenchmark.publishedClaims.moreKeysBetween,
      introFigures.baseline.version,
      ...introFigures.figures.map((f) => f.version),
    ];
    for (const id of named) expect(LINES.ids).toContain(id);
  });

  it('gives every line its own colour and label', () => {
    expect(new Set(LINES.entries.map((e) => e.color)).size).toBe(LINES.entries.length);
    expect(new Set(LINES.entries.map((e) => e.label)).size).toBe(LINES.entries.length);
  });

  it('refuses a line listed twice and a registry that compares nothing by default', () => {
    expect(() => lineRegistry([...LINE_ENTRIES, LINE_ENTRIES[4]])).toThrow('line 7.2 is listed twice');
    const none = LINE_ENTRIES.map((e) => ({ ...e, release: { ...e.release, comparedByDefault: false } }));
    expect(() => lineRegistry(none)).toThrow('no line is compared by default');
  });
});

describe('Redis lines', () => {
  it('Redis 7.2 has the layout of Valkey 7.2, forked from it, and the same numbers on the same allocator', () => {
    expect(LINES.entry('redis-7.2').layout).toBe(LINES.entry('7.2').layout);
    for (const allocator of ['jemalloc-bundled', 'jemalloc-system'] as const) {
      const e = estimateScenario(resolveScenario({ ...mixed, allocator, versions: ['redis-7.2', '7.2'] }));
      expect(e.versions[0]!.datasetBytes).toBe(e.versions[1]!.datasetBytes);
    }
  });

  it('Redis 7.0 is priced with the system jemalloc of its Debian package unless the scenario names an allocator', () => {
    const usual = estimateScenario(resolveScenario({ ...mixed, versions: ['redis-7.0', '9.1'] }));
    expect(usual.allocator).toBeNull();
    expect(usual.versions.map((v) => [v.version, v.allocator])).toEqual([
      ['redis-7.0', 'jemalloc-system'],
      ['9.1', 'jemalloc-bundled'],
    ]);
    const bundled = estimateScenario(resolveScenario({ ...mixed, allocator: 'jemalloc-bundled', versions: ['redis-7.0'] }));
    expect(bundled.versions[0]!.allocator).toBe('jemalloc-bundled');
    expect(bundled.versions[0]!.datasetBytes).toBeLessThan(usual.versions[0]!.datasetBytes);
  });

  it('Redis 7.0 as a baseline: small sets and short lists cost more than on Valkey 7.2 (hashtables and quicklists)', () => {
    const e = estimateScenario(
      resolveScenario({ ...mixed, allocator: 'jemalloc-bundled', baseline: 'redis-7.0', versions: ['redis-7.0', '7.2'] }),
    );
    const [redis, valkey] = e.versions;
    expect(e.baseline).toBe('redis-7.0');
    expect(redis!.changeVsBaseline!.bytes).toBe(0);
    expect(valkey!.changeVsBaseline!.bytes).toBeLessThan(0);
    const perKey = (v: typeof redis, name: string) => v!.workloads.find((w) => w.name === name)!.bytesPerKey;
    expect(perKey(valkey, BENCHMARK_WORKLOAD.name)).toBe(perKey(redis, BENCHMARK_WORKLOAD.name));
    expect(perKey(valkey, 'users')).toBe(perKey(redis, 'users'));
    expect(perKey(valkey, 'tags')).toBeLessThan(perKey(redis, 'tags'));
    expect(perKey(valkey, 'recent')).toBeLessThan(perKey(redis, 'recent'));
  });

  const strings = (keys: number, valueBytes: number, ttlFraction: number): Scenario => ({
    schema: 1,
    allocator: 'jemalloc-bundled',
    workloads: [{ name: 's', keys, keyBytes: 16, type: 'string', valueBytes, ttlFraction }],
  });
  const dataset = (s: Scenario, line: 'redis-7.2' | 'redis-8.0' | 'redis-8.6') =>
    estimateScenario(resolveScenario({ ...s, versions: [line] })).versions[0]!.datasetBytes;

  it("Redis 8.0 lays keys out as 7.2 and adds its keyspace dicts: 2,560 bytes with the keysizes histogram, 64 for the expires'", () => {
    expect(dataset(strings(1_000, 16, 0), 'redis-8.0') - dataset(strings(1_000, 16, 0), 'redis-7.2')).toBeCloseTo(2_560, 6);
    expect(dataset(strings(1_000, 16, 1), 'redis-8.0') - dataset(strings(1_000, 16, 1), 'redis-7.2')).toBeCloseTo(2_560 + 64, 6);
  });

  it('Redis 8.6 keeps a string value in the key object while key + value <= 41 bytes, a TTL or not', () => {
    // 16-byte key: 16 + 1 + 18 + (3 + 25 + 1) = 64 with the value inside; the value of 26 bytes moves out.
    const perKey = (valueBytes: number, ttl: number) => dataset(strings(1, valueBytes, ttl), 'redis-8.6');
    expect(perKey(25, 0) - perKey(24, 0)).toBe(0);
    // One allocation of 64 becomes the object (16 + 1 + 18 = 35 -> 40) and the value's sds (1 + 26 + 1 = 28 -> 32).
    expect(perKey(26, 0) - perKey(25, 0)).toBe(40 + 32 - 64);
    // The expire field, stored before the object, is not counted in that decision: the value stays
    // inside, the object grows to 72 -> 80; the expires dict adds its struct (64) and 4 slots (32).
    expect(perKey(25, 1) - perKey(25, 0)).toBe(80 - 64 + 64 + 32);
  });
});

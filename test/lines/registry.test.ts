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
  it('lists the two Redis lines to migrate from, then the five Valkey lines, oldest first', () => {
    expect(LINES.ids).toEqual(['redis-7.0', 'redis-7.2', '7.2', '8.0', '8.1', '9.0', '9.1']);
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
    expect(() => lineRegistry([...LINE_ENTRIES, LINE_ENTRIES[2]])).toThrow('line 7.2 is listed twice');
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
});

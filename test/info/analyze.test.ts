import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeInfo, ASSUMED_KEY_BYTES, scenarioFromAnalysis } from '../../src/info/analyze';
import { parseInfo } from '../../src/info/parse';
import { scenarioSchema } from '../../src/scenario/schema';

function analyze(text: string) {
  const r = parseInfo(text);
  if (!r.ok) throw new Error(r.error);
  return analyzeInfo(r.info);
}
const fixture = (name: string) => readFileSync(`test/fixtures/info/redis-7.0-${name}.txt`, 'utf8');

describe('analyzeInfo', () => {
  it('a Debian redis-server 7.0: Redis 7.0 layout, system jemalloc, packaged-build warnings', () => {
    const a = analyze(fixture('strings'));
    expect(a.server).toMatchObject({
      product: 'redis',
      version: '7.0.15',
      line: 'redis-7.0',
      cluster: false,
      allocator: 'jemalloc-system',
    });
    expect(a.warnings.join('\n')).toMatch(/build named redis/);
    expect(a.warnings.join('\n')).toMatch(/system jemalloc/);
    expect(a.keys).toBe(50_000);
  });

  it('infers a value size consistent with the observed bytes per key (300-byte values were loaded)', () => {
    const a = analyze(fixture('strings'));
    // keys of 16 bytes were loaded; at the assumed 24 the inferred value is a little shorter than 300
    expect(a.inferredValueBytes).toBeGreaterThan(250);
    expect(a.inferredValueBytes).toBeLessThan(320);
    expect(a.observedBytesPerKey).toBeGreaterThan(300);
  });

  it('projects the same keys onto every line by the structural difference, not by a percentage', () => {
    const a = analyze(fixture('strings'));
    const p91 = a.projections.find((p) => p.version === '9.1')!;
    const p72 = a.projections.find((p) => p.version === '7.2')!;
    expect(p91.changeBytes).toBeLessThan(0);
    // 300-byte values: the saving is a few percent, nowhere near 37.5 %
    expect(p91.changePercent).toBeGreaterThan(-15);
    expect(p72.projectedBytes).toBeGreaterThan(p91.projectedBytes);
  });

  it('reads the TTL share from the keyspace line', () => {
    const a = analyze(fixture('strings-ttl'));
    expect(a.ttlFraction).toBeCloseTo(0.5, 6);
  });

  it('warns where the lab figures do not transfer', () => {
    const text = [
      'server_name:valkey',
      'valkey_version:8.1.9',
      'redis_version:7.2.4',
      'used_memory:900000000',
      'used_memory_startup:1000000',
      'mem_fragmentation_ratio:1.9',
      'mem_allocator:libc',
      'maxmemory_policy:allkeys-lru',
      'role:master',
      'connected_slaves:2',
      'db0:keys=100000,expires=0,avg_ttl=0',
    ].join('\n');
    const a = analyze(text);
    const w = a.warnings.join('\n');
    expect(a.server.line).toBe('8.1');
    expect(a.server.allocator).toBe('libc');
    expect(w).toMatch(/allocator is libc/);
    expect(w).toMatch(/mem_fragmentation_ratio is 1.9/);
    expect(w).toMatch(/2 replica\(s\)/);
    expect(w).toMatch(/allkeys-lru/);
    expect(w).toMatch(/large values/);
    expect(w).not.toMatch(/named redis/);
  });

  it('has no projections for a line it does not model, and says so', () => {
    const a = analyze('redis_version:7.4.1\nused_memory:2000000\ndb0:keys=100,expires=0,avg_ttl=0');
    expect(a.server.line).toBeNull();
    expect(a.projections).toEqual([]);
    expect(a.warnings.join('\n')).toMatch(/No layout is modeled for redis 7.4.1/);
  });

  it('turns the analysis into a valid scenario of derived numbers, stating what was assumed', () => {
    const a = analyze(fixture('strings-ttl'));
    const scenario = scenarioFromAnalysis(a, 0);
    expect(scenarioSchema.safeParse(scenario).success).toBe(true);
    expect(scenario.workloads[0]).toMatchObject({ keys: 40_000, keyBytes: ASSUMED_KEY_BYTES, ttlFraction: 0.5 });
    expect(scenario.allocator).toBe('jemalloc-system');
    expect(JSON.stringify(scenario)).not.toMatch(/used_memory|redis-server/);
    expect(a.assumptions.join(' ')).toMatch(/24 bytes/);
  });
});

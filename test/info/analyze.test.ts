import { describe, expect, it } from 'vitest';
import { analyzeInfo, ASSUMED_KEY_BYTES } from '../../src/info/analyze';
import { scenarioFigures } from '../../src/info/figure';
import { parseInfo } from '../../src/info/parse';
import { scenarioSchema } from '../../src/scenario/schema';
import { infoFixture } from '../support/infoFixture';

function analyze(text: string) {
  const r = parseInfo(text);
  if (!r.ok) throw new Error(r.error);
  return analyzeInfo(r.info);
}

describe('analyzeInfo', () => {
  it('a Debian redis-server 7.0: Redis 7.0 layout, system jemalloc, packaged-build warnings', () => {
    const a = analyze(infoFixture('strings'));
    expect(a.server).toMatchObject({
      product: 'redis',
      version: '7.0.15',
      line: 'redis-7.0',
      cluster: false,
      allocator: 'jemalloc-system',
    });
    expect(a.warnings.join('\n')).toMatch(/build named redis/);
    expect(a.warnings.join('\n')).toMatch(/16-byte size steps/);
    // Redis 7.0 bundles jemalloc 5.2.1: a 5.3.0 can only be a system library
    expect(a.server.build).toMatchObject({ source: 'mem_allocator', advice: null });
    expect(a.server.allocatorReason).toMatch(/jemalloc-5.3.0, but redis 7.0.15 bundles jemalloc 5.2.1/);
    expect(a.keys).toBe(50_000);
  });

  it('infers a value size that brings the model closest to the memory the keys take (300-byte values were loaded)', () => {
    const a = analyze(infoFixture('strings'));
    // keys of 16 bytes were loaded; at the assumed 24 the inferred value is a little shorter than 300
    expect(a.inferredValueBytes).toBeGreaterThan(250);
    expect(a.inferredValueBytes).toBeLessThan(320);
    expect(a.observedBytesPerKey).toBeGreaterThan(300);
  });

  it("projects the same keys onto every line with the model, from the server's own line", () => {
    const a = analyze(infoFixture('strings'));
    expect(a.projections[0]).toMatchObject({ version: 'redis-7.0', changeBytes: 0 });
    const p91 = a.projections.find((p) => p.version === '9.1')!;
    const p72 = a.projections.find((p) => p.version === '7.2')!;
    expect(p91.changeBytes).toBeLessThan(0);
    // 300-byte values: the saving is a few percent, nowhere near 37.5 %
    expect(p91.changePercent).toBeGreaterThan(-15);
    expect(p72.projectedBytes).toBeGreaterThan(p91.projectedBytes);
  });

  it('reads the TTL share from the keyspace line', () => {
    const a = analyze(infoFixture('strings-ttl'));
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
    const a = analyze(infoFixture('strings-ttl'));
    const scenario = a.scenario!;
    expect(scenarioSchema.safeParse(scenario).success).toBe(true);
    // what the panel shows is what the scenario gives, to the byte
    const shown = a.projections.map((p) => p.projectedBytes);
    expect(scenarioFigures(scenario, ['redis-7.0', '7.2', '8.0', '8.1', '9.0', '9.1']).map((f) => f.keysBytes)).toEqual(shown);
    expect(scenario.workloads[0]).toMatchObject({ keys: 40_000, keyBytes: ASSUMED_KEY_BYTES, ttlFraction: 0.5 });
    expect(scenario.allocator).toBe('jemalloc-system');
    expect(JSON.stringify(scenario)).not.toMatch(/used_memory|redis-server/);
    expect(a.assumptions.join(' ')).toMatch(/24 bytes/);
  });

  it('the scenario carries the observed fragmentation ratio and what the server holds beside its keys', () => {
    const a = analyze(infoFixture('strings'));
    expect(a.scenario!.deployment).toMatchObject({
      fragmentationRatio: expect.any(Number),
      processBaselineBytes: expect.any(Number),
    });
    const ratio = Number(/^mem_fragmentation_ratio:(\S+)/m.exec(infoFixture('strings'))![1]);
    expect(a.scenario!.deployment!.fragmentationRatio).toBeCloseTo(ratio, 2);
  });

  it('reconciles the model with used_memory less startup and the parts the server breaks out', () => {
    const a = analyze(infoFixture('strings'));
    const r = a.reconciliation!;
    expect(r.rows.map((x) => x.label)).toEqual([
      'used_memory',
      'startup (empty process)',
      'client buffers',
      'replication backlog',
      'AOF buffer',
      'scripts and functions',
      'cluster links',
      'left for the keys',
      'model of the keys',
      'unexplained',
    ]);
    expect(r.modelBytes).toBe(a.projections[0]!.projectedBytes);
    expect(Math.abs(r.unexplainedPercent!)).toBeLessThan(10);
    expect(r.warning).toBeNull();
  });

  it('MALLOC-STATS pasted with INFO decides the build; an override wins over both', () => {
    const info = parseInfo(
      `${infoFixture('strings')}\n___ Begin jemalloc statistics ___\nVersion: "5.3.0-0-g0"\nQuantum size: 8\n`,
    );
    if (!info.ok) throw new Error(info.error);
    const a = analyzeInfo(info.info, { mallocStats: { jemallocVersion: '5.3.0-0-g0', quantum: 8 } });
    expect(a.server.allocator).toBe('jemalloc-bundled');
    expect(a.server.allocatorReason).toMatch(/Quantum size: 8/);
    const forced = analyzeInfo(info.info, {
      mallocStats: { jemallocVersion: '5.3.0-0-g0', quantum: 8 },
      allocatorOverride: 'libc',
    });
    expect(forced.server.build).toMatchObject({ allocator: 'libc', source: 'override' });
    expect(forced.scenario!.allocator).toBe('libc');
  });

  it('used_memory not above startup: said plainly, and no figure or negative size anywhere', () => {
    const a = analyze('redis_version:7.0.15\nused_memory:10000\nused_memory_startup:50000\ndb0:keys=100,expires=0,avg_ttl=0');
    expect(a.warnings.join(' ')).toMatch(/used_memory \(10000\) is not above used_memory_startup \(50000\)/);
    expect(a.datasetBytes).toBeNull();
    expect(a.reconciliation).toBeNull();
    for (const p of a.projections) expect(p.projectedBytes).toBeGreaterThan(0);
    expect(JSON.stringify(a)).not.toMatch(/NaN|Infinity|null,"keys":-/);
  });
});

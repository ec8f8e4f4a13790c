import { describe, expect, it } from 'vitest';
import { analyzeInfo } from '../../src/info/analyze';
import { parseInfo, parseInfoFindings } from '../../src/info/parse';
import { serverScenario } from '../../src/info/serverScenario';
import { scenarioSchema } from '../../src/scenario/schema';

const refusalOf = (text: string) => {
  const found = parseInfoFindings(text);
  if (found.ok) throw new Error('the paste was read');
  return found.refusal;
};
const errorOf = (text: string) => {
  const parsed = parseInfo(text);
  return parsed.ok ? null : parsed.error;
};

/** A 1.7 MiB server (an empty one is 0.85 MiB): the memory lines the hostile pastes were put beside. */
const SMALL_SERVER = 'redis_version:7.0.15\nused_memory:1782579\nused_memory_startup:876336\n';

describe('INFO pastes no server can show are refused, naming what is wrong', () => {
  it('two databases of 10^12 keys each: refused on their total, not shown as 190.6 TiB at 0.00 B per key', () => {
    const text = `${SMALL_SERVER}db0:keys=1000000000000,expires=0,avg_ttl=0\ndb1:keys=1000000000000,expires=0,avg_ttl=0`;
    expect(refusalOf(text)).toEqual({ code: 'tooManyKeysInTotal', keys: 2e12, limit: 1e12 });
    expect(errorOf(text)).toBe(
      'The databases hold 2,000,000,000,000 keys in total: more than any server holds (1,000,000,000,000); the paste is damaged.',
    );
  });

  it('more keys than used_memory can hold at 16 bytes a key: refused as lines of different servers', () => {
    const text = `${SMALL_SERVER}db0:keys=200000,expires=0,avg_ttl=0`;
    expect(refusalOf(text)).toEqual({ code: 'keysAboveMemory', keys: 200_000, usedMemory: 1_782_579, minBytesPerKey: 16 });
    // 100,000 keys in 1.7 MiB is 17.8 bytes each: tight, but not impossible, so it is read.
    expect(parseInfo(`${SMALL_SERVER}db0:keys=100000,expires=0,avg_ttl=0`).ok).toBe(true);
  });

  it('mem_clients_normal:999999999999999999 is refused by name, not shown as −888.2 PiB left for the keys', () => {
    const text = `${SMALL_SERVER}mem_clients_normal:999999999999999999\ndb0:keys=10,expires=0,avg_ttl=0`;
    expect(refusalOf(text)).toMatchObject({ code: 'fieldTooLarge', field: 'mem_clients_normal' });
    expect(errorOf(text)).toMatch(/^mem_clients_normal is 1,000,000,000,000,000,000 bytes: more than any server holds/);
  });

  it('a negative part of used_memory is refused by name, not skipped as 0', () => {
    expect(refusalOf(`${SMALL_SERVER}mem_clients_normal:-5`)).toEqual({
      code: 'fieldNotDecimal',
      field: 'mem_clients_normal',
      value: '-5',
    });
  });

  it('a part of used_memory above the whole, or parts adding up past it, is refused naming them', () => {
    expect(refusalOf(`${SMALL_SERVER}mem_replication_backlog:2000000`)).toEqual({
      code: 'partAboveUsedMemory',
      field: 'mem_replication_backlog',
      value: 2_000_000,
      usedMemory: 1_782_579,
    });
    expect(errorOf(`${SMALL_SERVER}mem_clients_normal:600000\nmem_aof_buffer:400000`)).toBe(
      'used_memory_startup, mem_clients_normal, mem_aof_buffer add up to 1,876,336 bytes, more than used_memory (1,782,579), which includes them: the paste is damaged.',
    );
  });

  it.each([
    ['keys=1e400', 'keys', '1e400'],
    ['keys=-5', 'keys', '-5'],
    ['keys=12,expires=-1', 'expires', '-1'],
    ['expires=0', 'keys', ''],
  ])('a keyspace line with %s is refused naming the db and the figure, not skipped as "no keys"', (line, field, value) => {
    expect(refusalOf(`${SMALL_SERVER}db2:${line},avg_ttl=0`)).toEqual({ code: 'keyspaceNotCount', db: 2, field, value });
  });

  it('says which line it is: "db2 has keys=1e400"', () => {
    expect(errorOf('db2:keys=1e400,expires=0,avg_ttl=0')).toBe(
      'db2 has keys=1e400: INFO prints it as a whole number of keys; the paste is damaged.',
    );
  });
});

describe('"Use as scenario" gives a scenario the planner takes', () => {
  it('at the largest keyspace and memory a paste may show', () => {
    const parsed = parseInfo(
      'valkey_version:8.1.1\nused_memory:281474976710656\nused_memory_startup:900000\nmem_clients_normal:140000000000000\n' +
        'connected_slaves:40\ndb0:keys=600000000000,expires=1,avg_ttl=0\ndb1:keys=400000000000,expires=0,avg_ttl=0',
    );
    if (!parsed.ok) throw new Error(parsed.error);
    const analysis = analyzeInfo(parsed.info);
    expect(scenarioSchema.safeParse(analysis.scenario).success).toBe(true);
    expect(analysis.scenario!.workloads[0]!.keys).toBe(1e12);
    expect(analysis.assumptions).toContain(
      'the memory beside the keys (140,000,000,900,000 bytes) is more than a plan takes: the scenario keeps 1,000,000,000,000 bytes',
    );
    expect(analysis.assumptions).toContain('the replicas (40) are more than a plan takes: the scenario keeps 10');
  });

  it('a cluster of more shards than a plan takes keeps the limit and says so', () => {
    const { scenario, notes } = serverScenario({
      name: 'big',
      workloads: [{ name: 'k', keys: 1, keyBytes: 8, type: 'string', valueBytes: 8, ttlFraction: 0 }],
      allocator: 'jemalloc-bundled',
      line: '8.1',
      cluster: true,
      shards: 1500,
      replicas: 0,
      memory: null,
    });
    expect(scenarioSchema.safeParse(scenario).success).toBe(true);
    expect(scenario.deployment!.shards).toBe(1000);
    expect(notes).toEqual([{ code: 'aboveLimit', field: 'shards', value: 1500, limit: 1000 }]);
  });
});

import { describe, expect, it } from 'vitest';
import { analyzeInfo } from '../../src/info/analyze';
import { parseKeysizesLine } from '../../src/info/keysizes';
import { parseInfo } from '../../src/info/parse';
import { scenarioSchema } from '../../src/scenario/schema';

/** The head of a Redis 8.6.3 INFO everything (real figures), to which each test adds its keyspace and keysizes. */
const HEAD = [
  '# Server',
  'redis_version:8.6.3',
  'redis_mode:standalone',
  '# Memory',
  'used_memory:39750440',
  'used_memory_startup:705616',
  'mem_allocator:jemalloc-5.3.0',
  '# Keyspace',
  'db0:keys=203000,expires=0,avg_ttl=0,subexpiry=0',
].join('\r\n');

/** INFO keysizes of that server: 200,000 strings of 1-200 bytes and 3,000 hashes of 50-200 fields. */
const KEYSIZES_86 = [
  '# Keysizes',
  'db0_distrib_strings_sizes:1=1000,2=2000,4=4000,8=8000,16=16000,32=32000,64=64000,128=73000',
  'db0_distrib_hashes_items:32=280,64=1271,128=1449',
].join('\r\n');

describe('INFO keysizes lines, read strictly', () => {
  it('reads power-of-two buckets with 1024-based suffixes into whole-size ranges', () => {
    expect(parseKeysizesLine('db0_distrib_strings_sizes', '0=1,4=1,2K=1,1M=1')).toEqual({
      ok: true,
      histogram: {
        db: 0,
        type: 'string',
        keys: 4,
        buckets: [
          { from: 0, to: 0, weight: 1 },
          { from: 4, to: 7, weight: 1 },
          { from: 2048, to: 4095, weight: 1 },
          { from: 1_048_576, to: 2_097_151, weight: 1 },
        ],
      },
    });
    expect(parseKeysizesLine('db3_distrib_lists_items', '4K=1')).toMatchObject({
      ok: true,
      histogram: { db: 3, type: 'list', keys: 1, buckets: [{ from: 4096, to: 8191, weight: 1 }] },
    });
  });

  it("Redis 8.6's key-memory histograms are known and left alone", () => {
    expect(parseKeysizesLine('db0_distrib_hashes_sizes', '32=1')).toEqual({ ok: true, histogram: null });
  });

  it.each([
    // Redis 8.0.6 printed this after SET of an empty string and SETRANGE on a missing key.
    [
      '0=18446744073709551615,4=1',
      'bucket 0 counts 18446744073709551615 keys, more than any server holds: the counter is damaged',
    ],
    ['0=1,4=12K=2,1M=2', '"4=12K=2" is not SIZE=COUNT'],
    ['3=5', 'bucket 3 is not 0 or a power of two'],
    ['8=1,4=1', 'bucket 4 comes after a larger or equal one'],
    ['4=-1', 'bucket 4 counts "-1", not a whole number of keys'],
    ['4x=1', 'bucket "4x" is not a size such as 8, 2K or 1M'],
    ['', 'no buckets'],
  ])('"%s" is refused: %s', (value, problem) => {
    expect(parseKeysizesLine('db0_distrib_strings_sizes', value)).toEqual({ ok: false, problem });
  });

  it('a collection without elements cannot exist, nor a kind the planner does not know', () => {
    expect(parseKeysizesLine('db0_distrib_sets_items', '0=1')).toEqual({
      ok: false,
      problem: 'bucket 0 counts sets without elements, which a server deletes',
    });
    expect(parseKeysizesLine('db0_distrib_streams_items', '1=1')).toMatchObject({ ok: false });
  });
});

describe('INFO keysizes in a pasted INFO', () => {
  it('are kept per database and type; a damaged line is named and the rest of the paste still counts', () => {
    const parsed = parseInfo(
      `${HEAD}\r\n# Keysizes\r\ndb0_distrib_strings_sizes:0=18446744073709551615,4=12K=2,1M=2\r\ndb0_distrib_hashes_items:32=280\r\n`,
    );
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.info.fields.used_memory).toBe(39_750_440);
    expect(parsed.info.keysizes).toEqual([{ db: 0, type: 'hash', keys: 280, buckets: [{ from: 32, to: 63, weight: 280 }] }]);
    expect(parsed.info.ignored).toEqual([
      'db0_distrib_strings_sizes ("0=18446744073709551615,4=12K=2": bucket 0 counts 18446744073709551615 keys, more than any server holds: the counter is damaged)',
    ]);
  });

  it('a database whose keysizes count more keys than its keyspace line is left out and named', () => {
    const parsed = parseInfo(`${HEAD.replace('keys=203000', 'keys=10')}\r\n${KEYSIZES_86}`);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.info.keysizes).toBeUndefined();
    expect(parsed.info.ignored).toEqual(['db0_distrib_* (the keysizes count 203000 keys, the keyspace line db0 10)']);
  });

  it('a line given twice is two pastes mixed: refused', () => {
    expect(parseInfo(`${HEAD}\r\ndb0_distrib_hashes_items:32=1\r\ndb0_distrib_hashes_items:32=1`)).toEqual({
      ok: false,
      error: 'db0_distrib_hashes_items appears twice: paste the output of one INFO command, not two.',
    });
  });

  it('the INFO scenario takes a workload per type, value sizes and element counts as histograms', () => {
    const parsed = parseInfo(`${HEAD}\r\n${KEYSIZES_86}`);
    if (!parsed.ok) throw new Error(parsed.error);
    const a = analyzeInfo(parsed.info);
    expect(a.keysizes).toEqual({ keys: 203_000, types: ['string', 'hash'] });
    // The types are the server's: only the names' length is assumed.
    expect(a.assumptions).toContain("key names of 24 bytes (INFO keysizes tells the types and sizes, not the names' length)");
    expect(a.assumptions.join(' ')).not.toContain('INFO does not tell key lengths or types');
    expect(scenarioSchema.safeParse(a.scenario).success).toBe(true);
    const [strings, hashes] = a.scenario!.workloads;
    expect(strings).toMatchObject({ name: 'strings (INFO keysizes)', type: 'string', keys: 200_000, keyBytes: 24 });
    expect(strings!.valueBytes).toEqual({
      kind: 'histogram',
      buckets: [
        { from: 1, to: 1, weight: 1000 },
        { from: 2, to: 3, weight: 2000 },
        { from: 4, to: 7, weight: 4000 },
        { from: 8, to: 15, weight: 8000 },
        { from: 16, to: 31, weight: 16000 },
        { from: 32, to: 63, weight: 32000 },
        { from: 64, to: 127, weight: 64000 },
        { from: 128, to: 255, weight: 73000 },
      ],
    });
    expect(hashes).toMatchObject({ name: 'hashes (INFO keysizes)', type: 'hash', keys: 3_000, fieldBytes: 8 });
    expect(hashes!.fields).toEqual({
      kind: 'histogram',
      buckets: [
        { from: 32, to: 63, weight: 280 },
        { from: 64, to: 127, weight: 1271 },
        { from: 128, to: 255, weight: 1449 },
      ],
    });
    // The hashes' element size is what keysizes does not tell: it is inferred from used_memory.
    expect(hashes!.valueBytes).toBe(a.inferredValueBytes);
    expect(a.assumptions.join(' ')).toMatch(/values average about \d+ bytes/);
  });

  it('keys of types keysizes does not count stay one workload, its size inferred; with only strings, all counted, nothing is', () => {
    const stringsOnly = parseInfo(`${HEAD.replace('keys=203000', 'keys=250')}\r\ndb0_distrib_strings_sizes:16=200\r\n`);
    if (!stringsOnly.ok) throw new Error(stringsOnly.error);
    const a = analyzeInfo(stringsOnly.info);
    expect(a.scenario!.workloads.map((w) => [w.name, w.keys, w.valueBytes === a.inferredValueBytes])).toEqual([
      ['strings (INFO keysizes)', 200, false],
      ['other keys from INFO', 50, true],
    ]);
    expect(a.scenario!.workloads[0]!.valueBytes).toEqual({ kind: 'histogram', buckets: [{ from: 16, to: 31, weight: 200 }] });
    const exact = parseInfo(`${HEAD.replace('keys=203000', 'keys=200')}\r\ndb0_distrib_strings_sizes:16=200\r\n`);
    if (!exact.ok) throw new Error(exact.error);
    const b = analyzeInfo(exact.info);
    expect(b.inferredValueBytes).toBeNull();
    expect(b.assumptions.join(' ')).not.toMatch(/values/);
  });

  it('without keysizes the INFO scenario is as before: one string workload', () => {
    const parsed = parseInfo(HEAD);
    if (!parsed.ok) throw new Error(parsed.error);
    const a = analyzeInfo(parsed.info);
    expect(a.keysizes).toBeNull();
    expect(a.assumptions).toContain('keys are strings of 24 bytes (INFO does not tell key lengths or types)');
    expect(a.scenario!.workloads).toHaveLength(1);
    expect(a.scenario!.workloads[0]).toMatchObject({ name: 'keys from INFO', keys: 203_000 });
  });
});

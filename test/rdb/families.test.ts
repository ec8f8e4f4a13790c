import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FAMILY_OPTIONS,
  FamilyBuilder,
  foldSegment,
  keyPattern,
  OTHER_PATTERN,
  type FamilyKey,
} from '../../src/rdb/families';
import { Log2Histogram } from '../../src/rdb/histogram';
import { RdbReader } from '../../src/rdb/reader';
import type { KeyType } from '../../src/rdb/records';
import { keyPrefix } from './keptRecords';
import { utf8Text } from '../../src/rdb/text';
import { analyze, FIXTURES } from './fixtures';

describe('key patterns', () => {
  it('folds digits, UUIDs and hex ids into *, keeps words', () => {
    expect(
      ['1234', '-7', '550e8400-e29b-41d4-a716-446655440000', 'deadbeef42', 'profile', 'v2', 'cafebabe'].map(foldSegment),
    ).toEqual([
      '*',
      '*',
      '*',
      '*',
      'profile',
      'v2',
      'cafebabe', // hex letters without a digit read as a word
    ]);
  });

  it('keeps `depth` segments and marks the rest with one *', () => {
    expect(keyPattern('user:1234:profile', ':', 3)).toBe('user:*:profile');
    expect(keyPattern('user:1234:profile:photo:2', ':', 2)).toBe('user:*:*');
    expect(keyPattern('user/1234/profile', '/', 3)).toBe('user/*/profile');
    expect(keyPattern('user:1234', '', 3)).toBe('user:1234');
    expect(keyPattern('98765', ':', 3)).toBe('*');
  });
});

describe('histograms', () => {
  it('bins by powers of two and merges bin by bin', () => {
    const a = new Log2Histogram();
    for (const v of [0, 1, 2, 3, 4, 100]) a.add(v);
    const b = new Log2Histogram();
    b.add(3, 10);
    a.merge(b);
    expect(a.summary()).toEqual({
      count: 16,
      mean: (0 + 1 + 2 + 3 + 4 + 100 + 30) / 16,
      min: 0,
      max: 100,
      bins: [
        { from: 0, to: 1, count: 1 },
        { from: 1, to: 2, count: 1 },
        { from: 2, to: 4, count: 12 },
        { from: 4, to: 8, count: 1 },
        { from: 64, to: 128, count: 1 },
      ],
    });
  });
});

function stringKey(text: string, bytes: number): FamilyKey {
  const key = new TextEncoder().encode(text);
  return {
    keyBytes: key,
    keyFrom: 0,
    keyKept: key.length,
    keyLength: text.length,
    type: 'string',
    hasTtl: false,
    ttlSeconds: null,
    valueSize: 10,
    elements: [],
    pairs: [],
    allIntegers: false,
    volatileFields: 0,
    scoreEntryBytes: 0,
    onlyNodeBytes: 0,
    fileBytes: 20,
    bytesPerBuild: [bytes],
  };
}

describe('bounded families', () => {
  it('tracks at most maxTracked patterns, reports maxReported and merges the rest into (other)', () => {
    const builder = new FamilyBuilder({ ...DEFAULT_FAMILY_OPTIONS, maxTracked: 3, maxReported: 2, topKeys: 2 }, 1, 0);
    for (const [prefix, n, bytes] of [
      ['a', 5, 10],
      ['b', 3, 100],
      ['c', 2, 50],
      ['d', 4, 1],
      ['e', 1, 1000],
    ] as const) {
      for (let i = 0; i < n; i++) builder.add(stringKey(`${prefix}:${i}`, bytes));
    }
    const families = builder.families((f) => f.bytesPerBuild[0]!);
    expect(families.map((f) => [f.pattern, f.keys, f.bytesPerBuild[0]])).toEqual([
      ['b:*', 3, 300],
      ['c:*', 2, 100],
      [OTHER_PATTERN, 10, 50 + 4 + 1000], // a (tracked, not reported), d and e (past the limit)
    ]);
    expect(builder.overflowKeys).toBe(5);
    expect(families[2]!.keys).toBe(10);
    expect(families[2]!.topKeys.map((k) => k.key)).toEqual(['e:0', 'a:0']);
  });
});

describe('families of a real dump', () => {
  const f = FIXTURES.find((x) => x.record.line === '9.1' && x.record.allocator === 'jemalloc-bundled')!;
  const a = analyze(f.bytes);
  const family = (pattern: string) => a.families.find((x) => x.pattern === pattern)!;

  it('groups the keys as the dataset was written (test/rdb/makeFixtures.ts)', () => {
    expect(a.families.map((x) => x.pattern).sort()).toEqual(
      [
        'blob:*',
        'cart:*',
        'catalog:*',
        'counter:*',
        'doc:*',
        'events',
        'followers:*',
        'ids:*',
        'lb:*',
        'log:*',
        'page:*:html',
        'queue:*',
        'rank:*',
        'session:*',
        'tags:*',
        'user:*',
      ].sort(),
    );
    expect(a.keys.total).toBe(f.record.keys + 1);
  });

  it('counts TTLs, integers, elements and field names per family', () => {
    const sessions = family('session:*');
    expect(sessions).toMatchObject({ type: 'string', keys: 330, ttlKeys: 165, keysWithoutTtl: 165, ttlShare: 0.5 });
    expect(sessions.keyLength).toMatchObject({ min: 24, max: 24 });
    expect(sessions.valueSize.min).toBeGreaterThanOrEqual(10);
    expect(sessions.valueSize.max).toBeLessThanOrEqual(60);
    // TTLs of 1,000,000 s and more from the save.
    expect(sessions.ttlSeconds.count).toBe(165);
    expect(sessions.ttlSeconds.min).toBeGreaterThan(990_000);
    expect(family('counter:*').integerKeys).toBe(300);
    const users = family('user:*');
    expect(users.valueSize).toMatchObject({ min: 4, max: 4, count: 300 });
    expect(users.fieldNameLength).toMatchObject({ count: 1200, min: 3, max: 6 });
    const carts = family('cart:*');
    expect(carts).toMatchObject({ volatileKeys: 150, volatileFields: 200 });
    const events = family('events');
    expect(events).toMatchObject({ type: 'stream', keys: 1 });
    expect(events.bytesPerLine['9.1']).toBe(0);
    expect(a.keys.unplanned).toEqual([{ key: 'events', type: 'stream', entries: 20, fileBytes: expect.any(Number) }]);
  });

  it('ranks families by their bytes on the newest line and keeps their largest keys', () => {
    const sized = a.families.filter((x) => x.type !== 'stream');
    for (let i = 1; i < sized.length; i++)
      expect(sized[i - 1]!.bytesPerLine['9.1']).toBeGreaterThanOrEqual(sized[i]!.bytesPerLine['9.1']);
    const followers = family('followers:*');
    expect(followers.topKeys).toHaveLength(3);
    expect(followers.topKeys[0]!.bytes).toBeGreaterThanOrEqual(followers.topKeys[1]!.bytes);
  });

  it('notes keys past the tracking limit', () => {
    const few = analyze(f.bytes, 65_536, { families: { ...DEFAULT_FAMILY_OPTIONS, maxTracked: 4 } });
    expect(few.keys.inOtherFamilies).toBeGreaterThan(0);
    expect(few.notes).toContain(`${few.keys.inOtherFamilies} keys are in "(other)": their patterns came after the first 4`);
    // The only notes of the full read: the carts' field TTLs, which the older lines do not price,
    // and the lines that do not load a VALKEY file.
    expect(a.notes).toEqual([
      expect.stringMatching(/^150 hashes have fields with their own TTL: Redis 7\.0, /),
      expect.stringMatching(/^Redis 7\.0, .* and Valkey 8\.1 do not load this file \(VALKEY RDB 80\)/),
    ]);
  });

  it('takes another delimiter and depth', () => {
    const shallow = analyze(f.bytes, 65_536, { families: { ...DEFAULT_FAMILY_OPTIONS, depth: 1 } });
    expect(shallow.families.find((x) => x.pattern === 'page:*')?.keys).toBe(60);
    const none = analyze(f.bytes, 65_536, { families: { ...DEFAULT_FAMILY_OPTIONS, delimiter: '/' } });
    // No key has a '/': each is its own pattern, and past the limit of reported families the rest is "(other)".
    expect(none.families.length).toBeLessThanOrEqual(DEFAULT_FAMILY_OPTIONS.maxReported + 6);
    expect(none.families.some((x) => x.pattern === OTHER_PATTERN)).toBe(true);
  });
});

/**
 * The builder finds a key's family from its bytes (a signature of its segments) and makes the
 * pattern from the key's text only for the first key of a signature: both must group alike.
 */
describe('families found from key bytes', () => {
  const utf8 = (text: string) => new TextEncoder().encode(text);
  /** Keys that test the byte path's edges: literal '*' segments, bad UTF-8, empty and trailing segments, long keys. */
  const edgeKeys: Uint8Array[] = [
    ...['a:1:b', 'a:*:b', 'a:x:b', 'a::b', 'a:b:', ':', '', '*', '-', '-5', 'user:550e8400-e29b-41d4-a716-446655440000:x'].map(
      utf8,
    ),
    ...['a:b:c:d:e', 'a:b:c:d', 'a:b:c', 'x/1/y', 'x/y/z/w', 'é:1', 'aéb:2éc', 'a__1__b', 'a__b__c__d'].map(utf8),
    new Uint8Array([0x61, 0xc3, 0x3a, 0x31]), // a lead byte cut short by the delimiter
    new Uint8Array([0xc3, 0xa9, 0x3a, 0xe0, 0x80, 0x3a, 0x32]), // é, a bad sequence, then an id
    new Uint8Array([0xc3, 0xc3, 0xa9, 0x31]), // a bad byte before é (a delimiter below)
    new Uint8Array([0x31, 0x32, 0xff, 0x3a, 0x33]),
    utf8('k:'.repeat(300)),
  ];
  const fixtureKeys = FIXTURES.map((f) => {
    const keys: Array<{ key: Uint8Array; type: KeyType }> = [];
    const reader = new RdbReader((k) => keys.push({ key: keyPrefix(k), type: k.value.type }));
    reader.push(f.bytes);
    reader.end();
    expect(reader.complete).toBe(true);
    return keys;
  });
  const allKeys = [...fixtureKeys.flat(), ...edgeKeys.map((key) => ({ key, type: 'string' as KeyType }))];

  it.each([
    [':', 3],
    [':', 1],
    ['/', 2],
    ['', 3],
    ['__', 2],
    ['é', 2],
    ['\ud800', 2], // a lone surrogate: no decoded text holds one, so no key is cut
  ])('with delimiter %j and depth %i, as keyPattern of the key text', (delimiter, depth) => {
    const options = { ...DEFAULT_FAMILY_OPTIONS, delimiter, depth, maxTracked: 100_000, maxReported: 100_000 };
    const builder = new FamilyBuilder(options, 1, 0);
    const expected = new Map<string, number>();
    for (const { key, type } of allKeys) {
      // Each key in place inside other bytes (delimiters and identifiers around it), as the reader hands keys over.
      const around = utf8(`:7${delimiter}`);
      const keyBytes = new Uint8Array([...around, ...key, ...utf8(`${delimiter}x${delimiter}1`)]);
      builder.add({ ...stringKey('', 1), keyBytes, keyFrom: around.length, keyKept: key.length, type });
      const name = `${type} ${keyPattern(utf8Text(key), delimiter, depth)}`;
      expected.set(name, (expected.get(name) ?? 0) + 1);
    }
    const found = new Map(builder.families((f) => f.keys).map((f) => [`${f.type} ${f.pattern}`, f.keys]));
    expect(found).toEqual(expected);
    expect(builder.overflowKeys).toBe(0);
  });

  it('counts keys past the tracking limit alike when their signature was met before', () => {
    const builder = new FamilyBuilder({ ...DEFAULT_FAMILY_OPTIONS, maxTracked: 2, maxReported: 10 }, 1, 0);
    for (const text of ['a:1', 'b:1', 'c:1', 'c:2', 'a:2', 'd:1', 'c:3']) builder.add(stringKey(text, 1));
    expect(builder.families((f) => f.keys).map((f) => [f.pattern, f.keys])).toEqual([
      ['a:*', 2],
      ['b:*', 1],
      [OTHER_PATTERN, 4],
    ]);
    expect(builder.overflowKeys).toBe(4);
  });
});

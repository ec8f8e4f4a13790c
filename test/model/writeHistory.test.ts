import { describe, expect, it } from 'vitest';
import { estimateVersion, workloadBreakdown } from '../../src/model';
import { asLoaded } from '../../src/model/asLoaded';
import type { LineId } from '../../src/model/lineRegistry';
import { resolveScenario } from '../../src/scenario/resolve';
import type { Workload } from '../../src/scenario/schema';

/** One workload of 1,000 keys on one line, bundled jemalloc. */
function scenario(workload: Partial<Workload> & Pick<Workload, 'type'>) {
  return resolveScenario({
    schema: 1,
    allocator: 'jemalloc-bundled',
    workloads: [{ name: 'w', keys: 1_000, keyBytes: 16, valueBytes: 10, ttlFraction: 0, fields: 10, ...workload }],
  });
}

const bytesPerKey = (workload: Partial<Workload> & Pick<Workload, 'type'>, line: LineId) =>
  estimateVersion(scenario(workload), line).workloads[0]!.bytesPerKey;

/** The parts of one key whose name starts with `prefix`, summed. */
function part(workload: Partial<Workload> & Pick<Workload, 'type'>, line: LineId, prefix: string): number {
  return workloadBreakdown(scenario(workload), line, 0)
    .filter((item) => item.component.startsWith(prefix))
    .reduce((sum, item) => sum + item.bytesPerKey, 0);
}

describe('how the collections were written', () => {
  it('prices a workload without the field as written one element per command, to the byte', () => {
    for (const line of ['redis-7.0', '7.2', '8.0', '8.1', '9.1', 'redis-8.6'] as const) {
      for (const type of ['set', 'zset', 'hash'] as const) {
        const w = { type, fields: 240, fieldBytes: 9 };
        expect(bytesPerKey(w, line)).toBe(bytesPerKey({ ...w, written: 'one-per-command' }, line));
      }
    }
  });

  it('a set of 240 members written one SADD (or loaded) holds no old table on 9.1; grown one by one it still holds its 32 old buckets', () => {
    const set = { type: 'set', fields: 240 } as const;
    expect(part(set, '9.1', 'old hashtable of 32 buckets')).toBeGreaterThan(2048);
    for (const written of ['whole-collection', 'loaded'] as const) {
      expect(part({ ...set, written }, '9.1', 'old hashtable')).toBe(0);
      // 64 buckets either way: ceil(5 x 240 / 32) = 38 rounds up to 64.
      expect(part({ ...set, written }, '9.1', 'hashtable buckets')).toBe(64 * 64);
      expect(bytesPerKey(set, '9.1') - bytesPerKey({ ...set, written }, '9.1')).toBeCloseTo(part(set, '9.1', 'old hashtable'), 6);
    }
  });

  it('a set of 210 members made at once gets 64 buckets on 8.1+ (presized to 91 % fill), where growing leaves 32', () => {
    const set = { type: 'set', fields: 210 } as const;
    expect(part(set, '8.1', 'hashtable buckets')).toBe(32 * 64);
    expect(part({ ...set, written: 'whole-collection' }, '8.1', 'hashtable buckets')).toBe(64 * 64);
    expect(part({ ...set, written: 'loaded' }, '8.1', 'hashtable buckets')).toBe(64 * 64);
    // A dict gets the power of two >= n slots however it was made: 256 on 7.2.
    expect(bytesPerKey({ ...set, written: 'whole-collection' }, '7.2')).toBe(bytesPerKey(set, '7.2'));
  });

  it('Redis 7.0 has no size hint: a whole SADD grows the dict as single ones do, and only a load drops the old table', () => {
    const set = { type: 'set', fields: 50 } as const;
    const grown = bytesPerKey(set, 'redis-7.0');
    expect(bytesPerKey({ ...set, written: 'whole-collection' }, 'redis-7.0')).toBe(grown);
    // 50 members grew 32 -> 64 slots; the old 32 slots (256 B) are still held by most sets.
    const old = part(set, 'redis-7.0', 'old dict table of 32 slots');
    expect(old).toBeGreaterThan(200);
    expect(old).toBeLessThan(256);
    expect(bytesPerKey({ ...set, written: 'loaded' }, 'redis-7.0')).toBeCloseTo(grown - old, 9);
  });

  it('sorted sets: one ZADD of 230 members makes the index at 64 buckets at once on 8.1+; one by one it is still rehashing', () => {
    const zset = { type: 'zset', fields: 230 } as const;
    expect(part(zset, '9.1', 'old hashtable of 32 buckets')).toBeGreaterThan(0);
    expect(part({ ...zset, written: 'whole-collection' }, '9.1', 'old hashtable')).toBe(0);
    expect(part({ ...zset, written: 'whole-collection' }, '9.1', 'hashtable buckets')).toBe(64 * 64);
  });

  it('hashes: an HSET of more fields than a listpack holds presizes the table; fewer with a long value grow it', () => {
    // 1,100 fields: converted at 513 to 1,024 slots, grown to 2,048 at 1,025 and still rehashing on 8.0.
    const big = { type: 'hash', fields: 1_100, fieldBytes: 9, valueBytes: 16 } as const;
    expect(part(big, '8.0', 'old dict table of 1024 slots')).toBeGreaterThan(0);
    expect(part({ ...big, written: 'whole-collection' }, '8.0', 'old dict table')).toBe(0);
    expect(part({ ...big, written: 'whole-collection' }, '8.0', 'dict slots')).toBe(2048 * 8);
    // 20 fields with 100-byte values: the listpack converts empty and the table grows from 4 slots.
    const long = { type: 'hash', fields: 20, fieldBytes: 9, valueBytes: 100 } as const;
    expect(bytesPerKey({ ...long, written: 'whole-collection' }, '8.0')).toBe(bytesPerKey(long, '8.0'));
    expect(bytesPerKey({ ...long, written: 'loaded' }, '8.0')).toBeLessThan(bytesPerKey(long, '8.0'));
  });

  it('one SADD of more integers than an intset holds, but few enough for a listpack, makes a listpack (7.2+)', () => {
    const ints = (written?: 'whole-collection' | 'loaded') =>
      resolveScenario({
        schema: 1,
        allocator: 'jemalloc-bundled',
        config: { setMaxIntsetEntries: 64 },
        workloads: [
          {
            name: 'ids',
            type: 'set',
            keys: 1_000,
            keyBytes: 16,
            fields: 100,
            valueBytes: 4,
            valueKind: 'int',
            ttlFraction: 0,
            ...(written && { written }),
          },
        ],
      });
    const whole = estimateVersion(ints('whole-collection'), '9.1').workloads[0]!;
    expect(whole.encodings).toEqual([{ encoding: 'listpack', share: 1 }]);
    // 100 four-digit integers, 4-byte entries (16-bit), + 7: 407 -> 448. With the default
    // set-max-intset-entries (512) the same SADD makes an intset.
    expect(
      part({ type: 'set', fields: 100, valueBytes: 4, valueKind: 'int', written: 'whole-collection' }, '9.1', 'set listpack'),
    ).toBe(0);
    expect(workloadBreakdown(ints('whole-collection'), '9.1', 0).find((i) => i.component === 'set listpack')!.bytesPerKey).toBe(
      448,
    );
    // One by one (and loaded) they leave the intset at 65 for a table; Redis 7.0 has no set listpack.
    for (const written of [undefined, 'loaded'] as const)
      expect(estimateVersion(ints(written), '9.1').workloads[0]!.encodings).toEqual([{ encoding: 'hashtable', share: 1 }]);
    expect(estimateVersion(ints('whole-collection'), 'redis-7.0').workloads[0]!.encodings).toEqual([
      { encoding: 'hashtable', share: 1 },
    ]);
  });

  it('small encodings are the same whatever the history: listpacks and intsets are reallocated to their exact size', () => {
    for (const w of [
      { type: 'set', fields: 100 },
      { type: 'set', fields: 400, valueBytes: 4, valueKind: 'int' },
      { type: 'zset', fields: 100 },
      { type: 'hash', fields: 100, fieldBytes: 9 },
    ] as const) {
      for (const written of ['whole-collection', 'loaded'] as const) {
        expect(bytesPerKey({ ...w, written }, '9.1')).toBe(bytesPerKey(w, '9.1'));
      }
    }
  });

  it('as loaded: a set written whole keeps its figure on 7.2+ once loaded, but not on Redis 7.0, which grew its tables', () => {
    const s = resolveScenario({
      schema: 1,
      allocator: 'jemalloc-bundled',
      versions: ['redis-7.0', '7.2', '9.1'],
      workloads: [
        {
          name: 'tags',
          type: 'set',
          keys: 1_000,
          keyBytes: 16,
          fields: 300,
          valueBytes: 10,
          ttlFraction: 0,
          written: 'whole-collection',
        },
        { name: 'plain', type: 'string', keys: 1_000, keyBytes: 16, valueBytes: 10, ttlFraction: 0 },
      ],
    });
    // 300 members: Redis 7.0 grew the dict to 512 slots at the 257th and still holds the old 256;
    // 7.2+ made it at 512 slots (8.1+: 64 buckets) with the one SADD, as a load does.
    const lines = asLoaded(s);
    expect(lines.map((l) => l.version)).toEqual(['redis-7.0']);
    const [tags] = lines[0]!.workloads;
    expect(tags!.index).toBe(0);
    expect(tags!.loadedBytesPerKey).toBe(
      estimateVersion({ ...s, workloads: [{ ...s.workloads[0]!, written: 'loaded' }, s.workloads[1]!] }, 'redis-7.0')
        .workloads[0]!.bytesPerKey,
    );
    expect(tags!.asWrittenBytesPerKey).toBe(estimateVersion(s, 'redis-7.0').workloads[0]!.bytesPerKey);
    expect(asLoaded({ ...s, workloads: [s.workloads[1]!] })).toEqual([]);
  });
});

describe('lists as they were written', () => {
  // Ten-byte elements are 12-byte entries: a quicklist node fills to 681, the listpack a list starts as to 682.
  const list = (fields: number, written?: Workload['written']) =>
    ({ type: 'list', fields, valueBytes: 10, ...(written && { written }) }) as const;
  const nodes = (w: Partial<Workload> & Pick<Workload, 'type'>, line: LineId) => part(w, line, 'quicklist nodes') / 40;

  it('pushed one by one, 7.2+ keeps the listpack of 682 as the first node: 1,363 elements are two nodes (Redis 7.0: three)', () => {
    for (const line of ['7.2', '8.0', '8.1', '9.1', 'redis-8.0', 'redis-8.6'] as const) {
      expect(nodes(list(1_363), line)).toBe(2);
      expect(nodes(list(1_364), line)).toBe(3);
    }
    expect(nodes(list(1_363), 'redis-7.0')).toBe(3);
    // The loaded nodes are the saved ones: loaded after pushes, a list is priced as pushed.
    for (const line of ['redis-7.0', '9.1'] as const)
      expect(bytesPerKey(list(1_363, 'loaded'), line)).toBe(bytesPerKey(list(1_363), line));
  });

  it('one RPUSH of 750 stays one listpack past the node size on 7.2+ (raw lengths 7,507 B, entries 9,007 B); of 1,363 it fills nodes from empty', () => {
    expect(part(list(750, 'whole-collection'), '9.1', 'list listpack')).toBe(10_240);
    expect(part(list(750), '9.1', 'list listpack')).toBe(0);
    expect(nodes(list(750), '9.1')).toBe(2);
    expect(nodes(list(1_363, 'whole-collection'), '9.1')).toBe(3);
    // Redis 7.0 pushes the command's elements one by one into a quicklist.
    expect(bytesPerKey(list(1_363, 'whole-collection'), 'redis-7.0')).toBe(bytesPerKey(list(1_363), 'redis-7.0'));
    expect(bytesPerKey(list(750, 'whole-collection'), 'redis-7.0')).toBe(bytesPerKey(list(750), 'redis-7.0'));
  });

  it('lists of 1-2,000 ten-byte elements: the mix prices each length as its own list would be, within 0.1 %', () => {
    const lengths = { kind: 'range', shape: 'uniform', min: 1, max: 2_000 } as const;
    for (const written of ['one-per-command', 'whole-collection'] as const) {
      const each = Array.from({ length: 2_000 }, (_, i) => bytesPerKey(list(i + 1, written), '9.1'));
      const exact = each.reduce((a, b) => a + b, 0) / each.length;
      const mixed = bytesPerKey({ ...list(1_000, written), fields: lengths }, '9.1');
      expect(Math.abs(mixed - exact) / exact).toBeLessThan(0.001);
    }
  });

  it('as loaded: a list of 750 written one RPUSH is a quicklist of that one node (+ its two structs on 9.1, 80 B); pushed one by one nothing changes', () => {
    const s = (written: Workload['written']) =>
      resolveScenario({
        schema: 1,
        allocator: 'jemalloc-bundled',
        versions: ['redis-7.0', '9.1'],
        workloads: [
          { name: 'queue', type: 'list', keys: 1_000, keyBytes: 16, fields: 750, valueBytes: 10, ttlFraction: 0, written },
        ],
      });
    const [line] = asLoaded(s('whole-collection'));
    expect(line!.version).toBe('9.1');
    expect(line!.workloads[0]!.loadedBytesPerKey - line!.workloads[0]!.asWrittenBytesPerKey).toBeCloseTo(80, 6);
    expect(asLoaded(s('one-per-command'))).toEqual([]);
  });
});

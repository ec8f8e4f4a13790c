import { describe, expect, it } from 'vitest';
import { estimateScenario } from '../../src/model';
import { resolveScenario } from '../../src/scenario/resolve';
import type { Workload } from '../../src/scenario/schema';
import { DOCUMENT_HASH } from '../support/documentHash';

/** One workload's line estimate on Valkey 9.1 (or `line`). */
function planned(workload: Partial<Workload>, line = '9.1') {
  const w = { name: 'w', keys: 10_000, keyBytes: 12, type: 'hash', ttlFraction: 0, ...workload } as Workload;
  const estimate = estimateScenario(resolveScenario({ schema: 1, workloads: [w], versions: [line as '9.1'] }));
  return estimate.versions[0]!.workloads[0]!;
}

const DOCUMENT: Partial<Workload> = DOCUMENT_HASH;

describe('mixed element sizes within each key', () => {
  it('makes every document hash a table (its long value does), where alike elements priced half of them as listpacks', () => {
    expect(planned(DOCUMENT).encodings).toEqual([
      { encoding: 'listpack', share: 0.5 },
      { encoding: 'hashtable', share: 0.5 },
    ]);
    expect(planned({ ...DOCUMENT, elements: 'mixed' }).encodings).toEqual([{ encoding: 'hashtable', share: 1 }]);
  });

  it('prices a mixed hash as the same hash of its elements given one by one, on a line of separate field and value allocations', () => {
    // On 7.2 a field and its value are allocated apart: the table is the same, the values' sds differ.
    const mixed = planned({ ...DOCUMENT, elements: 'mixed', fieldBytes: 5 }, '7.2').bytesPerKey;
    const twoOf65 = planned({ ...DOCUMENT, elements: 'alike', fields: 2, fieldBytes: 5, valueBytes: 65 }, '7.2');
    expect(twoOf65.encodings).toEqual([{ encoding: 'hashtable', share: 1 }]);
    // Two 65-byte values: sds of 69 -> 80 each (160); the mixed key's 20 and 200: 24 -> 24 and 204 -> 224 (248): 88 more.
    expect(mixed - twoOf65.bytesPerKey).toBeCloseTo(88, 6);
  });

  it('fills a list of mixed elements by their mean listpack entry, node after node', () => {
    // 2,000 elements of 10 and 30 bytes alternating (entries 12 and 32: mean 22) against 2,000 of 20 (entry 22): the same nodes.
    const mixed = planned({
      type: 'list',
      fields: 2000,
      valueBytes: {
        kind: 'histogram',
        buckets: [
          { from: 10, to: 10, weight: 1 },
          { from: 30, to: 30, weight: 1 },
        ],
      },
      elements: 'mixed',
    });
    const alike = planned({ type: 'list', fields: 2000, valueBytes: 20 });
    expect(mixed.bytesPerKey).toBe(alike.bytesPerKey);
  });
});

describe("a snapshot's compact bytes (compactBytes)", () => {
  it("sizes a sorted set's listpack from them, not from its members and ranks", () => {
    const zset: Partial<Workload> = { type: 'zset', fields: 20, valueBytes: 10 };
    // 20 members of 10 bytes (12 each) and ranks 1..20 (2 each) + 7: 287 -> 320. Scores such as 0.5 take 5 each: 347 -> 384.
    const computed = planned(zset).bytesPerKey;
    const measured = planned({ ...zset, compactBytes: 347 }).bytesPerKey;
    expect(measured - computed).toBeCloseTo(64, 6);
  });

  it('leaves a key its encoding: a hash too long for a listpack stays a table whatever its compact bytes', () => {
    const table = { type: 'hash', fields: 600, fieldBytes: 8, valueBytes: 8 } as const;
    expect(planned(table).encodings).toEqual([{ encoding: 'hashtable', share: 1 }]);
    expect(planned({ ...table, compactBytes: 100 }).bytesPerKey).toBe(planned(table).bytesPerKey);
  });

  it('sizes a list of one node from it: a listpack on 7.2+, one quicklist node on Redis 7.0', () => {
    const list = { type: 'list', fields: 30, valueBytes: 8, compactBytes: 500 } as const;
    const plain = { type: 'list', fields: 30, valueBytes: 8 } as const;
    // 30 x 10 + 7 = 307 -> 320 against 500 -> 512: 192 more on both.
    expect(planned(list).bytesPerKey - planned(plain).bytesPerKey).toBeCloseTo(192, 6);
    expect(planned(list, 'redis-7.0').bytesPerKey - planned(plain, 'redis-7.0').bytesPerKey).toBeCloseTo(192, 6);
  });
});

describe("a hash's field and value lengths paired (fieldValuePairs)", () => {
  const pairs = (a: [number, number], b: [number, number]): Partial<Workload> => ({
    ...DOCUMENT,
    elements: 'mixed',
    fieldValuePairs: {
      kind: 'pairs',
      buckets: [
        { field: a[0], value: a[1], weight: 1 },
        { field: b[0], value: b[1], weight: 1 },
      ],
    },
  });
  const titleShort = pairs([5, 20], [4, 200]);
  const titleLong = pairs([5, 200], [4, 20]);

  it('change nothing where a field and its value are allocated apart (7.2)', () => {
    expect(planned(titleShort, '7.2').bytesPerKey).toBeCloseTo(planned(titleLong, '7.2').bytesPerKey, 9);
    expect(planned(titleShort, '7.2').bytesPerKey).toBeCloseTo(planned({ ...DOCUMENT, elements: 'mixed' }, '7.2').bytesPerKey, 9);
  });

  it('price each field with its own value where 9.1 keeps them in one allocation', () => {
    // title (5) + 20: 7 + 20 + 4 = 31 -> 32; body (4) + 200: a 16-byte entry and a 224-byte value.
    // title (5) + 200: 8 + 9 = 17 -> 24 and 224; body (4) + 20: 6 + 20 + 4 = 30 -> 32: 8 more.
    expect(planned(titleLong).bytesPerKey - planned(titleShort).bytesPerKey).toBeCloseTo(8, 9);
  });
});

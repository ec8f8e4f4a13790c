import { describe, expect, it } from 'vitest';
import { BlobError, BlobWalk, WALK_BATCH, walkIntset, walkListpack, type ElementSpecs } from '../../src/rdb/blobs';
import type { ElementSpec } from '../../src/model/elements';
import { analyze, FIXTURES } from './fixtures';

/**
 * The reading's fast paths give what the plain paths give: a priced shape remembered or priced
 * afresh, and a blob walked in batches or as one.
 */

describe('the sizer remembering priced shapes', () => {
  // 0: every key priced afresh; 1: the memo is full at every new shape and starts afresh; 3: a few kept.
  const memos = [
    { collections: 0, strings: 0 },
    { collections: 1, strings: 1 },
    { collections: 3, strings: 3 },
  ];

  for (const fixture of FIXTURES) {
    it(`${fixture.name}: the same families and figures with the memo, without it and when it is full`, () => {
      for (const everyVariant of [false, true]) {
        const remembered = analyze(fixture.bytes, 65_536, { everyVariant });
        expect(remembered.families.length).toBeGreaterThan(0);
        for (const memoSizes of memos) {
          const other = analyze(fixture.bytes, 65_536, { everyVariant, memoSizes });
          expect(other.families).toEqual(remembered.families);
          expect(other.variants).toEqual(remembered.variants);
          expect(JSON.stringify(other)).toBe(JSON.stringify(remembered));
        }
      }
    });
  }
});

/** A listpack of these entries: small integers (7 bits), 13-bit integers, and short strings. */
function listpack(entries: Array<{ int: number } | { text: string }>, declared = entries.length): Uint8Array {
  const body: number[] = [];
  for (const e of entries) {
    let entry: number[];
    if ('int' in e && e.int >= 0 && e.int < 128) entry = [e.int];
    else if ('int' in e) entry = [0xc0 | ((e.int >> 8) & 0x1f), e.int & 0xff];
    else entry = [0x80 | e.text.length, ...Array.from(e.text, (c) => c.charCodeAt(0))];
    body.push(...entry, entry.length);
  }
  const total = 6 + body.length + 1;
  return new Uint8Array([
    total & 0xff,
    (total >> 8) & 0xff,
    (total >> 16) & 0xff,
    total >>> 24,
    declared & 0xff,
    declared >> 8,
    ...body,
    0xff,
  ]);
}

/** Every element of a blob, batch after batch, with the sizes of the batches. */
function walkAll(walker: (blob: Uint8Array, out: ElementSpecs, walk: BlobWalk) => number, blob: Uint8Array) {
  const walk = new BlobWalk();
  const out: ElementSpecs = [];
  const specs: ElementSpec[] = [];
  const batches: number[] = [];
  walk.start();
  let n: number;
  while ((n = walker(blob, out, walk)) > 0) {
    batches.push(n);
    specs.push(...out.slice(0, n));
  }
  return { specs, batches, count: walk.count };
}

describe('blobs walked in batches', () => {
  const n = 2 * WALK_BATCH + 5;
  const entries = Array.from({ length: n }, (_, i): { int: number } | { text: string } =>
    i % 3 === 0 ? { int: i % 128 } : i % 3 === 1 ? { int: -(i % 4000) - 200 } : { text: 'x'.repeat(i % 40) },
  );
  const expected: ElementSpec[] = entries.map((e): ElementSpec =>
    'int' in e ? { kind: 'int', value: e.int, length: String(e.int).length } : { kind: 'string', length: e.text.length },
  );

  it('gives every element of a listpack longer than a batch, in order, in whole batches', () => {
    const { specs, batches, count } = walkAll(walkListpack, listpack(entries));
    expect(batches).toEqual([WALK_BATCH, WALK_BATCH, 5]);
    expect(count).toBe(n);
    expect(specs).toEqual(expected);
  });

  it('still checks the declared count against the whole listpack, after its last batch', () => {
    expect(() => walkAll(walkListpack, listpack(entries, n - 1))).toThrow(
      new BlobError(`listpack header says ${n - 1} entries, it holds ${n}`),
    );
  });

  it('gives every member of an intset longer than a batch', () => {
    const members = Array.from({ length: n }, (_, i) => i * 7 - 5000);
    const blob = new Uint8Array(8 + 2 * n);
    const view = new DataView(blob.buffer);
    view.setUint32(0, 2, true);
    view.setUint32(4, n, true);
    members.forEach((m, i) => view.setInt16(8 + 2 * i, m, true));
    const { specs, batches } = walkAll(walkIntset, blob);
    expect(batches).toEqual([WALK_BATCH, WALK_BATCH, 5]);
    expect(specs.map((s) => (s.kind === 'int' ? s.value : null))).toEqual(members);
  });

  it('gives 64-bit intset members as the numbers they are, beyond 2^53 too, with their decimal lengths', () => {
    const members = [-1n, 4097n, -(2n ** 32n) - 1n, 2n ** 53n - 1n, 2n ** 53n + 1n, -(2n ** 63n), 2n ** 63n - 1n];
    const blob = new Uint8Array(8 + 8 * members.length);
    const view = new DataView(blob.buffer);
    view.setUint32(0, 8, true);
    view.setUint32(4, members.length, true);
    members.forEach((m, i) => view.setBigInt64(8 + 8 * i, m, true));
    const { specs } = walkAll(walkIntset, blob);
    expect(specs.map((s) => (s.kind === 'int' ? s.value : null))).toEqual(members.map(Number));
    expect(specs.map((s) => s.length)).toEqual(members.map((m) => String(m).length));
  });
});

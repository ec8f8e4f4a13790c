import fc from 'fast-check';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { RdbAnalysis } from '../../src/rdb/analyze';
import { analyze, FIXTURES } from './fixtures';

/**
 * A guard against work that grows faster than the input (a loop that does not advance, a length
 * taken as a count of allocations), not a timing: a 200 KB dump reads in tens of milliseconds.
 */
const GUARD_MS = 5_000;

/**
 * Every figure is finite and, but for the reconciliation's signed figures (its difference, its
 * remainder, collections as written less as loaded, the parts named) and the settings echoed (-2
 * is a list threshold), not negative.
 */
function insanity(value: unknown, path = '$'): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return `${path} is ${value}`;
    if (
      value < 0 &&
      !/difference|remainder|WrittenLessLoaded|\.parts\.\d+\.bytes|ttlSeconds|expireAt|\.sizing\.thresholds\./i.test(path)
    )
      return `${path} is negative (${value})`;
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const found = insanity(child, `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

function checked(bytes: Uint8Array, chunk: number): RdbAnalysis {
  const started = performance.now();
  const a = analyze(bytes, chunk, { fileSize: bytes.length });
  expect(performance.now() - started).toBeLessThan(GUARD_MS);
  expect(insanity(a)).toBeNull();
  if (a.status === 'complete') expect(a.error).toBeNull();
  else expect(a.error?.message).toMatch(/at byte \d+ \(/);
  return a;
}

const header = fc.constantFrom('REDIS0009', 'REDIS0010', 'REDIS0011', 'VALKEY080');
const fixture = fc.constantFrom(...FIXTURES.map((f) => f.bytes));

describe('the reader on random and damaged input', () => {
  it('never throws, hangs or reports a broken figure on random bytes after a valid header', () => {
    fc.assert(
      fc.property(header, fc.uint8Array({ maxLength: 2048 }), fc.integer({ min: 1, max: 600 }), (magic, body, chunk) => {
        const bytes = new Uint8Array([...[...magic].map((c) => c.charCodeAt(0)), ...body]);
        checked(bytes, chunk);
      }),
      { numRuns: 300 },
    );
  });

  it('survives byte flips, cuts and splices in real dumps, and marks them partial or reads them whole', () => {
    fc.assert(
      fc.property(
        fixture,
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
        fc.integer({ min: 64, max: 70_000 }),
        (original, flips, cut, chunk) => {
          const bytes = original.slice();
          for (const [where, value] of flips) bytes[Math.floor(where * bytes.length)] = value;
          const damaged = cut === undefined ? bytes : bytes.subarray(0, Math.floor(cut * bytes.length));
          const a = checked(damaged, chunk);
          // A changed byte either breaks the parse or the checksum, or leaves the bytes as they were.
          const unchanged = damaged.length === original.length && damaged.every((b, i) => b === original[i]);
          if (!unchanged) expect(a.status).toBe('partial');
        },
      ),
      { numRuns: 60 },
    );
  });

  it('bounds the work of lengths that claim more than the file holds', () => {
    // A key, then a set claiming 2^62 members; a hash of 2^40 fields; a list of 2^32 nodes.
    for (const claim of [
      [0x02, 0x01, 0x61, 0x81, 0x40, 0, 0, 0, 0, 0, 0, 0],
      [0x04, 0x01, 0x61, 0x81, 0, 0, 1, 0, 0, 0, 0, 0],
      [0x12, 0x01, 0x61, 0x80, 0xff, 0xff, 0xff, 0xff],
    ]) {
      const bytes = new Uint8Array([...'REDIS0011'].map((c) => c.charCodeAt(0)).concat(claim, new Array(100).fill(0)));
      const started = performance.now();
      const a = analyze(bytes);
      expect(performance.now() - started).toBeLessThan(GUARD_MS);
      expect(a.status).toBe('partial');
      const withSize = analyze(bytes, 65_536, { fileSize: bytes.length });
      expect(withSize.error?.message).toMatch(
        /^absurd length \d+(: the file has \d+ bytes)? at byte \d+ \(the \S+ .*value of key "a" at byte 9/,
      );
    }
  });
});

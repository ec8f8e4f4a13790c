import { describe, expect, it } from 'vitest';
import { workloadBreakdown } from '../../src/model';
import type { LineId } from '../../src/model/lineRegistry';
import { dictRehashRemnant, hashtableRehashRemnant } from '../../src/model/rehash';
import type { Workload } from '../../src/scenario/schema';
import { resolveScenario } from '../../src/scenario/resolve';

describe('a dict caught growing', () => {
  // A dict of 4 slots grows to 8 at the 5th insert, holding its 4 members in K non-empty slots:
  // P(K = 1) = 4/256, P(K = 2) = 6 x 14/256, P(K = 3) = 4 x 36/256, P(K = 4) = 24/256. Each later
  // insert (one step each) empties one of them.
  it.each([
    [5, 1],
    [6, 1 - 4 / 256],
    [7, (144 + 24) / 256],
    [8, 24 / 256],
  ])('holds the old table of 4 slots after %i inserts with probability %f', (n, held) => {
    const remnant = dictRehashRemnant(n, 8, 4, 1, 0, false);
    expect(remnant.oldSlots).toBe(4);
    expect(remnant.heldProbability).toBeCloseTo(held, 12);
    expect(remnant.extraKeyOnlyEntries).toBe(0);
  });

  it('holds nothing when the table was presized for all its members, or before its first expansion', () => {
    expect(dictRehashRemnant(600, 1024, 1024, 2, 0, false).heldProbability).toBe(0);
    expect(dictRehashRemnant(3, 4, 4, 1, 0, false).heldProbability).toBe(0);
  });

  it('finishes sooner at two steps a write (sorted sets, Redis 7.0 hashes) than at one', () => {
    // Sets of 50 on Redis 7.0: the 32-slot table of the 33rd insert, about 20 non-empty slots, 17 steps since.
    const one = dictRehashRemnant(50, 64, 4, 1, 0, false).heldProbability;
    const two = dictRehashRemnant(50, 64, 4, 2, 0, false).heldProbability;
    expect(one).toBeGreaterThan(0.8);
    expect(two).toBeLessThan(1e-6);
  });

  it('counts more {key, next} entries in a key-only dict while the old, fuller table still holds members', () => {
    expect(dictRehashRemnant(1100, 2048, 1024, 1, 0, true).extraKeyOnlyEntries).toBeGreaterThan(50);
  });
});

describe('an 8.1+ hashtable caught growing', () => {
  it('holds its old buckets until one step per bucket has run, then nothing', () => {
    // Presized to 32 buckets at 129 members, grown to 64 at the 225th; 15 SADDs since at one step each.
    const set240 = hashtableRehashRemnant(240, 64, 32, 1, 0);
    expect(set240.oldBuckets).toBe(32);
    expect(set240.oldChildBuckets).toBeGreaterThan(0);
    expect(hashtableRehashRemnant(257, 64, 32, 1, 0).oldBuckets).toBe(0);
    // Sorted sets take two steps a ZADD: done by 241.
    expect(hashtableRehashRemnant(240, 64, 32, 2, 0).oldBuckets).toBe(32);
    expect(hashtableRehashRemnant(241, 64, 32, 2, 0).oldBuckets).toBe(0);
  });
});

function parts(line: LineId, w: Partial<Workload> & Pick<Workload, 'type' | 'fields'>) {
  const scenario = resolveScenario({
    schema: 1,
    workloads: [{ name: 'w', keys: 1_000, keyBytes: 16, valueBytes: 9, ttlFraction: 0, ...w }],
    allocator: 'jemalloc-bundled',
  });
  return workloadBreakdown(scenario, line, 0);
}

describe('"why this number" says when the last expansion is not finished', () => {
  it('Redis 7.0 sets of 50 members still hold the 32-slot table of their last expansion (measured 3,308 B a key)', () => {
    const items = parts('redis-7.0', { type: 'set', fields: 50 });
    const old = items.find((b) => b.component.startsWith('old dict table of 32 slots still held'));
    expect(old?.bytesPerKey).toBeGreaterThan(0.8 * 256);
    expect(old?.bytesPerKey).toBeLessThan(256);
    // 60 members: 27 steps have emptied all of about 20 non-empty slots, but in a key in a thousand.
    const later = parts('redis-7.0', { type: 'set', fields: 60 }).find((b) => b.component.startsWith('old dict'));
    expect(later?.bytesPerKey ?? 0).toBeLessThan(1);
  });

  it('Valkey 9.1 sets of 240 members hold the 32-bucket table; hashes of 600 fields, presized at conversion, hold none', () => {
    expect(parts('9.1', { type: 'set', fields: 240 }).map((b) => b.component)).toContain(
      'old hashtable of 32 buckets still held: the last expansion is not finished',
    );
    expect(parts('9.1', { type: 'hash', fields: 600, fieldBytes: 9 }).some((b) => b.component.startsWith('old hashtable'))).toBe(
      false,
    );
  });

  it('Redis 7.0 sorted sets grow their dict from empty when they convert; Redis 8.0 presizes it', () => {
    const has = (line: LineId) =>
      parts(line, { type: 'zset', fields: 150 }).some((b) => b.component.startsWith('old dict table of 128 slots'));
    expect(has('redis-7.0')).toBe(true);
    expect(has('redis-8.0')).toBe(false);
  });
});

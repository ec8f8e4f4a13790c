import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLOCATORS } from '../../src/data/vocabulary';
import { estimateScenario, workloadBreakdown } from '../../src/model';
import { buildContext } from '../../src/model/allocator';
import { SMOOTH_SUM_FROM_MEAN, slotTableBytesExact, slotTableBytesSmooth } from '../../src/model/keyspace';
import type { Workload } from '../../src/scenario/schema';
import { resolveScenario } from '../../src/scenario/resolve';

/** The lines whose cluster mode keeps one table per slot: a dict on 8.0, a hashtable from 8.1. */
const PER_SLOT_LINES = ['8.0', '8.1', '9.1'] as const;

/** A slot's bytes with a 64-byte table struct whenever it holds a key. */
const slotBytes = (s: { array: number; children: number; occupied: number }) => s.array + s.children + 64 * s.occupied;

describe('per-slot tables in cluster mode', () => {
  it('the smooth sum matches the term-by-term sum to a millionth of a byte per key', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PER_SLOT_LINES),
        fc.constantFrom(...ALLOCATORS),
        // Means from the switch-over to 10^5 keys per slot (1.6 x 10^9 keys), where the exact sum still runs.
        fc.double({ min: SMOOTH_SUM_FROM_MEAN, max: 1e5, noNaN: true }),
        (line, allocator, mean) => {
          const ctx = buildContext(line, allocator, true);
          const exact = slotTableBytesExact(ctx, mean);
          const smooth = slotTableBytesSmooth(ctx, mean);
          expect(Math.abs(slotBytes(smooth) - slotBytes(exact)) / mean).toBeLessThan(1e-6);
        },
      ),
      { numRuns: 60 },
    );
  });

  it.each([
    ['at a table doubling', 7 * 4096 - 1],
    ['just past it', 7 * 4096 + 3],
    ['on a power of two', 65_536],
  ])('agrees %s (%d keys per slot)', (_, mean) => {
    for (const line of PER_SLOT_LINES) {
      const ctx = buildContext(line, 'jemalloc-bundled', true);
      expect(slotBytes(slotTableBytesSmooth(ctx, mean)) / mean).toBeCloseTo(slotBytes(slotTableBytesExact(ctx, mean)) / mean, 7);
    }
  });

  // 50,000 random names: 3.05 keys per slot, 775 of 16,384 slots empty (Poisson).
  const fiftyThousand = (line: '8.1' | '9.1') => {
    const s = resolveScenario({
      schema: 1,
      workloads: [{ name: 'k', keys: 50_000, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0 }],
      deployment: { cluster: true },
    });
    const part = (name: string) => workloadBreakdown(s, line, 0).find((b) => b.component === name)!.bytesPerKey * 50_000;
    return {
      structs: part('keyspace per-slot table structs'),
      children: part('keyspace hashtable child buckets (expected) (per slot)'),
    };
  };

  it.each(['8.1', '9.1'] as const)(
    '%s: each occupied slot holds a 96-byte table struct (hashtable + kvstore metadata)',
    (line) => {
      const occupied = 16_384 * (1 - Math.exp(-50_000 / 16_384));
      expect(fiftyThousand(line).structs).toBeCloseTo(occupied * 96, 0);
    },
  );

  it.each(['8.1', '9.1'] as const)('%s: slots of a few keys chain almost no child buckets (one bucket holds 7)', (line) => {
    // Only a slot of 7 to 13 keys in two buckets can overflow one: a few child buckets in all, not 700.
    expect(fiftyThousand(line).children).toBeLessThan(64 * 10);
  });
});

describe('the largest scenarios the schema accepts', () => {
  const hugeHashes: Workload[] = Array.from({ length: 100 }, (_, i) => ({
    name: `hashes-${i}`,
    keys: 1e12,
    keyBytes: 16 + (i % 7),
    type: 'hash',
    fields: 10,
    fieldBytes: 8,
    valueBytes: 16,
    ttlFraction: 0.3,
  }));

  // A guard against a cost that grows with key counts (it ran for more than 20 minutes), not a timing.
  it('estimate 100 hash workloads of 10^12 keys in cluster mode, with every breakdown', { timeout: 60_000 }, () => {
    const s = resolveScenario({ schema: 1, workloads: hugeHashes, deployment: { cluster: true } });
    const estimate = estimateScenario(s);
    for (const v of estimate.versions) {
      expect(Number.isFinite(v.datasetBytes)).toBe(true);
      const parts = workloadBreakdown(s, v.version, 99);
      const total = parts.reduce((sum, p) => sum + p.bytesPerKey, 0);
      expect(total).toBeCloseTo(v.workloads[99]!.bytesPerKey, 6);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ALLOCATORS } from '../../src/data/vocabulary';
import { estimateScenario, workloadBreakdown } from '../../src/model';
import type { Scenario, Workload } from '../../src/scenario/schema';
import { resolveScenario } from '../../src/scenario/resolve';
import { VALKEY_LINES } from './helpers';

const WORKLOADS: Workload[] = [
  { name: 'sessions', keys: 400_000, keyBytes: 24, type: 'string', valueBytes: 300, ttlFraction: 0.5 },
  { name: 'counters', keys: 90_000, keyBytes: 12, type: 'string', valueBytes: 6, valueKind: 'int', ttlFraction: 0 },
  { name: 'profiles', keys: 50_000, keyBytes: 16, type: 'hash', fields: 700, fieldBytes: 10, valueBytes: 20, ttlFraction: 1 },
  { name: 'tags', keys: 30_000, keyBytes: 14, type: 'set', fields: 200, valueBytes: 12, ttlFraction: 0.25 },
  { name: 'boards', keys: 2_000, keyBytes: 18, type: 'zset', fields: 300, valueBytes: 16, ttlFraction: 0 },
  { name: 'queues', keys: 1_000, keyBytes: 10, type: 'list', fields: 5_000, valueBytes: 40, ttlFraction: 0.1 },
];

function scenario({ allocator, cluster = false }: { allocator?: Scenario['allocator']; cluster?: boolean } = {}) {
  return resolveScenario({ schema: 1, workloads: WORKLOADS, allocator, deployment: { cluster } });
}

describe('"why this number"', () => {
  it.each(ALLOCATORS.flatMap((allocator) => [false, true].map((cluster) => [allocator, cluster] as const)))(
    'adds up to the estimate of every workload on every line (%s, cluster %s)',
    (allocator, cluster) => {
      const s = scenario({ allocator, cluster });
      for (const v of estimateScenario(s).versions) {
        v.workloads.forEach((w, i) => {
          const parts = workloadBreakdown(s, v.version, i);
          expect(parts.length).toBeGreaterThan(1);
          expect(parts.reduce((sum, b) => sum + b.bytesPerKey, 0)).toBeCloseTo(w.bytesPerKey, 9);
        });
      }
    },
  );

  it('names the parts each line has: separate key sds on 7.2, key in the entry on 8.0, in the object from 8.1', () => {
    const s = scenario();
    const names = (line: (typeof VALKEY_LINES)[number]) => workloadBreakdown(s, line, 0).map((b) => b.component);
    expect(names('7.2')).toEqual(
      expect.arrayContaining(['dictEntry', 'key sds', 'value robj', 'value sds', 'expires dictEntry']),
    );
    expect(names('8.0')).toContain('dictEntry with embedded key');
    expect(names('9.1')).toContain('object: key + value pointer');
    expect(names('9.1')).not.toContain('key sds');
  });

  it('lists expires parts only for workloads with a TTL', () => {
    const s = scenario();
    const counters = workloadBreakdown(s, '7.2', 1).map((b) => b.component);
    expect(counters).toContain('keyspace dict slots');
    expect(counters.some((c) => c.startsWith('expires'))).toBe(false);
    expect(workloadBreakdown(s, '7.2', 2).map((b) => b.component)).toContain('expires dict slots');
  });

  it('splits cluster-mode tables per slot from 8.0', () => {
    const s = scenario({ cluster: true });
    expect(workloadBreakdown(s, '8.0', 0).map((b) => b.component)).toContain('keyspace dict slots (per slot)');
    expect(workloadBreakdown(s, '9.1', 0).map((b) => b.component)).toContain('keyspace per-slot table structs');
    expect(workloadBreakdown(s, '7.2', 0).map((b) => b.component)).toContain('dictEntry + cluster slot links');
  });

  it('is empty for a workload that does not exist', () => {
    expect(workloadBreakdown(scenario(), '9.1', WORKLOADS.length)).toEqual([]);
  });
});

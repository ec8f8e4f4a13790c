import { describe, expect, it } from 'vitest';
import { ALLOCATORS } from '../../src/data/vocabulary';
import { estimateScenario, estimateVersion } from '../../src/model';
import { LINES } from '../../src/model/lineRegistry';
import { resolveScenario } from '../../src/scenario/resolve';
import type { Workload } from '../../src/scenario/schema';

const WORKLOADS: Workload[] = [
  { name: 'sessions', keys: 400_000, keyBytes: 24, type: 'string', valueBytes: 30, ttlFraction: 0.5 },
  { name: 'profiles', keys: 50_000, keyBytes: 16, type: 'hash', fields: 700, fieldBytes: 10, valueBytes: 90, ttlFraction: 1 },
  { name: 'carts', keys: 80_000, keyBytes: 20, type: 'hash', fields: 12, fieldBytes: 8, valueBytes: 40, ttlFraction: 0.25 },
  { name: 'tags', keys: 30_000, keyBytes: 12, type: 'set', fields: 200, valueBytes: 70, ttlFraction: 0 },
  { name: 'boards', keys: 2_000, keyBytes: 18, type: 'zset', fields: 300, valueBytes: 16, ttlFraction: 0 },
  { name: 'queues', keys: 5_000, keyBytes: 14, type: 'list', fields: 900, valueBytes: 60, ttlFraction: 0.75 },
];

/** Every line, estimated together (lines share a build where they price alike) and each alone. */
function togetherAndAlone(workloads: Workload[], allocator: (typeof ALLOCATORS)[number], cluster: boolean) {
  const s = resolveScenario({ schema: 1, workloads, allocator, versions: [...LINES.ids], deployment: { cluster } });
  const together = estimateScenario(s).versions.map((v) => [v.version, v.datasetBytes, v.workloads.map((w) => w.bytesPerKey)]);
  const alone = LINES.ids.map((id) => {
    const v = estimateVersion(s, id);
    return [v.version, v.datasetBytes, v.workloads.map((w) => w.bytesPerKey)];
  });
  return { together, alone };
}

describe('lines that share a build', () => {
  for (const allocator of ALLOCATORS) {
    for (const cluster of [false, true]) {
      it(`give each line the figures it has alone (${allocator}${cluster ? ', cluster' : ''})`, () => {
        const plain = togetherAndAlone(WORKLOADS, allocator, cluster);
        expect(plain.together).toEqual(plain.alone);
        const withFieldTtls = WORKLOADS.map((w) => (w.type === 'hash' ? { ...w, fieldTtlFraction: 0.3 } : w));
        const fieldTtls = togetherAndAlone(withFieldTtls, allocator, cluster);
        expect(fieldTtls.together).toEqual(fieldTtls.alone);
      });
    }
  }

  it('price 9.0 as 8.1 without hash-field TTLs, and apart with them', () => {
    const onLine = (workloads: Workload[], line: string) =>
      estimateScenario(resolveScenario({ schema: 1, workloads })).versions.find((v) => v.version === line)!.datasetBytes;
    expect(onLine(WORKLOADS, '9.0')).toBe(onLine(WORKLOADS, '8.1'));
    const withFieldTtls = WORKLOADS.map((w) => (w.type === 'hash' ? { ...w, fieldTtlFraction: 0.3 } : w));
    expect(onLine(withFieldTtls, '9.0')).toBeGreaterThan(onLine(withFieldTtls, '8.1'));
  });
});

import { describe, expect, it } from 'vitest';
import { datasetBytesOnLines, estimateScenario, estimateVersion } from '../../src/model';
import type { Workload } from '../../src/scenario/schema';
import { resolveScenario } from '../../src/scenario/resolve';
import { VALKEY_LINES } from './helpers';

const WORKLOADS: Workload[] = [
  { name: 'sessions', keys: 400_000, keyBytes: 24, type: 'string', valueBytes: 300, ttlFraction: 0.5 },
  { name: 'profiles', keys: 50_000, keyBytes: 16, type: 'hash', fields: 700, fieldBytes: 10, valueBytes: 20, ttlFraction: 1 },
  { name: 'boards', keys: 2_000, keyBytes: 18, type: 'zset', fields: 300, valueBytes: 16, ttlFraction: 0 },
];

describe('the estimate paths agree', () => {
  const s = resolveScenario({ schema: 1, workloads: WORKLOADS, baseline: '8.0', deployment: { cluster: true } });
  const estimate = estimateScenario(s);

  it('every line of the scenario estimate equals that line estimated alone', () => {
    for (const v of estimate.versions) {
      const alone = estimateVersion(s, v.version);
      expect(v.datasetBytes).toBe(alone.datasetBytes);
      expect(v.workloads.map((w) => w.bytesPerKey)).toEqual(alone.workloads.map((w) => w.bytesPerKey));
    }
  });

  it('dataset bytes on each line match the full estimate', () => {
    expect(datasetBytesOnLines(s, VALKEY_LINES)).toEqual(estimate.versions.map((v) => v.datasetBytes));
  });

  it('compares each line and workload with the baseline line', () => {
    const base = estimate.versions.find((v) => v.version === '8.0')!;
    expect(base.changeVsBaseline).toEqual({ bytes: 0, percent: 0 });
    for (const v of estimate.versions) {
      expect(v.changeVsBaseline!.bytes).toBeCloseTo(v.datasetBytes - base.datasetBytes, 6);
      v.workloads.forEach((w, i) => {
        const b = base.workloads[i]!.bytesPerKey;
        expect(w.percentVsBaseline).toBeCloseTo(((w.bytesPerKey - b) / b) * 100, 9);
      });
    }
  });

  it('compares with a baseline line that is not shown', () => {
    const only91 = estimateScenario({ ...s, versions: ['9.1'], baseline: '7.2' });
    expect(only91.versions.map((v) => v.version)).toEqual(['9.1']);
    const on72 = estimateVersion(s, '7.2').datasetBytes;
    expect(only91.versions[0]!.changeVsBaseline!.bytes).toBeCloseTo(only91.versions[0]!.datasetBytes - on72, 6);
  });

  it('estimateVersion alone makes no comparison', () => {
    const alone = estimateVersion(s, '9.1');
    expect(alone.changeVsBaseline).toBeNull();
    expect(alone.workloads.every((w) => w.percentVsBaseline === null)).toBe(true);
  });
});

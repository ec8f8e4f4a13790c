import { describe, expect, it } from 'vitest';
import { capacity, datasetForCounts } from '../../src/model/capacity';
import { contextFor, datasetBytesOnLines, workloadFamilies } from '../../src/model/estimate';
import { usableDatasetBytes } from '../../src/model/growth';
import type { ResolvedScenario } from '../../src/model/input';
import { LIMITS } from '../../src/scenario/limits';
import { DEFAULT_DEPLOYMENT, resolveScenario } from '../../src/scenario/resolve';
import type { Scenario } from '../../src/scenario/schema';

const withKeys = (s: ResolvedScenario, keys: readonly number[]): ResolvedScenario => ({
  ...s,
  workloads: s.workloads.map((w, i) => ({ ...w, keys: keys[i]! })),
});

/** The dataset of the scenario with other key counts, by the estimate's own path. */
const datasetOn = (s: ResolvedScenario, line: ResolvedScenario['baseline'], keys: readonly number[]) =>
  datasetBytesOnLines(withKeys(s, keys), [line])[0]!;

const mixed: Scenario = {
  schema: 1,
  versions: ['7.2', '8.0', '9.1', 'redis-8.6'],
  deployment: { ...DEFAULT_DEPLOYMENT, instanceType: 'm7g.large', replicas: 1 },
  workloads: [
    {
      name: 'sessions',
      type: 'string',
      keys: 2_000_000,
      keyBytes: 24,
      valueBytes: { kind: 'range', shape: 'lognormal', min: 20, max: 2000 },
      ttlFraction: 0.8,
    },
    {
      name: 'profiles',
      type: 'hash',
      keys: 300_000,
      keyBytes: 16,
      fields: { kind: 'range', shape: 'uniform', min: 50, max: 200 },
      fieldBytes: 10,
      valueBytes: 20,
      ttlFraction: 0,
      fieldTtlFraction: 0.25,
    },
    { name: 'tags', type: 'set', keys: 50_000, keyBytes: 12, fields: 40, valueBytes: 4, valueKind: 'int', ttlFraction: 0.1 },
  ],
};

describe('how many keys fit', () => {
  const s = resolveScenario(mixed);

  it('prices other key counts exactly as the estimate does, on every line', () => {
    const counts = [
      [2_000_000, 300_000, 50_000],
      [1, 0, 0],
      [123_457, 65_537, 1_048_577],
      [0, 0, 0],
    ];
    for (const line of s.versions) {
      const datasetOf = datasetForCounts(contextFor(s, line), workloadFamilies(s));
      for (const keys of counts) expect(datasetOf(keys)).toBeCloseTo(datasetOn(s, line, keys), 3);
    }
  });

  it('answers the largest key count of each workload that fits: one key more does not', () => {
    const answer = capacity(s, LIMITS.keysPerWorkload);
    expect(answer.usableBytes).toBe(usableDatasetBytes(s.deployment, answer.shards));
    const usable = answer.usableBytes!;
    const today = s.workloads.map((w) => w.keys);
    expect(answer.lines.map((l) => l.line)).toEqual(s.versions);
    for (const line of answer.lines) {
      for (const [i, fit] of line.workloads.entries()) {
        const max = fit.maxKeys!;
        const keys = (n: number) => today.map((k, j) => (j === i ? n : k));
        expect(datasetOn(s, line.line, keys(max))).toBeLessThanOrEqual(usable);
        expect(datasetOn(s, line.line, keys(max + 1))).toBeGreaterThan(usable);
        // Filled to the answer, the node is full to within what the next key would cost.
        const nextKey = datasetOn(s, line.line, keys(max + 1)) - datasetOn(s, line.line, keys(max));
        expect(usable - datasetOn(s, line.line, keys(max))).toBeLessThan(nextKey);
      }
      // The mix scaled together fits, and the next step of the factor does not.
      const factor = line.mixFactor!;
      const at = (f: number) => today.map((k) => Math.floor(k * f + 1e-9));
      expect(datasetOn(s, line.line, at(factor))).toBeLessThanOrEqual(usable);
      expect(datasetOn(s, line.line, at(factor + 1e-4))).toBeGreaterThan(usable);
      expect(line.mixDatasetBytes).toBeCloseTo(datasetOn(s, line.line, at(factor)), 3);
    }
  });

  it("fits more of Percona's short strings on each newer line, as their bytes per key fall", () => {
    const percona = resolveScenario({
      schema: 1,
      versions: ['7.2', '8.0', '8.1', '9.1'],
      deployment: { ...DEFAULT_DEPLOYMENT, instanceType: 'm7g.large' },
      workloads: [{ name: 'keys', type: 'string', keys: 632_000, keyBytes: 16, valueBytes: 16, ttlFraction: 0 }],
    });
    const fits = capacity(percona, LIMITS.keysPerWorkload).lines.map((l) => l.workloads[0]!.maxKeys!);
    for (let i = 1; i < fits.length; i++) expect(fits[i]!).toBeGreaterThan(fits[i - 1]!);
  });

  it('says when the other workloads alone fill the nodes, and when nothing fits at all', () => {
    // Nodes sized for 9.1: on 7.2, where short strings cost more, the archive alone overflows them.
    const short = { type: 'string', keyBytes: 16, valueBytes: 16, ttlFraction: 0 } as const;
    const sized = (archiveKeys: number) =>
      resolveScenario({
        ...mixed,
        baseline: '9.1',
        versions: ['7.2', '9.1'],
        workloads: [
          { name: 'small', keys: 1000, ...short },
          { name: 'archive', keys: archiveKeys, ...short },
        ],
      });
    // The archive fills 95 % of one node on 9.1.
    const oneNode = usableDatasetBytes(sized(0).deployment, 1)!;
    const on91PerKey = datasetOn(sized(1e6), '9.1', [0, 1e6]) / 1e6;
    const crowded = sized(Math.floor((0.95 * oneNode) / on91PerKey));
    const [on72, on91] = capacity(crowded, LIMITS.keysPerWorkload).lines;
    expect(on72!.workloads[0]!.maxKeys).toBeNull();
    expect(on72!.mixFactor!).toBeLessThan(1);
    expect(on91!.workloads[0]!.maxKeys!).toBeGreaterThanOrEqual(1000);
    expect(on91!.mixFactor!).toBeGreaterThanOrEqual(1);

    const tiny = resolveScenario({ ...mixed, deployment: { ...mixed.deployment!, processBaselineBytes: 9e9 } });
    const none = capacity(tiny, LIMITS.keysPerWorkload);
    expect(none.usableBytes).toBeNull();
    expect(none.lines).toEqual([]);
  });

  it('stops at the key ceiling it is given, and says so', () => {
    const small = resolveScenario({ ...mixed, workloads: [{ ...mixed.workloads[2]!, keys: 10 }] });
    const fit = capacity(small, 1_000_000).lines[0]!.workloads[0]!;
    expect(fit).toMatchObject({ maxKeys: 1_000_000, atKeyLimit: true });
  });
});

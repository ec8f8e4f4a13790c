import { describe, expect, it } from 'vitest';
import { estimateDeployment } from '../../src/model';
import {
  keysAtMonth,
  postponement,
  projectGrowth,
  steadyStateKeys,
  usableDatasetBytes,
  type GrowthLine,
} from '../../src/model/growth';
import { GIB } from '../../src/model/units';
import type { Scenario } from '../../src/scenario/schema';
import { DEFAULT_DEPLOYMENT, resolveScenario } from '../../src/scenario/resolve';

describe('key counts over the months', () => {
  it('2 M keys a month from 1 M: 1 M + 12 x 2 M = 25 M keys after a year', () => {
    expect(keysAtMonth(1_000_000, { kind: 'keysPerMonth', keysPerMonth: 2_000_000 }, 12)).toBe(25_000_000);
  });

  it('10 % a month from 1,000 keys: 1,000 x 1.1 x 1.1 = 1,210 keys after two months', () => {
    expect(keysAtMonth(1000, { kind: 'percentPerMonth', percentPerMonth: 10 }, 2)).toBe(1210);
  });

  it('sessions living 30 min at 5 k writes/s: 5,000 x 1,800 s = 9 M keys, every month', () => {
    expect(steadyStateKeys(5000, 1800)).toBe(9_000_000);
    const growth = { kind: 'writesTimesTtl', writesPerSecond: 5000, ttlSeconds: 1800 } as const;
    expect([0, 1, 24].map((m) => keysAtMonth(123, growth, m))).toEqual([9_000_000, 9_000_000, 9_000_000]);
  });

  it('no growth keeps the count', () => {
    expect(keysAtMonth(632_000, undefined, 24)).toBe(632_000);
  });
});

describe('usable capacity of a deployment', () => {
  // m7g.large: 8 GiB. Fragmentation 1.1 and 25 % headroom: each node's used_memory may reach
  // 8 GiB / (1.1 x 1.25) = 8,589,934,592 / 1.375 = 6,247,225,157.8 bytes. With an empty server
  // of 0 bytes that is all data: one shard holds 6,247,225,157 bytes, two 12,494,450,315.
  const d = { ...DEFAULT_DEPLOYMENT, instanceType: 'm7g.large', processBaselineBytes: 0 };

  it('one shard holds 8 GiB / 1.375 of data', () => {
    // The deployment model forgives a 1e-9 share when it rounds shards up (about 6 bytes here).
    expect(usableDatasetBytes(d, 1)!).toBeGreaterThan(6_247_225_157 - 2);
    expect(usableDatasetBytes(d, 1)!).toBeLessThanOrEqual(6_247_225_158 + 8);
  });

  it('two shards hold twice that, and one byte more needs a third', () => {
    const two = usableDatasetBytes(d, 2)!;
    expect(two).toBeGreaterThan(12_494_450_315 - 2);
    expect(estimateDeployment(two, d).shards).toBe(2);
    expect(estimateDeployment(two + 2, d).shards).toBe(3);
  });

  it('a deployment whose empty server does not fit holds nothing', () => {
    expect(usableDatasetBytes({ ...d, processBaselineBytes: 8 * GIB }, 1)).toBeNull();
  });
});

describe('what the target postpones', () => {
  const line = (version: GrowthLine['version'], monthFull: number | null): GrowthLine => ({
    version,
    datasetBytes: [],
    fragmentationRatio: 1.1,
    capacityBytes: 0,
    monthFull,
  });

  it('baseline full in month 7, target in month 11: 4 months later', () => {
    expect(postponement([line('7.2', 7), line('9.1', 11)], '7.2', '9.1', 24)).toEqual({ months: 4, atLeast: false });
  });

  it('target not full within 24 months, baseline in month 20: at least 25 - 20 = 5 months', () => {
    expect(postponement([line('7.2', 20), line('9.1', null)], '7.2', '9.1', 24)).toEqual({ months: 5, atLeast: true });
  });

  it('nothing to postpone when the baseline never fills', () => {
    expect(postponement([line('7.2', null), line('9.1', null)], '7.2', '9.1', 24)).toBeNull();
  });
});

describe('a projection over 24 months', () => {
  const scenario: Scenario = {
    schema: 1,
    workloads: [{ name: 'sessions', keys: 10_000_000, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0 }],
    baseline: '7.2',
    target: '9.1',
    deployment: { instanceType: 'cache.r7g.large', replicas: 1 },
  };
  const growth = [{ kind: 'keysPerMonth', keysPerMonth: 10_000_000 } as const];
  const projection = projectGrowth(resolveScenario(scenario), growth);

  it('has months 0 to 24 and the keys of each', () => {
    expect(projection.keys[0]!.length).toBe(25);
    expect(projection.keys[0]![24]).toBe(10_000_000 + 24 * 10_000_000);
  });

  it('sizes the deployment for the baseline today: one shard of cache.r7g.large, with one replica', () => {
    expect(projection.shards).toBe(1);
    expect(projection.nodesPerShard).toBe(2);
    const d = resolveScenario(scenario).deployment;
    expect(projection.capacityBytes).toBe(usableDatasetBytes(d, 1));
  });

  it('marks the first month each line needs another shard: the month its dataset passes the capacity', () => {
    const d = resolveScenario(scenario).deployment;
    for (const line of projection.lines) {
      expect(line.monthFull, line.version).not.toBeNull();
      const m = line.monthFull!;
      expect(line.datasetBytes[m]!).toBeGreaterThan(projection.capacityBytes!);
      expect(line.datasetBytes[m - 1]!).toBeLessThanOrEqual(projection.capacityBytes!);
      expect(estimateDeployment(line.datasetBytes[m]!, d).shards).toBe(2);
    }
  });

  it('9.1 takes fewer bytes per key than 7.2, so it fills later and postpones the next shard', () => {
    const b = projection.lines.find((l) => l.version === '7.2')!;
    const t = projection.lines.find((l) => l.version === '9.1')!;
    expect(t.monthFull!).toBeGreaterThan(b.monthFull!);
    expect(projection.postponed).toEqual({ months: t.monthFull! - b.monthFull!, atLeast: false });
  });

  it('compares every line on the nodes the baseline needs, even where the target alone would need fewer', () => {
    // 100 M keys: 7.2 needs 2 shards of m7g.large today, 9.1 one. On those 2 shards 9.1 lasts
    // longer than 7.2 instead of filling its own single shard at once.
    const big: Scenario = {
      ...scenario,
      workloads: [{ ...scenario.workloads[0]!, keys: 100_000_000 }],
      deployment: { instanceType: 'm7g.large', replicas: 1, cluster: true },
    };
    const p = projectGrowth(resolveScenario(big), [{ kind: 'keysPerMonth', keysPerMonth: 2_000_000 }]);
    expect(p.shards).toBe(2);
    const b = p.lines.find((l) => l.version === '7.2')!;
    const t = p.lines.find((l) => l.version === '9.1')!;
    expect(b.monthFull).toBeGreaterThan(0);
    expect(t.monthFull === null || t.monthFull > b.monthFull!).toBe(true);
  });

  it('a target that takes more memory than the baseline fills sooner: a negative postponement', () => {
    // baseline 9.1 sizes the deployment; 7.2 takes more bytes per key and does not fit it
    // once the dataset fills the 9.1 shard to within a few percent.
    const tight: Scenario = { ...scenario, baseline: '9.1', target: '7.2' };
    const p = projectGrowth(resolveScenario(tight), [{ kind: 'keysPerMonth', keysPerMonth: 10_000_000 }]);
    const worse = p.lines.find((l) => l.version === '7.2')!;
    const better = p.lines.find((l) => l.version === '9.1')!;
    expect(worse.monthFull!).toBeLessThan(better.monthFull!);
    expect(p.postponed!.months).toBeLessThan(0);
  });

  it('a line that does not fit the deployment today is full in month 0', () => {
    // 150 M keys: about 9 GB on 9.1 fits one cache.r7g.large shard (about 9.5 GiB usable);
    // about 15 GB on 7.2 does not.
    const sized: Scenario = { ...scenario, workloads: [{ ...scenario.workloads[0]!, keys: 150_000_000 }], baseline: '9.1' };
    const p = projectGrowth(resolveScenario(sized), [undefined]);
    expect(p.shards).toBe(1);
    expect(p.lines.find((l) => l.version === '7.2')!.monthFull).toBe(0);
    expect(p.lines.find((l) => l.version === '9.1')!.monthFull).toBeNull();
  });

  it('memory never shrinks while keys grow', () => {
    for (const line of projection.lines)
      for (let m = 1; m <= 24; m++) expect(line.datasetBytes[m]!).toBeGreaterThanOrEqual(line.datasetBytes[m - 1]!);
  });
});

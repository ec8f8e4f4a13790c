import { describe, expect, it } from 'vitest';
import type { Allocator } from '../../src/data/vocabulary';
import { estimateScenario, estimateVersion, workloadBreakdown } from '../../src/model';
import {
  distributionBins,
  distributionMean,
  distributionProblem,
  MAX_BINS,
  sizeAt,
  type Distribution,
} from '../../src/model/distribution';
import type { ResolvedScenario, ResolvedWorkload, WorkloadDistributions } from '../../src/model/input';
import { MAX_MIX_KEYS, workloadKeys } from '../../src/model/keyMix';
import { LINES, type LineId } from '../../src/model/lineRegistry';
import { PRESETS } from '../../src/scenario/presets';
import { resolveScenario } from '../../src/scenario/resolve';
import type { Scenario, Workload } from '../../src/scenario/schema';
import { VALIDATION_GRID } from '../validate/grid';

const ALL_LINES = [...LINES.ids];
const ALLOCATORS: Allocator[] = ['jemalloc-bundled', 'jemalloc-system', 'libc'];

function resolved(s: Scenario): ResolvedScenario {
  return { ...resolveScenario(s), versions: ALL_LINES };
}

/** The workload with each of its numbers given again as a one-value distribution. */
function asOneValueDistributions(w: ResolvedWorkload): ResolvedWorkload {
  const one = (value: number): Distribution => ({ kind: 'value', value });
  const distributions: WorkloadDistributions = { keyBytes: one(w.keyBytes), valueBytes: one(w.valueBytes) };
  if (w.fields !== undefined) distributions.fields = one(w.fields);
  if (w.fieldBytes !== undefined) distributions.fieldBytes = one(w.fieldBytes);
  return { ...w, distributions };
}

function withDistributions(s: ResolvedScenario, d: WorkloadDistributions, index = 0): ResolvedScenario {
  return { ...s, workloads: s.workloads.map((w, i) => (i === index ? { ...w, distributions: d } : w)) };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('distributions normalised to bins', () => {
  it('a narrow distribution keeps every whole size, with shares summing to 1', () => {
    const bins = distributionBins({ kind: 'range', shape: 'uniform', min: 20, max: 29 });
    expect(bins.map((b) => b.value)).toEqual([20, 21, 22, 23, 24, 25, 26, 27, 28, 29]);
    for (const b of bins) expect(b.weight).toBeCloseTo(0.1, 12);
  });

  it('a wide distribution is at most 64 bins that keep its mean', () => {
    const shapes: Distribution[] = [
      { kind: 'range', shape: 'uniform', min: 1, max: 200 },
      { kind: 'range', shape: 'normal', min: 1, max: 10_000, mean: 3_000, sd: 1_500 },
      { kind: 'range', shape: 'lognormal', min: 10, max: 100_000 },
      { kind: 'percentiles', p50: 40, p90: 300, p99: 2_000, max: 50_000 },
      {
        kind: 'histogram',
        buckets: [
          { from: 1, to: 40, weight: 70 },
          { from: 500, to: 2_000, weight: 30 },
        ],
      },
    ];
    for (const d of shapes) {
      const bins = distributionBins(d);
      expect(bins.length).toBeLessThanOrEqual(MAX_BINS);
      expect(sum(bins.map((b) => b.weight))).toBeCloseTo(1, 12);
      const mean = sum(bins.map((b) => b.value * b.weight));
      // Each bin's mean is rounded to a whole size: at most half a byte off.
      expect(Math.abs(mean - distributionMean(d))).toBeLessThanOrEqual(0.5);
    }
  });

  it('a uniform range has its textbook mean and a bimodal histogram its weighted one', () => {
    expect(distributionMean({ kind: 'range', shape: 'uniform', min: 1, max: 200 })).toBeCloseTo(100.5, 9);
    const bimodal: Distribution = {
      kind: 'histogram',
      buckets: [
        { from: 10, to: 20, weight: 3 },
        { from: 1_000, to: 1_000, weight: 1 },
      ],
    };
    expect(distributionMean(bimodal)).toBeCloseTo(0.75 * 15 + 0.25 * 1_000, 9);
  });

  it('percentiles are met: half the keys at or below p50, 90 % at or below p90', () => {
    const d: Distribution = { kind: 'percentiles', p50: 100, p90: 400, p99: 900, max: 1_000 };
    const draws = Array.from({ length: 10_000 }, (_, i) => sizeAt(d, (i + 0.5) / 10_000));
    expect(draws.filter((x) => x <= 100).length / draws.length).toBeCloseTo(0.5, 2);
    expect(draws.filter((x) => x <= 400).length / draws.length).toBeCloseTo(0.9, 2);
    expect(Math.max(...draws)).toBeLessThanOrEqual(1_000);
  });

  it('draws by sizeAt follow the bins of a narrow distribution exactly', () => {
    const d: Distribution = { kind: 'range', shape: 'normal', min: 50, max: 70, mean: 58, sd: 4 };
    const n = 100_000;
    const counts = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const x = sizeAt(d, (i + 0.5) / n);
      counts.set(x, (counts.get(x) ?? 0) + 1);
    }
    for (const b of distributionBins(d)) expect((counts.get(b.value) ?? 0) / n).toBeCloseTo(b.weight, 4);
  });

  it('names what is wrong with a distribution', () => {
    expect(distributionProblem({ kind: 'range', shape: 'uniform', min: 30, max: 20 }, 1, 1000)).toBe('min must not be above max');
    expect(distributionProblem({ kind: 'range', shape: 'lognormal', min: 0, max: 20 }, 0, 1000)).toBe(
      'a lognormal range starts at 1 or more',
    );
    expect(distributionProblem({ kind: 'percentiles', p50: 90, p90: 50, p99: 100, max: 200 }, 1, 1000)).toMatch(
      /must not decrease/,
    );
    expect(
      distributionProblem(
        {
          kind: 'histogram',
          buckets: [
            { from: 1, to: 10, weight: 1 },
            { from: 10, to: 20, weight: 1 },
          ],
        },
        1,
        100,
      ),
    ).toBe('buckets 1-10 and 10-20 overlap');
    expect(distributionProblem({ kind: 'value', value: 2.5 }, 1, 100)).toBe('the value must be a whole number from 1 to 100');
    expect(distributionProblem({ kind: 'range', shape: 'normal', min: 1, max: 10, mean: 1e6, sd: 1 }, 1, 100)).toBe(
      'the shape puts no weight between min and max',
    );
    expect(distributionProblem({ kind: 'range', shape: 'normal', min: 1, max: 100, mean: 40, sd: 10 }, 1, 100)).toBeNull();
  });
});

describe('one value gives exactly today’s figures', () => {
  const scenarios: Array<[string, ResolvedScenario]> = [
    ...PRESETS.map((p): [string, ResolvedScenario] => [p.id, resolved(p.scenario)]),
    ...VALIDATION_GRID.flatMap((c) =>
      ALLOCATORS.map((allocator): [string, ResolvedScenario] => [
        `${c.id} ${allocator}`,
        resolved({
          schema: 1,
          workloads: c.workloads,
          allocator,
          ...(c.config && { config: c.config }),
          ...(c.cluster && { deployment: { cluster: true } }),
        }),
      ]),
    ),
  ];

  it.each(scenarios)('%s', (_, s) => {
    const same = { ...s, workloads: s.workloads.map(asOneValueDistributions) };
    expect(estimateScenario(same)).toEqual(estimateScenario(s));
  });
});

describe('the expectation over a distribution', () => {
  const base = (w: Partial<Workload>, extra: Partial<Scenario> = {}) =>
    resolved({
      schema: 1,
      workloads: [{ name: 'w', keys: 20_000, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0, ...w }],
      ...extra,
    });

  /** Bytes per key on each line of the workload with every key at `sizes[i]`, weighted. */
  function averageOfSingles(
    s: ResolvedScenario,
    set: (w: ResolvedWorkload, size: number) => ResolvedWorkload,
    sizes: Array<[number, number]>,
  ) {
    return ALL_LINES.map((line) =>
      sum(
        sizes.map(
          ([size, weight]) =>
            weight * estimateVersion({ ...s, workloads: [set(s.workloads[0]!, size)] }, line).workloads[0]!.bytesPerKey,
        ),
      ),
    );
  }

  function bytesPerKeyOnLines(s: ResolvedScenario) {
    return ALL_LINES.map((line) => estimateVersion(s, line).workloads[0]!.bytesPerKey);
  }

  it('string values uniform over 20-60 bytes cost the average of the 41 sizes, each in its own size class', () => {
    for (const allocator of ALLOCATORS) {
      const s = base({ ttlFraction: 0.5 }, { allocator });
      const d: Distribution = { kind: 'range', shape: 'uniform', min: 20, max: 60 };
      const sizes = Array.from({ length: 41 }, (_, i): [number, number] => [20 + i, 1 / 41]);
      const expected = averageOfSingles(s, (w, v) => ({ ...w, valueBytes: v }), sizes);
      const got = bytesPerKeyOnLines(withDistributions(s, { valueBytes: d }));
      got.forEach((bytes, i) => expect(bytes).toBeCloseTo(expected[i]!, 9));
    }
  });

  it('a scenario of the mean value size differs from the distribution (the size class of the mean is not the mean of the classes)', () => {
    const s = base({ valueBytes: 40 }, { allocator: 'jemalloc-bundled' });
    const spread = estimateVersion(
      withDistributions(s, { valueBytes: { kind: 'range', shape: 'uniform', min: 20, max: 60 } }),
      '9.1',
    );
    const ofMean = estimateVersion(s, '9.1');
    expect(Math.abs(spread.workloads[0]!.bytesPerKey - ofMean.workloads[0]!.bytesPerKey)).toBeGreaterThan(1);
  });

  it('hashes of 50-200 fields under hash-max-listpack-entries 128: listpack and hashtable keys, each priced as such', () => {
    const s = base(
      { type: 'hash', fields: 125, fieldBytes: 8, valueBytes: 10, keys: 2_000 },
      { config: { hashMaxListpackEntries: 128 } },
    );
    const spread = withDistributions(s, { fields: { kind: 'range', shape: 'uniform', min: 50, max: 200 } });
    for (const line of ALL_LINES) {
      // 151 counts in 64 bins, none across the threshold: 79 of them (50-128) are listpacks.
      expect(estimateVersion(spread, line).workloads[0]!.encodings).toEqual([
        { encoding: 'listpack', share: expect.closeTo(79 / 151, 12) },
        { encoding: 'hashtable', share: expect.closeTo(72 / 151, 12) },
      ]);
    }
    // Against every count priced alone: the bins end where a listpack or a table changes size class.
    const everyCount = Array.from({ length: 151 }, (_, i): [number, number] => [50 + i, 1 / 151]);
    const expected = averageOfSingles(s, (w, n) => ({ ...w, fields: n }), everyCount);
    bytesPerKeyOnLines(spread).forEach((bytes, i) => expect(Math.abs(bytes / expected[i]! - 1)).toBeLessThan(0.001));
    // The mean makes every key a listpack and costs far less than the mix.
    const ofMean = bytesPerKeyOnLines(s);
    bytesPerKeyOnLines(spread).forEach((bytes, i) => expect(bytes).toBeGreaterThan(1.3 * ofMean[i]!));
  });

  it('a wide value-size distribution in 64 bins stays within 0.5 % of every size priced alone', () => {
    const s = base({ valueBytes: 100, ttlFraction: 0.3 });
    const d: Distribution = { kind: 'range', shape: 'lognormal', min: 5, max: 2_000 };
    const everySize = distributionBins(d, 2_000).map((b): [number, number] => [b.value, b.weight]);
    expect(everySize).toHaveLength(1_996);
    for (const allocator of ALLOCATORS) {
      const t = { ...s, allocator };
      const expected = averageOfSingles(t, (w, v) => ({ ...w, valueBytes: v }), everySize);
      bytesPerKeyOnLines(withDistributions(t, { valueBytes: d })).forEach((bytes, i) =>
        expect(Math.abs(bytes / expected[i]! - 1), `${allocator} ${ALL_LINES[i]}`).toBeLessThan(0.005),
      );
    }
  });

  it('a collection’s key-name lengths and its payload sizes, expected separately, equal every combination priced alone', () => {
    for (const type of ['hash', 'set', 'zset', 'list'] as const) {
      const s = base(
        { type, fields: 4, keys: 3_000, ...(type === 'hash' && { fieldBytes: 6 }) },
        { allocator: 'jemalloc-system' },
      );
      const keyBytes: Distribution = {
        kind: 'histogram',
        buckets: [
          { from: 10, to: 12, weight: 1 },
          { from: 30, to: 33, weight: 1 },
          { from: 127, to: 129, weight: 2 },
        ],
      };
      const fields: Distribution = { kind: 'range', shape: 'uniform', min: 2, max: 6 };
      const spread = withDistributions({ ...s, workloads: [{ ...s.workloads[0]!, ttlFraction: 0.3 }] }, { keyBytes, fields });
      const combos = distributionBins(keyBytes).flatMap((k) =>
        distributionBins(fields).map((n): [number, number, number] => [k.value, n.value, k.weight * n.weight]),
      );
      const expected = ALL_LINES.map((line) =>
        sum(
          combos.map(
            ([k, n, weight]) =>
              weight *
              estimateVersion(
                { ...spread, workloads: [{ ...spread.workloads[0]!, keyBytes: k, fields: n, distributions: undefined }] },
                line,
              ).workloads[0]!.bytesPerKey,
          ),
        ),
      );
      bytesPerKeyOnLines(spread).forEach((bytes, i) => expect(bytes, `${type} on ${ALL_LINES[i]}`).toBeCloseTo(expected[i]!, 6));
    }
  });

  it('sets of integers mix intset and hashtable keys; of strings, listpack and hashtable (a hashtable on Redis 7.0)', () => {
    const ints = base({ type: 'set', fields: 500, valueBytes: 4, valueKind: 'int', keys: 1_000 });
    const spreadInts = withDistributions(ints, { fields: { kind: 'range', shape: 'uniform', min: 481, max: 540 } });
    expect(estimateVersion(spreadInts, '9.1').workloads[0]!.encodings.map((e) => [e.encoding, e.share])).toEqual([
      ['intset', expect.closeTo(32 / 60, 9)],
      ['hashtable', expect.closeTo(28 / 60, 9)],
    ]);
    const strings = base({ type: 'set', fields: 100, valueBytes: 10, keys: 1_000 });
    const spreadStrings = withDistributions(strings, { fields: { kind: 'range', shape: 'uniform', min: 101, max: 150 } });
    expect(estimateVersion(spreadStrings, '8.1').workloads[0]!.encodings.map((e) => e.encoding)).toEqual([
      'listpack',
      'hashtable',
    ]);
    expect(estimateVersion(spreadStrings, 'redis-7.0').workloads[0]!.encodings.map((e) => e.encoding)).toEqual(['hashtable']);
  });

  it('on 8.1+ a TTL moves some string values out of the key object, and the encodings say so', () => {
    const s = base({ valueBytes: 20, ttlFraction: 0.5 });
    const w = estimateVersion(withDistributions(s, { valueBytes: { kind: 'range', shape: 'uniform', min: 16, max: 27 } }), '8.1')
      .workloads[0]!;
    // 16-byte keys: without a TTL values up to 25 bytes embed, with one up to 17.
    expect(w.encodings).toEqual([
      { encoding: 'embstr', share: expect.closeTo(0.5 * (10 / 12) + 0.5 * (2 / 12), 12) },
      { encoding: 'raw', share: expect.closeTo(0.5 * (2 / 12) + 0.5 * (10 / 12), 12) },
    ]);
  });

  it('"why this number" adds up to the estimate for a mix', () => {
    const s = withDistributions(
      base({ type: 'hash', fields: 100, fieldBytes: 8, valueBytes: 20, keys: 1_000, ttlFraction: 0.5 }),
      {
        keyBytes: { kind: 'range', shape: 'uniform', min: 8, max: 40 },
        fields: { kind: 'percentiles', p50: 80, p90: 400, p99: 900, max: 1_000 },
        valueBytes: { kind: 'range', shape: 'lognormal', min: 4, max: 200 },
      },
    );
    for (const line of ALL_LINES) {
      const items = workloadBreakdown(s, line, 0);
      expect(sum(items.map((i) => i.bytesPerKey))).toBeCloseTo(estimateVersion(s, line).workloads[0]!.bytesPerKey, 6);
    }
  });

  it('three varying sizes share the budget of key shapes', () => {
    const w = withDistributions(base({ type: 'hash', fields: 100, fieldBytes: 8, valueBytes: 20 }), {
      fields: { kind: 'range', shape: 'uniform', min: 1, max: 1_000 },
      fieldBytes: { kind: 'range', shape: 'uniform', min: 1, max: 100 },
      valueBytes: { kind: 'range', shape: 'uniform', min: 1, max: 100 },
    }).workloads[0]!;
    const mix = workloadKeys(w, resolved({ schema: 1, workloads: [] as unknown as Workload[] }).thresholds);
    expect(mix.keys.length).toBeLessThanOrEqual(MAX_MIX_KEYS);
    expect(mix.keys.length).toBeGreaterThan(100);
    expect(sum(mix.keys.map((k) => k.weight))).toBeCloseTo(1, 12);
  });

  it('a published measurement is not claimed for a workload whose sizes vary', () => {
    const s = resolved({
      schema: 1,
      workloads: [{ name: 'b', keys: 632_120, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0 }],
    });
    const line: LineId = '8.1';
    expect(estimateVersion(s, line).workloads[0]!.basis).toBe('measured-point');
    const spread = withDistributions(s, { valueBytes: { kind: 'range', shape: 'uniform', min: 10, max: 22 } });
    expect(estimateVersion(spread, line).workloads[0]!.basis).toBe('extrapolated');
  });
});

describe('a lognormal mean outside its range', () => {
  it('is refused with a message naming it (no key could average it)', () => {
    const range = { kind: 'range', shape: 'lognormal', min: 10, max: 1000 } as const;
    expect(distributionProblem({ ...range, mean: 5000 }, 1, 65_536)).toBe(
      'the mean of a lognormal range must be between min and max',
    );
    expect(distributionProblem({ ...range, mean: 5 }, 1, 65_536)).toBe(
      'the mean of a lognormal range must be between min and max',
    );
    expect(distributionProblem({ ...range, mean: 41 }, 1, 65_536)).toBeNull();
  });
});

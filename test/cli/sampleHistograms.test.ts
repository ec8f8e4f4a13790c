import { describe, expect, it } from 'vitest';
import { withKeysizes } from '../../src/cli/sample/keysizes';
import { mergeFamilies, relativeTotalInterval, summarizeFamilies, workloadsFrom } from '../../src/cli/sample/summarize';
import { parseKeysizesLine, type KeysizesHistogram } from '../../src/info/keysizes';
import { addHistograms, MAX_SCENARIO_BUCKETS, sizeField, sizeHistogram } from '../../src/info/sizeHistogram';
import { distributionMean } from '../../src/model/distribution';
import { scenarioSchema } from '../../src/scenario/schema';
import { keySample } from '../support/keySample';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('size histograms', () => {
  it('one size is a plain number, as a workload of one size always was', () => {
    expect(sizeField(sizeHistogram([1_000_000, 1_000_000]), 1, 100_000_000)).toBe(1_000_000);
  });

  it('a few sizes stay one bucket each, weighted by their keys', () => {
    expect(sizeField(sizeHistogram([5, 5, 5, 300]), 0, 1000)).toEqual({
      kind: 'histogram',
      buckets: [
        { from: 5, to: 5, weight: 3 },
        { from: 300, to: 300, weight: 1 },
      ],
    });
  });

  it('uniform 1-200 B values (200 sizes) fit in the bucket budget, keep their range, weight and mean', () => {
    const sizes = range(1, 200).flatMap((v) => [v, v]);
    const field = sizeField(sizeHistogram(sizes), 0, 1000);
    if (typeof field === 'number' || field.kind !== 'histogram') throw new Error('expected a histogram');
    expect(field.buckets.length).toBeLessThanOrEqual(MAX_SCENARIO_BUCKETS);
    expect(field.buckets[0]!.from).toBe(1);
    expect(field.buckets[field.buckets.length - 1]!.to).toBe(200);
    expect(field.buckets.reduce((s, b) => s + b.weight, 0)).toBe(400);
    expect(distributionMean(field)).toBeCloseTo(100.5, 1);
  });

  it('past 2,048 distinct sizes the histogram goes onto the grid: no bucket wider than 1/64 of its sizes', () => {
    const h = sizeHistogram(range(1, 5000));
    expect(h.length).toBeLessThan(1000);
    for (const b of h) expect(b.to - b.from + 1).toBeLessThanOrEqual(Math.max(1, b.from / 64));
    expect(h.reduce((s, b) => s + b.weight, 0)).toBe(5000);
  });

  it('sizes past a limit are kept at it', () => {
    expect(sizeField(sizeHistogram([0, 0, 3]), 1, 10)).toEqual({
      kind: 'histogram',
      buckets: [
        { from: 1, to: 1, weight: 2 },
        { from: 3, to: 3, weight: 1 },
      ],
    });
  });

  it("a cluster's nodes add up, each node's keys read weighing the keys they stand for", () => {
    const added = addHistograms([
      { histogram: sizeHistogram([10, 20]), scale: 100 },
      { histogram: sizeHistogram([20]), scale: 50 },
    ]);
    expect(added).toEqual([
      { from: 10, to: 10, weight: 100 },
      { from: 20, to: 20, weight: 150 },
    ]);
  });
});

describe('families into workloads of distributions', () => {
  it('varying sizes become histograms, shared sizes stay numbers', () => {
    const samples = range(1, 120).map((i) =>
      keySample('user:{n}', {
        type: 'hash',
        keyBytes: 9 + (i % 3),
        elements: 50 + i,
        valueBytes: 8,
        fieldBytes: 4,
        encoding: 50 + i > 128 ? 'hashtable' : 'listpack',
      }),
    );
    const { workloads, notes } = workloadsFrom(summarizeFamilies(samples, 120, true), []);
    expect(notes).toEqual([]);
    const [w] = workloads;
    expect(w).toMatchObject({ name: 'user:{n}', keys: 120, type: 'hash', valueBytes: 8, fieldBytes: 4 });
    expect(w!.keyBytes).toEqual({
      kind: 'histogram',
      buckets: [
        { from: 9, to: 9, weight: 40 },
        { from: 10, to: 10, weight: 40 },
        { from: 11, to: 11, weight: 40 },
      ],
    });
    expect(w!.fields).toMatchObject({ kind: 'histogram' });
    expect(scenarioSchema.safeParse({ schema: 1, workloads }).success).toBe(true);
  });

  it('a collection keeps the mean of its sampled elements as its one element size (rounded)', () => {
    const { workloads } = workloadsFrom(
      summarizeFamilies(
        [
          keySample('q', { type: 'list', elements: 5, valueBytes: 12.4 }),
          keySample('q', { type: 'list', elements: 5, valueBytes: 12.6 }),
        ],
        2,
        true,
      ),
      [],
    );
    expect(workloads[0]!.valueBytes).toEqual({
      kind: 'histogram',
      buckets: [
        { from: 12, to: 12, weight: 1 },
        { from: 13, to: 13, weight: 1 },
      ],
    });
  });

  it('integers keep their digits as a distribution and stay integers', () => {
    const samples = [
      keySample('n', { valueBytes: 3, intValues: true, encoding: 'int' }),
      keySample('n', { valueBytes: 5, intValues: true, encoding: 'int' }),
    ];
    const { workloads } = workloadsFrom(summarizeFamilies(samples, 2, true), []);
    expect(workloads[0]).toMatchObject({ valueKind: 'int', valueBytes: { kind: 'histogram' } });
  });

  it('merging nodes adds their histograms, each scaled to the keys it stands for', () => {
    const a = summarizeFamilies([keySample('s', { valueBytes: 10 })], 1000, false);
    const b = summarizeFamilies([keySample('s', { valueBytes: 30 })], 3000, false);
    const [merged] = mergeFamilies([a, b]);
    expect(merged!.histograms.valueBytes).toEqual([
      { from: 10, to: 10, weight: 1000 },
      { from: 30, to: 30, weight: 3000 },
    ]);
  });
});

describe('sampling intervals', () => {
  it('a whole read has none; a sample of keys of one size none either; a spread gives the normal interval, narrowed by the finite population', () => {
    const same = Array.from({ length: 100 }, () => keySample('s'));
    expect(relativeTotalInterval([{ samples: same, population: 100 }])).toBe(0);
    expect(relativeTotalInterval([{ samples: same, population: 10_000 }])).toBe(0);
    // Half the keys 50 B, half 150 B: mean 100, sd 50.25 (n - 1); 100 of 10,000 read.
    const spread = Array.from({ length: 100 }, (_, i) => keySample('s', { memoryUsage: i % 2 ? 150 : 50 }));
    const sd = Math.sqrt((100 * 50 * 50) / 99);
    const expected = (1.96 * sd * Math.sqrt(9900 / 9999)) / Math.sqrt(100) / 100;
    expect(relativeTotalInterval([{ samples: spread, population: 10_000 }])).toBeCloseTo(expected, 10);
    expect(relativeTotalInterval([{ samples: spread.map((s) => ({ ...s, memoryUsage: null })), population: 10_000 }])).toBeNull();
  });

  it('family counts of a sample carry a Wilson interval that shrinks as the sample nears the whole keyspace', () => {
    const samples = [...Array.from({ length: 900 }, () => keySample('a')), ...Array.from({ length: 100 }, () => keySample('b'))];
    const width = (population: number) => {
      const b = summarizeFamilies(samples, population, false).find((f) => f.pattern === 'b')!;
      return (b.interval[1] - b.interval[0]) / population;
    };
    expect(width(1_000_000)).toBeGreaterThan(0.035);
    expect(width(1_100)).toBeLessThan(width(1_000_000) / 3);
  });
});

const keysizes = (line: string, value: string): KeysizesHistogram => {
  const read = parseKeysizesLine(line, value);
  if (!read.ok || !read.histogram) throw new Error(`${line}:${value}`);
  return read.histogram;
};

describe('INFO keysizes beside the sample', () => {
  it("a sample takes each type's count from keysizes; a type of one family is then exact", () => {
    const samples = [
      ...Array.from({ length: 80 }, () => keySample('s:{n}')),
      ...Array.from({ length: 20 }, () => keySample('h:{n}', { type: 'hash', elements: 3, fieldBytes: 4 })),
    ];
    const families = summarizeFamilies(samples, 10_000, false);
    const { families: filled, notes } = withKeysizes(
      families,
      [],
      [keysizes('db0_distrib_strings_sizes', '16=7500'), keysizes('db0_distrib_hashes_items', '2=2500')],
      false,
    );
    expect(filled.map((f) => [f.pattern, f.estimatedKeys, f.interval])).toEqual([
      ['s:{n}', 7500, [7500, 7500]],
      ['h:{n}', 2500, [2500, 2500]],
    ]);
    expect(notes).toEqual([
      "the counts of strings, hashes are INFO keysizes' own (exact); the sample shares them among their families",
    ]);
  });

  it('a whole read that disagrees with keysizes says the keys changed during the run', () => {
    const families = summarizeFamilies(
      Array.from({ length: 10 }, () => keySample('s:{n}')),
      10,
      true,
    );
    expect(withKeysizes(families, [], [keysizes('db0_distrib_strings_sizes', '16=10')], true).notes).toEqual([]);
    expect(withKeysizes(families, [], [keysizes('db0_distrib_strings_sizes', '16=12')], true).notes).toEqual([
      'INFO keysizes counted 12 strings when the run began, the scan read 10: keys were written or deleted during the run',
    ]);
    expect(withKeysizes(families, [], [keysizes('db0_distrib_strings_sizes', '32=10')], true).notes).toEqual([
      'INFO keysizes sizes the string values differently from the scan (100.0 % of the keys in other power-of-two buckets): values were written during the run',
    ]);
  });
});

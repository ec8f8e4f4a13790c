import { describe, expect, it } from 'vitest';
import { estimateScenario } from '../../src/model';
import { parseScenario, type Scenario } from '../../src/scenario/schema';
import { resolveScenario, resolveWorkload } from '../../src/scenario/resolve';
import type { SizeDistribution } from '../../src/scenario/workloadFields';

const UNIFORM_1_200: SizeDistribution = { kind: 'range', shape: 'uniform', min: 1, max: 200 };

/** The first measured case: 200,000 string keys of 14-byte names, values of 1-200 bytes. */
const stringsOf = (valueBytes: unknown) => ({
  schema: 1,
  workloads: [{ name: 'strings', type: 'string', keys: 200_000, keyBytes: 14, valueBytes, ttlFraction: 0 }],
  versions: ['9.1'],
  baseline: '9.1',
  target: '9.1',
});

function parsed(json: unknown): Scenario {
  const result = parseScenario(json);
  if (!result.ok) throw new Error(result.error);
  return result.scenario;
}

const bytesPerKey = (s: Scenario) => estimateScenario(resolveScenario(s)).versions[0]!.workloads[0]!.bytesPerKey;

describe('a size field takes a number or a distribution', () => {
  it('a uniform 1-200 B value size prices each size class, below the mean value size of 100 B', () => {
    const spread = bytesPerKey(parsed(stringsOf(UNIFORM_1_200)));
    const ofMean = bytesPerKey(parsed(stringsOf(100)));
    // The issue measured 161.08 B/key on Valkey 9.1.2 against 165.37 for the mean.
    expect(ofMean).toBeCloseTo(165.37, 1);
    expect(spread).toBeLessThan(ofMean);
    expect(Math.abs(spread - 161.08) / 161.08).toBeLessThan(0.005);
  });

  it('a number gives the figures of a workload without distributions, and resolves without any', () => {
    const w = resolveWorkload(parsed(stringsOf(100)).workloads[0]!);
    expect(w.distributions).toBeUndefined();
    expect(w.valueBytes).toBe(100);
  });

  it('a distribution resolves to the model distribution and its mean as the one figure', () => {
    const w = resolveWorkload(parsed(stringsOf(UNIFORM_1_200)).workloads[0]!);
    // The mean, 100.5, to a whole size.
    expect(Math.abs(w.valueBytes - 100.5)).toBeLessThanOrEqual(0.5);
    expect(w.distributions?.valueBytes).toEqual(UNIFORM_1_200);
    expect(w.distributions?.keyBytes).toBeUndefined();
  });

  it('unchanged distribution objects keep their identity across edits: the model caches per object', () => {
    const s = parsed(stringsOf(UNIFORM_1_200));
    const first = resolveWorkload(s.workloads[0]!);
    const edited = resolveWorkload({ ...s.workloads[0]!, keys: 5 });
    expect(edited.distributions).toBe(first.distributions);
    const other = resolveWorkload({ ...s.workloads[0]!, valueBytes: { ...UNIFORM_1_200 } });
    expect(other.distributions).not.toBe(first.distributions);
  });

  it.each([
    ['percentiles', { kind: 'percentiles', p50: 40, p90: 120, p99: 400, max: 1000 }],
    [
      'histogram',
      {
        kind: 'histogram',
        buckets: [
          { from: 1, to: 50, weight: 3 },
          { from: 51, to: 500, weight: 1 },
        ],
      },
    ],
    ['lognormal', { kind: 'range', shape: 'lognormal', min: 10, max: 1000 }],
    ['normal', { kind: 'range', shape: 'normal', min: 20, max: 60, sd: 5 }],
  ])('a %s value size is read', (_, d) => {
    expect(parsed(stringsOf(d)).workloads[0]!.valueBytes).toEqual(d);
  });

  it('key names, field counts and field names vary too: a hash across the listpack threshold has hashtable keys', () => {
    const s = parsed({
      schema: 1,
      config: { hashMaxListpackEntries: 128 },
      workloads: [
        {
          name: 'h',
          type: 'hash',
          keys: 10_000,
          keyBytes: { kind: 'range', shape: 'uniform', min: 10, max: 30 },
          fields: { kind: 'range', shape: 'uniform', min: 50, max: 200 },
          fieldBytes: { kind: 'percentiles', p50: 8, p90: 12, p99: 20, max: 24 },
          valueBytes: 16,
          ttlFraction: 0,
        },
      ],
    });
    const encodings = estimateScenario(resolveScenario(s)).versions.at(-1)!.workloads[0]!.encodings;
    const share = Object.fromEntries(encodings.map((e) => [e.encoding, e.share]));
    // 128 fields or fewer: listpack; 129 to 200 of 50 to 200: hashtable (72 of 151 counts).
    expect(share.listpack).toBeCloseTo(79 / 151, 2);
    expect(share.hashtable).toBeCloseTo(72 / 151, 2);
  });
});

describe('a bad distribution is named, in the model words', () => {
  const problem = (valueBytes: unknown, extra: Record<string, unknown> = {}) => {
    const json = stringsOf(valueBytes);
    Object.assign(json.workloads[0]!, extra);
    const result = parseScenario(json);
    return result.ok ? 'valid' : result.error;
  };

  it.each([
    [{ kind: 'range', shape: 'uniform', min: 300, max: 200 }, 'the valueBytes distribution: min must not be above max'],
    [
      { kind: 'range', shape: 'uniform', min: 1, max: 200, sd: 3 },
      'the valueBytes distribution: a uniform range takes no mean or sd',
    ],
    [{ kind: 'percentiles', p50: 10, p90: 5, p99: 20, max: 30 }, 'the valueBytes distribution: percentiles must not decrease'],
    [
      {
        kind: 'histogram',
        buckets: [
          { from: 1, to: 10, weight: 1 },
          { from: 5, to: 20, weight: 1 },
        ],
      },
      'the valueBytes distribution: buckets 1-10 and 5-20 overlap',
    ],
    [{ kind: 'range', shape: 'cube', min: 1, max: 2 }, 'the valueBytes distribution: shape is one of uniform, normal, lognormal'],
    [{ kind: 'bimodal' }, "the valueBytes distribution: a distribution's kind is one of range, percentiles, histogram"],
    [{ kind: 'range', shape: 'uniform', min: 1, max: 200, step: 2 }, 'the valueBytes distribution: Unrecognized key: "step"'],
    [
      { kind: 'range', shape: 'uniform', min: 1, max: 1e12 },
      'the valueBytes distribution: min and max must each be a whole number from 0 to',
    ],
  ])('%j', (d, message) => {
    const error = problem(d);
    expect(error).toContain(message);
    expect(error).toContain('at workloads[0].valueBytes');
  });

  it('a number keeps its own messages', () => {
    expect(problem(-1)).toContain('valueBytes cannot be negative');
  });

  it('integer values narrow the range: a distribution past 19 digits is refused', () => {
    expect(problem({ kind: 'range', shape: 'uniform', min: 1, max: 25 }, { valueKind: 'int' })).toContain('1 to 19 digits');
    expect(problem({ kind: 'range', shape: 'uniform', min: 1, max: 19 }, { valueKind: 'int' })).toBe('valid');
  });
});

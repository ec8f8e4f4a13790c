/**
 * Scenarios at the limits of every workload field: each size that may vary as a plain number at
 * its smallest and largest, and as every form of distribution across its whole range (a histogram
 * of the most buckets a scenario takes), on every type, with the encoding thresholds at their
 * defaults and at their largest. What a hostile or careless scenario can ask of the model.
 */
import { DATA_TYPES, type DataType } from '../../src/data/vocabulary';
import { THRESHOLD_LIMITS } from '../../src/scenario/limits';
import { appliesTo, MAX_HISTOGRAM_BUCKETS, workloadFields, type SizeDistribution } from '../../src/scenario/workloadFields';

export interface LimitCase {
  name: string;
  scenario: unknown;
}

/** The size fields that may vary, with their bounds. */
const VARYING = workloadFields.filter((f) => f.varies === true);

/** Every form of distribution over least..most (a lognormal range from 1). */
function forms(least: number, most: number): Array<[string, SizeDistribution]> {
  const at = (share: number) => Math.max(least, Math.round(least + share * (most - least)));
  // Buckets of growing width from least to most: a server's key-size histogram at the most buckets.
  const buckets: Array<{ from: number; to: number; weight: number }> = [];
  const ratio = (most - least + 1) ** (1 / MAX_HISTOGRAM_BUCKETS);
  let from = least;
  for (let i = 1; i <= MAX_HISTOGRAM_BUCKETS && from <= most; i++) {
    const to = i === MAX_HISTOGRAM_BUCKETS ? most : Math.min(most, Math.max(from, Math.floor(least - 1 + ratio ** i)));
    buckets.push({ from, to, weight: 1 + (i % 7) });
    from = to + 1;
  }
  return [
    ['uniform', { kind: 'range', shape: 'uniform', min: least, max: most }],
    ['normal', { kind: 'range', shape: 'normal', min: least, max: most }],
    ['lognormal', { kind: 'range', shape: 'lognormal', min: Math.max(1, least), max: most }],
    [
      'lognormal with mean and sd',
      { kind: 'range', shape: 'lognormal', min: Math.max(1, least), max: most, mean: at(0.3), sd: at(0.2) },
    ],
    ['percentiles', { kind: 'percentiles', min: least, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: most }],
    ['histogram', { kind: 'histogram', buckets }],
  ];
}

const THRESHOLDS_AT_MOST = Object.fromEntries(Object.entries(THRESHOLD_LIMITS).map(([k, l]) => [k, l.max]));

function workload(type: DataType, at: 'least' | 'most', sizes: Record<string, unknown>) {
  const plain: Record<string, unknown> = { name: 'w', type, keys: at === 'most' ? 1e12 : 1, ttlFraction: at === 'most' ? 1 : 0 };
  for (const f of VARYING) if (appliesTo(f, type)) plain[f.key] = at === 'most' ? f.max : f.min;
  if (type === 'hash' && at === 'most') plain.fieldTtlFraction = 1;
  return { ...plain, ...sizes };
}

export function limitCases(): LimitCase[] {
  const cases: LimitCase[] = [];
  for (const config of [undefined, THRESHOLDS_AT_MOST])
    for (const type of DATA_TYPES)
      for (const at of ['least', 'most'] as const) {
        const settings = config ? 'thresholds at their largest' : 'default thresholds';
        const scenario = (sizes: Record<string, unknown>) => ({
          schema: 1,
          ...(config && { config }),
          workloads: [workload(type, at, sizes)],
        });
        cases.push({ name: `${type}, every field at its ${at}, ${settings}`, scenario: scenario({}) });
        const fields = VARYING.filter((f) => appliesTo(f, type));
        for (const f of fields)
          for (const [form, d] of forms(f.min!, f.max!))
            cases.push({
              name: `${type}, ${f.key} ${form} over ${f.min}-${f.max}, the rest at their ${at}, ${settings}`,
              scenario: scenario({ [f.key]: d }),
            });
        // Every size varying at once over its whole range, as 1,000-bucket histograms.
        const all = Object.fromEntries(
          fields.map((f) => [f.key, forms(f.min!, f.max!).find(([form]) => form === 'histogram')![1]]),
        );
        cases.push({
          name: `${type}, every size a 1,000-bucket histogram over its range, the rest at their ${at}, ${settings}`,
          scenario: scenario(all),
        });
      }
  // The scenario the issue found crashing the command: fields to 10^8 and values to 5 x 10^8 bytes, 1,000 buckets each.
  const linear = (width: number) =>
    Array.from({ length: MAX_HISTOGRAM_BUCKETS }, (_, i) => ({ from: i * width + 1, to: (i + 1) * width, weight: 1 + (i % 7) }));
  cases.push({
    name: "the issue's hash: 1,000-bucket histograms of fields to 10^8 and of values to 5 x 10^8 bytes",
    scenario: {
      schema: 1,
      workloads: [
        {
          name: 'h',
          type: 'hash',
          keys: 1000,
          keyBytes: 20,
          fields: { kind: 'histogram', buckets: linear(100_000) },
          fieldBytes: 8,
          valueBytes: { kind: 'histogram', buckets: linear(500_000) },
          ttlFraction: 0,
        },
      ],
    },
  });
  return cases;
}

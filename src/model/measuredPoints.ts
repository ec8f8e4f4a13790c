import { stringBenchmark } from '../data/stringBenchmark';
import type { StringBenchmarkRow } from '../data/schemas';
import type { Allocator } from '../data/vocabulary';
import { LINES, type LineId } from './lineRegistry';
import type { ResolvedWorkload } from './input';

/** How far a key count may sit from the benchmark's and still be read as the same point. */
export const MEASURED_POINT_KEY_TOLERANCE = 0.02;

export const RESIDUAL_EXPLANATION =
  "At the benchmark point the structure lands about 1.2 bytes per key under Percona's table on all five measured lines. " +
  'The same gap on lines whose per-key structures share nothing means a fixed cost of about 0.76 MB in that run ' +
  '(most likely client buffers or lazily created server state present in the "after" reading), not a per-key cost; ' +
  'the model does not add it, so the differences between lines match the table to 0.1 byte.';

export interface MeasuredComparison {
  release: string;
  uniqueKeys: number;
  measuredBytesPerKey: number;
  modeledBytesPerKey: number;
  /** measured - modeled, bytes per key. */
  residualBytesPerKey: number;
  explanation: string;
}

export interface MeasuredPointContext {
  version: LineId;
  allocator: Allocator;
  cluster: boolean;
  totalKeys: number;
  workloadCount: number;
}

type FieldTest<Field extends keyof ResolvedWorkload> = (value: ResolvedWorkload[Field]) => boolean;

/**
 * What each field of the one workload must be to reproduce the benchmark: strings of its key and
 * value sizes, none with a TTL. Every field of the model's input is named, so a field added to it
 * does not compile until it says whether the benchmark's profile holds it.
 */
const BENCHMARK_PROFILE: { [Field in keyof ResolvedWorkload]-?: FieldTest<Field> } = {
  name: () => true,
  // The key count is held to the row's, within MEASURED_POINT_KEY_TOLERANCE (benchmarkRowFor).
  keys: () => true,
  type: (type) => type === 'string',
  keyBytes: (bytes) => bytes === stringBenchmark.method.keyBytes,
  valueBytes: (bytes) => bytes === stringBenchmark.method.valueBytes,
  valueKind: (kind) => (kind ?? 'bytes') === 'bytes',
  ttlFraction: (share) => share === 0,
  // A string has no fields, no field TTL, no collection's write history, element mix or compact bytes.
  fields: () => true,
  fieldBytes: () => true,
  fieldTtlFraction: () => true,
  written: () => true,
  savedAfter: () => true,
  elements: () => true,
  compactBytes: () => true,
  fieldValuePairs: () => true,
  // Keys of different sizes: the estimate does not compare them (sizesVary).
  distributions: () => true,
};

const PROFILE_FIELDS = Object.keys(BENCHMARK_PROFILE) as (keyof ResolvedWorkload)[];

/** The benchmark row this workload reproduces, if it has the benchmark's profile; otherwise null. */
export function benchmarkRowFor(w: ResolvedWorkload, ctx: MeasuredPointContext): StringBenchmarkRow | null {
  const sameProfile =
    ctx.workloadCount === 1 &&
    ctx.allocator === 'jemalloc-bundled' &&
    !ctx.cluster &&
    PROFILE_FIELDS.every((field) => (BENCHMARK_PROFILE[field] as FieldTest<typeof field>)(w[field]));
  if (!sameProfile) return null;
  const row = LINES.entry(ctx.version).measurement;
  if (!row) return null;
  return Math.abs(ctx.totalKeys - row.uniqueKeys) / row.uniqueKeys <= MEASURED_POINT_KEY_TOLERANCE ? row : null;
}

export function compareWithMeasurement(row: StringBenchmarkRow, modeledBytesPerKey: number): MeasuredComparison {
  return {
    release: row.release,
    uniqueKeys: row.uniqueKeys,
    measuredBytesPerKey: row.bytesPerKey,
    modeledBytesPerKey,
    residualBytesPerKey: row.bytesPerKey - modeledBytesPerKey,
    explanation: RESIDUAL_EXPLANATION,
  };
}

import { z } from '../data/zod';
import { ALLOCATORS } from '../data/vocabulary';
import { adviceWorkload, type AdviceChange } from '../model/advice';
import { LINES } from '../model/lineRegistry';
import { LIMITS } from './limits';
import type { EncodingConfig, Scenario } from './schema';
import type { Workload } from './workloadFields';

/**
 * An applied advice item as the scenario records it: the change, with its workload named rather
 * than numbered (workloads are added and removed later; a name still says which one it was).
 */
export type AppliedAdvice = DistributiveWithName<AdviceChange>;
type DistributiveWithName<C> = C extends { workload: number } ? Omit<C, 'workload'> & { workload: string } : C;

/** The most applied items a scenario records: past it, Apply keeps the latest (a record of what was done, not a setting). */
export const MAX_APPLIED_ADVICE = 50;

/** The scenario with an advised change made: what "Apply" sets (the model prices the same change, src/model/advice.ts), and its record. */
export function applyAdvice(scenario: Scenario, change: AdviceChange): Scenario {
  const changed = changedScenario(scenario, change);
  const applied = [...(scenario.appliedAdvice ?? []), appliedRecord(scenario, change)].slice(-MAX_APPLIED_ADVICE);
  return { ...changed, appliedAdvice: applied };
}

/** The record of a change made to this scenario (before the change: a packed workload keeps its name anyway). */
export function appliedRecord(scenario: Scenario, change: AdviceChange): AppliedAdvice {
  const index = adviceWorkload(change);
  if (index === null) return change as AppliedAdvice;
  return { ...change, workload: scenario.workloads[index]!.name } as AppliedAdvice;
}

function changedScenario(scenario: Scenario, change: AdviceChange): Scenario {
  switch (change.kind) {
    case 'line':
      return { ...scenario, target: change.line };
    case 'allocator':
      return { ...scenario, allocator: change.allocator };
    case 'listpackLimit':
      return { ...scenario, config: { ...scenario.config, ...change.config } };
    case 'shorterKeys':
      return withWorkload(scenario, change.workload, (w) => ({ ...w, keyBytes: change.keyBytes }));
    case 'integerValues':
      return withWorkload(scenario, change.workload, (w) => ({ ...w, valueKind: 'int' }));
    case 'hashBuckets':
      return withWorkload(scenario, change.workload, (w) => packed(w, change.bucket, change.digits));
    case 'keyTtl':
      return withWorkload(scenario, change.workload, (w) => {
        const { fieldTtlFraction: _fieldTtls, ...rest } = w;
        return { ...rest, ttlFraction: 1 };
      });
    case 'dropTtl':
      return withWorkload(scenario, change.workload, (w) => ({ ...w, ttlFraction: 0 }));
  }
}

function withWorkload(scenario: Scenario, index: number, change: (w: Workload) => Workload): Scenario {
  return { ...scenario, workloads: scenario.workloads.map((w, i) => (i === index ? change(w) : w)) };
}

/** A string workload as hashes of `bucket` fields; a growth in keys per month becomes hashes per month. */
function packed(w: Workload, bucket: number, digits: number): Workload {
  const { growth, ...rest } = w;
  const keyBytes = typeof w.keyBytes === 'number' ? w.keyBytes - digits : w.keyBytes;
  const hashes: Workload = {
    ...rest,
    type: 'hash',
    keys: Math.ceil(w.keys / bucket),
    keyBytes,
    fields: bucket,
    fieldBytes: digits,
  };
  if (!growth) return hashes;
  if (growth.kind === 'keysPerMonth')
    return { ...hashes, growth: { kind: 'keysPerMonth', keysPerMonth: Math.ceil(growth.keysPerMonth / bucket) } };
  return { ...hashes, growth };
}

/**
 * The schema of the scenario's `appliedAdvice`: what was applied, in order. A record, checked for
 * its shape only (a workload renamed since still has its record). The encoding settings' schema
 * is passed in by schema.ts, which imports this module.
 */
export function appliedAdviceSchema(encodingConfig: z.ZodMiniType<EncodingConfig>) {
  const workload = z
    .string({ error: 'an applied item names its workload' })
    .check(z.maxLength(LIMITS.nameLength, { error: `an applied item's workload: at most ${LIMITS.nameLength} characters` }));
  const whole = (what: string, min: number, max: number) =>
    z
      .number({ error: `${what} must be a number` })
      .check(
        z.int({ error: `${what} must be a whole number` }),
        z.minimum(min, { error: `${what}: at least ${min}` }),
        z.maximum(max, { error: `${what}: at most ${max}` }),
      );
  const line = z.enum(LINES.ids, { error: `a release line is one of ${LINES.ids.join(', ')}` });
  const item = z.discriminatedUnion(
    'kind',
    [
      z.strictObject({
        kind: z.literal('shorterKeys'),
        workload,
        keyBytes: whole('keyBytes', 1, LIMITS.keyBytes),
        fromKeyBytes: whole('fromKeyBytes', 1, LIMITS.keyBytes),
      }),
      z.strictObject({ kind: z.literal('integerValues'), workload }),
      z.strictObject({ kind: z.literal('listpackLimit'), workload, config: encodingConfig }),
      z.strictObject({
        kind: z.literal('hashBuckets'),
        workload,
        bucket: whole('bucket', 1, LIMITS.fields),
        digits: whole('digits', 1, LIMITS.keyBytes),
      }),
      z.strictObject({ kind: z.literal('keyTtl'), workload }),
      z.strictObject({
        kind: z.literal('dropTtl'),
        workload,
        ttlFraction: z
          .number({ error: 'ttlFraction must be a number' })
          .check(
            z.minimum(0, { error: 'ttlFraction is a share from 0 to 1' }),
            z.maximum(1, { error: 'ttlFraction is a share from 0 to 1' }),
          ),
      }),
      z.strictObject({ kind: z.literal('line'), line, from: line }),
      z.strictObject({ kind: z.literal('allocator'), allocator: z.enum(ALLOCATORS) }),
    ],
    {
      error: 'an applied item is one of shorterKeys, integerValues, listpackLimit, hashBuckets, keyTtl, dropTtl, line, allocator',
    },
  );
  return z.array(item).check(z.maxLength(MAX_APPLIED_ADVICE, { error: `appliedAdvice: at most ${MAX_APPLIED_ADVICE} items` }));
}

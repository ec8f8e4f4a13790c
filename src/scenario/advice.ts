import { adviceWorkload, type AdviceChange } from '../model/advice';
import { growthOfWorkload } from './growth';
import { MAX_APPLIED_ADVICE, type Scenario } from './schema';
import type { Workload } from './workloadFields';

/**
 * An applied advice item as the scenario records it (schema.ts: appliedAdvice): the change, with
 * its workload named rather than numbered (workloads are added and removed later; a name still
 * says which one it was).
 */
export type AppliedAdvice = DistributiveWithName<AdviceChange>;
type DistributiveWithName<C> = C extends { workload: number } ? Omit<C, 'workload'> & { workload: string } : C;

/** The scenario with an advised change made: what "Apply" sets (the model prices the same change, src/model/advice.ts), and its record. */
export function applyAdvice(scenario: Scenario, change: AdviceChange): Scenario {
  const changed = changedScenario(scenario, change);
  // Past the most a scenario records, the latest are kept: a record of what was done, not a setting.
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
      // A growth the workload follows from the scenario is counted in strings: it becomes its own, in hashes.
      return withWorkload(scenario, change.workload, (w) =>
        packed({ ...w, growth: growthOfWorkload(scenario, w) }, change.bucket, change.digits),
      );
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

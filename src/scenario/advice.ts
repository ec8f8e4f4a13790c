import type { AdviceChange } from '../model/advice';
import { growthOfWorkload } from './growth';
import type { Scenario } from './schema';
import type { Workload } from './workloadFields';

/** The scenario with an advised change made: what "Apply" sets (the model prices the same change, src/model/advice.ts). */
export function applyAdvice(scenario: Scenario, change: AdviceChange): Scenario {
  switch (change.kind) {
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

import { describe, expect, it } from 'vitest';
import { estimateScenario } from '../../src/model';
import { resolveScenario } from '../../src/scenario/resolve';
import { scenarioSchema, type Scenario } from '../../src/scenario/schema';
import { PLAN_FIELDS, workloadFields } from '../../src/scenario/workloadFields';

/**
 * Every field of the spec that the estimate reads, edited alone on a workload whose key lengths
 * vary: the edit keeps the distribution objects, whose key mix the model caches, and must be priced
 * as a scenario that never had the old value. A field added to the spec fails the first test
 * until it has an edit here.
 */
const KEY_LENGTHS = { kind: 'range', shape: 'uniform', min: 10, max: 40 } as const;

const BASE = {
  name: 'sessions',
  type: 'hash',
  keys: 100_000,
  keyBytes: KEY_LENGTHS,
  fields: 1000,
  fieldBytes: 8,
  valueBytes: 8,
  ttlFraction: 0,
};

/** Each field's edit, and what the workload is before it where BASE would not show the field's cost. */
const EDITS: Record<string, [edit: object, before?: object]> = {
  type: [{ type: 'set', fieldBytes: undefined }],
  keys: [{ keys: 200_000 }],
  keyBytes: [{ keyBytes: 60 }],
  fields: [{ fields: 20 }],
  fieldBytes: [{ fieldBytes: 30 }],
  valueBytes: [{ valueBytes: 100 }],
  // A hashtable's values are sds either way; a listpack's integers are smaller.
  valueKind: [{ valueKind: 'int' }, { fields: 100 }],
  ttlFraction: [{ ttlFraction: 0.5 }],
  fieldTtlFraction: [{ fieldTtlFraction: 0.5 }],
  written: [{ written: 'whole-collection' }],
};

const parsed = (workload: object): Scenario =>
  scenarioSchema.parse({ schema: 1, target: '9.1', versions: ['9.1'], workloads: [workload] });

const bytesOn91 = (scenario: Scenario): number => estimateScenario(resolveScenario(scenario)).versions[0]!.datasetBytes;

describe('an edit of one workload field, the distributions kept', () => {
  it('is tried here for every field of the spec the estimate reads', () => {
    const read = workloadFields.filter((f) => !PLAN_FIELDS.has(f.key) && f.key !== 'name').map((f) => f.key);
    expect(Object.keys(EDITS).sort()).toEqual(read.sort());
  });

  it.each(Object.entries(EDITS))('%s: priced afresh, not from the mix of the value before', (field, [edit, base]) => {
    const before = parsed({ ...BASE, ...base });
    const old = bytesOn91(before);
    const after: Scenario = { ...before, workloads: [{ ...before.workloads[0]!, ...edit }] };
    if (field !== 'keyBytes')
      expect(resolveScenario(after).workloads[0]!.distributions).toBe(resolveScenario(before).workloads[0]!.distributions);
    const fresh = parsed(structuredClone({ ...BASE, ...base, ...edit }));
    expect(bytesOn91(after)).toBe(bytesOn91(fresh));
    expect(bytesOn91(after)).not.toBe(old);
  });
});

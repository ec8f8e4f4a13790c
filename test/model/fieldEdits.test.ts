import { describe, expect, it } from 'vitest';
import { estimateScenario } from '../../src/model';
import { resolveScenario } from '../../src/scenario/resolve';
import { scenarioSchema, type Scenario } from '../../src/scenario/schema';
import { PLAN_FIELDS, workloadFields } from '../../src/scenario/workloadFields';
import { DOCUMENT_HASH } from '../support/documentHash';

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
  // A hash of a short and a long value: half of its keys listpacks with each key's alike, all tables mixed.
  elements: [{ elements: 'mixed' }, { fields: 2, valueBytes: DOCUMENT_HASH.valueBytes }],
  // A listpack of 20 fields: 407 bytes of its own (448 allocated), 600 measured (640).
  compactBytes: [{ compactBytes: 600 }, { fields: 20 }],
  fieldValuePairs: [
    {
      fieldValuePairs: {
        kind: 'pairs',
        buckets: [
          { field: 4, value: 200, weight: 1 },
          { field: 5, value: 20, weight: 1 },
        ],
      },
    },
    { ...DOCUMENT_HASH, elements: 'mixed' },
  ],
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
    // The pairs' shares are held in the distributions object itself: an edit of them makes another.
    if (field !== 'keyBytes' && field !== 'fieldValuePairs')
      expect(resolveScenario(after).workloads[0]!.distributions).toBe(resolveScenario(before).workloads[0]!.distributions);
    const fresh = parsed(structuredClone({ ...BASE, ...base, ...edit }));
    expect(bytesOn91(after)).toBe(bytesOn91(fresh));
    expect(bytesOn91(after)).not.toBe(old);
  });
});

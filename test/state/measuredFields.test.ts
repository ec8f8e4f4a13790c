import { describe, expect, it } from 'vitest';
import { usePlannerStore } from '../../src/state/store';
import { parseScenario, type Scenario, type Workload } from '../../src/scenario/schema';

/** A hash workload as a snapshot exports it: mixed elements, its listpacks' bytes and its field-value pairs. */
const EXPORTED: Workload = {
  name: 'user:*',
  type: 'hash',
  keys: 300,
  keyBytes: 9,
  fields: 4,
  fieldBytes: 4,
  valueBytes: 6,
  ttlFraction: 0,
  elements: 'mixed',
  compactBytes: {
    kind: 'histogram',
    buckets: [
      { from: 53, to: 53, weight: 3 },
      { from: 55, to: 55, weight: 9 },
    ],
  },
  fieldValuePairs: {
    kind: 'pairs',
    buckets: [
      { field: 3, value: 2, weight: 300 },
      { field: 4, value: 8, weight: 600 },
    ],
  },
};

function edited(patch: Partial<Workload>): Workload {
  const scenario: Scenario = { schema: 1, name: 'snapshot', workloads: [EXPORTED] };
  usePlannerStore.getState().scenarioUsed(scenario);
  usePlannerStore.getState().workloadEdited(0, patch);
  return usePlannerStore.getState().scenario.workloads[0]!;
}

describe("a snapshot's measurements in a workload", () => {
  it('are read from scenario JSON and checked, with a message naming the field', () => {
    expect(parseScenario({ schema: 1, workloads: [EXPORTED] }).ok).toBe(true);
    const bad = (w: Record<string, unknown>) => {
      const parsed = parseScenario({ schema: 1, workloads: [{ ...EXPORTED, ...w }] });
      return parsed.ok ? 'accepted' : parsed.error;
    };
    expect(bad({ elements: 'some' })).toContain('elements is one of alike, mixed');
    expect(bad({ fieldValuePairs: { kind: 'pairs', buckets: [] } })).toContain('fieldValuePairs: at least one bucket');
    expect(bad({ fieldValuePairs: { kind: 'pairs', buckets: [{ field: 0, value: 2, weight: 1 }] } })).toContain(
      'fieldValuePairs: each field is 1 to',
    );
    expect(bad({ fieldValuePairs: { kind: 'pairs', buckets: [{ field: 3, value: 2, weight: -1 }] } })).toContain(
      'fieldValuePairs: each weight is above 0',
    );
    expect(bad({ type: 'string', fields: undefined, fieldBytes: undefined })).toContain(
      'fieldValuePairs applies to hash workloads only',
    );
  });

  it('are dropped by an edit of the sizes they measured, and kept by any other edit', () => {
    const renamed = edited({ keys: 600 });
    expect(renamed.compactBytes).toEqual(EXPORTED.compactBytes);
    expect(renamed.fieldValuePairs).toEqual(EXPORTED.fieldValuePairs);
    for (const patch of [{ valueBytes: 40 }, { fields: 8 }, { fieldBytes: 6 }, { elements: undefined }] as Partial<Workload>[]) {
      const w = edited(patch);
      expect(w.compactBytes, JSON.stringify(patch)).toBeUndefined();
      expect(w.fieldValuePairs, JSON.stringify(patch)).toBeUndefined();
      expect(parseScenario(usePlannerStore.getState().scenario).ok).toBe(true);
    }
  });
});

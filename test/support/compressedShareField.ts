import type { DataType } from '../../src/data/vocabulary';
import { workloadFields, type FieldMessageId, type WorkloadFieldSpec } from '../../src/scenario/workloadFields';

/**
 * Adds to the field spec a field no release has, as its author would: a share of the values
 * stored compressed, for the workloads of `appliesTo`. The tests that add a field through the
 * spec call it before anything that reads the spec at load time (the schema) is imported. Its
 * label has no catalog entry: the page shows the id itself, which is all a test needs to find it.
 */
export function addCompressedShareField(appliesTo: readonly DataType[], doc: string): void {
  (workloadFields as WorkloadFieldSpec[]).push({
    key: 'compressedShare',
    input: 'share',
    appliesTo,
    requiredFor: [],
    min: 0,
    max: 1,
    default: 0,
    unsetAtDefault: true,
    label: 'workload.compressedShare' as FieldMessageId,
    unit: 'share 0 to 1',
    doc,
  });
}

import { adviceEdit, adviceWorkload, type AdviceChange, type AdvisedFields } from '../model/plan';
import { growthOfWorkload } from './growth';
import { resolveScenario } from './resolve';
import { MAX_APPLIED_ADVICE, type Scenario } from './schema';
import { editedFields, fieldSpec, patchForType, type Workload } from './workloadFields';

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

/** The scenario with the change's edit (src/model/advice.ts: adviceEdit, the same the model prices) made. */
function changedScenario(scenario: Scenario, change: AdviceChange): Scenario {
  const edit = adviceEdit(change, resolveScenario(scenario).workloads);
  if (edit.on === 'settings')
    return {
      ...scenario,
      ...(edit.target !== undefined && { target: edit.target }),
      ...(edit.allocator !== undefined && { allocator: edit.allocator }),
      ...(edit.thresholds !== undefined && { config: { ...scenario.config, ...edit.thresholds } }),
    };
  return {
    ...scenario,
    workloads: scenario.workloads.map((w, i) =>
      i === edit.workload ? editedWorkload(scenario, w, edit.fields, edit.keysPerNewKey) : w,
    ),
  };
}

/**
 * A workload with advised fields set. A change of type goes through the card's own type switch
 * (patchForType: fields the new type lacks are unset); a field set to a default it is left unset
 * at stays unset, as the card leaves it.
 */
function editedWorkload(scenario: Scenario, w: Workload, fields: AdvisedFields, keysPerNewKey: number | undefined): Workload {
  let edited: Record<string, unknown> = { ...w };
  if (keysPerNewKey !== undefined) {
    // A growth the workload follows from the scenario is counted in today's keys: it becomes its own, in new keys.
    const growth = growthOfWorkload(scenario, w);
    edited.growth =
      growth?.kind === 'keysPerMonth'
        ? { kind: 'keysPerMonth', keysPerMonth: Math.ceil(growth.keysPerMonth / keysPerNewKey) }
        : growth;
  }
  if (fields.type !== undefined && fields.type !== w.type) edited = editedFields(edited, patchForType(edited, fields.type));
  const advised: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const spec = fieldSpec(key);
    advised[key] = spec?.unsetAtDefault && value === spec.default ? undefined : value;
  }
  edited = editedFields(edited, advised);
  return Object.fromEntries(Object.entries(edited).filter(([, v]) => v !== undefined)) as Workload;
}

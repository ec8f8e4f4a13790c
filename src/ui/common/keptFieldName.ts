/**
 * A workload field's name on the page, by its workload's name (unique in the scenario, and kept
 * while a new one is typed) and the field's key ("growth.ttlSeconds" for a part of one): what
 * is typed in the field outlives a language switch and a folded card (ParsedField's keepAs).
 */
export const workloadFieldName = (workloadName: string, field: string): string => `workload:${workloadName}:${field}`;

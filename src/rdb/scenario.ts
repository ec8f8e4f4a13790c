import { LIMITS } from '../scenario/limits';
import { scenarioSchema, type Scenario, type Workload } from '../scenario/schema';
import type { FamilySummary } from './families';
import type { PlannedType } from './records';

const PLANNED: readonly string[] = ['string', 'hash', 'set', 'zset', 'list'] satisfies PlannedType[];

/**
 * A workload name from a family: its pattern, with its type when the pattern has several. A name
 * must be unique and not blank once trimmed, so a blank key name (legal: "" is a key) is named
 * by its quoted text, and a name that trims to one already given gets its place as a suffix.
 */
function workloadNames(families: readonly FamilySummary[]): string[] {
  const patterns = new Map<string, number>();
  for (const f of families) patterns.set(f.pattern, (patterns.get(f.pattern) ?? 0) + 1);
  const given = new Set<string>();
  return families.map((f, i) => {
    const shown = f.pattern.trim() === '' ? `key ${JSON.stringify(f.pattern)}` : f.pattern;
    let name = patterns.get(f.pattern)! > 1 ? `${shown} (${f.type})` : shown;
    if (name.length > LIMITS.nameLength || given.has(name.trim())) {
      const suffix = ` #${i + 1}`;
      name =
        name.length + suffix.length <= LIMITS.nameLength
          ? name + suffix
          : name.slice(0, LIMITS.nameLength - suffix.length - 1) + '…' + suffix;
    }
    given.add(name.trim());
    return name;
  });
}

/**
 * Scenario JSON (schema 1) from the file's families, one workload per planned family with its
 * means (distributions are the file's own; a workload carries means for now). It goes through the
 * same schema as any scenario, so a family beyond the limits is reported, never clamped.
 */
export function scenarioFromFamilies(
  families: readonly FamilySummary[],
  name: string,
): { ok: true; scenario: Scenario } | { ok: false; error: string } {
  const planned = families.filter((f) => PLANNED.includes(f.type) && f.keys > 0);
  const names = workloadNames(planned);
  const workloads = planned.map((f, i): Workload => {
    const type = f.type as PlannedType;
    const keyBytes = Math.max(1, Math.round(f.keyLength.mean));
    const integers = f.integerKeys === f.keys;
    const base = { name: names[i]!, keys: f.keys, keyBytes, type, ttlFraction: f.ttlShare };
    if (type === 'string') {
      const valueBytes = Math.round(f.valueSize.mean);
      return { ...base, valueBytes, ...(integers && valueBytes >= 1 ? { valueKind: 'int' as const } : {}) };
    }
    const valueBytes = Math.round(f.elementSize.mean);
    const workload: Workload = {
      ...base,
      valueBytes,
      fields: Math.max(1, Math.round(f.valueSize.mean)),
      ...(integers && valueBytes >= 1 ? { valueKind: 'int' as const } : {}),
    };
    if (type === 'hash') {
      workload.fieldBytes = Math.max(1, Math.round(f.fieldNameLength.mean));
      const fields = f.elementSize.count;
      if (f.volatileFields > 0 && fields > 0) workload.fieldTtlFraction = f.volatileFields / fields;
    }
    return workload;
  });
  if (workloads.length === 0)
    return { ok: false, error: 'the file has no keys the planner sizes (strings, hashes, sets, sorted sets, lists)' };
  const parsed = scenarioSchema.safeParse({ schema: 1, name: name.slice(0, LIMITS.nameLength), workloads });
  if (parsed.success) return { ok: true, scenario: parsed.data };
  // One line per problem, naming the family it came from.
  const problems = parsed.error.issues.map((issue) => {
    const [, index] = issue.path;
    const family = issue.path[0] === 'workloads' && typeof index === 'number' ? planned[index] : undefined;
    return family ? `family ${JSON.stringify(family.pattern)} (${family.type}): ${issue.message}` : issue.message;
  });
  return { ok: false, error: problems.join('; ') };
}

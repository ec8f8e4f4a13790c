import { LIMITS } from '../scenario/limits';
import { scenarioSchema, type Scenario, type Workload } from '../scenario/schema';
import type { SizeDistribution } from '../scenario/workloadFields';
import type { WriteHistory } from '../data/vocabulary';
import type { FamilyStats } from './families';
import { FamilyPart } from './familyParts';
import type { SizeHistogram } from './histogram';
import type { PlannedType } from './records';

const PLANNED: readonly string[] = ['string', 'hash', 'set', 'zset', 'list'] satisfies PlannedType[];

/** What the export reads of a family: its name, type and its keys by kind. */
export type ExportedFamily = Pick<FamilyStats, 'pattern' | 'type' | 'parts'>;

/** One workload to be: a family's part, and whether its family is split into several. */
interface WorkloadSource {
  family: ExportedFamily;
  part: FamilyPart;
  split: boolean;
}

/**
 * A workload name from a family: its pattern, with its type when the pattern has several and
 * the part's kind when the family is split. A name must be unique and not blank once trimmed, so
 * a blank key name (legal: "" is a key) is named by its quoted text, and a name that trims to
 * one already given gets its place as a suffix.
 */
function workloadNames(sources: readonly WorkloadSource[]): string[] {
  const patterns = new Map<string, Set<string>>();
  for (const { family } of sources) patterns.set(family.pattern, (patterns.get(family.pattern) ?? new Set()).add(family.type));
  const given = new Set<string>();
  return sources.map(({ family, part, split }, i) => {
    const shown = family.pattern.trim() === '' ? `key ${JSON.stringify(family.pattern)}` : family.pattern;
    const typed = patterns.get(family.pattern)!.size > 1;
    let name = split ? `${shown} (${family.type}, ${part.kind})` : typed ? `${shown} (${family.type})` : shown;
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
 * A size as the scenario writes it: the one size every key has, or the file's histogram (exact,
 * or in the buckets SizeHistogram keeps past its exact sizes). `least` is the field's smallest
 * size: a name of 0 bytes (legal in the file) is priced as one of `least`.
 */
function sizeOf(h: SizeHistogram, least = 0): number | SizeDistribution {
  const buckets = h.buckets().map((b) => ({ from: Math.max(least, b.from), to: Math.max(least, b.to), weight: b.count }));
  // Sizes below `least` join its bucket.
  while (buckets.length > 1 && buckets[1]!.from <= buckets[0]!.to) {
    const [a, b] = buckets.splice(0, 2) as [(typeof buckets)[0], (typeof buckets)[0]];
    buckets.unshift({ from: a.from, to: Math.max(a.to, b.to), weight: a.weight + b.weight });
  }
  if (buckets.length === 1 && buckets[0]!.from === buckets[0]!.to) return buckets[0]!.from;
  return { kind: 'histogram', buckets };
}

/**
 * The table state the snapshot's own figure prices (sizing.ts): a collection as the file holds it,
 * its table grown to its size and no expansion left unfinished.
 */
const WRITTEN: WriteHistory = 'loaded';

function workloadOf({ family, part }: WorkloadSource, name: string): Workload {
  const type = family.type as PlannedType;
  const base = {
    name,
    keys: part.keys,
    keyBytes: sizeOf(part.keyLength, 1),
    type,
    ttlFraction: part.ttlKeys / part.keys,
  };
  const integers = part.integerKeys === part.keys;
  if (type === 'string')
    return { ...base, valueBytes: sizeOf(part.valueSize), ...(integers ? { valueKind: 'int' as const } : {}) };
  const workload: Workload = {
    ...base,
    valueBytes: sizeOf(part.elementSize),
    fields: sizeOf(part.valueSize, 1),
    ...(integers ? { valueKind: 'int' as const } : {}),
  };
  if (type !== 'list') workload.written = WRITTEN;
  // Each key holds elements of the family's sizes together, as the file's keys do.
  workload.elements = 'mixed';
  // A listpack's or intset's own bytes carry what sizes alone cannot: integers among strings, a
  // sorted set's scores, an intset's width, a list's elements in its one node.
  if (part.compact) workload.compactBytes = sizeOf(part.compactBytes, 1);
  if (type === 'hash') {
    workload.fieldBytes = sizeOf(part.fieldNameLength, 1);
    // Field names and values as they go together (past EXACT_SIZES pairs: drawn apart).
    const pairs = part.fieldValuePairs.pairs();
    if (pairs && pairs.length > 1)
      workload.fieldValuePairs = {
        kind: 'pairs',
        buckets: pairs.map((p) => ({ field: Math.max(1, p.first), value: p.second, weight: p.count })),
      };
    if (part.volatileFields > 0 && part.elements > 0) workload.fieldTtlFraction = part.volatileFields / part.elements;
  }
  return workload;
}

/**
 * Each planned family's parts as workloads: a family of one kind of key is one workload, a family
 * of several is one per kind, while the scenario has room; past LIMITS.workloads the smallest
 * families (the last) keep one workload each, their kinds merged.
 */
function workloadSources(families: readonly ExportedFamily[]): WorkloadSource[] {
  const planned = families.filter((f) => PLANNED.includes(f.type) && f.parts.some((p) => p.keys > 0));
  const partsOf = planned.map((f) => f.parts.filter((p) => p.keys > 0));
  let total = partsOf.reduce((n, parts) => n + parts.length, 0);
  for (let i = partsOf.length - 1; i >= 0 && total > LIMITS.workloads; i--) {
    if (partsOf[i]!.length < 2) continue;
    const merged = new FamilyPart('mixed');
    for (const part of partsOf[i]!) merged.merge(part);
    total -= partsOf[i]!.length - 1;
    partsOf[i] = [merged];
  }
  return planned.flatMap((family, i) => partsOf[i]!.map((part) => ({ family, part, split: partsOf[i]!.length > 1 })));
}

/**
 * Scenario JSON (schema 1) from the file's families: each family's keys of one kind as a
 * workload that carries the file's own sizes (key names, values, element counts and sizes, field
 * names), TTL share, integers and field TTLs, so that the model prices it as the file's own
 * figure does. It goes through the same schema as any scenario, so a family beyond the limits is
 * reported, never clamped.
 */
export function scenarioFromFamilies(
  families: readonly ExportedFamily[],
  name: string,
): { ok: true; scenario: Scenario } | { ok: false; error: string } {
  const sources = workloadSources(families);
  const names = workloadNames(sources);
  const workloads = sources.map((source, i) => workloadOf(source, names[i]!));
  if (workloads.length === 0)
    return { ok: false, error: 'the file has no keys the planner sizes (strings, hashes, sets, sorted sets, lists)' };
  const parsed = scenarioSchema.safeParse({ schema: 1, name: name.slice(0, LIMITS.nameLength), workloads });
  if (parsed.success) return { ok: true, scenario: parsed.data };
  // One line per problem, naming the family it came from.
  const problems = parsed.error.issues.map((issue) => {
    const [, index] = issue.path;
    const family = issue.path[0] === 'workloads' && typeof index === 'number' ? sources[index]?.family : undefined;
    return family ? `family ${JSON.stringify(family.pattern)} (${family.type}): ${issue.message}` : issue.message;
  });
  return { ok: false, error: problems.join('; ') };
}

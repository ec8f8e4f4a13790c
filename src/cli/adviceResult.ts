import { formatCount } from '../format/count';
import { adviceWorkload, lineMove, type Advice, type AdviceChange } from '../model/plan';
import { type ResolvedScenario, LINES } from '../model';
import type { AppliedAdvice } from '../scenario/advice';
import { THRESHOLD_LIMITS } from '../scenario/limits';

const round2 = (x: number) => Math.round(x * 100) / 100;

/** A change in words, as the table prints it, for the workload named (an advised change, or one the scenario records as applied). */
function describe(change: AdviceChange | AppliedAdvice, name: string): string {
  switch (change.kind) {
    case 'shorterKeys':
      return `${name}: key names of ${change.keyBytes} bytes instead of ${change.fromKeyBytes} (the next length that saves)`;
    case 'integerValues':
      return `${name}: values stored as integers (if every value is a whole number of up to 19 digits)`;
    case 'hashBuckets':
      return `${name}: strings packed into hashes of ${change.bucket} fields (the ids' last ${change.digits} digits as field names)`;
    case 'listpackLimit':
      return `${name}: ${Object.entries(change.config)
        .map(([setting, value]) => `${THRESHOLD_LIMITS[setting as keyof typeof THRESHOLD_LIMITS].setting} ${value}`)
        .join(', ')}`;
    case 'keyTtl':
      return `${name}: one TTL on each hash instead of one on every field (if the fields of a hash expire together)`;
    case 'dropTtl':
      return `${name}: no TTL on the ${round2(change.ttlFraction * 100)} % of keys that have one (the application deletes them)`;
    case 'line':
      return `plan on ${LINES.entry(change.line).fullName} instead of ${LINES.entry(change.from).fullName} (${lineMove(change.from, change.line)}): of the compared versions it holds the dataset in the fewest bytes; each version's saving is what moving from it saves`;
    case 'allocator':
      return `every version on the ${change.allocator} build`;
  }
}

/** `--advice`: the changes that save memory, with what each saves on every line (JSON). */
export function toCliAdvice(scenario: ResolvedScenario, advice: readonly Advice[]) {
  return advice.map(({ change, savings }) => {
    const index = adviceWorkload(change);
    const workloadName = index === null ? null : scenario.workloads[index]!.name;
    return {
      ...change,
      ...(workloadName !== null && { workloadName }),
      description: describe(change, workloadName ?? ''),
      savings: savings.map((s) => ({
        version: s.line,
        datasetBytesBefore: Math.round(s.bytesBefore),
        datasetBytesAfter: Math.round(s.bytesAfter),
        savedBytes: Math.round(s.savedBytes),
        savedPercent: round2(s.savedPercent),
      })),
    };
  });
}
export type CliAdvice = ReturnType<typeof toCliAdvice>;

/** What the scenario records as applied, in words (a table's lines). */
function appliedLines(applied: readonly AppliedAdvice[]): string[] {
  if (applied.length === 0) return [];
  return [
    'applied to this scenario already (its figures include these changes)',
    ...applied.map((a) => `  ${describe(a, 'workload' in a ? a.workload : '')}`),
  ];
}

/** The advice section of `--format table --advice`, after what the scenario records as applied. */
export function formatAdviceTable(advice: CliAdvice, applied: readonly AppliedAdvice[]): string {
  const done = appliedLines(applied);
  if (advice.length === 0)
    return ['', ...done, 'advice', '  no change the planner knows saves memory on these figures'].join('\n') + '\n';
  const out = ['', ...done, 'advice (saved bytes of the dataset per version; apply with the fields named)'];
  for (const a of advice) {
    out.push(`  ${a.description}`);
    const saving = (s: CliAdvice[number]['savings'][number]) =>
      s.savedBytes === 0
        ? `${s.version} same`
        : `${s.version} ${s.savedBytes > 0 ? 'saves' : 'costs'} ${formatCount(Math.abs(s.savedBytes), 'en')} B (${Math.abs(s.savedPercent)} %)`;
    out.push(`    ${a.savings.map(saving).join(', ')}`);
  }
  return out.join('\n') + '\n';
}

import { formatCount } from '../format/count';
import type { Advice, AdviceChange } from '../model/advice';
import type { ResolvedScenario } from '../model/input';
import { THRESHOLD_LIMITS } from '../scenario/limits';

const round2 = (x: number) => Math.round(x * 100) / 100;

/** A change in words, as the table prints it. */
function describe(change: AdviceChange, scenario: ResolvedScenario): string {
  const w = scenario.workloads[change.workload]!;
  switch (change.kind) {
    case 'shorterKeys':
      return `${w.name}: key names of ${change.keyBytes} bytes instead of ${w.keyBytes} (the next length that saves)`;
    case 'integerValues':
      return `${w.name}: values stored as integers (if every value is a whole number of up to 19 digits)`;
    case 'hashBuckets':
      return `${w.name}: strings packed into hashes of ${change.bucket} fields (the ids' last ${change.digits} digits as field names)`;
    case 'listpackLimit':
      return `${w.name}: ${Object.entries(change.config)
        .map(([name, value]) => `${THRESHOLD_LIMITS[name as keyof typeof THRESHOLD_LIMITS].setting} ${value}`)
        .join(', ')}`;
  }
}

/** `--advice`: the changes that save memory, with what each saves on every line (JSON). */
export function toCliAdvice(scenario: ResolvedScenario, advice: readonly Advice[]) {
  return advice.map(({ change, savings }) => ({
    ...change,
    workloadName: scenario.workloads[change.workload]!.name,
    description: describe(change, scenario),
    savings: savings.map((s) => ({
      version: s.line,
      datasetBytesBefore: Math.round(s.bytesBefore),
      datasetBytesAfter: Math.round(s.bytesAfter),
      savedBytes: Math.round(s.savedBytes),
      savedPercent: round2(s.savedPercent),
    })),
  }));
}
export type CliAdvice = ReturnType<typeof toCliAdvice>;

/** The advice section of `--format table --advice`. */
export function formatAdviceTable(advice: CliAdvice): string {
  if (advice.length === 0) return '\nadvice\n  no change the planner knows saves memory on these figures\n';
  const out = ['', 'advice (saved bytes of the dataset per version; apply with the fields named)'];
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

import { estimateVersion } from '../../src/model';
import { resolveScenario, type EncodingConfig, type Workload } from '../../src/scenario/schema';

/** Bar set by the validation: mean absolute error and the default per-case limit. */
export const MEAN_ERROR_LIMIT_PERCENT = 0.5;
export const CASE_ERROR_LIMIT_PERCENT = 2;

export interface RecordedCase {
  id: string;
  workloads: Workload[];
  config?: EncodingConfig;
  tolerancePercent?: number;
  measuredBytes: number;
}

export interface ComparedCase extends RecordedCase {
  modelBytes: number;
  errorPercent: number;
  limitPercent: number;
  pass: boolean;
}

/** The model's bytes for a case on Redis 7.0 with the system jemalloc (what Debian ships). */
export function modelBytes(c: Pick<RecordedCase, 'workloads' | 'config'>): number {
  const scenario = resolveScenario({
    schema: 1,
    workloads: c.workloads,
    allocator: 'jemalloc-system',
    ...(c.config && { config: c.config }),
  });
  return estimateVersion(scenario, 'redis-7.0').datasetBytes;
}

export function compare(recorded: RecordedCase[]): { cases: ComparedCase[]; meanAbsErrorPercent: number; pass: boolean } {
  const cases = recorded.map((r) => {
    const model = modelBytes(r);
    const errorPercent = ((model - r.measuredBytes) / r.measuredBytes) * 100;
    const limitPercent = Math.min(r.tolerancePercent ?? CASE_ERROR_LIMIT_PERCENT, CASE_ERROR_LIMIT_PERCENT);
    return { ...r, modelBytes: model, errorPercent, limitPercent, pass: Math.abs(errorPercent) <= limitPercent };
  });
  const meanAbsErrorPercent = cases.reduce((s, c) => s + Math.abs(c.errorPercent), 0) / Math.max(1, cases.length);
  return { cases, meanAbsErrorPercent, pass: meanAbsErrorPercent <= MEAN_ERROR_LIMIT_PERCENT && cases.every((c) => c.pass) };
}

export function formatComparison(result: ReturnType<typeof compare>): string {
  const rows = [['case', 'measured B', 'model B', 'error %', 'limit %', '']];
  for (const c of result.cases) {
    rows.push([
      c.id,
      String(c.measuredBytes),
      String(Math.round(c.modelBytes)),
      c.errorPercent.toFixed(3),
      c.limitPercent.toFixed(1),
      c.pass ? 'ok' : 'FAIL',
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const table = rows
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '))
    .join('\n');
  const worst = [...result.cases].sort((a, b) => Math.abs(b.errorPercent) - Math.abs(a.errorPercent)).slice(0, 3);
  return [
    table,
    '',
    `cases: ${result.cases.length}, mean |error|: ${result.meanAbsErrorPercent.toFixed(4)} % (limit ${MEAN_ERROR_LIMIT_PERCENT} %), ` +
      `largest: ${worst.map((c) => `${c.id} ${c.errorPercent.toFixed(3)} %`).join(', ')}`,
    `${result.cases.filter((c) => c.pass).length} passed, ${result.cases.filter((c) => !c.pass).length} failed`,
  ].join('\n');
}

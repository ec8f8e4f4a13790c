import { estimateVersion } from '../../src/model';
import type { Allocator, WriteHistory } from '../../src/data/vocabulary';
import type { LineId } from '../../src/model/lineRegistry';
import { keyspaceSpreadBytes } from './spread';
import type { EncodingConfig } from '../../src/scenario/schema';
import type { OneSizeWorkload } from '../../src/scenario/workloadFields';
import { resolveScenario } from '../../src/scenario/resolve';
import type { WorkloadDistributions } from '../../src/model/input';

/**
 * A workload as the validation loads it: the scenario's fields and, where its keys differ, the
 * model's per-key distributions (the loader draws each key's sizes from them, the model prices
 * their expectation).
 */
/**
 * A workload as a case loads it. `savedAfter`: a loaded workload written so before the reload (one
 * element per command unless said), which a list's nodes keep through a load.
 */
export type ValidationWorkload = OneSizeWorkload & { distributions?: WorkloadDistributions; savedAfter?: WriteHistory };

/** Per-case limits: strings are exact arithmetic; collections also carry their tables' averaged randomness. */
export const STRING_LIMIT_PERCENT = 0.05;
export const COLLECTION_LIMIT_PERCENT = 0.5;

/** What a case loads; the limit it is judged by comes from the grid. */
export interface RecordedCase {
  id: string;
  workloads: ValidationWorkload[];
  config?: EncodingConfig;
  cluster?: boolean;
  measuredBytes: number;
}

export interface ComparedCase extends RecordedCase {
  modelBytes: number;
  errorPercent: number;
  limitPercent: number;
  pass: boolean;
}

export interface ModelTarget {
  line: LineId;
  allocator: Allocator;
}

/** The model's bytes for a case on a server's line and allocator. */
export function modelBytes(c: Pick<RecordedCase, 'workloads' | 'config' | 'cluster'>, target: ModelTarget): number {
  const scenario = resolveScenario({
    schema: 1,
    workloads: c.workloads.map(({ savedAfter: _, ...w }) => w),
    allocator: target.allocator,
    ...(c.config && { config: c.config }),
    ...(c.cluster && { deployment: { cluster: true } }),
  });
  const workloads = scenario.workloads.map((w, i) => {
    const { distributions, savedAfter } = c.workloads[i]!;
    return { ...w, ...(distributions && { distributions }), ...(savedAfter && { savedAfter }) };
  });
  return estimateVersion({ ...scenario, workloads }, target.line).datasetBytes;
}

export interface Comparison {
  cases: ComparedCase[];
  meanAbsErrorPercent: number;
  largest: ComparedCase | undefined;
  pass: boolean;
}

/**
 * How a case is judged: a fixed limit, plus four standard deviations of what is random in it
 * and cannot average out: skiplist levels (given beside the case) and, on 8.1+, the child
 * buckets of the keyspace, one table per case (spread.ts). Collections' own tables are many, one
 * per key, each with its own members: their random placement averages out within the fixed
 * limit (checked by collectionSpreadBytes in the replay test).
 */
export interface CaseLimit {
  percent: number;
  /** One standard deviation, in bytes, of what is random in the case (skiplist levels). */
  spreadBytes?: number;
}

/** Standard deviations of the random part a case's limit allows. */
export const SPREAD_DEVIATIONS = 4;

export function compare(recorded: RecordedCase[], limitOf: (id: string) => CaseLimit, target: ModelTarget): Comparison {
  const cases = recorded.map((r) => {
    const model = modelBytes(r, target);
    const errorPercent = ((model - r.measuredBytes) / r.measuredBytes) * 100;
    const limit = limitOf(r.id);
    const spread = Math.hypot(limit.spreadBytes ?? 0, keyspaceSpreadBytes(r, target.line));
    const limitPercent = limit.percent + (SPREAD_DEVIATIONS * spread * 100) / r.measuredBytes;
    return { ...r, modelBytes: model, errorPercent, limitPercent, pass: Math.abs(errorPercent) <= limitPercent };
  });
  const meanAbsErrorPercent = cases.reduce((s, c) => s + Math.abs(c.errorPercent), 0) / Math.max(1, cases.length);
  const largest = [...cases].sort((a, b) => Math.abs(b.errorPercent) - Math.abs(a.errorPercent))[0];
  return { cases, meanAbsErrorPercent, largest, pass: cases.every((c) => c.pass) };
}

export function formatComparison(result: Comparison): string {
  const rows = [['case', 'measured B', 'model B', 'error %', 'limit %', '']];
  for (const c of result.cases) {
    rows.push([
      c.id,
      String(c.measuredBytes),
      String(Math.round(c.modelBytes)),
      c.errorPercent.toFixed(3),
      String(Math.round(c.limitPercent * 1000) / 1000),
      c.pass ? 'ok' : 'FAIL',
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const table = rows
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '))
    .join('\n');
  return [table, '', summaryLine(result)].join('\n');
}

export function summaryLine(result: Comparison): string {
  const failed = result.cases.filter((c) => !c.pass).length;
  const largest = result.largest ? `${result.largest.id} ${result.largest.errorPercent.toFixed(3)} %` : '-';
  return (
    `cases: ${result.cases.length}, mean |error|: ${result.meanAbsErrorPercent.toFixed(4)} %, largest: ${largest}; ` +
    `${result.cases.length - failed} passed, ${failed} failed`
  );
}

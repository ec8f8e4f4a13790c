import type { WriteHistory } from '../../data/vocabulary';
import { formatBytes, formatPercent } from '../../format/quantities';
import { writeHistoryCases } from '../../model/plan';
import type { LineId } from '../../model';
import { resolveScenario } from '../../scenario/resolve';
import type { Scenario } from '../../scenario/schema';

/** When each write history applies, as the sampler's output says it. */
const WHEN: Record<WriteHistory, string> = {
  'one-per-command': 'grown one element per command: the steady state on the server that wrote the keys',
  'whole-collection': 'written a whole collection per command (one SADD, HSET, ZADD or RPUSH of every element)',
  loaded:
    'loaded: after a restart, on a replica after its full sync (what a failover promotes), after a migration by snapshot or replication',
};

/** What the scenario's figure assumes: its workloads carry no `written`, so one element per command. */
const ASSUMED: WriteHistory = 'one-per-command';

/**
 * A sample cannot see how the keys were written, and its collections' figure depends on it: the
 * range on the server's line and its cases. The scenario, the total's figure and the
 * reconciliation take the assumed history; the range says what the others would give.
 */
export interface SampleWriteHistory {
  line: LineId;
  assumed: WriteHistory;
  lowBytes: number;
  highBytes: number;
  cases: Array<{ written: WriteHistory; keysBytes: number; when: string }>;
}

export function sampleWriteHistory(scenario: Scenario, line: LineId | null): SampleWriteHistory | null {
  if (!line) return null;
  const cases = writeHistoryCases(resolveScenario(scenario), line);
  if (!cases) return null;
  const bytes = cases.map((c) => c.datasetBytes);
  return {
    line,
    assumed: ASSUMED,
    lowBytes: Math.min(...bytes),
    highBytes: Math.max(...bytes),
    cases: cases.map((c) => ({ written: c.written, keysBytes: c.datasetBytes, when: WHEN[c.written] })),
  };
}

/** The total's model figure as a range; a sample's interval (around the assumed case) in percent. */
export function writeHistoryTotal(
  h: SampleWriteHistory,
  total: { modelBytes: number; modelInterval: [number, number] | null; exact: boolean },
): string {
  const { modelBytes, modelInterval, exact } = total;
  const spread = exact
    ? ' (every key read: exact)'
    : modelInterval && modelBytes > 0
      ? ` (95 % sampling interval ±${formatPercent(((modelInterval[1] - modelBytes) / modelBytes) * 100, 'en')})`
      : '';
  return `model ${formatBytes(h.lowBytes)} to ${formatBytes(h.highBytes)} by how the collections were written (below)${spread}`;
}

/** The range's cases, one line each, under a heading that says what the sample cannot see. */
export function formatWriteHistory(h: SampleWriteHistory): string[] {
  const width = Math.max(...h.cases.map((c) => c.written.length));
  return [
    `how the collections were written, which a sample cannot see (the scenario and the reconciliation take ${h.assumed}), on ${h.line}:`,
    ...h.cases.map((c) => `  ${c.written.padEnd(width)}  ${formatBytes(c.keysBytes).padStart(10)}  ${c.when}`),
  ];
}

/**
 * Runs every limit scenario (limitScenarios.ts) through the command, with --fit and --advice, and
 * through the model as the page asks it (estimate, every line's dataset, breakdowns, advice, cost,
 * growth, capacity, the bins the card draws; and the value-size chart's sweep), timing each by
 * the processor time it takes. Prints one JSON line: each case's times and exit code, and the
 * process's peak resident memory. Run in a process of its own
 * (test/cli/limits.test.ts) so that the peak is this work's alone.
 */
import { runEstimate } from '../../src/cli/estimate';
import { LINES } from '../../src/model/lineRegistry';
import { parseScenario } from '../../src/scenario/schema';
import { adviceOf } from '../../src/state/adviceDerived';
import { capacityOf, costOf, growthOf } from '../../src/state/costDerived';
import { breakdownOf, distributionBinsOf, estimateOf, introRowsOf, sweepOf, terabyteRowsOf } from '../../src/state/derived';
import { limitCases } from './limitScenarios';

const scenarioOf = (json: unknown) => {
  const parsed = parseScenario(json);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.scenario;
};

/** The figures the page shows for a scenario: results, every line, breakdowns, advice, cost, growth, capacity, the card's bins. */
function pageWork(json: unknown): void {
  const s = scenarioOf(json);
  estimateOf(s);
  introRowsOf(s);
  terabyteRowsOf(s);
  adviceOf(s);
  costOf(s);
  growthOf(s);
  capacityOf(s);
  s.workloads.forEach((w, workloadIndex) => {
    for (const line of LINES.ids) breakdownOf(s, { line, workloadIndex });
    for (const key of ['keyBytes', 'valueBytes', 'fields', 'fieldBytes'] as const) {
      const value = w[key];
      if (typeof value === 'object') distributionBinsOf(value);
    }
  });
}

/** The chart of bytes per key against value size: 257 estimates of the workload, drawn when the chart is shown. */
function sweepWork(json: unknown): void {
  const s = scenarioOf(json);
  s.workloads.forEach((_, workloadIndex) => sweepOf(s, workloadIndex));
}

/**
 * The processor time a piece of work takes (user and system), in ms: on a machine shared with
 * other work, wall time also counts the waits for a core, which are not this work's.
 */
const timed = (work: () => void): number => {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

// A first, ordinary run: the times below are of the work, not of compiling the code.
const warm = {
  schema: 1,
  workloads: [{ name: 'w', type: 'hash', keys: 1000, keyBytes: 20, fields: 100, fieldBytes: 8, valueBytes: 50, ttlFraction: 0 }],
};
runEstimate(['--fit', '--advice', '-'], () => JSON.stringify(warm));
pageWork(warm);
sweepWork(warm);

const results = limitCases().map(({ name, scenario }) => {
  let code = -1;
  let stderr = '';
  const commandMs = timed(() => {
    const out = runEstimate(['--fit', '--advice', '-'], () => JSON.stringify(scenario));
    code = out.code;
    stderr = out.stderr;
  });
  const pageMs = code === 0 ? timed(() => pageWork(scenario)) : 0;
  const sweepMs = code === 0 ? timed(() => sweepWork(scenario)) : 0;
  return { name, code, stderr: stderr.slice(0, 300), commandMs, pageMs, sweepMs };
});
// maxRSS is in kilobytes.
console.log(JSON.stringify({ results, peakMegabytes: process.resourceUsage().maxRSS / 1024 }));

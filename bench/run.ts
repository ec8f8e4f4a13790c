import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { estimateScenario } from '../src/model';
import { resolveScenario, type Workload } from '../src/scenario/schema';

/** Runs fn repeatedly for about `ms` milliseconds; returns calls per second. */
function rate(fn: () => unknown, ms = 1500): number {
  for (let i = 0; i < 200; i++) fn(); // warm up
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 50; i++) fn();
    calls += 50;
    now = performance.now();
  }
  return (calls * 1000) / (now - start);
}

const workloads: Workload[] = Array.from({ length: 20 }, (_, i) => ({
  name: `family-${i}`,
  keys: 10_000 * (i + 1),
  keyBytes: 10 + i,
  type: 'string',
  valueBytes: 8 * (i + 1) ** 2,
  ttlFraction: (i % 5) / 4,
}));
const scenario = resolveScenario({ schema: 1, workloads });
const evaluationsPerCall = workloads.length * scenario.versions.length;
const modelEvaluationsPerSecond = rate(() => estimateScenario(scenario)) * evaluationsPerCall;

const rows = [
  { metric: 'model throughput (workload x version evaluations / s)', value: Math.round(modelEvaluationsPerSecond), budget: '>= 5,000,000' },
];
console.table(rows);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/bench.json', JSON.stringify({ measuredAt: new Date().toISOString(), rows }, null, 2) + '\n');

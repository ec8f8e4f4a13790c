/**
 * npm run bench: the performance budgets, measured on this machine, printed as one table and
 * written to bench/results/bench.json. Timing budgets are reported here, never asserted in tests.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { build, preview } from 'vite';
import { estimateScenario, valueSizeSweep } from '../src/model';
import { encodeLink } from '../src/scenario/link';
import { resolveScenario, type Scenario, type Workload } from '../src/scenario/schema';
import { launchBrowser } from '../test/e2e/browser';
import { BUNDLE_BUDGETS, bundleSizes } from './bundleSize';

interface Row {
  metric: string;
  value: number;
  unit: string;
  budget: string;
  met: boolean;
}
const rows: Row[] = [];
const add = (metric: string, value: number, unit: string, budget: string, met: boolean) =>
  rows.push({ metric, value: Math.round(value * 100) / 100, unit, budget, met });

/** Calls per second of fn over about `ms` milliseconds, after a warm-up. */
function rate(fn: () => unknown, ms = 1500): number {
  for (let i = 0; i < 50; i++) fn();
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    fn();
    calls++;
    now = performance.now();
  }
  return (calls * 1000) / (now - start);
}

const workloads: Workload[] = Array.from({ length: 20 }, (_, i) => ({
  name: `family-${i}`,
  keys: 10_000 * (i + 1),
  keyBytes: 10 + i,
  type: (['string', 'hash', 'set', 'zset', 'list'] as const)[i % 5]!,
  valueBytes: 8 * (i + 1),
  ttlFraction: (i % 5) / 4,
  ...(i % 5 !== 0 && { fields: 4 + i }),
  ...(i % 5 === 1 && { fieldBytes: 8 }),
}));
const twenty: Scenario = { schema: 1, workloads };
const resolved = resolveScenario(twenty);

// 1. Model throughput: every workload on every line, fresh each time (no caches).
const evaluations = workloads.length * resolved.versions.length;
const throughput = rate(() => estimateScenario(resolved)) * evaluations;
add('model throughput, workload x version evaluations', throughput, '/s', '>= 5,000,000', throughput >= 5e6);

// 2. The value-size sweep behind the chart: 5 versions x 257 sizes.
const benchmark = resolveScenario({
  schema: 1,
  workloads: [{ name: 'b', keys: 632_000, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0 }],
});
const sweepMs = 1000 / rate(() => valueSizeSweep(benchmark, 0));
add('value-size sweep (5 versions x 257 points)', sweepMs, 'ms', '< 1', sweepMs < 1);

// 3. Bundle sizes from a production build.
await build({ logLevel: 'error' });
const sizes = bundleSizes();
add(
  'JavaScript for the first screen, gzip',
  sizes.firstScreenKiB,
  'KiB',
  `<= ${BUNDLE_BUDGETS.firstScreenKiB}`,
  sizes.firstScreenKiB <= BUNDLE_BUDGETS.firstScreenKiB,
);
add('all JavaScript, gzip', sizes.allKiB, 'KiB', `<= ${BUNDLE_BUDGETS.allKiB}`, sizes.allKiB <= BUNDLE_BUDGETS.allKiB);

// 4. In Chromium against the production build on localhost.
const server = await preview({ preview: { host: '127.0.0.1', port: 0 }, logLevel: 'error' });
const address = server.httpServer.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
const browser = await launchBrowser();
try {
  const loads: number[] = [];
  for (let i = 0; i < 10; i++) {
    const page = await browser.newPage();
    await page.goto(baseUrl);
    await page.waitForFunction(() => performance.getEntriesByName('vrp:results').length > 0);
    loads.push(await page.evaluate(() => performance.getEntriesByName('vrp:results')[0]!.startTime));
    await page.close();
  }
  loads.sort((a, b) => a - b);
  const median = (loads[4]! + loads[5]!) / 2;
  add('navigation to first results (median of 10)', median, 'ms', '<= 300', median <= 300);

  const page = await browser.newPage();
  await page.goto(`${baseUrl}#${encodeLink({ scenario: twenty, view: { chart: 'versions' } })}`);
  await page.waitForFunction(() => performance.getEntriesByName('vrp:chart').length > 0);
  const field = page.getByRole('group', { name: 'Workload family-0' }).getByLabel('Keys', { exact: true });
  const durations: number[] = [];
  for (let i = 0; i < 50; i++) {
    const before = await page.evaluate(() => performance.getEntriesByName('vrp:chart').length);
    await field.fill(String(20_000 + i * 137));
    await page.waitForFunction((n) => performance.getEntriesByName('vrp:chart').length > n, before);
    durations.push(
      await page.evaluate(() => {
        const edit = performance.getEntriesByName('vrp:edit').at(-1)!.startTime;
        const done = Math.max(
          performance.getEntriesByName('vrp:results').at(-1)!.startTime,
          performance.getEntriesByName('vrp:chart').at(-1)!.startTime,
        );
        return done - edit;
      }),
    );
  }
  durations.sort((a, b) => a - b);
  const p95 = durations[Math.ceil(0.95 * durations.length) - 1]!;
  add('edit -> results and chart, 20 workloads (p95 of 50)', p95, 'ms', '<= 50', p95 <= 50);
  await page.close();
} finally {
  await browser.close();
  server.httpServer.close();
}

console.table(
  rows.map((r) => ({ metric: r.metric, value: `${r.value} ${r.unit}`, budget: r.budget, met: r.met ? 'yes' : 'NO' })),
);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/bench.json', JSON.stringify({ measuredAt: new Date().toISOString(), rows }, null, 2) + '\n');

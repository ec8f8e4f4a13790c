/**
 * npm run bench: the performance budgets, measured on this machine, printed as tables and
 * written to bench/results/bench.json. Timing budgets are reported here, never asserted in tests.
 *
 * The page timings are taken side by side with the previous build (BENCH_BASELINE=<git ref>,
 * HEAD^ by default; see baseline.ts): both are served at once and the measurements alternate
 * between them, so that both see the same machine state, and each is reported as a ratio too.
 * BENCH_ONLY=load leaves out the typing and additions: only fresh loads are timed; BENCH_ONLY=edit
 * the reverse; BENCH_ONLY=page both, without the RDB rows. BENCH_TYPING_ROUNDS=<n>: n bursts of
 * typing per build instead of 8.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { build, preview, type PreviewServer } from 'vite';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { linkTo } from '../src/state/shareLink';
import type { Scenario, Workload } from '../src/scenario/schema';
import { launchBrowser } from '../test/e2e/browser';
import { buildBaseline } from './baseline';
import { buildModel, rate, throughputSideBySide } from './modelThroughput';
import {
  BYTES_BEFORE_FIRST_FIGURE,
  marksSet,
  PAGE_HELPERS,
  timeClick,
  typeAtTenKeysASecond,
  type TypingTimes,
} from './browserTimings';
import { ALL_JAVASCRIPT_TARGET_KIB, BUNDLE_BUDGETS, bundleSizes } from './bundleSize';
import { TWENTY_WORKLOADS, withTwentyDistributions } from '../test/support/twentyWorkloads';
import { FIRST_PAINT_KB_BUDGET, TIMING_BUDGETS, type TimingBudget } from './timingBudgets';
import {
  hasRdbCommand,
  median,
  RDB_BUDGETS,
  readByCli,
  readInWorker,
  readShardsTogetherAndSerial,
  workerScript,
  writeRdbInputs,
} from './rdbSpeed';

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

const PAGE_BUILD = 'bench/.page-build';
const RDB_ONLY = process.env.BENCH_ONLY === 'rdb';

// The build the page timings and the throughput compare with (BENCH_BASELINE, see baseline.ts).
const baseline = buildBaseline();
process.once('exit', baseline.remove);
const baselineName = `${baseline.ref} (${baseline.commit})`;

// The model as the app ships it: bundled and minified by the production build's bundler, this
// tree's and the baseline's.
const builtModels = [
  await buildModel(baseline.root, 'bench/.model-build/baseline'),
  await buildModel('.', 'bench/.model-build/current'),
] as const;
const { model } = builtModels[1];
const { resolveScenario } = builtModels[1];

const twenty: Scenario = TWENTY_WORKLOADS;
const workloads: Workload[] = twenty.workloads;
const resolved = resolveScenario(twenty);

// BENCH_ONLY=rdb: the RDB reading rows alone (they need the page builds, not the model timings).
if (!RDB_ONLY) {
  // 1. Model throughput: bytes per key of every workload on every line, from the resolved scenario,
  // with nothing kept between calls (each call prepares the keys again). 8.1 and 9.0 share one
  // layout, so the model works their numbers out once. Reported beside it, in the same unit: the
  // whole estimate the app makes on every edit, which also builds a result row per workload and
  // line, the comparisons with the baseline and a deployment plan per line.
  const throughput = throughputSideBySide(builtModels, twenty);
  const [throughputBefore, throughputNow] = throughput.rates;
  add(
    'model throughput, workload x version evaluations per CPU-second',
    throughputNow.median,
    '/s',
    '>= 5,000,000',
    throughputNow.median >= 5e6,
  );
  add('  slowest window', throughputNow.slowest, '/s', 'reported', true);
  add('  fastest window', throughputNow.fastest, '/s', 'reported', true);
  add(`  the same, ${baselineName}, in alternate windows`, throughputBefore.median, '/s', 'reported', true);
  add(
    '  ratio to the baseline (>= 0.95: within the noise of equal speed)',
    throughputNow.median / throughputBefore.median,
    '',
    '>= 0.95',
    throughputNow.median / throughputBefore.median >= 0.95,
  );
  const evaluations = throughput.evaluations;
  const wholeEstimates = rate(() => model.estimateScenario(resolved)).median * evaluations;
  add('  the whole estimate of every edit (rows, comparisons, deployment)', wholeEstimates, '/s', 'reported', true);

  // The largest scenario the schema accepts, in cluster mode: 100 workloads of 10^12 keys, so
  // 6 x 10^9 keys per hash slot. The per-slot tables' cost must not grow with the key count.
  const extreme = resolveScenario({
    schema: 1,
    workloads: Array.from({ length: 100 }, (_, i) => ({ ...workloads[i % 20]!, name: `extreme-${i}`, keys: 1e12 })),
    deployment: { cluster: true },
  });
  const extremeMs = 1000 / rate(() => model.estimateScenario(extreme), 500, 9, 200).median;
  add('100 workloads x 10^12 keys, cluster mode, every line', extremeMs, 'ms', '< 50', extremeMs < 50);

  // 2. The value-size sweep behind the chart: 5 versions x 257 sizes.
  const benchmark = resolveScenario({
    schema: 1,
    workloads: [{ name: 'b', keys: 632_000, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0 }],
  });
  const sweepMs = 1000 / rate(() => model.valueSizeSweep(benchmark, 0)).median;
  add('value-size sweep (5 versions x 257 points)', sweepMs, 'ms', '< 1', sweepMs < 1);

  // 3. The twenty workloads with distributions (bench/scenarios.ts), the whole estimate on every
  // line. An edit gives one workload new distributions: its key shapes are prepared and priced
  // again, the other nineteen keep theirs. Opened afresh (a link), every workload's are new. The
  // baseline's model has no distributions: the scenario without them is its comparison.
  const distributed = withTwentyDistributions(resolved);
  const renewed = (k: number) => ({
    ...distributed.workloads[k]!,
    distributions: { ...distributed.workloads[k]!.distributions },
  });
  let editedWorkload = 0;
  const distributionEditMs =
    1000 /
    rate(() => {
      const k = editedWorkload++ % distributed.workloads.length;
      return model.estimateScenario({
        ...distributed,
        workloads: distributed.workloads.map((w, i) => (i === k ? renewed(i) : w)),
      });
    }).median;
  add(
    '20 workloads with distributions: an edit (one workload new), every line',
    distributionEditMs,
    'ms',
    '< 16',
    distributionEditMs < 16,
  );
  const distributionColdMs =
    1000 /
    rate(() => model.estimateScenario({ ...distributed, workloads: distributed.workloads.map((_, i) => renewed(i)) }), 1000, 9)
      .median;
  add('  the same, every workload new (a link opened)', distributionColdMs, 'ms', 'reported', true);
  const withoutDistributionsMs = (1000 * evaluations) / wholeEstimates;
  add('  the same scenario without distributions', withoutDistributionsMs, 'ms', 'reported', true);
}

/** A static server for the production build in `dir`, on a free 127.0.0.1 port. */
async function serve(dir: string): Promise<{ server: PreviewServer; url: string }> {
  const server = await preview({
    configFile: false,
    build: { outDir: resolve(dir) },
    base: './',
    preview: { host: '127.0.0.1', port: 0 },
    logLevel: 'error',
  });
  const address = server.httpServer.address();
  return { server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/` };
}

interface Timing {
  median: number;
  p95: number;
  samples: number;
}
const statistics = (values: number[]): Timing => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { median: at(0.5), p95: at(0.95), samples: sorted.length };
};

interface TimingRow {
  metric: string;
  statistic: TimingBudget['statistic'];
  baselineMs: number;
  currentMs: number;
  ratio: number;
  budget: string;
  absoluteMet: boolean;
  ratioMet: boolean;
  /** Both statistics of both builds, whichever the budget takes. */
  medians: string;
  p95s: string;
  samples: number;
}
const timingRows: TimingRow[] = [];
let timingTitle = '';
const reportTiming = (budget: TimingBudget | { metric: string; statistic: 'median' | 'p95' }, pair: [Timing, Timing]) => {
  const [before, now] = pair;
  const value = (t: Timing) => t[budget.statistic];
  // A baseline of 0 (no long task at all) has no ratio.
  const ratio = value(before) > 0 ? value(now) / value(before) : NaN;
  const budgeted = 'budgetMs' in budget;
  const ratioAtMost = budgeted && 'ratioAtMost' in budget ? budget.ratioAtMost : undefined;
  timingRows.push({
    metric: budget.metric,
    statistic: budget.statistic,
    baselineMs: round(value(before)),
    currentMs: round(value(now)),
    ratio: round(ratio),
    budget: budgeted ? `<= ${budget.budgetMs} ms${ratioAtMost ? `; until then ratio <= ${ratioAtMost}` : ''}` : 'reported',
    absoluteMet: budgeted ? value(now) <= budget.budgetMs : true,
    ratioMet: ratioAtMost !== undefined ? ratio <= ratioAtMost : true,
    medians: `${round(before.median)} / ${round(now.median)}`,
    p95s: `${round(before.p95)} / ${round(now.p95)}`,
    samples: now.samples,
  });
};
const round = (x: number) => Math.round(x * 100) / 100;

/** `rounds` rounds; in each, `measure` runs for both builds, in alternating order. Returns the samples of each. */
async function alternate<T = number>(rounds: number, measure: (build: 0 | 1) => Promise<T[]>): Promise<[T[], T[]]> {
  const samples: [T[], T[]] = [[], []];
  for (let round = 0; round < rounds; round++) {
    for (const build of round % 2 ? ([1, 0] as const) : ([0, 1] as const)) samples[build].push(...(await measure(build)));
  }
  return samples;
}

async function measurePages(browser: Browser, urls: [string, string], baselineName: string) {
  /** A fresh page in its own context (no cache shared between the builds), with the timing helpers. */
  const open: OpenPage = async (url, until, before = '', listen) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript({ content: before + PAGE_HELPERS });
    const set = marksSet(page, until);
    listen?.(page);
    await page.goto(url);
    await set;
    return page;
  };
  const markTime = (page: Page, mark: string) => page.evaluate((m) => performance.getEntriesByName(m)[0]!.startTime, mark);
  const close = (page: Page) => page.context().close();

  // BENCH_ONLY=edit leaves the fresh loads out, to try a change to the edit path in a few minutes.
  if (process.env.BENCH_ONLY !== 'edit') await measureLoads(open, markTime, close, urls);
  timingTitle = `Page timings: ${baselineName} (baseline) against this build, in one run, alternating`;
  // BENCH_ONLY=load: the fresh loads alone, to try a change to the load path in a few minutes.
  if (process.env.BENCH_ONLY === 'load') return;

  // Typing and additions on a page of each build opened with 20 workloads and the versions chart.
  const pages = await Promise.all(
    ([0, 1] as const).map((i) =>
      open(linkTo(urls[i], { scenario: twenty, view: { chart: 'versions' } }), ['vrp:chart', 'vrp:probe-results']),
    ),
  );
  // Bursts of 10 keystrokes at 10 a second, each burst followed by the charts catching up.
  let from = 20_000;
  const burst = async (i: 0 | 1) => {
    const typed = await pages[i]!.evaluate<TypingTimes>(typeAtTenKeysASecond('family-0', 10, (from += 10_000)));
    return [typed];
  };
  for (const i of [0, 1] as const) await burst(i);
  // BENCH_TYPING_ROUNDS: more bursts per build (8 by default), for a p95 of the longest task worth reading.
  const typing = await alternate(Number(process.env.BENCH_TYPING_ROUNDS ?? 8), burst);
  const numbers = typing.map((bursts) => statistics(bursts.flatMap((b) => b.numbers))) as [Timing, Timing];
  reportTiming(TIMING_BUDGETS.keystrokeNumbers, numbers);
  reportTiming(TIMING_BUDGETS.keystrokeNumbersMedian, numbers);
  // The rows above end when the numbers can be painted; this one when the frame that paints them
  // has been, its wait for the display's refresh (up to 16.7 ms) included.
  const framed = typing.map((bursts) => statistics(bursts.flatMap((b) => b.framed))) as [Timing, Timing];
  reportTiming(
    { metric: '  keystroke -> the frame showing its numbers painted (refresh wait included)', statistic: 'median' },
    framed,
  );
  const caughtUp = typing.map((bursts) => statistics(bursts.map((b) => b.chartsAfterLast))) as [Timing, Timing];
  reportTiming(TIMING_BUDGETS.chartsCaughtUp, caughtUp);
  const longest = typing.map((bursts) => statistics(bursts.map((b) => b.longestTask))) as [Timing, Timing];
  reportTiming(TIMING_BUDGETS.longestTask, longest);

  // Add a workload to 20, then remove it again (untimed) so that every addition starts from 20.
  const additions = (i: 0 | 1, n: number) => async () => {
    const times: number[] = [];
    for (let k = 0; k < n; k++) {
      times.push(await pages[i]!.evaluate<number>(timeClick('Add workload', ['vrp:results'])));
      // The charts catch up with the addition before the workload goes again.
      await pages[i]!.evaluate<number>(timeClick('Remove', ['vrp:results', 'vrp:chart']));
    }
    return times;
  };
  for (const i of [0, 1] as const) await additions(i, 3)();
  const added = await alternate(6, (i) => additions(i, 4)());
  reportTiming(TIMING_BUDGETS.addWorkload, [statistics(added[0]), statistics(added[1])]);
  await Promise.all(pages.map(close));
}

/**
 * A fresh page in its own context with the timing helpers (`before`: a script to run ahead of
 * them), resolved once it has set the marks in `until`; `listen` is given the page before it loads.
 */
type OpenPage = (url: string, until: string[], before?: string, listen?: (page: Page) => void) => Promise<Page>;

/**
 * Fresh loads: a plain visit to its first figure painted, the interactive probe's result and the
 * first chart, with the bytes received before that paint; a plain visit typed into as soon as its
 * field is shown (before the app has taken the page over), to that keystroke's result; and a link
 * with 20 workloads to its first figure painted and a keystroke's result.
 */
async function measureLoads(
  open: OpenPage,
  markTime: (page: Page, mark: string) => Promise<number>,
  close: (page: Page) => Promise<void>,
  urls: [string, string],
) {
  // Fresh loads: one warm-up each, then 15 each, alternating.
  const linkUrl = (i: 0 | 1) => linkTo(urls[i], { scenario: twenty, view: {} });
  for (const i of [0, 1] as const) await close(await open(urls[i], ['vrp:probe-results', 'vrp:chart', 'vrp:figure-painted']));
  const samples = () => [[], []] as [number[], number[]];
  const plainVisit = { painted: samples(), interactive: samples(), chart: samples(), bytes: samples(), early: samples() };
  const linkPainted = samples();
  const link = await alternate(15, async (i) => {
    const plain = await open(urls[i], ['vrp:probe-results', 'vrp:chart', 'vrp:figure-painted']);
    plainVisit.painted[i].push(await markTime(plain, 'vrp:figure-painted'));
    plainVisit.bytes[i].push(await plain.evaluate<number>(BYTES_BEFORE_FIRST_FIGURE));
    plainVisit.interactive[i].push(await markTime(plain, 'vrp:probe-results'));
    plainVisit.chart[i].push(await markTime(plain, 'vrp:chart'));
    await close(plain);
    plainVisit.early[i].push(await earlyKeystroke(open, markTime, close, urls[i]));
    const linked = await open(linkUrl(i), ['vrp:probe-results', 'vrp:figure-painted']);
    linkPainted[i].push(await markTime(linked, 'vrp:figure-painted'));
    const answered = await markTime(linked, 'vrp:probe-results');
    await close(linked);
    return [answered];
  });
  const pair = (samples: [number[], number[]]): [Timing, Timing] => [statistics(samples[0]), statistics(samples[1])];
  reportTiming(TIMING_BUDGETS.firstFigure, pair(plainVisit.painted));
  reportTiming(
    TIMING_BUDGETS.earlyKeystroke,
    pair(plainVisit.early.map((s) => s.filter(Number.isFinite)) as [number[], number[]]),
  );
  reportTiming(TIMING_BUDGETS.interactive, pair(plainVisit.interactive));
  reportTiming(TIMING_BUDGETS.firstChart, pair(plainVisit.chart));
  reportTiming({ ...TIMING_BUDGETS.link, metric: 'link with 20 workloads -> a keystroke has its result' }, pair(link));
  reportTiming(
    { metric: '  link with 20 workloads -> its first figure painted (Element Timing)', statistic: 'median' },
    pair(linkPainted),
  );

  const [bytesBefore, bytesNow] = plainVisit.bytes.map((b) => statistics(b).median / 1000);
  const bytesBudget = FIRST_PAINT_KB_BUDGET;
  add(
    'bytes received before the first figure is painted (plain visit), median',
    bytesNow!,
    'kB',
    `<= ${bytesBudget}`,
    bytesNow! <= bytesBudget,
  );
  add(`  the same, ${baselineName}`, bytesBefore!, 'kB', 'reported', true);
  const answeredIn = plainVisit.early.map((s) => s.filter(Number.isFinite).length);
  add(
    'plain visits whose early keystroke was answered, this build',
    answeredIn[1]!,
    `of ${plainVisit.early[1].length}`,
    `all`,
    answeredIn[1] === plainVisit.early[1].length,
  );
  add(`  the same, ${baselineName}`, answeredIn[0]!, `of ${plainVisit.early[0].length}`, 'reported', true);
}

/**
 * A plain visit typed into as soon as its first Keys field is shown: milliseconds from navigation
 * until that keystroke's results (NaN: none within 2 s of the app taking the page over).
 */
async function earlyKeystroke(
  open: OpenPage,
  markTime: (page: Page, mark: string) => Promise<number>,
  close: (page: Page) => Promise<void>,
  url: string,
): Promise<number> {
  let answered: Promise<void> = Promise.resolve();
  const page = await open(url, ['vrp:interactive', 'vrp:typed-early'], 'window.__vrpTypeEarly = true;', (p) => {
    answered = marksSet(p, ['vrp:early-results'], 60_000);
    answered.catch(() => {});
  });
  const inTime = await Promise.race([answered.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 2000))]);
  const ms = inTime ? await markTime(page, 'vrp:early-results') : NaN;
  await close(page);
  return ms;
}

/**
 * Reading an RDB file (bench/rdbSpeed.ts): the rdb command's rate on a large mixed file, the
 * page's worker's in Chromium on the same file, and the command's peak memory on a 2 GB file;
 * each for the baseline and this tree, alternating.
 */
async function measureRdbReading(browser: Browser, urls: [string, string], buildDirs: [string, string]) {
  const loadAtStart = loadavg()[0]!;
  const inputs = writeRdbInputs();
  try {
    const { timed, big } = inputs;
    const mb = timed.facts.bytes / 1e6;
    const file = `${Math.round(mb)} MB mixed RDB, ${timed.facts.keys.toLocaleString('en')} keys`;
    const rounds = Number(process.env.BENCH_RDB_ROUNDS ?? 3);
    const trees = [baseline.root, '.'] as const;
    const cliIn = [hasRdbCommand(baseline.root), true];
    const noBaseline = (what: string) => add(`  the same, ${baselineName}: none, it has no ${what}`, 0, '', 'reported', true);
    const compared = (metric: string, samples: [number[], number[]], budget: number, unit: string) => {
      const now = median(samples[1]);
      add(metric, now, unit, `>= ${budget}`, now >= budget);
      if (samples[0].length === 0) return false;
      const before = median(samples[0]);
      add(`  the same, ${baselineName}`, before, unit, 'reported', true);
      add('  ratio to the baseline', now / before, '', 'reported', true);
      return true;
    };

    // The rdb command's own function on a file stream, in a process of its own per read.
    const cliReads = await alternate(rounds, async (i) => (cliIn[i] ? [readByCli(trees[i], timed.path)] : []));
    const cli = cliReads.map((reads) => reads.map((r) => mb / r.seconds)) as [number[], number[]];
    if (!compared(`RDB read by the rdb command (${file})`, cli, RDB_BUDGETS.cliMBps, 'MB/s')) noBaseline('rdb command');
    // On a shared machine the wall-clock rate follows the load; the rate per CPU-second does not.
    cliReads.forEach((reads, i) => {
      if (reads.length === 0) return;
      const perCpu = median(reads.map((r) => mb / r.cpuSeconds));
      add(`  per CPU-second of the read, ${i === 0 ? baselineName : 'this tree'}`, perCpu, 'MB/s', 'reported', true);
    });

    // A cluster's snapshots: two shard files read together (worker threads) against one after the other.
    const shards = readShardsTogetherAndSerial([timed.path, timed.path], rounds);
    add(
      `two shard files (${Math.round(mb)} MB each) read together by the rdb command, share of the time one after the other takes`,
      shards.ratio,
      '',
      `<= ${RDB_BUDGETS.shardsTogetherOfSerial}`,
      shards.ratio <= RDB_BUDGETS.shardsTogetherOfSerial,
    );
    add('  together, seconds (one after the other)', shards.together, `s (${shards.serial.toFixed(2)} s)`, 'reported', true);

    // The page's worker, given the file through a file input, as the page gives it.
    const scripts = buildDirs.map(workerScript);
    const worker = await alternate(rounds, async (i) =>
      scripts[i] ? [mb / (await readInWorker(browser, urls[i], scripts[i], timed.path))] : [],
    );
    if (!compared(`RDB read by the page's worker in Chromium (same file)`, worker, RDB_BUDGETS.workerMBps, 'MB/s'))
      noBaseline('RDB worker');

    if (!big) {
      add(
        'peak memory reading a 2 GB RDB file: not measured (no room on the disk, or BENCH_RDB_BIG_MB=0)',
        0,
        '',
        'reported',
        true,
      );
    } else {
      const bigLabel = `${(big.facts.bytes / 1e9).toFixed(1)} GB, ${big.facts.keys.toLocaleString('en')} keys`;
      const reads = await alternate(1, async (i) => (cliIn[i] ? [readByCli(trees[i], big.path)] : []));
      const [before, now] = reads.map((r) => r[0]);
      const peak = now!.maxRssBytes / 1e6;
      add(
        `peak memory of the rdb command reading a ${bigLabel}`,
        peak,
        'MB',
        `< ${RDB_BUDGETS.peakRssMB}`,
        peak < RDB_BUDGETS.peakRssMB,
      );
      add('  its rate on that file', big.facts.bytes / 1e6 / now!.seconds, 'MB/s', 'reported', true);
      if (before) {
        add(`  the same, ${baselineName}`, before.maxRssBytes / 1e6, 'MB', 'reported', true);
        add(`  its rate on that file, ${baselineName}`, big.facts.bytes / 1e6 / before.seconds, 'MB/s', 'reported', true);
      } else noBaseline('rdb command');
    }
    add(
      '  load average (1 min) when the RDB rows started / ended',
      loadAtStart,
      `/ ${loadavg()[0]!.toFixed(2)}`,
      'reported',
      true,
    );
  } finally {
    inputs.remove();
  }
}

// 3. Bundle sizes of this build and of the baseline's, both production builds.
try {
  // Its own output directory: the browser tests build into dist/ and may run meanwhile.
  await build({ logLevel: 'error', build: { outDir: PAGE_BUILD, emptyOutDir: true } });
  const sizes = bundleSizes(PAGE_BUILD);
  const baselineSizes = bundleSizes(`${baseline.root}/dist`);
  add(
    'JavaScript for the first screen, gzip',
    sizes.firstScreenKiB,
    'KiB',
    `<= ${BUNDLE_BUDGETS.firstScreenKiB}`,
    sizes.firstScreenKiB <= BUNDLE_BUDGETS.firstScreenKiB,
  );
  add(`  the same, ${baseline.ref} (${baseline.commit})`, baselineSizes.firstScreenKiB, 'KiB', 'reported', true);
  add(
    'all JavaScript with English, gzip',
    sizes.allKiB,
    'KiB',
    `<= ${BUNDLE_BUDGETS.allKiB}`,
    sizes.allKiB <= BUNDLE_BUDGETS.allKiB,
  );
  add(
    '  the same, against the target',
    sizes.allKiB,
    'KiB',
    `<= ${ALL_JAVASCRIPT_TARGET_KIB}`,
    sizes.allKiB <= ALL_JAVASCRIPT_TARGET_KIB,
  );
  add(`  the same, ${baseline.ref} (${baseline.commit})`, baselineSizes.allKiB, 'KiB', 'reported', true);
  for (const [language, kib] of Object.entries(sizes.otherLanguagesKiB)) {
    const first = sizes.otherLanguagesFirstKiB[language] ?? 0;
    add(
      `  ${language} catalogs, gzip`,
      kib,
      'KiB',
      `<= ${BUNDLE_BUDGETS.otherLanguageKiB}`,
      kib <= BUNDLE_BUDGETS.otherLanguageKiB,
    );
    const firstBudget = BUNDLE_BUDGETS.otherLanguageFirstKiB;
    add(`    of which the first screen's`, first, 'KiB', `<= ${firstBudget}`, first <= firstBudget);
  }

  // 4. In Chromium, this build against the baseline's on localhost, alternating.
  const servers = await Promise.all([`${baseline.root}/dist`, PAGE_BUILD].map(serve));
  const browser = await launchBrowser();
  try {
    if (!RDB_ONLY) {
      const loadAtStart = loadavg()[0]!.toFixed(2);
      await measurePages(browser, [servers[0]!.url, servers[1]!.url], baselineName);
      timingTitle += `; load average (1 min) at their start / end ${loadAtStart} / ${loadavg()[0]!.toFixed(2)}`;
    }
    // The RDB rows run in a full bench and with BENCH_ONLY=rdb, not in the page-only runs (edit, load, page).
    if (process.env.BENCH_ONLY === undefined || RDB_ONLY)
      await measureRdbReading(browser, [servers[0]!.url, servers[1]!.url], [`${baseline.root}/dist`, PAGE_BUILD]);
  } finally {
    await browser.close();
    for (const s of servers) s.server.httpServer.close();
  }
} finally {
  baseline.remove();
}

console.table(
  rows.map((r) => ({
    metric: r.metric,
    value: `${r.value} ${r.unit}`,
    budget: r.budget,
    met: r.budget === 'reported' ? '' : r.met ? 'yes' : 'NO',
  })),
);
if (timingRows.length > 0) console.log(timingTitle);
if (timingRows.length > 0)
  console.table(
    timingRows.map((r) => ({
      metric: `${r.metric} (${r.statistic})`,
      baseline: Number.isNaN(r.baselineMs) ? 'none' : `${r.baselineMs} ms`,
      'this build': Number.isNaN(r.currentMs) ? 'none' : `${r.currentMs} ms`,
      ratio: r.ratio,
      budget: r.budget,
      'met (absolute / ratio)':
        r.budget === 'reported'
          ? ''
          : `${r.absoluteMet ? 'yes' : 'NO'} / ${!r.budget.includes('ratio') ? '-' : r.ratioMet ? 'yes' : 'NO'}`,
      'median (baseline / this)': r.medians,
      'p95 (baseline / this)': r.p95s,
      samples: r.samples,
    })),
  );
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/bench.json',
  JSON.stringify(
    { measuredAt: new Date().toISOString(), baseline: process.env.BENCH_BASELINE ?? 'HEAD^', timingTitle, rows, timingRows },
    null,
    2,
  ) + '\n',
);

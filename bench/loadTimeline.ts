/**
 * npx tsx bench/loadTimeline.ts: what happens between navigation and the
 * first keystroke's results, on the production build. For a plain visit and for a link with 20
 * workloads, prints (median of LOAD_TIMELINE_RUNS fresh loads, 7 by default) the time from
 * navigation to: the document parsed, each script fetched, the first paint, the app's marks
 * ("vrp:results", "vrp:interactive", the probe keystroke's results), and the long tasks (over
 * 50 ms) before the probe's results. Not a budget: the bench (bench/run.ts) measures those.
 */
import { build, preview } from 'vite';
import { linkTo } from '../src/state/shareLink';
import { launchBrowser } from '../test/e2e/browser';
import { marksSet, PAGE_HELPERS } from './browserTimings';
import { TWENTY_WORKLOADS } from '../test/support/twentyWorkloads';

const OUT = 'bench/.timeline-build';
const RUNS = Number(process.env.LOAD_TIMELINE_RUNS ?? 7);

// Recorded in the page from its start: long tasks and paints, which happen before any script of the test can ask.
const RECORD = `globalThis.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) globalThis.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
}).observe({ type: 'longtask', buffered: true });`;

const READ = `(() => {
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
  const nav = performance.getEntriesByType('navigation')[0];
  const times = {
    'response end': nav.responseEnd,
    'document parsed (DOMContentLoaded)': nav.domContentLoadedEventStart,
    'first paint': at('first-paint'),
    'first contentful paint': at('first-contentful-paint'),
    'vrp:results (first)': at('vrp:results'),
    'vrp:interactive': at('vrp:interactive'),
    'vrp:probe-results': at('vrp:probe-results'),
  };
  for (const r of performance.getEntriesByType('resource'))
    if (r.name.endsWith('.js')) times['script ' + r.name.split('/').pop().replace(/-[\\w-]{8}\\.js$/, '') + ' fetched'] = r.responseEnd;
  const end = at('vrp:probe-results') ?? Infinity;
  return { times, longTasks: globalThis.__longTasks.filter(([start]) => start < end) };
})()`;

await build({ logLevel: 'error', build: { outDir: OUT, emptyOutDir: true } });
const server = await preview({ build: { outDir: OUT }, preview: { host: '127.0.0.1', port: 0 }, logLevel: 'error' });
const address = server.httpServer.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
const pages = {
  'plain visit': baseUrl,
  'link with 20 workloads': linkTo(baseUrl, { scenario: TWENTY_WORKLOADS, view: {} }),
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const browser = await launchBrowser();
try {
  for (const [what, url] of Object.entries(pages)) {
    const samples = new Map<string, number[]>();
    const longTasks: string[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript({ content: RECORD + PAGE_HELPERS });
      const probed = marksSet(page, ['vrp:probe-results']);
      await page.goto(url);
      await probed;
      const { times, longTasks: tasks } = await page.evaluate<{ times: Record<string, number>; longTasks: number[][] }>(READ);
      await context.close();
      if (run === 0) continue; // warm-up: the server's and the browser's first load
      for (const [k, v] of Object.entries(times)) if (v !== undefined) samples.set(k, [...(samples.get(k) ?? []), v]);
      longTasks.push(tasks.map(([start, ms]) => `${start}+${ms}`).join(' '));
    }
    console.log(`\n## ${what}: median of ${RUNS} loads, ms from navigation`);
    for (const [k, v] of [...samples].sort((a, b) => median(a[1]) - median(b[1])))
      console.log(`${median(v).toFixed(0).padStart(6)}  ${k}`);
    console.log('long tasks (start+duration) of each load:');
    for (const l of longTasks) console.log(`  ${l}`);
  }
} finally {
  await browser.close();
  server.httpServer.close();
}

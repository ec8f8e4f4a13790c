/**
 * npm run -s profile (tsx bench/profile.ts): where the milliseconds of the bench's interactions
 * go. Builds the app unminified, with React's profiling build and a <Profiler> around each part
 * of the page, then records a Chromium CPU profile and React's render times for: a keystroke in a
 * 20-workload scenario, Add workload with 20 present, a plain first visit and a link with 20
 * workloads. Prints the functions with the most self time and the parts of the page that took
 * longest to render. Not a budget: the bench (bench/run.ts) measures those.
 */
import { build, preview, type Plugin } from 'vite';
import type { CDPSession, Page } from 'playwright-core';
import { linkTo } from '../src/state/shareLink';
import { launchBrowser } from '../test/e2e/browser';
import { PAGE_HELPERS, timeClick, timeEdit } from './browserTimings';
import { TWENTY_WORKLOADS } from '../test/support/twentyWorkloads';

const OUT = 'bench/.profile-build';
const RESULTS_AND_CHART = ['vrp:results', 'vrp:chart'] as const;

/** Wraps every capitalised self-closing element of App.tsx and of the cost panel in a <Profiler> named after it. */
function profilerAroundParts(): Plugin {
  return {
    name: 'profiler-around-parts',
    enforce: 'pre',
    transform(code, id) {
      if (!/src\/(ui\/App|ui\/cost\/CostPanel|main)\.tsx$/.test(id)) return null;
      const wrapped = code.replace(
        /<([A-Z]\w*)((?: [^<>]*?)?) \/>/g,
        (_, name: string, props: string) =>
          `<Profiler id="${name}" onRender={(globalThis as any).__onRender}><${name}${props} /></Profiler>`,
      );
      return `import { Profiler } from 'react';\n${wrapped}`;
    },
  };
}

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** Self time per function from a CDP CPU profile, the heaviest first. */
function selfTimes(profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] }, top = 25) {
  const byNode = new Map<number, number>();
  profile.samples.forEach((id, i) => byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byFunction = new Map<string, number>();
  for (const n of profile.nodes) {
    const ms = byNode.get(n.id) ?? 0;
    const file = n.callFrame.url.split('/').pop() ?? '';
    const key = `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
  }
  const total = [...byFunction.entries()].filter(([k]) => !/^\((idle|program)\)/.test(k)).reduce((s, [, v]) => s + v, 0);
  return {
    busyMs: total,
    top: [...byFunction.entries()]
      .filter(([k]) => !k.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`),
  };
}

/** The call stacks (3 frames up) in which `name` spent its self time, for PROFILE_CALLERS=name. */
function callersOf(
  profile: { nodes: Array<Node & { children?: number[] }>; samples: number[]; timeDeltas: number[] },
  name: string,
) {
  const parent = new Map<number, Node>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const stacks = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    if (byId.get(id)?.callFrame.functionName !== name) return;
    const frames: string[] = [];
    for (let n = parent.get(id); n && frames.length < 4; n = parent.get(n.id))
      frames.push(`${n.callFrame.functionName || '(anonymous)'}:${n.callFrame.lineNumber + 1}`);
    const key = frames.join(' < ');
    stacks.set(key, (stacks.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  console.log(`callers of ${name}:`);
  for (const [k, v] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`${v.toFixed(1).padStart(8)} ms  ${k}`);
}

async function renders(page: Page) {
  const log = await page.evaluate<Array<[string, string, number]>>('globalThis.__renders.splice(0)');
  const sums = new Map<string, number>();
  const commits = new Map<string, number>();
  for (const [id, phase, ms] of log) {
    sums.set(`${id} (${phase})`, (sums.get(`${id} (${phase})`) ?? 0) + ms);
    commits.set(`${id} (${phase})`, (commits.get(`${id} (${phase})`) ?? 0) + 1);
  }
  return [...sums.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([id, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${id}, ${commits.get(id)} commits`);
}

async function profiled(session: CDPSession, what: string, page: Page, act: () => Promise<void>) {
  await renders(page).catch(() => []);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
  await act();
  const { profile } = await session.send('Profiler.stop');
  const times = selfTimes(profile as never);
  if (process.env.PROFILE_CALLERS) callersOf(profile as never, process.env.PROFILE_CALLERS);
  console.log(`\n## ${what}: ${times.busyMs.toFixed(1)} ms of main-thread JavaScript`);
  console.log(times.top.join('\n'));
  console.log('React <Profiler> actual render time by part:');
  console.log((await renders(page)).slice(0, 15).join('\n'));
}

// A string, not a function: the profile runs through tsx, whose helpers do not exist in the page.
const RECORD_RENDERS = `globalThis.__renders = [];
globalThis.__onRender = (id, phase, actual) => globalThis.__renders.push([id, phase, actual]);`;

await build({
  logLevel: 'error',
  plugins: [profilerAroundParts()],
  resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] },
  build: { outDir: OUT, minify: false, emptyOutDir: true },
});
const server = await preview({ build: { outDir: OUT }, preview: { host: '127.0.0.1', port: 0 }, logLevel: 'error' });
const address = server.httpServer.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
const link = linkTo(baseUrl, { scenario: TWENTY_WORKLOADS, view: { chart: 'versions' } });
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.addInitScript({ content: RECORD_RENDERS + PAGE_HELPERS });
  const session = await page.context().newCDPSession(page);
  const ready = (mark: string) => page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, mark);
  await profiled(session, 'first visit (default scenario) to interactive', page, async () => {
    await page.goto(baseUrl);
    await ready('vrp:interactive');
    await ready('vrp:chart');
  });
  await profiled(session, 'link with 20 workloads to results and chart', page, async () => {
    await page.goto('about:blank');
    await page.goto(link);
    await ready('vrp:interactive');
    await ready('vrp:chart');
  });
  for (let i = 0; i < 5; i++) await page.evaluate(timeEdit('family-0', String(12_345 + i), RESULTS_AND_CHART));
  const edits: number[] = [];
  await profiled(session, '20 keystrokes, 20 workloads', page, async () => {
    for (let i = 0; i < 20; i++)
      edits.push(await page.evaluate<number>(timeEdit('family-0', String(20_000 + i * 137), RESULTS_AND_CHART)));
  });
  console.log(`each keystroke until results and chart (ms): ${edits.map(Math.round).join(' ')}`);
  const adds: number[] = [];
  await profiled(session, 'Add workload x 5, from 20', page, async () => {
    for (let i = 0; i < 5; i++) {
      adds.push(await page.evaluate<number>(timeClick('Add workload', RESULTS_AND_CHART)));
      await page.evaluate(timeClick('Remove', RESULTS_AND_CHART));
    }
  });
  console.log(`each addition until results and chart (ms): ${adds.map(Math.round).join(' ')}`);
} finally {
  await browser.close();
  server.httpServer.close();
}

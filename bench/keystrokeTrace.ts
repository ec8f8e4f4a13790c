/**
 * npx tsx bench/keystrokeTrace.ts: a Chromium trace of typing at 10 keys a second into a page
 * with 20 workloads and the versions chart, on the production build (minified, as shipped).
 * Prints, per keystroke, the main thread's task that handled the input (its JavaScript, style,
 * layout) and the frame after it, then the tasks that followed until the next keystroke (the
 * charts' deferred render); and the tasks over 50 ms. TRACE_KEYS keystrokes (20 by default);
 * TRACE_OUT=<file> also writes the raw trace, to open in Chromium's performance panel. Not a
 * budget: the bench (bench/run.ts) measures those.
 */
import { writeFileSync } from 'node:fs';
import { build, preview } from 'vite';
import { linkTo } from '../src/state/shareLink';
import { launchBrowser } from '../test/e2e/browser';
import { TWENTY_WORKLOADS } from '../test/support/twentyWorkloads';
import { PAGE_HELPERS, typeAtTenKeysASecond, type TypingTimes } from './browserTimings';

// The production build, as the load timeline takes it (the same output directory).
const OUT = 'bench/.timeline-build';
const KEYS = Number(process.env.TRACE_KEYS ?? 20);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string } };
}

/** Milliseconds of each kind of work inside [start, end) on one thread: the trace's own slices, by name. */
function workBetween(events: TraceEvent[], start: number, end: number): string {
  const kinds = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== 'X' || e.ts < start || e.ts >= end || !e.dur) continue;
    if (
      !/^(FunctionCall|EventDispatch|TimerFire|RunMicrotasks|UpdateLayoutTree|Layout|PrePaint|Paint|Layerize|MajorGC|MinorGC|V8\.GC_SCAVENGER|ParseHTML|HitTest)$/.test(
        e.name,
      )
    )
      continue;
    kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur / 1000);
  }
  return [...kinds]
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    .join(', ');
}

await build({ logLevel: 'error', build: { outDir: OUT, emptyOutDir: true } });
const server = await preview({ build: { outDir: OUT }, preview: { host: '127.0.0.1', port: 0 }, logLevel: 'error' });
const address = server.httpServer.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript({ content: PAGE_HELPERS });
  await page.goto(linkTo(baseUrl, { scenario: TWENTY_WORKLOADS, view: { chart: 'versions' } }));
  await page.waitForFunction(() => performance.getEntriesByName('vrp:chart').length > 0);
  await page.evaluate(typeAtTenKeysASecond('family-0', 5, 30_000));
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'blink.user_timing'],
  });
  const typed = await page.evaluate<TypingTimes>(typeAtTenKeysASecond('family-0', KEYS, 40_000));
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  if (process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, JSON.stringify(trace));

  const all = trace.traceEvents;
  const mainThread = all.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      all.some((x) => x.pid === e.pid && x.name === 'EventDispatch' && x.args?.data?.type === 'input'),
  );
  if (!mainThread) throw new Error('no renderer main thread with input events in the trace');
  const main = all.filter((e) => e.pid === mainThread.pid && e.tid === mainThread.tid).sort((a, b) => a.ts - b.ts);
  const tasks = main.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur !== undefined);
  const inputs = main.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'input');
  const sorted = [...typed.numbers].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(1);
  console.log(
    `keystroke -> numbers (ms, in the page): ${typed.numbers.map(Math.round).join(' ')}; median ${at(0.5)}, p95 ${at(0.95)}`,
  );
  console.log(
    `charts up to date after the last keystroke: ${Math.round(typed.chartsAfterLast)} ms; longest task: ${Math.round(typed.longestTask)} ms`,
  );
  console.log('\nper keystroke: the input task | the tasks after it until the next keystroke (ms, and what they did)');
  inputs.forEach((input, k) => {
    const task = tasks.filter((t) => t.ts <= input.ts && t.ts + t.dur! >= input.ts).pop();
    if (!task) return;
    const end = task.ts + task.dur!;
    const next = inputs[k + 1]?.ts ?? end + 100_000;
    const after = tasks.filter((t) => t.ts >= end && t.ts < next && t.dur! > 1000);
    console.log(
      `#${k + 1}: input task ${(task.dur! / 1000).toFixed(1)} [${workBetween(main, task.ts, end)}] | after: ` +
        after.map((t) => `${(t.dur! / 1000).toFixed(1)} [${workBetween(main, t.ts, t.ts + t.dur!)}]`).join('; '),
    );
  });
  const long = tasks.filter((t) => t.dur! > 50_000).map((t) => (t.dur! / 1000).toFixed(1));
  console.log(`\ntasks over 50 ms while typing: ${long.length ? long.join(' ') : 'none'}`);
} finally {
  await browser.close();
  server.httpServer.close();
}

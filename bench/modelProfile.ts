/**
 * npx tsx bench/modelProfile.ts: where the model's time goes on the throughput row's workload
 * (every line of the 20-workload scenario, from the resolved scenario). Builds the model as the
 * row does but unminified, so that functions keep their names, evaluates it for a few seconds
 * under V8's sampling profiler and prints the functions with the most self time, and with the
 * most time including what they call. The engine inlines small functions into their callers,
 * whose self time then includes them: MODEL_PROFILE_NO_INLINING=1 runs the profile with
 * `--no-turbo-inlining` for a finer (and slower) picture. Not a budget: bench/run.ts measures one.
 */
import { execFileSync } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { buildModel } from './modelThroughput';
import { TWENTY_WORKLOADS } from '../test/support/twentyWorkloads';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

const SECONDS = 5;
const TOP = 25;

if (process.env.MODEL_PROFILE_NO_INLINING === '1' && !process.execArgv.includes('--no-turbo-inlining')) {
  // The flag has to be given to the engine at start: run this script again with it.
  execFileSync(process.execPath, ['--no-turbo-inlining', ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(0);
}

const { model, resolveScenario } = await buildModel(process.cwd(), 'bench/.model-build/profile', false);
const scenario = resolveScenario(TWENTY_WORKLOADS);
const evaluate = () => model.datasetBytesOnLines(scenario, scenario.versions);
for (let start = Date.now(); Date.now() - start < 1000;) evaluate(); // until the engine has optimised it

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
let calls = 0;
for (let start = Date.now(); Date.now() - start < SECONDS * 1000; calls++) evaluate();
const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: { nodes: ProfileNode[] } };
session.disconnect();

const nameOf = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop() ?? ''}:${n.callFrame.lineNumber + 1}`;
const parentOf = new Map<number, ProfileNode>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n);
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let samples = 0;
for (const n of profile.nodes) {
  const hits = n.hitCount ?? 0;
  samples += hits;
  self.set(nameOf(n), (self.get(nameOf(n)) ?? 0) + hits);
  // Each function once per stack, however often it recurses.
  const onStack = new Set<string>();
  for (let m: ProfileNode | undefined = n; m; m = parentOf.get(m.id)) onStack.add(nameOf(m));
  for (const name of onStack) inclusive.set(name, (inclusive.get(name) ?? 0) + hits);
}
const share = (hits: number) => `${((100 * hits) / samples).toFixed(1).padStart(5)} %`;
const heaviest = (by: Map<string, number>) =>
  [...by]
    .filter(([name]) => !/^\((root|idle|program)\)/.test(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([name, hits]) => `${share(hits)}  ${name}`)
    .join('\n');

const evaluations = calls * TWENTY_WORKLOADS.workloads.length * scenario.versions.length;
console.log(
  `${calls} calls in ${SECONDS} s (${(evaluations / SECONDS / 1e6).toFixed(2)} M evaluations/s of wall time, profiler on)`,
);
console.log(`\nself time:\n${heaviest(self)}`);
console.log(`\nincluding callees:\n${heaviest(inclusive)}`);

/**
 * The model's throughput, this build against the baseline's, in one run: both models are built
 * as the app ships them (bundled and minified), then timed in alternating windows.
 *
 * A window counts the CPU time of this process, not the wall clock: on a shared 2-core machine a
 * neighbour takes the core away for whole time slices, which halves a wall-clock rate and leaves
 * the CPU-time rate alone. The bench's other work is idle while the windows run.
 */
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import type { Scenario } from '../src/scenario/schema';

type Model = typeof import('../src/model');
type ScenarioModule = typeof import('../src/scenario/resolve');

export interface BuiltModel {
  model: Model;
  resolveScenario: ScenarioModule['resolveScenario'];
}

/**
 * Builds src/model and the scenario's resolver of the tree at `root` into `outDir`, minified as
 * the app ships them (unminified for a profile that names functions), and imports them.
 */
export async function buildModel(root: string, outDir: string, minify = true): Promise<BuiltModel> {
  // resolveScenario left schema.ts for resolve.ts; an older tree (the baseline) still has it there.
  const resolver = ['src/scenario/resolve.ts', 'src/scenario/schema.ts'].map((f) => join(root, f)).find((f) => existsSync(f))!;
  await build({
    configFile: false,
    root,
    logLevel: 'error',
    build: {
      lib: {
        entry: { model: join(root, 'src/model/index.ts'), scenario: resolver },
        formats: ['es'],
      },
      outDir: resolve(outDir),
      emptyOutDir: true,
      minify,
    },
  });
  const model = (await import(pathToFileURL(resolve(outDir, 'model.js')).href)) as Model;
  const { resolveScenario } = (await import(pathToFileURL(resolve(outDir, 'scenario.js')).href)) as ScenarioModule;
  return { model, resolveScenario };
}

/** Calls per CPU-second: the median window, and the slowest and fastest. */
export interface Rate {
  median: number;
  slowest: number;
  fastest: number;
}

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

function window(fn: () => unknown, ms: number): number {
  let calls = 0;
  const start = cpuMs();
  let now = start;
  while (now - start < ms) {
    fn();
    calls++;
    // process.cpuUsage is a system call: read it every 16 calls, which stays well inside a window.
    if ((calls & 15) === 0) now = cpuMs();
  }
  return (calls * 1000) / (now - start);
}

function summary(rates: number[]): Rate {
  const sorted = [...rates].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, slowest: sorted[0]!, fastest: sorted[sorted.length - 1]! };
}

/**
 * Calls per CPU-second of each function, warmed up until the engine has optimised it, then
 * measured in `windows` windows of each, alternating which runs first.
 */
export function interleavedRates(fns: readonly (() => unknown)[], warmUpMs = 2000, windows = 15, windowMs = 200): Rate[] {
  for (const fn of fns) for (let start = performance.now(); performance.now() - start < warmUpMs;) fn();
  const rates: number[][] = fns.map(() => []);
  for (let w = 0; w < windows; w++) {
    const order = w % 2 ? [...fns.keys()].reverse() : [...fns.keys()];
    for (const i of order) rates[i]!.push(window(fns[i]!, windowMs));
  }
  return rates.map(summary);
}

/** Calls per CPU-second of one function. */
export const rate = (fn: () => unknown, warmUpMs?: number, windows?: number, windowMs?: number): Rate =>
  interleavedRates([fn], warmUpMs, windows, windowMs)[0]!;

/** Evaluations (bytes per key of every workload on every line) per CPU-second of the baseline's model and this one's. */
export function throughputSideBySide(
  builds: readonly [BuiltModel, BuiltModel],
  scenario: Scenario,
): { evaluations: number; rates: [Rate, Rate] } {
  // Each build evaluates the lines it knows; the scenario names none, so both take their defaults.
  const resolved = builds.map(({ resolveScenario }) => resolveScenario(scenario));
  const calls = builds.map(
    ({ model }, i) =>
      () =>
        model.datasetBytesOnLines(resolved[i]!, resolved[i]!.versions),
  );
  const evaluationsOf = (i: number) => scenario.workloads.length * resolved[i]!.versions.length;
  const scale = (r: Rate, i: number): Rate => ({
    median: r.median * evaluationsOf(i),
    slowest: r.slowest * evaluationsOf(i),
    fastest: r.fastest * evaluationsOf(i),
  });
  const [before, now] = interleavedRates(calls);
  return { evaluations: evaluationsOf(1), rates: [scale(before!, 0), scale(now!, 1)] };
}

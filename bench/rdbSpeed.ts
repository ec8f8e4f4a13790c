/**
 * The RDB reading rows of `npm run bench`: how fast the rdb command and the page's Web Worker
 * read a large mixed RDB file, and the command's peak memory on a 2 GB one, each beside the
 * baseline's (the previous main) measured in the same run, in alternating order.
 *
 * The files are written at bench time into a temporary directory (never committed) by
 * test/support/rdbReplica.ts: the records of a real mixed dump (every type and encoding, TTLs,
 * hash field TTLs) written again and again under fresh key names, with a correct checksum.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { writeRdbReplica, type ReplicaFacts } from '../test/support/rdbReplica';

/** The targets on a 2-core machine (MB: 10^6 bytes). */
export const RDB_BUDGETS = { cliMBps: 50, workerMBps: 35, peakRssMB: 300, shardsTogetherOfSerial: 0.6 } as const;

const DUMP = 'test/fixtures/rdb/valkey-9.1.2-bundled-mixed.rdb';
/** Sizes in MB: BENCH_RDB_MB for the timed file, BENCH_RDB_BIG_MB for the memory row (0 leaves it out). */
const TIMED_BYTES = Number(process.env.BENCH_RDB_MB ?? 200) * 1e6;
const BIG_BYTES = Number(process.env.BENCH_RDB_BIG_MB ?? 2000) * 1e6;

export interface RdbInput {
  path: string;
  facts: ReplicaFacts;
}

export interface RdbInputs {
  timed: RdbInput;
  /** null when the disk has no room for it or BENCH_RDB_BIG_MB=0 (the row says so). */
  big: RdbInput | null;
  remove: () => void;
}

/** The timed file and, when the disk has room for it with 1 GB to spare, the 2 GB one. */
export function writeRdbInputs(bigBytes = BIG_BYTES): RdbInputs {
  const dir = mkdtempSync(join(tmpdir(), 'vrp-bench-rdb-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const dump = new Uint8Array(readFileSync(DUMP));
    const timedPath = join(dir, 'mixed.rdb');
    const timed = { path: timedPath, facts: writeRdbReplica(dump, timedPath, TIMED_BYTES) };
    const disk = statfsSync(dir);
    let big: RdbInput | null = null;
    if (bigBytes > 0 && disk.bavail * disk.bsize > bigBytes + 1e9) {
      const bigPath = join(dir, 'mixed-2gb.rdb');
      big = { path: bigPath, facts: writeRdbReplica(dump, bigPath, bigBytes) };
    }
    return { timed, big, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

export interface CliRead {
  seconds: number;
  /** CPU time of the process while it read (the machine is shared: this is what the read itself cost). */
  cpuSeconds: number;
  bytes: number;
  maxRssBytes: number;
}

/** Whether a source tree has the rdb command (a previous main may predate it). */
export function hasRdbCommand(tree: string): boolean {
  return existsSync(resolve(tree, 'src/cli/rdb.ts'));
}

/** One read of `file` by the rdb command of `tree`, in its own process (bench/rdbReadChild.ts). */
export function readByCli(tree: string, file: string): CliRead {
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'bench/rdbReadChild.ts', tree, file], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (child.status !== 0) throw new Error(`reading ${file} with ${tree} failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as CliRead;
}

/**
 * A cluster's snapshots: `files` read by this tree's bundled rdb command (dist-cli/rdb.mjs, built
 * here, as the package installs it) together, one worker thread per file and at most one per core,
 * and one after the other, a process per file; alternating, `rounds` times. The medians, and
 * together's share of one after the other.
 */
export function readShardsTogetherAndSerial(
  files: string[],
  rounds: number,
): { together: number; serial: number; ratio: number } {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-cli.ts'], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`building the rdb command failed: ${built.stderr}`);
  const seconds = (paths: string[]) => {
    const started = performance.now();
    const child = spawnSync(process.execPath, ['dist-cli/rdb.mjs', ...paths], { encoding: 'utf8', maxBuffer: 64 << 20 });
    if (child.status !== 0) throw new Error(`reading ${paths.join(', ')} failed: ${child.stderr}`);
    return (performance.now() - started) / 1000;
  };
  const times = { together: [] as number[], serial: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    for (const mode of round % 2 ? (['serial', 'together'] as const) : (['together', 'serial'] as const)) {
      times[mode].push(mode === 'together' ? seconds(files) : files.reduce((sum, file) => sum + seconds([file]), 0));
    }
  }
  const together = median(times.together);
  const serial = median(times.serial);
  return { together, serial, ratio: together / serial };
}

/** The page's worker script in a production build (Vite names it after workerEntry.ts). */
export function workerScript(buildDir: string): string | null {
  const assets = join(buildDir, 'assets');
  if (!existsSync(assets)) return null;
  return readdirSync(assets).find((f) => /^workerEntry-[\w-]+\.js$/.test(f)) ?? null;
}

/**
 * One read of `file` by the worker of the build served at `url`, in a fresh page of that build:
 * the file is handed over as a person picking it would (a file input, so the page gets a File on
 * disk), then the worker reads it as it does for the page. Seconds from the request to the
 * analysis, measured in the page.
 */
export async function readInWorker(browser: Browser, url: string, script: string, file: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'file';
      input.id = 'bench-rdb-file';
      document.body.append(input);
    });
    await page.setInputFiles('#bench-rdb-file', file);
    const read = await page.evaluate(
      async (workerUrl) => {
        const input = document.getElementById('bench-rdb-file') as HTMLInputElement;
        const picked = input.files![0]!;
        const worker = new Worker(workerUrl, { type: 'module' });
        const started = performance.now();
        try {
          return await new Promise<{ seconds: number; status: string }>((done, fail) => {
            worker.onerror = (event) => fail(new Error(`worker: ${event.message}`));
            worker.onmessage = ({ data }: MessageEvent) => {
              if (data.type === 'done') done({ seconds: (performance.now() - started) / 1000, status: data.analysis.status });
              else if (data.type === 'failed') fail(new Error(data.message));
            };
            worker.postMessage({ type: 'read', file: picked });
          });
        } finally {
          worker.terminate();
        }
      },
      new URL(`assets/${script}`, url).href,
    );
    if (read.status !== 'complete') throw new Error(`the worker's read of ${file} is ${read.status}`);
    return read.seconds;
  } finally {
    await context.close();
  }
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
